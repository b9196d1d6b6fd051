// rates list | set, and matrix: the exchange rates of the data dictionary and a project's price
// comparison from the shell (same domain code, same seal as the back-office).
import type { Command } from "commander";
import { and, eq } from "drizzle-orm";
import { exchangeRates } from "../../db/schema.ts";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import { createRate, listRates, updateRate } from "../../server/domain/dictionary/commercial.ts";
import { listRatesInput } from "../../server/domain/dictionary/schemas.ts";
import { exportMatrix } from "../../server/domain/comparison/export.ts";
import { projectMatrix } from "../../server/domain/comparison/service.ts";
import { t } from "../../server/i18n.ts";
import { cliActor } from "./projects.ts";
import { checkOutputFile, lang, printTable, say, withDeps, writeOutputFile } from "../context.ts";

export function registerComparisonCommands(program: Command) {
  const rates = program.command("rates").description(say("help.rates"));

  rates.command("list")
    .description(say("help.ratesList"))
    .option("--currency <code>", say("help.optCurrency"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { currency?: string; json?: boolean }) => {
      const { items } = await withDeps((deps) =>
        listRates(deps, listRatesInput.parse({ currency: opts.currency, maxResultCount: 1000 }))
      );
      if (opts.json) return console.log(JSON.stringify(items, null, 2));
      printTable([
        ["currency", "from", "CNY per unit"],
        ...items.map((r) => [r.currency, r.effectiveDate, r.rate]),
      ]);
    });

  rates.command("set")
    .description(say("help.ratesSet"))
    .argument("<currency>", say("help.optCurrency"))
    .argument("<date>", say("help.argRateDate"))
    .argument("<rate>", say("help.argRate"))
    .action(async (currency: string, date: string, rate: string) => {
      const saved = await withDeps(async (deps) => {
        const actor = await cliActor(deps);
        const existing = await deps.db.query.exchangeRates.findFirst({
          where: and(
            eq(exchangeRates.currency, currency.trim().toUpperCase()),
            eq(exchangeRates.effectiveDate, date.trim()),
          ),
        });
        const input = { currency, effectiveDate: date, rate };
        return existing
          ? await updateRate(deps, actor, { ...input, id: existing.id })
          : await createRate(deps, actor, input);
      });
      console.log(say("rateSet", saved));
    });

  program.command("matrix")
    .description(say("help.matrix"))
    .argument("<code>", say("help.argProjectCode"))
    .option("--xlsx <file>", say("help.optXlsx"))
    .option("--json", say("help.optJson"))
    .option("--force", say("help.optOverwrite"))
    .action(async (code: string, opts: { xlsx?: string; json?: boolean; force?: boolean }) => {
      if (opts.xlsx) await checkOutputFile(opts.xlsx, opts.force);
      await withDeps(async (deps) => {
        const actor = await cliActor(deps);
        const id = await projectIdByCode(deps.db, code);
        if (opts.xlsx) {
          const file = await exportMatrix(deps, actor, id, lang);
          await writeOutputFile(opts.xlsx, file.bytes, { force: opts.force });
          console.log(say("matrixWritten", { file: opts.xlsx }));
          return;
        }
        const m = await projectMatrix(deps, actor, id);
        if (opts.json) return console.log(JSON.stringify(m, null, 2));
        const c = (k: string) => t(lang, `comparison.${k}`);
        const mark = (cell: (typeof m.rows)[number]["cells"][number]) =>
          cell.cny === null
            ? t(lang, `comparison.status.${cell.status}`)
            : `${cell.cny}${cell.lowest ? (cell.tie ? " =" : " *") : ""}${
              cell.awarded ? " A" : ""
            }`;
        printTable([
          [t(lang, "projects.fields.itemName"), ...m.suppliers.map((s) => s.code)],
          ...m.rows.map((r) => [r.item.itemName, ...r.cells.map(mark)]),
          [c("total"), ...m.suppliers.map((s) => s.total ?? "—")],
          [
            c("rank"),
            ...m.suppliers.map((s) =>
              s.rank === null ? t(lang, `comparison.rankNote.${s.rankNote}`) : String(s.rank)
            ),
          ],
        ]);
        console.log(say("matrixLegend"));
      });
    });
}
