// The comparison matrix as an .xlsx workbook: sheet 1 the matrix as the result page shows it
// (suppliers as columns, unit prices in CNY, lowest of each row filled green, totals, ranks and the
// change from the first quote), sheet 2 every priced line as quoted (currency, rate and its date,
// terms), sheet 3 the total cost with the buyer's cost terms (totalCostSheet.ts). Numbers are
// numeric cells written from the exact decimals.
import type ExcelJS from "exceljs";
import type { Actor, Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { dec, toNumber } from "../shared/decimal.ts";
import { formatUtc8 } from "../shared/time.ts";
import { loadExcel, xlsxBytes } from "../exports/cells.ts";
import type { MatrixCell, MatrixColumn } from "./matrix.ts";
import type { ProjectMatrix } from "./service.ts";
import { matrixInView } from "./costTerms.ts";
import { addTotalCostSheet } from "./totalCostSheet.ts";

const LOWEST_FILL: ExcelJS.Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFC6EFCE" },
};
const AWARD_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: "FF9C5700" } };
const HEAD_FILL: ExcelJS.Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFF1F5F9" },
};

const num = (v: string | null) => (v === null ? null : toNumber(dec(v)));

/** What a cell without a price says instead. */
function cellText(c: MatrixCell, lang: Lang): string {
  return t(lang, `comparison.status.${c.status}`);
}

function rankText(s: MatrixColumn, lang: Lang): string | number {
  if (s.rank !== null) return s.rank;
  return s.rankNote ? t(lang, `comparison.rankNote.${s.rankNote}`) : "";
}

function matrixWorkbook(
  Excel: typeof ExcelJS,
  m: ProjectMatrix,
  lang: Lang,
  now: Date,
): ExcelJS.Workbook {
  const c = (k: string, p?: Record<string, unknown>) => t(lang, `comparison.${k}`, p);
  const wb = new Excel.Workbook();
  wb.created = now;
  const ws = wb.addWorksheet(c("sheet"), { views: [{ state: "frozen", xSplit: 5, ySplit: 4 }] });
  ws.getCell("A1").value = `${m.project.code} ${m.project.name}`;
  ws.getCell("A1").font = { bold: true, size: 13 };
  ws.getCell("A2").value = c("note", { time: formatUtc8(now) });
  ws.getCell("A2").font = { italic: true, color: { argb: "FF64748B" } };

  const fixed = ["#", "materialCode", "itemName", "unit", "estimateYearAmount"];
  const header = ws.getRow(4);
  fixed.forEach((k, i) => {
    header.getCell(i + 1).value = k === "#" ? "#" : t(lang, `projects.fields.${k}`);
  });
  // Two columns per supplier: unit price in CNY, and the amount (× yearly usage).
  const supplierRow = ws.getRow(3);
  m.suppliers.forEach((s, i) => {
    const col = fixed.length + 1 + i * 2;
    supplierRow.getCell(col).value = `${s.code} ${s.abbrName}`;
    ws.mergeCells(3, col, 3, col + 1);
    header.getCell(col).value = c("unitPriceCny");
    header.getCell(col + 1).value = c("amountCny");
    ws.getColumn(col).width = 14;
    ws.getColumn(col + 1).width = 16;
  });
  const lowestCol = fixed.length + 1 + m.suppliers.length * 2;
  header.getCell(lowestCol).value = c("lowest");
  header.getCell(lowestCol + 1).value = c("awardedTo");
  for (const r of [supplierRow, header]) {
    r.font = { bold: true };
    r.eachCell((cell) => (cell.fill = HEAD_FILL));
  }
  ws.getColumn(1).width = 5;
  ws.getColumn(2).width = 14;
  ws.getColumn(3).width = 28;
  ws.getColumn(4).width = 8;
  ws.getColumn(5).width = 12;
  ws.getColumn(lowestCol).width = 18;
  ws.getColumn(lowestCol + 1).width = 16;

  const abbr = (id: number | null) => m.suppliers.find((s) => s.id === id)?.abbrName ?? "";
  m.rows.forEach((row, n) => {
    const r = ws.getRow(5 + n);
    r.getCell(1).value = n + 1;
    r.getCell(2).value = row.item.materialCode ?? "";
    r.getCell(3).value = row.item.itemName;
    r.getCell(4).value = row.item.unit ?? "";
    r.getCell(5).value = num(row.item.estimateYearAmount);
    row.cells.forEach((cell, i) => {
      const col = fixed.length + 1 + i * 2;
      const price = r.getCell(col);
      const amount = r.getCell(col + 1);
      if (cell.cny !== null) {
        price.value = num(cell.cny);
        price.numFmt = "#,##0.0000";
        amount.value = num(cell.amount);
        amount.numFmt = "#,##0.00";
      } else {
        price.value = cellText(cell, lang);
        price.font = { color: { argb: "FF94A3B8" } };
      }
      if (cell.lowest) price.fill = LOWEST_FILL;
      if (cell.awarded) price.font = AWARD_FONT;
    });
    r.getCell(lowestCol).value = row.lowestCny === null
      ? ""
      : `${row.lowestSupplierIds.map(abbr).join(" / ")}${row.tie ? ` (${c("tie")})` : ""}`;
    r.getCell(lowestCol + 1).value = abbr(row.awardedSupplierId);
  });

  // Footer: totals, ranks and the change from the first quote.
  const foot = 5 + m.rows.length + 1;
  const labels: [string, (s: MatrixColumn) => string | number | null, string?][] = [
    ["total", (s) => num(s.total), "#,##0.00"],
    ["rank", (s) => rankText(s, lang)],
    ["firstTotal", (s) => num(s.firstTotal), "#,##0.00"],
    ["change", (s) => num(s.change), "#,##0.00"],
    ["changePercent", (s) => num(s.changePercent), "0.00"],
  ];
  labels.forEach(([key, value, fmt], k) => {
    const r = ws.getRow(foot + k);
    r.getCell(3).value = c(key);
    r.getCell(3).font = { bold: true };
    m.suppliers.forEach((s, i) => {
      const cell = r.getCell(fixed.length + 2 + i * 2);
      const v = value(s);
      cell.value = v ?? "";
      if (fmt && typeof v === "number") cell.numFmt = fmt;
      if (key === "rank" && s.rank === 1) cell.fill = LOWEST_FILL;
    });
  });

  // Sheet 2: every priced line as quoted.
  const ls = wb.addWorksheet(c("linesSheet"), { views: [{ state: "frozen", ySplit: 1 }] });
  const f = (k: string) => t(lang, `quoteLines.fields.${k}`);
  ls.columns = [
    { header: t(lang, "suppliers.fields.code"), width: 12 },
    { header: t(lang, "suppliers.fields.abbrName"), width: 14 },
    { header: t(lang, "projects.fields.itemName"), width: 26 },
    { header: c("round"), width: 16 },
    { header: f("unitPrice"), width: 14 },
    { header: f("currency"), width: 8 },
    { header: c("rate"), width: 10 },
    { header: c("rateDate"), width: 12 },
    { header: c("unitPriceCny"), width: 14 },
    { header: f("taxRate"), width: 10 },
    { header: f("tradeTerms"), width: 10 },
    { header: f("paymentMethod"), width: 18 },
    { header: f("paymentTermDays"), width: 10 },
    { header: f("leadTimeDays"), width: 10 },
    { header: f("validUntil"), width: 14 },
    { header: f("remark"), width: 24 },
  ];
  ls.getRow(1).font = { bold: true };
  for (const row of m.rows) {
    row.cells.forEach((cell, i) => {
      const l = cell.line;
      if (!l) return;
      const s = m.suppliers[i];
      ls.addRow([
        s.code,
        s.abbrName,
        row.item.itemName,
        t(lang, `quotes.round.${cell.round ?? 0}`),
        num(l.unitPrice),
        l.currency,
        num(cell.rate),
        cell.rateDate ?? "",
        num(cell.cny),
        num(l.taxRate),
        l.tradeTerms,
        l.paymentMethod,
        l.paymentTermDays,
        l.leadTimeDays,
        l.validUntil ?? t(lang, "quoteLines.untilNextUpdate"),
        l.remark ?? "",
      ]);
    });
  }
  return wb;
}

/** ExportComparisonMatrix: the file name and the bytes. */
export async function exportMatrix(deps: Deps, actor: Actor, projectId: number, lang: Lang) {
  const m = await matrixInView(deps, actor, projectId, "price", "export");
  const now = deps.clock.now();
  const wb = matrixWorkbook(await loadExcel(), m, lang, now);
  addTotalCostSheet(wb, m, lang);
  const bytes = await xlsxBytes(wb);
  return { fileName: `${t(lang, "comparison.file")}-${m.project.code}.xlsx`, bytes, matrix: m };
}
