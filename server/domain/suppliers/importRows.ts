// Supplier records from the sources the ERP offers, read within stated limits: the rows of a file
// (.xlsx or .csv, through the shared spreadsheet reader) and the ERP's JSON list, element by
// element. Each stops at the first limit with an error that names it, and gives the event loop back
// every few milliseconds, so one source never holds up the server's other calls.
import { DomainError, fieldError, validation } from "../errors.ts";
import { type FileSource, openBytes, turns } from "../shared/fileBytes.ts";
import {
  readCsv,
  readXlsx,
  type SheetCell,
  type SheetLimits,
  type SheetVisitor,
} from "../shared/spreadsheet.ts";
import { looksLikeZip, SpreadsheetRefused } from "../shared/xlsxParts.ts";
import { erpColumns } from "./schemas.ts";

const IMPORT_LIMITS = {
  /** Data rows (suppliers) in one file; the header row is not counted. */
  rows: 10_000,
  /** Columns holding a value, in any row. */
  columns: 100,
  /** Row and cell elements of the sheet (lines and fields of a .csv), empty ones included. */
  cells: 500_000,
  /** Entries of a workbook's shared string table, and their characters in all. */
  strings: 200_000,
  stringChars: 8_000_000,
  /** Characters in one cell. */
  cellChars: 2_000,
  /** Uncompressed MB of the workbook parts read: workbook, styles, shared strings, first sheet. */
  unpackedMb: 32,
} as const;

const SHEET_LIMITS: SheetLimits = {
  unpackedBytes: IMPORT_LIMITS.unpackedMb * 1024 * 1024,
  rows: IMPORT_LIMITS.rows + 1,
  columns: IMPORT_LIMITS.columns,
  cells: IMPORT_LIMITS.cells,
  strings: IMPORT_LIMITS.strings,
  stringChars: IMPORT_LIMITS.stringChars,
  cellChars: IMPORT_LIMITS.cellChars,
};

/** One record of a source: its row (header = row 1 for files, 1-based for JSON) and its fields. */
export type SourceRecord = { row: number; data: Record<string, unknown> };

const fmt = (n: number) => n.toLocaleString("en-US");

/** A limit of the file reached, in the words of a supplier import. */
function refusal(err: SpreadsheetRefused): DomainError {
  const at = { row: fmt(err.row), column: fmt(err.column) };
  switch (err.reason) {
    case "rows":
      return fieldError("file", "sync.fileTooManyRows", {
        max: fmt(IMPORT_LIMITS.rows),
        last: fmt(IMPORT_LIMITS.rows + 1),
        row: at.row,
      });
    case "columns":
      return fieldError("file", "sync.fileTooManyColumns", { max: IMPORT_LIMITS.columns, ...at });
    case "cellChars":
      return fieldError("file", "sync.fileCellTooLong", {
        max: fmt(IMPORT_LIMITS.cellChars),
        ...at,
      });
    case "cells":
      return fieldError("file", "sync.fileTooManyCells", { max: fmt(IMPORT_LIMITS.cells), ...at });
    case "strings":
      return fieldError("file", "sync.fileTooManyStrings", {
        max: fmt(IMPORT_LIMITS.strings),
        chars: fmt(IMPORT_LIMITS.stringChars),
      });
    case "unpacked":
      return fieldError("file", "sync.fileTooLargeUnpacked", { max: IMPORT_LIMITS.unpackedMb });
    case "unreadable":
      return validation("sync.unreadableFile");
  }
}

// ---------------------------------------------------------------------------------------------
// Rows to records
// ---------------------------------------------------------------------------------------------

const columnByLower = new Map(erpColumns.map((c) => [c.toLowerCase(), c as string]));
const blank = (v: unknown) =>
  typeof v === "string" ? v.trim() === "" : v === null || v === undefined;

/** A row's values by column (from 0): numbers and booleans as text, dates as dates. */
function values(cells: SheetCell[]): unknown[] {
  const out: unknown[] = [];
  for (const c of cells) {
    out[c.column - 1] = typeof c.value === "number" || typeof c.value === "boolean"
      ? String(c.value)
      : c.value;
  }
  return out;
}

/** Takes the rows in order (row 1 names the columns) and keeps a record of each non-blank row. */
class Records implements SheetVisitor {
  #header: (string | undefined)[] | null = null;
  #list: SourceRecord[] = [];

  row(row: number, sheetCells: SheetCell[]) {
    const cells = values(sheetCells);
    if (row === 1) {
      this.#header = cells.map((h) => columnByLower.get(String(h ?? "").trim().toLowerCase()));
      if (!this.#header.includes("code")) throw validation("sync.noCodeColumn");
      return;
    }
    if (cells.every(blank)) return;
    if (!this.#header) throw validation("sync.noCodeColumn");
    const data: Record<string, unknown> = {};
    this.#header.forEach((name, col) => {
      if (name) data[name] = cells[col] ?? null;
    });
    this.#list.push({ row, data });
  }

  finish(): SourceRecord[] {
    if (!this.#header) throw validation("sync.noCodeColumn");
    return this.#list;
  }
}

/**
 * Supplier records from an .xlsx workbook (first sheet) or a UTF-8 .csv file whose first row names
 * the columns, read within IMPORT_LIMITS: the first limit reached refuses the whole file.
 */
export async function readRecordsFromFile(source: FileSource): Promise<SourceRecord[]> {
  const bytes = await openBytes(source);
  try {
    const records = new Records();
    if (looksLikeZip(await bytes.read(0, 4))) await readXlsx(bytes, SHEET_LIMITS, records);
    else await readCsv(bytes, SHEET_LIMITS, records);
    return records.finish();
  } catch (err) {
    throw err instanceof SpreadsheetRefused ? refusal(err) : err;
  } finally {
    bytes.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A JSON list, one element at a time
// ---------------------------------------------------------------------------------------------

/** Where the JSON value starting at `i` ends (strings and nesting skipped, not checked). */
function valueEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) {
      for (j++; j < text.length && text.charCodeAt(j) !== 34; j++) {
        if (text.charCodeAt(j) === 92) j++;
      }
      if (depth === 0) return j + 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth <= 0) return depth < 0 ? j : j + 1;
    } else if (depth === 0 && (c === 44 || c === 32 || c === 10 || c === 13 || c === 9)) return j;
  }
  return text.length;
}

const malformed = (): never => {
  throw new SyntaxError("malformed JSON list");
};

const space = /[ \t\n\r]*/y;
const skipSpace = (text: string, i: number) => {
  space.lastIndex = i;
  space.test(text);
  return space.lastIndex;
};

/**
 * The elements of a JSON array, or of the array under `items` of a JSON object (null for anything
 * else), each parsed on its own with a pause between them: a long list never holds the event loop
 * the way one JSON.parse of it would. Malformed JSON throws a SyntaxError.
 */
export async function parseJsonList(text: string): Promise<unknown[] | null> {
  const pause = turns();
  let i = skipSpace(text, 0);
  const wrapped = text[i] === "{";
  if (wrapped) {
    // Find the top-level "items" key; other members are skipped.
    i = skipSpace(text, i + 1);
    for (;;) {
      if (text[i] !== '"') return text[i] === "}" ? null : malformed();
      const keyEnd = valueEnd(text, i);
      const key = JSON.parse(text.slice(i, keyEnd));
      i = skipSpace(text, keyEnd);
      if (text[i] !== ":") return malformed();
      i = skipSpace(text, i + 1);
      if (key === "items" && text[i] === "[") break;
      i = skipSpace(text, valueEnd(text, i));
      if (text[i] !== ",") return text[i] === "}" ? null : malformed();
      i = skipSpace(text, i + 1);
      await pause();
    }
  } else if (text[i] !== "[") {
    JSON.parse(text); // a valid JSON value that is not a list answers null
    return null;
  }
  const list: unknown[] = [];
  i = skipSpace(text, i + 1);
  if (text[i] === "]") return list;
  for (;;) {
    const end = valueEnd(text, i);
    list.push(JSON.parse(text.slice(i, end)));
    i = skipSpace(text, end);
    // After a bare list, nothing may follow; after `items`, the object's other members may.
    if (text[i] === "]") {
      return !wrapped && skipSpace(text, i + 1) < text.length ? malformed() : list;
    }
    if (text[i] !== ",") return malformed();
    i = skipSpace(text, i + 1);
    await pause();
  }
}
