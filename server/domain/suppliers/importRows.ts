// Supplier records from the sources the ERP offers, read in pieces within stated limits: rows of a
// file (the .csv reader is here, the .xlsx one in importXlsx.ts) and the ERP's JSON list. Each reader
// stops at the first limit with an error that names it, and gives the event loop back every few
// milliseconds, so one source never holds up the server's other calls.
import { DomainError, fieldError, validation } from "../errors.ts";
import { erpColumns } from "./schemas.ts";

export const IMPORT_LIMITS = {
  /** Data rows (suppliers) in one file; the header row is not counted. */
  rows: 10_000,
  /** Columns holding a value, in any row. */
  columns: 100,
  /** Characters in one cell. */
  cellChars: 2_000,
  /** Uncompressed MB of the workbook parts read: workbook, styles, shared strings, first sheet. */
  unpackedMb: 32,
} as const;

/** An import file: its path on disk (an upload the server received, a CLI argument) or its bytes. */
export type ImportSource = string | Uint8Array;

/** One record of a source: its row (header = row 1 for files, 1-based for JSON) and its fields. */
export type SourceRecord = { row: number; data: Record<string, unknown> };

const fmt = (n: number) => n.toLocaleString("en-US");
const tooManyRows = (row: number) =>
  fieldError("file", "sync.fileTooManyRows", {
    max: fmt(IMPORT_LIMITS.rows),
    last: fmt(IMPORT_LIMITS.rows + 1),
    row: fmt(row),
  });
const tooManyColumns = (row: number, column: number) =>
  fieldError("file", "sync.fileTooManyColumns", {
    max: IMPORT_LIMITS.columns,
    row: fmt(row),
    column: fmt(column),
  });
export const cellTooLong = (row: number, column: number) =>
  fieldError("file", "sync.fileCellTooLong", {
    max: fmt(IMPORT_LIMITS.cellChars),
    row: fmt(row),
    column: fmt(column),
  });
export const tooLargeUnpacked = () =>
  fieldError("file", "sync.fileTooLargeUnpacked", { max: IMPORT_LIMITS.unpackedMb });
export const unreadable = () => validation("sync.unreadableFile");

/**
 * A pause to await in a long loop: it gives other calls their turn (a macrotask, so network events
 * run too) once the loop has held the event loop for a few milliseconds, and is free otherwise.
 */
export function turns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < 8) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

// ---------------------------------------------------------------------------------------------
// Bytes
// ---------------------------------------------------------------------------------------------

export type Bytes = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  close(): void;
};

export async function openBytes(source: ImportSource): Promise<Bytes> {
  if (typeof source !== "string") {
    return {
      size: source.length,
      read: (offset, length) => Promise.resolve(source.subarray(offset, offset + length)),
      close() {},
    };
  }
  const file = await Deno.open(source, { read: true });
  const size = (await file.stat()).size;
  return {
    size,
    async read(offset, length) {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      await file.seek(offset, Deno.SeekMode.Start);
      let got = 0;
      while (got < out.length) {
        const n = await file.read(out.subarray(got));
        if (n === null) break;
        got += n;
      }
      return out.subarray(0, got);
    },
    close: () => file.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// Rows to records
// ---------------------------------------------------------------------------------------------

const columnByLower = new Map(erpColumns.map((c) => [c.toLowerCase(), c as string]));
const blank = (v: unknown) =>
  typeof v === "string" ? v.trim() === "" : v === null || v === undefined;

/** Where a file reader hands each row it reads, in order: its number (1-based) and its cells. */
export type RowSink = { add(row: number, cells: unknown[]): void };

/** Takes the rows in order (row 1 names the columns) and keeps a record of each non-blank row. */
export class Records implements RowSink {
  #header: (string | undefined)[] | null = null;
  #list: SourceRecord[] = [];

  add(row: number, cells: unknown[]) {
    if (row === 1) {
      this.#header = cells.map((h) => columnByLower.get(String(h ?? "").trim().toLowerCase()));
      if (!this.#header.includes("code")) throw validation("sync.noCodeColumn");
      return;
    }
    if (cells.every(blank)) return;
    if (row > IMPORT_LIMITS.rows + 1) throw tooManyRows(row);
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

/** Puts a cell's value in its row, within the column limit (a blank cell beyond it is ignored). */
export function place(cells: unknown[], row: number, column: number, value: unknown) {
  if (blank(value)) return;
  if (column > IMPORT_LIMITS.columns) throw tooManyColumns(row, column);
  cells[column - 1] = value;
}

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF)
// ---------------------------------------------------------------------------------------------

class CsvRows {
  #row = 1;
  #cells: unknown[] = [];
  #column = 1;
  #field = "";
  #quoted = false;
  /** A quote inside a quoted field: either the field's end or the first of a doubled quote. */
  #quoteSeen = false;
  /** A carriage return ended the last row: a line feed right after it belongs to it. */
  #afterCr = false;
  #any = false;

  constructor(private records: RowSink) {}

  #append(s: string) {
    if (!s) return;
    this.#field += s;
    this.#any = true;
    if (this.#field.length > IMPORT_LIMITS.cellChars) throw cellTooLong(this.#row, this.#column);
  }

  #endField() {
    place(this.#cells, this.#row, this.#column, this.#field);
    this.#field = "";
    this.#column++;
  }

  #endRow() {
    this.#endField();
    this.records.add(this.#row, this.#cells);
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

export async function readCsv(bytes: Bytes, records: RowSink, pause: () => Promise<void>) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const rows = new CsvRows(records);
  const BLOCK = 64 * 1024;
  for (let offset = 0; offset < bytes.size; offset += BLOCK) {
    const chunk = await bytes.read(offset, BLOCK);
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw unreadable();
    }
    rows.feed(text);
    await pause();
  }
  try {
    rows.feed(decoder.decode());
  } catch (err) {
    throw err instanceof DomainError ? err : unreadable();
  }
  rows.end();
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
