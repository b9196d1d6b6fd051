// The comparison export's total-cost sheet: each supplier's price total, what the buyer's cost
// terms add and the total cost with both ranks; each line's total cost per unit and over its yearly
// usage (lowest of a row filled green); and every cost term with what it adds in CNY.
import type ExcelJS from "exceljs";
import { type Lang, t } from "../../i18n.ts";
import { dec, toNumber } from "../shared/decimal.ts";
import type { MatrixInView } from "./costTerms.ts";

const LOWEST_FILL: ExcelJS.Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFC6EFCE" },
};
const num = (v: string | null) => (v === null ? null : toNumber(dec(v)));

/** Adds the sheet to the workbook of the matrix. */
export function addTotalCostSheet(wb: ExcelJS.Workbook, m: MatrixInView, lang: Lang) {
  const k = (key: string) => t(lang, `costs.export.${key}`);
  const ws = wb.addWorksheet(k("sheet"));
  const bold = (row: ExcelJS.Row) => (row.font = { bold: true });
  const name = (id: number) => {
    const s = m.suppliers.find((x) => x.id === id)!;
    return `${s.code} ${s.abbrName}`;
  };
  ws.getColumn(1).width = 22;
  for (let c = 2; c <= 9; c++) ws.getColumn(c).width = 16;
  ws.getCell("A1").value = `${m.project.code} ${m.project.name}`;
  ws.getCell("A1").font = { bold: true, size: 13 };
  ws.getCell("A2").value = t(lang, "costs.legendTotal");
  ws.getCell("A2").font = { italic: true, color: { argb: "FF64748B" } };

  // Each supplier's totals and ranks.
  bold(ws.addRow([]));
  bold(
    ws.addRow([
      k("supplier"),
      k("priceTotal"),
      k("termsTotal"),
      k("total"),
      k("priceRank"),
      k("rank"),
    ]),
  );
  m.totalCost.suppliers.forEach((c) => {
    const row = ws.addRow([
      name(c.supplierId),
      num(c.priceTotal),
      num(c.termsTotal),
      num(c.total),
      c.priceRank ?? "",
      c.rank ??
        (c.rankNote === "noRate"
          ? t(lang, "costs.rankNoRate")
          : c.rankNote
          ? t(lang, `comparison.rankNote.${c.rankNote}`)
          : ""),
    ]);
    for (const col of [2, 3, 4]) row.getCell(col).numFmt = "#,##0.00";
    if (c.rank === 1) row.getCell(6).fill = LOWEST_FILL;
  });

  // Each line: total cost per unit and over the yearly usage, per supplier.
  ws.addRow([]);
  const head = ws.addRow([
    t(lang, "projects.fields.itemName"),
    ...m.suppliers.flatMap((s) => [`${s.code} ${s.abbrName}`, ""]),
  ]);
  bold(head);
  bold(ws.addRow([
    t(lang, "projects.fields.estimateYearAmount"),
    ...m.suppliers.flatMap(() => [t(lang, "costs.cli.total"), k("total")]),
  ]));
  m.rows.forEach((r, n) => {
    const totals = m.totalCost.rows[n];
    const row = ws.addRow([
      `${r.item.itemName}${r.item.estimateYearAmount ? ` (${r.item.estimateYearAmount})` : ""}`,
      ...totals.cells.flatMap((c) => [num(c.totalCny), num(c.totalAmount)]),
    ]);
    totals.cells.forEach((c, i) => {
      row.getCell(2 + i * 2).numFmt = "#,##0.0000";
      row.getCell(3 + i * 2).numFmt = "#,##0.00";
      if (c.lowest) row.getCell(2 + i * 2).fill = LOWEST_FILL;
    });
  });

  // Every term.
  ws.addRow([]);
  bold(ws.addRow([k("terms")]));
  bold(ws.addRow([
    k("supplier"),
    k("item"),
    k("kind"),
    k("name"),
    k("basis"),
    k("value"),
    k("currency"),
    k("cny"),
  ]));
  const item = (id: number | null) =>
    id === null
      ? t(lang, "costs.wholeOffer")
      : m.rows.find((r) => r.item.id === id)?.item.itemName ?? "";
  for (const term of m.totalCost.terms) {
    const row = ws.addRow([
      name(term.supplierId),
      item(term.itemId),
      t(lang, `costs.kinds.${term.kind}`),
      term.name ?? "",
      term.kind === "financing"
        ? t(lang, "costs.annualRate")
        : t(lang, term.basis === "amount" ? "costs.basisAmount" : "costs.basisPercent"),
      num(term.value),
      term.currency ?? "",
      term.cny === null ? t(lang, "costs.noRate") : num(term.cny),
    ]);
    row.getCell(8).numFmt = "#,##0.00";
  }
}
