// rates list | set, and matrix: the exchange rates of the data dictionary and a project's price
// comparison from the shell (same domain code, same seal as the back-office).
import type { Command } from "commander";
import { and, eq } from "drizzle-orm";
import { exchangeRates } from "../../db/schema.ts";
import { projectIdByCode } from "../../server/domain/projects/access.ts";
import { createRate, listRates, updateRate } from "../../server/domain/dictionary/commercial.ts";
import { listRatesInput } from "../../server/domain/dictionary/schemas.ts";
import { exportMatrix } from "../../server/domain/comparison/export.ts";
import { matrixInView } from "../../server/domain/comparison/costTerms.ts";
import { matrixViewInput } from "../../server/domain/comparison/costTermSchemas.ts";
import { linePlaces } from "../../server/domain/comparison/totalCost.ts";
import { t } from "../../server/i18n.ts";
import { fieldError } from "../../server/domain/errors.ts";
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
    .option("--view <view>", t(lang, "costs.cli.optView"), "price")
    .option("--xlsx <file>", say("help.optXlsx"))
    .option("--json", say("help.optJson"))
    .option("--force", say("help.optOverwrite"))
    .action(
      async (
        code: string,
        opts: { view: string; xlsx?: string; json?: boolean; force?: boolean },
      ) => {
        const view = matrixViewInput.shape.view.safeParse(opts.view);
        if (!view.success) throw fieldError("view", "costs.cli.badView");
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
          const m = await matrixInView(deps, actor, id, view.data);
          if (opts.json) return console.log(JSON.stringify(m, null, 2));
          printMatrix(m);
        });
      },
    );
}

/** The matrix in its view: a table per line (supplier, figure, rank), then the totals. */
function printMatrix(m: Awaited<ReturnType<typeof matrixInView>>) {
  const k = (key: string, p?: Record<string, unknown>) => t(lang, `costs.cli.${key}`, p);
  const total = m.view === "total";
  const supplier = (id: number) => {
    const s = m.suppliers.find((x) => x.id === id)!;
    return `${s.code} ${s.abbrName}`;
  };
  const lines = linePlaces(m, m.totalCost, m.view);
  m.rows.forEach((row, n) => {
    const usage = row.item.estimateYearAmount
      ? `${row.item.estimateYearAmount} ${row.item.unit ?? ""}`.trim()
      : k("noUsage");
    console.log(k("line", { n: n + 1, item: row.item.itemName, usage }));
    printTable([
      [k("supplier"), total ? k("total") : k("price"), k("rank")],
      ...lines[n].places.map((p, i) => [
        supplier(p.supplierId),
        p.figure ?? t(lang, `comparison.status.${row.cells[i].status}`),
        `${p.rank ?? "—"}${row.cells[i].awarded ? " A" : ""}`,
      ]),
    ]);
    console.log("");
  });
  console.log(k("overall"));
  printTable([
    [k("supplier"), k("priceTotal"), k("totalCost"), k("rank")],
    ...m.suppliers.map((s, i) => {
      const c = m.totalCost.suppliers[i];
      const note = total ? c.rankNote : s.rankNote;
      return [
        supplier(s.id),
        c.priceTotal ?? "—",
        c.total ?? "—",
        s.rank === null
          ? note === "noRate"
            ? t(lang, "costs.rankNoRate")
            : note
            ? t(lang, `comparison.rankNote.${note}`)
            : "—"
          : String(s.rank),
      ];
    }),
  ]);
  console.log(k(total ? "legendTotal" : "legendPrice"));
}
