// demo generate: fills the configured database with volume data (see server/domain/demo).
import { type Command, InvalidArgumentError } from "commander";
import { t } from "../../server/i18n.ts";
import {
  FULL_SIZE,
  type GenerateCounts,
  generateDemoData,
  scaledCounts,
} from "../../server/domain/demo/generate.ts";
import { lang, withDeps } from "../context.ts";

const tr = (key: string, params?: Record<string, unknown>) => t(lang, key, params);

const count = (v: string) => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(tr("demo.badCount"));
  }
  return n;
};

export function registerDemoCommands(program: Command) {
  const demo = program.command("demo").description(tr("demo.help.demo"));
  demo.command("generate")
    .description(tr("demo.help.generate"))
    .option("--suppliers <n>", tr("demo.help.optSuppliers"), count)
    .option("--projects <n>", tr("demo.help.optProjects"), count)
    .option("--items <n>", tr("demo.help.optItems"), count)
    .option("--quotes <n>", tr("demo.help.optQuotes"), count)
    .option("--logs <n>", tr("demo.help.optLogs"), count)
    .option("--scale <fraction>", tr("demo.help.optScale"), Number, 1)
    .option("--seed <n>", tr("demo.help.optSeed"), count)
    .option("--json", tr("cli.help.optJson"))
    .action(
      async (opts: Partial<GenerateCounts> & { scale: number; seed?: number; json?: boolean }) => {
        const base: GenerateCounts = {
          suppliers: opts.suppliers ?? FULL_SIZE.suppliers,
          projects: opts.projects ?? FULL_SIZE.projects,
          items: opts.items ?? FULL_SIZE.items,
          quotes: opts.quotes ?? FULL_SIZE.quotes,
          logs: opts.logs ?? FULL_SIZE.logs,
        };
        const counts = scaledCounts(base, opts.scale);
        const started = performance.now();
        let lastStage = "";
        const report = await withDeps((deps) =>
          generateDemoData(deps, counts, {
            seed: opts.seed,
            onProgress: ({ stage, done, total }) => {
              if (opts.json) return;
              const line = tr("demo.progress", {
                stage,
                done: done.toLocaleString("en"),
                total: total.toLocaleString("en"),
                seconds: ((performance.now() - started) / 1000).toFixed(1),
              });
              // One line per stage, rewritten in place on a terminal.
              if (Deno.stdout.isTerminal()) {
                Deno.stdout.writeSync(new TextEncoder().encode(`\r${line}`));
                if (done === total) console.log();
              } else if (done === total || stage !== lastStage) console.log(line);
              lastStage = stage;
            },
          })
        );
        if (opts.json) console.log(JSON.stringify(report, null, 2));
        else {
          console.log(tr("demo.done", {
            ...report,
            seconds: (report.ms / 1000).toFixed(1),
            buyer: report.buyerUserNames[0] ?? "-",
          }));
        }
      },
    );
}
