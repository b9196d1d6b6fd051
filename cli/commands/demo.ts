// demo generate: fills the configured database with volume data (see server/domain/demo). It says
// how much it is about to write and the free space first, refuses what would not fit, and refuses
// a database holding data it did not make unless --force.
import { type Command, InvalidArgumentError } from "commander";
import { statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { t } from "../../server/i18n.ts";
import { generateDemoData } from "../../server/domain/demo/generate.ts";
import {
  estimatedBytes,
  FULL_SIZE,
  type GenerateCounts,
  ownRows,
  scaledCounts,
} from "../../server/domain/demo/size.ts";
import { cliConfig, CliError, EXIT_BAD_INPUT, formatSize, lang, withDeps } from "../context.ts";

const tr = (key: string, params?: Record<string, unknown>) => t(lang, key, params);

/** The size of one run at the default scale: seconds, a few MiB. `--scale 1` is the full size. */
const DEFAULT_SCALE = 0.01;
/** Room kept free beyond the estimate: the write-ahead log and the file system's own needs. */
const HEADROOM_BYTES = 64 * 1024 * 1024;
const HEADROOM_SHARE = 0.1;

const count = (v: string) => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(tr("demo.badCount"));
  }
  return n;
};

/** Bytes free to this user on the file system holding `path`. */
async function freeBytes(path: string): Promise<number> {
  const fs = await statfs(path);
  return fs.bavail * fs.bsize;
}

type Options = Partial<GenerateCounts> & {
  scale: number;
  seed?: number;
  json?: boolean;
  force?: boolean;
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
    .option("--scale <fraction>", tr("demo.help.optScale"), Number, DEFAULT_SCALE)
    .option("--seed <n>", tr("demo.help.optSeed"), count)
    .option("--force", tr("demo.help.optForce"))
    .option("--json", tr("cli.help.optJson"))
    .action(async (opts: Options) => {
      // The scale sets the counts not given; a count given is taken as it is.
      const scaled = scaledCounts(FULL_SIZE, opts.scale);
      const counts: GenerateCounts = {
        suppliers: opts.suppliers ?? scaled.suppliers,
        projects: opts.projects ?? scaled.projects,
        items: opts.items ?? scaled.items,
        quotes: opts.quotes ?? scaled.quotes,
        logs: opts.logs ?? scaled.logs,
      };
      const config = cliConfig();
      const bytes = estimatedBytes(counts);
      // Said before anything is written (on stderr with --json, whose stdout is the report).
      const tell = opts.json ? console.error : console.log;
      const started = performance.now();
      let lastStage = "";
      const report = await withDeps(async (deps) => {
        const own = await ownRows(deps);
        if ((own.suppliers || own.projects) && !opts.force) {
          throw new CliError("demoOwnData", own, EXIT_BAD_INPUT);
        }
        if (config.databaseFile) {
          const folder = dirname(resolve(config.databaseFile));
          const free = await freeBytes(folder);
          tell(tr("demo.plan", { size: formatSize(bytes), free: formatSize(free), folder }));
          const room = (free - HEADROOM_BYTES) / (1 + HEADROOM_SHARE);
          if (bytes > room) {
            const fits = Math.floor(Math.max(0, room) / bytes * opts.scale * 1e4) / 1e4;
            throw new CliError("demoTooBig", {
              size: formatSize(bytes),
              free: formatSize(free),
              folder,
              scale: fits,
            }, EXIT_BAD_INPUT);
          }
        } else tell(tr("demo.planRemote", { size: formatSize(bytes) }));
        return await generateDemoData(deps, counts, {
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
        });
      });
      if (opts.json) console.log(JSON.stringify(report, null, 2));
      else {
        console.log(tr("demo.done", {
          ...report,
          seconds: (report.ms / 1000).toFixed(1),
          buyer: report.buyerUserNames[0] ?? "-",
        }));
      }
    });
}
