// savings: the savings report from the shell — a table (or JSON) of each project's first quote,
// best quote, awarded total and savings, the categories' roll-ups and the total; or the same as an
// .xlsx file with --out. The same domain code, the same seal, as the back-office's report.
import type { Command } from "commander";
import { categoryOptions } from "../../server/domain/categories/service.ts";
import { notFound } from "../../server/domain/errors.ts";
import { savingsReport } from "../../server/domain/savings/read.ts";
import { exportSavings, noteText } from "../../server/domain/savings/export.ts";
import { savingsReportInput } from "../../server/domain/savings/schemas.ts";
import type { Saving, SavingSum } from "../../server/domain/savings/rules.ts";
import type { Deps } from "../../server/domain/context.ts";
import { dateInUtc8 } from "../../server/domain/shared/time.ts";
import { t } from "../../server/i18n.ts";
import { cliActor } from "./projects.ts";
import { checkOutputFile, lang, printTable, say, withDeps, writeOutputFile } from "../context.ts";

type Opts = {
  from?: string;
  to?: string;
  category?: string;
  out?: string;
  force?: boolean;
  json?: boolean;
};

/** A category by its name (any case) or id. */
async function categoryOf(deps: Deps, given: string): Promise<number> {
  const all = await categoryOptions(deps);
  const named = all.find((c) => c.name.toLowerCase() === given.trim().toLowerCase()) ??
    all.find((c) => String(c.id) === given.trim());
  if (!named) throw notFound("category", given);
  return named.id;
}

const dash = (v: string | null | undefined) => v ?? "—";
const pct = (s: Saving | SavingSum | null | undefined) => (s?.percent ? `${s.percent}%` : "—");

export function registerSavingsCommands(program: Command) {
  program.command("savings")
    .description(say("help.savings"))
    .option("--from <day>", say("help.optSavingsFrom"))
    .option("--to <day>", say("help.optSavingsTo"))
    .option("--category <name>", say("help.optSavingsCategory"))
    .option("--out <file>", say("help.optSavingsOut"))
    .option("--force", say("help.optOverwrite"))
    .option("--json", say("help.optJson"))
    .action(async (opts: Opts) => {
      if (opts.out) await checkOutputFile(opts.out, opts.force);
      await withDeps(async (deps) => {
        const actor = await cliActor(deps);
        const input = savingsReportInput.parse({
          from: opts.from,
          to: opts.to,
          category: opts.category ? await categoryOf(deps, opts.category) : undefined,
        });
        if (opts.out) {
          const file = await exportSavings(deps, actor, input, lang);
          await writeOutputFile(opts.out, file.stream, { force: opts.force });
          console.log(say("savingsWritten", { count: file.rows, file: opts.out }));
          return;
        }
        const report = await savingsReport(deps, actor, input);
        if (opts.json) return console.log(JSON.stringify(report, null, 2));
        const c = (k: string) => t(lang, `savings.columns.${k}`);
        const sum = (label: string, g: typeof report.total) => [
          label,
          "",
          "",
          dash(g.first),
          dash(g.best),
          dash(g.awarded),
          dash(g.vsFirst?.amount),
          pct(g.vsFirst),
          dash(g.vsBudget?.amount),
          pct(g.vsBudget),
          dash(g.vsLastPrice?.amount),
          pct(g.vsLastPrice),
          say("savingsProjects", {
            count: g.projects,
            awarded: g.awardedProjects,
            sealed: g.sealed,
          }),
        ];
        printTable([
          [
            c("code"),
            c("category"),
            c("date"),
            c("first"),
            c("best"),
            c("awarded"),
            c("vsFirst"),
            "%",
            c("vsBudget"),
            "%",
            c("vsLastPrice"),
            "%",
            c("note"),
          ],
          ...report.rows.map((r) => {
            const f = r.figures;
            return [
              r.code,
              r.categoryName ?? "",
              r.date ? dateInUtc8(r.date) : "",
              dash(f?.first),
              dash(f?.best),
              dash(f?.awarded),
              dash(f?.vsFirst?.amount),
              pct(f?.vsFirst),
              dash(f?.vsBudget?.amount),
              pct(f?.vsBudget),
              dash(f?.vsLastPrice?.amount),
              pct(f?.vsLastPrice),
              noteText(lang, r),
            ];
          }),
          ...report.categories.map((g) =>
            sum(`Σ ${g.categoryName ?? t(lang, "savings.noCategory")}`, g)
          ),
          sum(t(lang, "savings.total"), report.total),
        ]);
        console.log(say("savingsLegend"));
      });
    });
}
