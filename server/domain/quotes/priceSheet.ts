// The price sheet: a project's line items as an .xlsx a supplier fills in offline. The items (code,
// name, unit, yearly usage) are filled and locked by sheet protection; only the price cells are
// editable, with data validation (the dictionary's currencies, trade terms and payment methods as
// lists, from a "Codes" sheet beside it; numbers within the line rules). A hidden first column holds
// the sheet's marker (project, request-pack version, a fingerprint of the items) in A1 and each
// row's item id, so an upload is matched to its project and rows (priceSheetRead.ts).
import {
  MAX_DAYS,
  PRICE_FIELDS,
  type PriceField,
  SHEET_FIELDS,
  type SheetField,
  sheetFieldKey,
  startValue,
} from "./schemas.ts";
import type ExcelJS from "exceljs";
import { PassThrough, Readable } from "node:stream";
import type { Actor, Deps } from "../context.ts";
import { conflict } from "../errors.ts";
import { type Lang, t } from "../../i18n.ts";
import { loadExcel } from "../exports/cells.ts";
import { canonicalJson, sha256Hex } from "../shared/hashing.ts";
import { dec, normalize } from "../shared/decimal.ts";
import type { CommercialOption } from "../dictionary/commercial.ts";
import { invitationOf, supplierIdOf } from "./service.ts";
import { quoteForm } from "./submit.ts";
import type { QuoteLine } from "./lines.ts";

/** What an uploaded price sheet may be: beyond these it is refused before or while it is read. */
export const PRICE_SHEET_LIMITS = {
  /** The file's size. */
  fileMb: 5,
  /** All parts of the workbook, uncompressed. */
  unpackedMb: 16,
  /** Rows of line items (a project holds at most 500 line items); the header rows are not counted. */
  rows: 500,
  /** Row and cell elements of the sheet read, empty ones included (a full sheet has about 9,000). */
  cells: 50_000,
  /** Entries of the workbook's shared string table, and their characters in all. */
  strings: 20_000,
  stringChars: 4_000_000,
  /** Characters in one cell. */
  cellChars: 2_000,
} as const;

/** The header is row 3 (a title and a hint above it); line items start on row 4. */
const HEADER_ROW = 3;
export const FIRST_ROW = 4;

/** The item columns (B … F) before the price fields; column A is the hidden key. */
const ITEM_FIELDS = ["no", "materialCode", "itemName", "unit", "estimateYearAmount"] as const;
/** Column of the first price field (G). */
export const FIRST_PRICE_COLUMN = 2 + ITEM_FIELDS.length;
/** The last column that may hold anything (AC). */
export const LAST_COLUMN = FIRST_PRICE_COLUMN + SHEET_FIELDS.length - 1;

const REQUIRED = new Set<PriceField>(PRICE_FIELDS.slice(0, 7));

/** A column's header as a message key (for messages naming it) and in a language. */
export function columnKey(column: number): string {
  if (column >= FIRST_PRICE_COLUMN && column <= LAST_COLUMN) {
    return sheetFieldKey(SHEET_FIELDS[column - FIRST_PRICE_COLUMN]);
  }
  const field = ITEM_FIELDS[column - 2];
  return field === "no" ? "priceSheet.columns.no" : `projects.fields.${field ?? "key"}`;
}

/** A column's letter, as spreadsheets name it (1 → A). */
export function columnLetter(column: number): string {
  let s = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  }
  return s;
}

type ItemSnapshot = {
  id: number;
  materialCode: string | null;
  itemName: string;
  unit: string | null;
  estimateYearAmount: string | null;
};

/** A fingerprint of the items as a sheet lists them: a revision that changes any of them changes it. */
export const itemsFingerprint = (items: ItemSnapshot[]) =>
  sha256Hex(canonicalJson(items.map((i) => ({
    id: i.id,
    materialCode: i.materialCode,
    itemName: i.itemName,
    unit: i.unit,
    estimateYearAmount: i.estimateYearAmount,
  })))).slice(0, 16);

const MARKER = /^QMO price sheet v1; project (\d{1,15}); pack (\d{1,9}|-); items ([0-9a-f]{16})$/;

export type SheetMarker = { projectId: number; packVersion: number | null; fingerprint: string };

const markerText = (m: SheetMarker) =>
  `QMO price sheet v1; project ${m.projectId}; pack ${
    m.packVersion ?? "-"
  }; items ${m.fingerprint}`;

/** The marker read from cell A1, or null when the cell holds none. */
export function parseMarker(text: string): SheetMarker | null {
  const m = MARKER.exec(text.trim());
  if (!m) return null;
  return {
    projectId: Number(m[1]),
    packVersion: m[2] === "-" ? null : Number(m[2]),
    fingerprint: m[3],
  };
}

/** A decimal string as a number cell when the number says it exactly, else as text. */
function numberCell(v: string | null): string | number | null {
  if (v === null || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) && normalize(dec(String(n))) === normalize(dec(v)) ? n : v;
}

const HEAD_FILL: ExcelJS.Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFE2E8F0" },
};
const LOCKED_FILL: ExcelJS.Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFF1F5F9" },
};
const THIN = { style: "thin" as const, color: { argb: "FFCBD5E1" } };
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/** What the sheet is made of: the project's items, the codes, the supplier's latest lines. */
type SheetData = Awaited<ReturnType<typeof quoteForm>> & {
  code: string;
  name: string;
  packVersion: number | null;
};

/**
 * GetPriceSheet: the sheet of one of this supplier's projects, in the caller's language, starting
 * from the supplier's latest lines. Everything is read before the first byte is written; the
 * workbook is then written as a stream.
 */
export async function priceSheet(deps: Deps, actor: Actor, projectId: number, lang: Lang) {
  const { project } = await invitationOf(deps.db, supplierIdOf(actor), projectId);
  const form = await quoteForm(deps, actor, projectId);
  if (!form.items.length) throw conflict("priceSheet.noItems");
  const data: SheetData = {
    ...form,
    code: project.code,
    name: project.name,
    packVersion: project.packVersion,
  };
  const out = new PassThrough();
  writeSheet(await loadExcel(), out, data, lang).catch((err) => out.destroy(err));
  return {
    fileName: t(lang, "priceSheet.fileName", { code: project.code }),
    stream: Readable.toWeb(out) as ReadableStream<Uint8Array>,
  };
}

async function writeSheet(Excel: typeof ExcelJS, out: PassThrough, d: SheetData, lang: Lang) {
  // Built in memory (a project has at most 500 line items) and zipped into the stream: exceljs'
  // streaming writer puts the sheet protection after the data validations, which Excel refuses.
  const wb = new Excel.Workbook();
  const codesName = t(lang, "priceSheet.codesSheet");
  const ws = wb.addWorksheet(t(lang, "priceSheet.sheetName"), {
    views: [{ state: "frozen", xSplit: 4, ySplit: HEADER_ROW }],
  });
  const widths = [4, 6, 16, 32, 10, 14, 14, 12, 12, 14, 22, 14, 14, 14, 30, 14, 12];
  widths.push(...Array(8).fill(12), 14, 16, 14, 30);
  ws.columns = widths.map((width, i) => ({ width, hidden: i === 0 }));
  const title = ws.getRow(1);
  title.getCell(1).value = markerText({
    projectId: d.offProId,
    packVersion: d.packVersion,
    fingerprint: itemsFingerprint(d.items),
  });
  title.getCell(2).value = `${d.code} ${d.name}`;
  title.getCell(2).font = { bold: true, size: 13 };
  const hint = ws.getRow(2);
  hint.getCell(2).value = `${t(lang, "priceSheet.hint", { codes: codesName, max: MAX_DAYS })} ${
    t(lang, "quoteBreaks.sheetHint")
  }`;
  hint.getCell(2).font = { italic: true, color: { argb: "FF475569" } };
  hint.getCell(2).alignment = { wrapText: true, vertical: "top" };
  hint.height = 72;
  ws.mergeCells(1, 2, 1, LAST_COLUMN);
  ws.mergeCells(2, 2, 2, LAST_COLUMN);
  const header = ws.getRow(HEADER_ROW);
  for (let c = 2; c <= LAST_COLUMN; c++) {
    const field = SHEET_FIELDS[c - FIRST_PRICE_COLUMN] as PriceField | undefined;
    const cell = header.getCell(c);
    cell.value = t(lang, columnKey(c)) + (field && REQUIRED.has(field) ? " *" : "");
    Object.assign(cell, { font: { bold: true }, fill: HEAD_FILL, border: BORDER });
    cell.alignment = { wrapText: true, vertical: "middle" };
  }
  header.height = 32;

  d.items.forEach((item, n) => {
    const row = ws.getRow(FIRST_ROW + n);
    const line = d.lines.find((l) => l.itemId === item.id && !l.alternative);
    const alt = d.lines.find((l) => l.itemId === item.id && l.alternative);
    row.getCell(1).value = item.id;
    const fixed = [n + 1, item.materialCode, item.itemName, item.unit];
    fixed.forEach((v, i) => row.getCell(2 + i).value = v);
    row.getCell(6).value = numberCell(item.estimateYearAmount);
    for (let c = 2; c < FIRST_PRICE_COLUMN; c++) {
      Object.assign(row.getCell(c), { fill: LOCKED_FILL, border: BORDER });
    }
    SHEET_FIELDS.forEach((field, i) => {
      const cell = row.getCell(FIRST_PRICE_COLUMN + i);
      cell.value = priceValue(line, alt, field);
      cell.protection = { locked: false };
      cell.border = BORDER;
      if (field === "validUntil") cell.numFmt = "yyyy-mm-dd";
    });
  });
  const last = FIRST_ROW + d.items.length - 1;
  // Each cell of a column the same rule; the file says it once for the column's range.
  const check = (field: SheetField, v: ExcelJS.DataValidation) => {
    const column = FIRST_PRICE_COLUMN + SHEET_FIELDS.indexOf(field);
    for (let r = FIRST_ROW; r <= last; r++) {
      ws.getRow(r).getCell(column).dataValidation = {
        allowBlank: true,
        showErrorMessage: true,
        errorTitle: t(lang, sheetFieldKey(field)),
        ...v,
      };
    }
  };
  const lists = [d.currencies, d.tradeTerms, d.paymentMethods];
  (["currency", "tradeTerms", "paymentMethod"] as const).forEach((field, i) => {
    const col = columnLetter(1 + i * 3);
    if (!lists[i].length) return;
    check(field, {
      type: "list",
      formulae: [`'${codesName}'!$${col}$2:$${col}$${1 + lists[i].length}`],
      error: t(lang, "priceSheet.pickFromList", { codes: codesName }),
    });
  });
  const p = { item: t(lang, "priceSheet.thisRow"), max: MAX_DAYS };
  for (const field of ["unitPrice", "altUnitPrice"] as const) {
    check(field, {
      type: "decimal",
      operator: "greaterThan",
      formulae: [0],
      error: t(lang, "quoteLines.badPrice", p),
    });
  }
  for (
    const field of [
      "moq",
      "packMultiple",
      "break2Qty",
      "break3Qty",
      "break4Qty",
      "break5Qty",
    ] as const
  ) {
    check(field, {
      type: "decimal",
      operator: "greaterThan",
      formulae: [0],
      error: t(lang, `quoteBreaks.columns.positive`, p),
    });
  }
  check("taxRate", {
    type: "decimal",
    operator: "between",
    formulae: [0, 100],
    error: t(lang, "quoteLines.badTaxRate", p),
  });
  for (const field of ["paymentTermDays", "leadTimeDays"] as const) {
    check(field, {
      type: "whole",
      operator: "between",
      formulae: [0, MAX_DAYS],
      error: t(lang, `quoteLines.badDays.${field}`, p),
    });
  }
  check("remark", {
    type: "textLength",
    operator: "lessThanOrEqual",
    formulae: [500],
    error: t(lang, "quoteLines.remarkTooLong", { ...p, max: 500 }),
  });
  await ws.protect("", {
    selectLockedCells: true,
    selectUnlockedCells: true,
    formatColumns: true,
    formatRows: true,
  });
  await writeCodes(wb, codesName, lists, lang);
  await wb.xlsx.write(out);
}

/** The value a price cell starts with: the supplier's latest line and its alternative. */
function priceValue(
  line: QuoteLine | undefined,
  alt: QuoteLine | undefined,
  field: SheetField,
): string | number | Date | null {
  const v = startValue(line, alt, field);
  if (v === null) return null;
  if (field === "validUntil") return new Date(`${v}T00:00:00Z`);
  const text = field === "remark" || field === "currency" || field === "tradeTerms" ||
    field === "paymentMethod" || field.startsWith("alt") && field !== "altUnitPrice";
  return text || typeof v === "number" ? v : numberCell(String(v));
}

/** The Codes sheet: each list's codes with what they mean, in the reader's language. */
async function writeCodes(
  wb: ExcelJS.Workbook,
  name: string,
  lists: CommercialOption[][],
  lang: Lang,
) {
  const ws = wb.addWorksheet(name);
  ws.columns = [16, 30, 3, 16, 36, 3, 24, 30].map((width) => ({ width }));
  const heads = ["currency", "tradeTerms", "paymentMethod"];
  const rows = Math.max(...lists.map((l) => l.length));
  for (let r = 1; r <= rows + 1; r++) {
    const row = ws.getRow(r);
    lists.forEach((list, i) => {
      const code = row.getCell(1 + i * 3);
      const meaning = row.getCell(2 + i * 3);
      if (r === 1) {
        code.value = t(lang, `quoteLines.fields.${heads[i]}`);
        meaning.value = t(lang, "priceSheet.columns.meaning");
        Object.assign(code, { font: { bold: true }, fill: HEAD_FILL });
        Object.assign(meaning, { font: { bold: true }, fill: HEAD_FILL });
        return;
      }
      const o = list[r - 2];
      if (!o) return;
      code.value = o.code;
      meaning.value = (lang === "en" && o.nameEn) || o.name;
    });
  }
  await ws.protect("", { selectLockedCells: true, selectUnlockedCells: true });
}
