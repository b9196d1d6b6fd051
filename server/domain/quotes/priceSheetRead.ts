// A filled price sheet read back (ReadPriceSheet). Within stated limits (PRICE_SHEET_LIMITS), the
// workbook is read row by row by the shared spreadsheet reader, its limits checked as the bytes
// come and the event loop given back as it goes; then, in order, each refusal
// that applies: not a spreadsheet, not a price sheet, another project's sheet, a sheet of items
// that have changed since, rows added or removed, formulas, and last every row checked with the
// very rules of a quote's lines (lines.ts), each message naming the row and the column. Nothing is
// saved: the answer is the lines as they would be stored, which the supplier then submits with the
// quotation file through the usual submission.
import type { z } from "zod";
import type { Actor, Deps } from "../context.ts";
import { conflict, DomainError, type FieldError, phrase } from "../errors.ts";
import { openBytes } from "../shared/fileBytes.ts";
import {
  readXlsx,
  SHEET_COLUMNS,
  SHEET_ROWS,
  type SheetCell,
  type SheetLimits,
} from "../shared/spreadsheet.ts";
import { looksLikeZip, SpreadsheetRefused } from "../shared/xlsxParts.ts";
import { dec, mul, normalize } from "../shared/decimal.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { wholeNumberOf } from "../shared/input.ts";
import {
  checkLines,
  commercialCodes,
  deadlineDay,
  quotableItems,
  type QuoteLine,
} from "./lines.ts";
import { invitationOf, supplierIdOf } from "./service.ts";
import { fieldColumn, priceSheetForm, rowLines, SHEET_FIELDS } from "./schemas.ts";
import {
  columnKey,
  columnLetter,
  FIRST_PRICE_COLUMN,
  FIRST_ROW,
  itemsFingerprint,
  LAST_COLUMN,
  parseMarker,
  PRICE_SHEET_LIMITS,
  type SheetMarker,
} from "./priceSheet.ts";

const MB = 1024 * 1024;
/** Problems listed at most in one answer; the rest are counted. */
const MAX_PROBLEMS = 50;

/**
 * The reader's limits: rows of line items are counted here as they come (PRICE_SHEET_LIMITS.rows),
 * and data right of column O is a problem of its row, so a row or column anywhere in the sheet reads.
 */
const SHEET_LIMITS: SheetLimits = {
  unpackedBytes: PRICE_SHEET_LIMITS.unpackedMb * MB,
  rows: SHEET_ROWS,
  columns: SHEET_COLUMNS,
  cells: PRICE_SHEET_LIMITS.cells,
  strings: PRICE_SHEET_LIMITS.strings,
  stringChars: PRICE_SHEET_LIMITS.stringChars,
  cellChars: PRICE_SHEET_LIMITS.cellChars,
};

/** One row of line items as read: its number, its hidden key (the item id) and its cells. */
type SheetRow = { row: number; key: string; cells: Map<number, string> };

/** What the supplier sees before confirming: the lines as they would be stored, row by row. */
export type PriceSheetPreview = {
  offProId: number;
  fileName: string;
  /** The request pack's version now, and the one the sheet was made from. */
  packVersion: number | null;
  sheetPackVersion: number | null;
  linesRequired: boolean;
  /** Exactly what a submission with these lines stores. */
  lines: QuoteLine[];
  /** For each line, in the same order: its row in the sheet and its item. */
  rows: {
    row: number;
    alternative: boolean;
    itemId: number;
    materialCode: string | null;
    itemName: string;
    unit: string | null;
    estimateYearAmount: string | null;
  }[];
  /** Rows left without any price (allowed when the project does not require every line). */
  blankRows: number;
};

/** A refusal of the file, shown beside it. */
const refuse = (key: string, params: Record<string, unknown> = {}) =>
  new DomainError("validation", key, params, [{ messageKey: key, params, members: ["file"] }]);

/** The problems found in the rows, the first MAX_PROBLEMS listed. */
function refused(problems: FieldError[]): DomainError {
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => ({ ...p, members: ["file"] }));
  if (problems.length > MAX_PROBLEMS) {
    const params = { count: problems.length - MAX_PROBLEMS };
    shown.push({ messageKey: "priceSheet.moreProblems", params, members: ["file"] });
  }
  return new DomainError("validation", "priceSheet.refused", {}, shown);
}

const notSpreadsheet = () =>
  new DomainError("unsupportedType", "priceSheet.notSpreadsheet", {}, [
    { messageKey: "priceSheet.notSpreadsheet", members: ["file"] },
  ]);

const fmt = (n: number) => n.toLocaleString("en-US");

/** A limit of the workbook reached, in the words of the price sheet. */
function fromReader(err: SpreadsheetRefused): DomainError {
  const { row, column } = err;
  switch (err.reason) {
    case "rows":
      return tooManyRows(row);
    case "columns":
      return refused([beyondColumns(row, column)]);
    case "cellChars":
      return refused([
        column > LAST_COLUMN ? beyondColumns(row, column) : cellTooLong(row, column),
      ]);
    case "cells":
      return refuse("priceSheet.tooManyCells", { max: fmt(PRICE_SHEET_LIMITS.cells), row });
    case "strings":
      return refuse("priceSheet.tooManyStrings", {
        max: fmt(PRICE_SHEET_LIMITS.strings),
        chars: fmt(PRICE_SHEET_LIMITS.stringChars),
      });
    case "unpacked":
      return refuse("priceSheet.tooLargeUnpacked", { max: PRICE_SHEET_LIMITS.unpackedMb });
    case "unreadable":
      return refuse("priceSheet.unreadable");
  }
}

/** "Row 5, Currency": where a cell is, its column said by the header in the reader's language. */
const at = (row: number, column: number) =>
  phrase("priceSheet.cell", {
    row,
    column: phrase(columnKey(column)),
    letter: columnLetter(column),
  });

/**
 * A number as the spreadsheet shows it: to 15 significant digits, as spreadsheets keep them (a
 * pasted 1.1400000000000001 is 1.14); a percentage cell (13% is stored 0.13) in percent, as the
 * header asks.
 */
function numberText(n: number, numFmt: string | undefined): string {
  const s = String(Number(n.toPrecision(15)));
  if (!numFmt?.replace(/"[^"]*"/g, "").includes("%") || !/^-?\d+(\.\d+)?$/.test(s)) return s;
  return normalize(mul(dec(s), dec(100)));
}

/** A cell's value as text, or "formula" when it holds one. */
function cellText(cell: SheetCell): string | { formula: true } {
  const v = cell.value;
  if (cell.formula) return { formula: true };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().slice(0, 10);
  if (typeof v === "number") return numberText(v, cell.format);
  return String(v);
}

/**
 * The price sheet of a workbook (the first sheet whose A1 holds a marker) and its rows of line
 * items; `onMarker` judges the marker before any further row is read. Cells holding formulas and
 * data outside the sheet's columns are problems of their row.
 */
async function readSheet(
  file: Uint8Array,
  onMarker: (m: SheetMarker) => Promise<void>,
): Promise<{ marker: SheetMarker; rows: SheetRow[]; problems: FieldError[] }> {
  if (!looksLikeZip(file)) throw notSpreadsheet();
  let marker: SheetMarker | null = null;
  const rows: SheetRow[] = [];
  const problems: FieldError[] = [];
  const bytes = await openBytes(file);
  try {
    await readXlsx(bytes, SHEET_LIMITS, {
      async row(number, cells) {
        if (!marker) {
          const a1 = number === 1 ? cells.find((c) => c.column === 1) : undefined;
          const text = a1 ? cellText(a1) : "";
          marker = typeof text === "string" ? parseMarker(text) : null;
          if (!marker) return "leave";
          await onMarker(marker);
          return;
        }
        if (number < FIRST_ROW) return;
        const read = readRow(number, cells, problems);
        if (!read) return;
        if (rows.length === PRICE_SHEET_LIMITS.rows) throw tooManyRows(number);
        rows.push(read);
      },
      nextSheet: () => marker === null,
    });
  } catch (err) {
    throw err instanceof SpreadsheetRefused ? fromReader(err) : err;
  } finally {
    bytes.close();
  }
  if (!marker) throw refuse("priceSheet.notPriceSheet");
  return { marker, rows, problems };
}

const tooManyRows = (row: number) =>
  refuse("priceSheet.tooManyRows", { max: PRICE_SHEET_LIMITS.rows, row });

const problem = (key: string, params: Record<string, unknown>): FieldError => ({
  messageKey: key,
  params,
  members: ["file"],
});
const beyondColumns = (row: number, column: number) =>
  problem("priceSheet.beyondColumns", { row, column: columnLetter(column) });
const cellTooLong = (row: number, column: number) =>
  problem("priceSheet.cellTooLong", {
    at: at(row, column),
    max: PRICE_SHEET_LIMITS.cellChars.toLocaleString("en-US"),
  });

/** One row's key and cells; null for a row holding nothing. Its problems go to `problems`. */
function readRow(row: number, cells: SheetCell[], problems: FieldError[]): SheetRow | null {
  const values = new Map<number, string>();
  let key = "";
  let beyond = 0;
  let any = false;
  for (const cell of cells) {
    const text = cellText(cell);
    if (text === "") continue;
    any = true;
    if (cell.column > LAST_COLUMN) {
      beyond ||= cell.column;
      continue;
    }
    if (typeof text !== "string") {
      problems.push(problem("priceSheet.formula", { at: at(row, cell.column) }));
    } else if (cell.column === 1) key = text;
    else values.set(cell.column, text);
  }
  if (beyond) problems.push(beyondColumns(row, beyond));
  return any ? { row, key, cells: values } : null;
}

/** A sheet whose marker names another project: which one, when it is one of this supplier's. */
async function otherProject(deps: Deps, supplierId: number, projectId: number) {
  const found = await invitationOf(deps.db, supplierId, projectId).catch(() => null);
  return found
    ? refuse("priceSheet.otherProjectNamed", { code: found.project.code })
    : refuse("priceSheet.otherProject");
}

/**
 * ReadPriceSheet: checks a filled price sheet of one of this supplier's projects and answers what
 * submitting it would store. Every refusal is a 4xx naming its reason; nothing is written.
 */
export async function readPriceSheet(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof priceSheetForm>,
): Promise<PriceSheetPreview> {
  const input = priceSheetForm.parse(raw);
  const supplierId = supplierIdOf(actor);
  const { project } = await invitationOf(deps.db, supplierId, input.offProId);
  if (input.file.size > PRICE_SHEET_LIMITS.fileMb * MB) {
    throw new DomainError("tooLarge", "priceSheet.tooLarge", { max: PRICE_SHEET_LIMITS.fileMb });
  }
  const items = await quotableItems(deps.db, project.id);
  if (!items.length) throw conflict("priceSheet.noItems");
  const fingerprint = itemsFingerprint(items);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const sheet = await readSheet(bytes, async (marker) => {
    if (marker.projectId !== project.id) {
      throw await otherProject(deps, supplierId, marker.projectId);
    }
    if (marker.fingerprint !== fingerprint) {
      throw refuse("priceSheet.itemsChanged", {
        sheetVersion: marker.packVersion ?? 1,
        version: project.packVersion ?? 1,
      });
    }
  });

  // Every row is one of the sheet's items, once; every item has its row.
  const problems = [...sheet.problems];
  const placed = new Map<number, number>();
  for (const r of sheet.rows) {
    const id = wholeNumberOf(r.key);
    if (id === undefined || !items.some((i) => i.id === id) || placed.has(id)) {
      problems.push({ messageKey: "priceSheet.rowAdded", params: { row: r.row }, members: [] });
    } else placed.set(id, r.row);
  }
  items.forEach((item, n) => {
    if (placed.has(item.id)) return;
    const params = { item: item.itemName, no: n + 1 };
    problems.push({ messageKey: "priceSheet.rowRemoved", params, members: [] });
  });
  if (problems.length) throw refused(problems);

  const required = project.linesRequired;
  const rawLines: Record<string, unknown>[] = [];
  const rowOf: SheetRow[] = [];
  let blankRows = 0;
  for (const r of sheet.rows) {
    const values = Object.fromEntries(
      SHEET_FIELDS.map((f, i) => [f, r.cells.get(FIRST_PRICE_COLUMN + i) ?? ""]),
    ) as Parameters<typeof rowLines>[1];
    const { asked, alt } = rowLines(wholeNumberOf(r.key)!, values);
    if (asked || required) {
      rawLines.push(asked ?? { itemId: wholeNumberOf(r.key)! });
      rowOf.push(r);
    } else blankRows++;
    if (alt) {
      rawLines.push(alt);
      rowOf.push(r);
    }
  }
  if (!rawLines.length) throw refuse("priceSheet.noPrices");
  let lines: QuoteLine[];
  try {
    lines = checkLines(rawLines, items, await commercialCodes(deps.db), {
      required,
      today: dateInUtc8(deps.clock.now()),
      deadline: deadlineDay(project),
      where: (i, field, item) => {
        const f = fieldColumn(field, rawLines[i].alternative === true);
        const column = FIRST_PRICE_COLUMN + SHEET_FIELDS.indexOf(f);
        return phrase("priceSheet.place", { at: at(rowOf[i].row, column), item });
      },
    });
  } catch (err) {
    if (err instanceof DomainError && err.kind === "validation") {
      // An alternative takes its row's terms: a problem of them is said once.
      const seen = new Set<string>();
      throw refused(err.fieldErrors.filter((e) => {
        const k = JSON.stringify([e.messageKey, e.params]);
        return !seen.has(k) && seen.add(k);
      }));
    }
    throw err;
  }
  return {
    offProId: project.id,
    fileName: input.file.name,
    packVersion: project.packVersion,
    sheetPackVersion: sheet.marker.packVersion,
    linesRequired: required,
    lines,
    rows: lines.map((l) => {
      const item = items.find((i) => i.id === l.itemId)!;
      return {
        row: placed.get(l.itemId)!,
        alternative: l.alternative,
        itemId: l.itemId,
        materialCode: item.materialCode,
        itemName: item.itemName,
        unit: item.unit,
        estimateYearAmount: item.estimateYearAmount,
      };
    }),
    blankRows,
  };
}
