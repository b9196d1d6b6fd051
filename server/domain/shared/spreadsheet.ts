// The one reader of the spreadsheets the server is sent (.xlsx workbooks and UTF-8 .csv files): read
// as a stream, a kilobyte at a time, with every limit of `SheetLimits` checked as the bytes come
// (unpacked size, shared strings, rows, columns, cells, a cell's length), empty rows and cells
// counted too, and a pause every few milliseconds, so that no file holds up the server's other
// calls or its memory whatever its rows claim. Rows are handed over in order, each with the cells
// that hold something; a limit reached throws a SpreadsheetRefused naming it and where.
import type { Bytes } from "./fileBytes.ts";
import { turns } from "./fileBytes.ts";
import {
  attr,
  readPart,
  SpreadsheetRefused,
  unreadable,
  type XmlHandler,
  zipEntries,
} from "./xlsxParts.ts";

/** The most rows and columns a worksheet has (row 1,048,576, column XFD). */
export const SHEET_ROWS = 1_048_576;
export const SHEET_COLUMNS = 16_384;

/** What one file may hold; the first limit reached refuses it. */
export type SheetLimits = {
  /** Uncompressed bytes of the parts read: workbook, relations, styles, shared strings, sheets. */
  unpackedBytes: number;
  /** The row number of a row holding data (a value other than blanks), at most. */
  rows: number;
  /** The column number of a cell holding data, at most (a blank cell beyond it is ignored). */
  columns: number;
  /** Row and cell elements (fields and lines of a .csv) in the sheet read, empty ones included. */
  cells: number;
  /** Entries of the shared string table, and their characters in all. */
  strings: number;
  stringChars: number;
  /** Characters in one cell. */
  cellChars: number;
};

/** One cell holding something: its column (from 1), its value, and how it is shown. */
export type SheetCell = {
  column: number;
  /** Text; a number; a boolean; a date for a number shown as a date (or time). */
  value: string | number | boolean | Date;
  /** Whether the cell holds a formula (its value is then the result last computed, if any). */
  formula: boolean;
  /** A number's format code, when it has one other than General ("0%", "#,##0.00" …). */
  format?: string;
};

/**
 * Where the rows go. `row` is called for each row holding a cell, in order; answering "leave" ends
 * the reading of this sheet. After a sheet (read or left), `nextSheet` says whether to read the
 * next one in tab order as well; without it only the first sheet is read.
 */
export type SheetVisitor = {
  row(row: number, cells: SheetCell[]): void | "leave" | Promise<void | "leave">;
  nextSheet?(): boolean;
};

type PendingRow = { row: number; cells: SheetCell[] };

/** Sheets and relationships a workbook may list, and cell formats its styles may hold. */
const MAX_LISTED = 10_000;
const MAX_FORMATS = 65_536;

const isBlank = (v: SheetCell["value"]) => typeof v === "string" && v.trim() === "";

/** Counts a sheet's elements and checks where a cell holding data is, against the limits. */
class SheetCounter {
  #elements = 0;
  constructor(private limits: SheetLimits) {}

  element(row: number) {
    if (++this.#elements > this.limits.cells) throw new SpreadsheetRefused("cells", row);
  }

  /** Adds a cell to its row's cells, once its place is checked (nothing kept for an empty one). */
  place(cells: SheetCell[], row: number, cell: SheetCell) {
    if (cell.value === "" && !cell.formula) return;
    if (!isBlank(cell.value)) {
      if (cell.column > this.limits.columns || cell.column > SHEET_COLUMNS) {
        throw new SpreadsheetRefused("columns", row, cell.column);
      }
      if (row > this.limits.rows) throw new SpreadsheetRefused("rows", row, cell.column);
    }
    cells.push(cell);
  }

  text(value: string, row: number, column: number) {
    if (value.length > this.limits.cellChars) {
      throw new SpreadsheetRefused("cellChars", row, column);
    }
  }
}

/** Hands the rows read so far to the visitor; false once it has left the sheet. */
async function handOver(pending: PendingRow[], visitor: SheetVisitor): Promise<boolean> {
  for (const r of pending.splice(0)) {
    if ((await visitor.row(r.row, r.cells)) === "leave") return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// .xlsx
// ---------------------------------------------------------------------------------------------

/** Built-in number formats that show dates and times (27-36 and 50-58: the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  ...[14, 15, 16, 17, 18, 19, 20, 21, 22],
  ...[27, 28, 29, 30, 31, 32, 33, 34, 35, 36],
  ...[45, 46, 47],
  ...[50, 51, 52, 53, 54, 55, 56, 57, 58],
]);

/** Codes of the built-in number formats other than dates (ECMA-376, 18.8.30). */
const BUILT_IN_FORMATS: Record<number, string> = {
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "# ?/?",
  13: "# ??/??",
  37: "#,##0 ;(#,##0)",
  38: "#,##0 ;[Red](#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;[Red](#,##0.00)",
  48: "##0.0E+0",
  49: "@",
};

/** Whether a custom number format shows a date or time (d, m, y, h, s outside quotes and []). */
const isDateFormat = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ""));

/** Resolves a relationship target against the folder of the part that names it (xl/). */
function partPath(target: string): string {
  const parts = target.startsWith("/") ? [] : ["xl"];
  for (const p of target.split("/")) {
    if (p === "..") parts.pop();
    else if (p && p !== ".") parts.push(p);
  }
  return parts.join("/").toLowerCase();
}

/** Column number of a cell reference such as "AB12" (0 when it has no letters). */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length && n <= SHEET_COLUMNS; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
  }
  return n;
}

/** How each cell style shows a number: as a date, or with a format code. */
type CellStyles = { dates: Set<number>; formats: Map<number, string> };

const ignore = () => {};

/**
 * Reads an .xlsx workbook: its sheets in tab order (the first only, unless the visitor asks for the
 * next), each row to `visitor`, within `limits`.
 */
export async function readXlsx(bytes: Bytes, limits: SheetLimits, visitor: SheetVisitor) {
  const pause = turns();
  const entries = await zipEntries(bytes);
  const budget = { left: limits.unpackedBytes };
  const scan = async (path: string, handler: XmlHandler, afterSlice?: () => Promise<boolean>) => {
    const entry = entries.get(path);
    if (!entry) return false;
    await readPart(bytes, entry, budget, handler, afterSlice ?? (() => pause().then(() => true)));
    return true;
  };
  const listed = (n: number) => {
    if (n > MAX_LISTED) throw unreadable();
  };

  // The sheets in tab order, and whether dates count from 1904.
  const sheetIds: string[] = [];
  let date1904 = false;
  const found = await scan("xl/workbook.xml", {
    open(name, attrs) {
      if (name === "sheet") listed(sheetIds.push(attr(attrs, "id") ?? ""));
      if (name === "workbookPr") date1904 = /^(1|true)$/.test(attr(attrs, "date1904") ?? "");
    },
    close: ignore,
    text: ignore,
  });
  if (!found || !sheetIds.length) throw unreadable();

  const targets = new Map<string, string>();
  let sharedStringsPath: string | undefined;
  let stylesPath: string | undefined;
  await scan("xl/_rels/workbook.xml.rels", {
    open(name, attrs) {
      if (name !== "Relationship") return;
      const target = partPath(attr(attrs, "Target") ?? "");
      const type = attr(attrs, "Type") ?? "";
      targets.set(attr(attrs, "Id") ?? "", target);
      listed(targets.size);
      if (type.endsWith("/sharedStrings")) sharedStringsPath = target;
      if (type.endsWith("/styles")) stylesPath = target;
    },
    close: ignore,
    text: ignore,
  });
  const firstPath = targets.get(sheetIds[0]);
  if (!firstPath || !entries.has(firstPath)) throw unreadable();

  const styles = stylesPath ? await readStyles((p, h) => scan(p, h), stylesPath) : null;
  const shared = sharedStringsPath
    ? await readSharedStrings((p, h) => scan(p, h), sharedStringsPath, limits)
    : [];

  for (const id of sheetIds) {
    const path = targets.get(id);
    if (!path || !entries.has(path)) throw unreadable();
    const pending: PendingRow[] = [];
    const handler = sheetHandler(limits, shared, styles, date1904, pending);
    let reading = true;
    await scan(path, handler, async () => {
      reading = await handOver(pending, visitor);
      await pause();
      return reading;
    });
    if (reading) await handOver(pending, visitor);
    if (!visitor.nextSheet?.()) return;
  }
}

/** Which cell styles show dates, and the format code of the others. */
async function readStyles(
  scan: (path: string, handler: XmlHandler) => Promise<boolean>,
  path: string,
): Promise<CellStyles> {
  const custom = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await scan(path, {
    open(name, attrs) {
      if (name === "numFmt") {
        custom.set(Number(attr(attrs, "numFmtId")), attr(attrs, "formatCode") ?? "");
        if (custom.size > MAX_FORMATS) throw unreadable();
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        if (styleFormats.push(Number(attr(attrs, "numFmtId") ?? 0)) > MAX_FORMATS) {
          throw unreadable();
        }
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
    text: ignore,
  });
  const styles: CellStyles = { dates: new Set(), formats: new Map() };
  styleFormats.forEach((id, style) => {
    const code = custom.get(id) ?? BUILT_IN_FORMATS[id];
    const date = custom.has(id) ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id);
    if (date) styles.dates.add(style);
    else if (code && code !== "General") styles.formats.set(style, code);
  });
  return styles;
}

/** The shared string table; one longer than a cell may be is kept as null and refused where used. */
async function readSharedStrings(
  scan: (path: string, handler: XmlHandler) => Promise<boolean>,
  path: string,
  limits: SheetLimits,
): Promise<(string | null)[]> {
  const shared: (string | null)[] = [];
  let current = "";
  let chars = 0;
  let inText = false;
  let phonetic = false;
  await scan(path, {
    open(name) {
      if (name === "si") {
        if (shared.length >= limits.strings) throw new SpreadsheetRefused("strings");
        current = "";
      } else if (name === "t") inText = !phonetic;
      else if (name === "rPh") phonetic = true;
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic = false;
      else if (name === "si") shared.push(current.length > limits.cellChars ? null : current);
    },
    text(text) {
      if (!inText) return;
      chars += text.length;
      if (chars > limits.stringChars) throw new SpreadsheetRefused("strings");
      if (current.length <= limits.cellChars) current += text;
    },
  });
  return shared;
}

/** The rows of a worksheet, cell by cell, into `pending`: no row or cell is made that is not there. */
function sheetHandler(
  limits: SheetLimits,
  shared: (string | null)[],
  styles: CellStyles | null,
  date1904: boolean,
  pending: PendingRow[],
): XmlHandler {
  const counter = new SheetCounter(limits);
  let row = 0;
  let cells: SheetCell[] = [];
  let column = 0;
  let type = "n";
  let style = 0;
  let value = "";
  let formula = false;
  let collecting = false;
  let inlineText = false;
  let phonetic = false;

  const cellValue = (): SheetCell["value"] => {
    switch (type) {
      case "s": {
        const s = value.trim() === "" ? "" : shared[Number(value)];
        if (s === null) throw new SpreadsheetRefused("cellChars", row, column);
        return s ?? "";
      }
      case "b":
        return value.trim() === "" ? "" : value.trim() === "1";
      case "n": {
        const n = Number(value);
        if (value.trim() === "" || !Number.isFinite(n)) return value;
        if (!styles?.dates.has(style)) return n;
        return new Date(Math.round((n + (date1904 ? 1462 : 0) - 25569) * 86_400_000));
      }
      default: // inlineStr, str (a formula's text), d (an ISO date), e (an error)
        return value;
    }
  };

  return {
    open(name, attrs) {
      if (name === "row") {
        const r = attr(attrs, "r");
        row = r === undefined ? row + 1 : Number(r);
        if (!Number.isInteger(row) || row < 1 || row > SHEET_ROWS) throw unreadable();
        counter.element(row);
        cells = [];
        column = 0;
      } else if (name === "c") {
        counter.element(row);
        const ref = attr(attrs, "r");
        column = ref ? columnOf(ref) || column + 1 : column + 1;
        type = attr(attrs, "t") ?? "n";
        style = Number(attr(attrs, "s") ?? 0);
        value = "";
        formula = false;
      } else if (name === "v") collecting = true;
      else if (name === "f") formula = true;
      else if (name === "is") inlineText = true;
      else if (name === "t") collecting = inlineText && !phonetic;
      else if (name === "rPh") phonetic = true;
    },
    close(name) {
      if (name === "v" || name === "t") collecting = false;
      else if (name === "is") inlineText = false;
      else if (name === "rPh") phonetic = false;
      else if (name === "c") {
        const v = cellValue();
        const format = typeof v === "number" ? styles?.formats.get(style) : undefined;
        counter.place(cells, row, { column, value: v, formula, ...(format ? { format } : {}) });
      } else if (name === "row" && cells.length) pending.push({ row, cells });
    },
    text(text) {
      if (!collecting) return;
      value += text;
      counter.text(value, row, column);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// .csv (RFC 4180: quoted fields, doubled quotes, CRLF or LF), UTF-8
// ---------------------------------------------------------------------------------------------

class CsvRows {
  #row = 1;
  #cells: SheetCell[] = [];
  #column = 1;
  #field = "";
  #quoted = false;
  /** A quote inside a quoted field: either the field's end or the first of a doubled quote. */
  #quoteSeen = false;
  /** A carriage return ended the last row: a line feed right after it belongs to it. */
  #afterCr = false;
  #any = false;
  #counter: SheetCounter;

  constructor(limits: SheetLimits, private pending: PendingRow[]) {
    this.#counter = new SheetCounter(limits);
  }

  #append(s: string) {
    if (!s) return;
    this.#field += s;
    this.#any = true;
    this.#counter.text(this.#field, this.#row, this.#column);
  }

  #endField() {
    this.#counter.element(this.#row);
    const cell = { column: this.#column, value: this.#field, formula: false };
    this.#counter.place(this.#cells, this.#row, cell);
    this.#field = "";
    this.#column++;
  }

  #endRow() {
    this.#endField();
    this.#counter.element(this.#row);
    if (this.#cells.length) this.pending.push({ row: this.#row, cells: this.#cells });
    this.#row++;
    this.#cells = [];
    this.#column = 1;
    this.#any = false;
  }

  feed(text: string) {
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.#afterCr) {
        this.#afterCr = false;
        if (c === 10) {
          from = i + 1;
          continue;
        }
      }
      if (this.#quoteSeen) {
        this.#quoteSeen = false;
        if (c === 34) {
          this.#append('"');
          from = i + 1;
          continue;
        }
        this.#quoted = false;
      }
      if (this.#quoted) {
        if (c === 34) {
          this.#append(text.slice(from, i));
          this.#quoteSeen = true;
          from = i + 1;
        }
        continue;
      }
      if (c === 34) {
        this.#append(text.slice(from, i));
        this.#quoted = true;
        from = i + 1;
      } else if (c === 44 || c === 10 || c === 13) {
        this.#append(text.slice(from, i));
        if (c === 44) this.#endField();
        else {
          this.#endRow();
          this.#afterCr = c === 13;
        }
        from = i + 1;
      }
    }
    this.#append(text.slice(from));
  }

  end() {
    if (this.#any || this.#cells.length || this.#column > 1) this.#endRow();
  }
}

/** Text read from the file at once: the parser takes a few milliseconds over it. */
const CSV_BLOCK = 64 * 1024;

/** Reads a UTF-8 .csv file, each row to `visitor`, within `limits` (those of a sheet's cells). */
export async function readCsv(bytes: Bytes, limits: SheetLimits, visitor: SheetVisitor) {
  const pause = turns();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const pending: PendingRow[] = [];
  const rows = new CsvRows(limits, pending);
  const feed = (text: () => string) => {
    let decoded: string;
    try {
      decoded = text();
    } catch {
      throw unreadable();
    }
    rows.feed(decoded);
  };
  for (let offset = 0; offset < bytes.size; offset += CSV_BLOCK) {
    const chunk = await bytes.read(offset, CSV_BLOCK);
    feed(() => decoder.decode(chunk, { stream: true }));
    if (!(await handOver(pending, visitor))) return;
    await pause();
  }
  feed(() => decoder.decode());
  rows.end();
  await handOver(pending, visitor);
}
