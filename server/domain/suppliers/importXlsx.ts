// The first sheet of an .xlsx workbook read as a stream: its parts found through the zip's central
// directory and inflated a kilobyte at a time, the uncompressed bytes counted as they come out (a
// part that unpacks past the limit is refused there, whatever its header claims), and its XML
// scanned as it arrives, building only the rows and cells that are there.
import { Inflate } from "fflate";
import { DomainError } from "../errors.ts";
import {
  type Bytes,
  cellTooLong,
  IMPORT_LIMITS,
  place,
  type RowSink,
  tooLargeUnpacked,
  unreadable,
} from "./importRows.ts";

// ---------------------------------------------------------------------------------------------
// XML, scanned as it arrives
// ---------------------------------------------------------------------------------------------

type XmlHandler = {
  /** An element's start: its local name (no prefix), its raw attributes, and whether it is empty. */
  open(name: string, attrs: string, empty: boolean): void;
  close(name: string): void;
  /** Character data, entities decoded (a piece at a time: one text may come in several calls). */
  text(text: string): void;
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (all, e: string) => {
    if (e[0] !== "#") return ENTITIES[e];
    const code = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

const attrPatterns = new Map<string, RegExp>();

/** An attribute's value from an element's raw attributes (any namespace prefix), decoded. */
function attr(attrs: string, name: string): string | undefined {
  let pattern = attrPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attrPatterns.set(name, pattern);
  }
  const m = pattern.exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2]) : undefined;
}

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

/** The longest markup kept while waiting for its end; no element of a workbook comes near it. */
const MAX_MARKUP = 64 * 1024;

/** What can end a tag, or begin a quoted attribute value in which ">" does not end it. */
const TAG_STOP = /["'>]/g;

/** A small, non-validating XML scanner fed text in pieces; no DTDs, no custom entities. */
class XmlScanner {
  #rest = "";
  constructor(private handler: XmlHandler) {}

  feed(chunk: string) {
    const s = this.#rest + chunk;
    let i = 0;
    for (;;) {
      const lt = s.indexOf("<", i);
      if (lt < 0) {
        // Text to the end; a reference cut in two waits for its other half.
        const amp = s.lastIndexOf("&");
        const cut = amp >= i && amp > s.length - 12 && !s.includes(";", amp) ? amp : s.length;
        if (cut > i) this.handler.text(decodeEntities(s.slice(i, cut)));
        this.#rest = s.slice(cut);
        return;
      }
      if (lt > i) this.handler.text(decodeEntities(s.slice(i, lt)));
      const end = this.#markup(s, lt);
      if (end < 0) {
        this.#rest = s.slice(lt);
        if (this.#rest.length > MAX_MARKUP) throw unreadable();
        return;
      }
      i = end;
    }
  }

  /** Handles the markup starting at `lt`; answers where it ends, or -1 when it is not all here. */
  #markup(s: string, lt: number): number {
    const next = s.charCodeAt(lt + 1);
    if (next === 63 || next === 33) return this.#special(s, lt); // <? or <!
    // The tag's end: the first ">" outside a quoted attribute value.
    let e = lt + 1;
    for (;;) {
      TAG_STOP.lastIndex = e;
      const stop = TAG_STOP.exec(s);
      if (!stop) return -1;
      e = stop.index;
      if (stop[0] === ">") break;
      const closing = s.indexOf(stop[0], e + 1);
      if (closing < 0) return -1;
      e = closing + 1;
    }
    if (next === 47) { // </
      this.handler.close(localName(s.slice(lt + 2, e).trim()));
      return e + 1;
    }
    const empty = s.charCodeAt(e - 1) === 47;
    const body = s.slice(lt + 1, empty ? e - 1 : e);
    const m = /^[^\s/>]+/.exec(body);
    if (!m) throw unreadable();
    const name = localName(m[0]);
    this.handler.open(name, body.slice(m[0].length), empty);
    if (empty) this.handler.close(name);
    return e + 1;
  }

  /** A processing instruction, comment or CDATA section (text); a DTD is refused. */
  #special(s: string, lt: number): number {
    if (s.length - lt < 9 && s.indexOf(">", lt) < 0) return -1;
    if (s.startsWith("<?", lt)) {
      const e = s.indexOf("?>", lt + 2);
      return e < 0 ? -1 : e + 2;
    }
    if (s.startsWith("<!--", lt)) {
      const e = s.indexOf("-->", lt + 4);
      return e < 0 ? -1 : e + 3;
    }
    if (s.startsWith("<![CDATA[", lt)) {
      const e = s.indexOf("]]>", lt + 9);
      if (e < 0) return -1;
      this.handler.text(s.slice(lt + 9, e));
      return e + 3;
    }
    throw unreadable(); // a DTD (or a stray "<!"): never in a workbook part
  }

  end() {
    if (this.#rest.trim()) throw unreadable();
  }
}

// ---------------------------------------------------------------------------------------------
// Zip
// ---------------------------------------------------------------------------------------------

type ZipEntry = { method: number; compressed: number; size: number; offset: number };

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** The archive's entries by lower-case name, from its central directory. */
async function zipEntries(bytes: Bytes): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(bytes.size, 22 + 0xffff);
  const tail = await bytes.read(bytes.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (u32(tail, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = u16(tail, eocd + 10);
  const dirSize = u32(tail, eocd + 12);
  const dirOffset = u32(tail, eocd + 16);
  if (dirOffset + dirSize > bytes.size) throw unreadable();
  const dir = await bytes.read(dirOffset, dirSize);
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > dir.length || u32(dir, at) !== 0x02014b50) throw unreadable();
    const nameLength = u16(dir, at + 28);
    const name = names.decode(dir.subarray(at + 46, at + 46 + nameLength)).toLowerCase();
    entries.set(name, {
      method: u16(dir, at + 10),
      compressed: u32(dir, at + 20),
      size: u32(dir, at + 24),
      offset: u32(dir, at + 42),
    });
    if (u16(dir, at + 8) & 1) throw unreadable(); // encrypted
    at += 46 + nameLength + u16(dir, at + 30) + u16(dir, at + 32);
  }
  return entries;
}

/** Compressed bytes handed to the inflater at once: at most about 4 MB comes out of it. */
const SLICE = 4096;

/**
 * Inflates one entry into `scanner` as text, counting the uncompressed bytes against `budget` as
 * they come out: a part that unpacks past the limit is refused there, not after.
 */
async function scanEntry(
  bytes: Bytes,
  entry: ZipEntry,
  budget: { left: number },
  scanner: XmlScanner,
  pause: () => Promise<void>,
) {
  if (entry.size > budget.left) throw tooLargeUnpacked();
  if (entry.method !== 0 && entry.method !== 8) throw unreadable();
  const local = await bytes.read(entry.offset, 30);
  if (local.length < 30 || u32(local, 0) !== 0x04034b50) throw unreadable();
  const start = entry.offset + 30 + u16(local, 26) + u16(local, 28);
  if (start + entry.compressed > bytes.size) throw unreadable();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const take = (data: Uint8Array, final: boolean) => {
    budget.left -= data.length;
    if (budget.left < 0) throw tooLargeUnpacked();
    scanner.feed(decoder.decode(data, { stream: !final }));
  };
  const inflater = entry.method === 8 ? new Inflate(take) : null;
  const BLOCK = 64 * 1024;
  try {
    if (!entry.compressed) take(new Uint8Array(0), true);
    for (let done = 0; done < entry.compressed; done += BLOCK) {
      const block = await bytes.read(start + done, Math.min(BLOCK, entry.compressed - done));
      for (let i = 0; i < block.length; i += SLICE) {
        const slice = block.subarray(i, i + SLICE);
        const final = done + i + slice.length >= entry.compressed;
        if (inflater) inflater.push(slice, final);
        else take(slice, final);
        await pause();
      }
    }
    scanner.end();
  } catch (err) {
    throw err instanceof DomainError ? err : unreadable();
  }
}

// ---------------------------------------------------------------------------------------------
// Workbook
// ---------------------------------------------------------------------------------------------

/** Built-in number formats that show dates and times (27-36 and 50-58: the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  ...[14, 15, 16, 17, 18, 19, 20, 21, 22],
  ...[27, 28, 29, 30, 31, 32, 33, 34, 35, 36],
  ...[45, 46, 47],
  ...[50, 51, 52, 53, 54, 55, 56, 57, 58],
]);

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

export async function readXlsx(bytes: Bytes, records: RowSink, pause: () => Promise<void>) {
  const entries = await zipEntries(bytes);
  const budget = { left: IMPORT_LIMITS.unpackedMb * 1024 * 1024 };
  const scan = async (path: string, handler: XmlHandler) => {
    const entry = entries.get(path);
    if (entry) await scanEntry(bytes, entry, budget, new XmlScanner(handler), pause);
    return !!entry;
  };
  const ignore = () => {};

  // The first sheet, and whether dates count from 1904.
  let firstSheet: string | undefined;
  let date1904 = false;
  const found = await scan("xl/workbook.xml", {
    open(name, attrs) {
      if (name === "sheet" && firstSheet === undefined) firstSheet = attr(attrs, "id");
      if (name === "workbookPr") date1904 = /^(1|true)$/.test(attr(attrs, "date1904") ?? "");
    },
    close: ignore,
    text: ignore,
  });
  if (!found || !firstSheet) throw unreadable();

  const targets = new Map<string, string>();
  let sharedStringsPath: string | undefined;
  let stylesPath: string | undefined;
  await scan("xl/_rels/workbook.xml.rels", {
    open(name, attrs) {
      if (name !== "Relationship") return;
      const target = partPath(attr(attrs, "Target") ?? "");
      const type = attr(attrs, "Type") ?? "";
      targets.set(attr(attrs, "Id") ?? "", target);
      if (type.endsWith("/sharedStrings")) sharedStringsPath = target;
      if (type.endsWith("/styles")) stylesPath = target;
    },
    close: ignore,
    text: ignore,
  });
  const sheetPath = targets.get(firstSheet);
  if (!sheetPath || !entries.has(sheetPath)) throw unreadable();

  // Which cell styles show dates.
  const customFormats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  if (stylesPath) {
    await scan(stylesPath, {
      open(name, attrs) {
        if (name === "numFmt") {
          customFormats.set(Number(attr(attrs, "numFmtId")), attr(attrs, "formatCode") ?? "");
        } else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) {
          styleFormats.push(Number(attr(attrs, "numFmtId") ?? 0));
        }
      },
      close(name) {
        if (name === "cellXfs") inCellXfs = false;
      },
      text: ignore,
    });
  }
  const dateStyles = new Set(
    styleFormats.flatMap((id, style) => {
      const custom = customFormats.get(id);
      const date = custom === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(custom);
      return date ? [style] : [];
    }),
  );

  // Shared strings; one longer than a cell may be is kept as null and refused where it is used.
  const shared: (string | null)[] = [];
  if (sharedStringsPath) {
    let current = "";
    let inText = false;
    let phonetic = false;
    await scan(sharedStringsPath, {
      open(name) {
        if (name === "si") current = "";
        else if (name === "t") inText = !phonetic;
        else if (name === "rPh") phonetic = true;
      },
      close(name) {
        if (name === "t") inText = false;
        else if (name === "rPh") phonetic = false;
        else if (name === "si") {
          shared.push(current.length > IMPORT_LIMITS.cellChars ? null : current);
        }
      },
      text(text) {
        if (inText && current.length <= IMPORT_LIMITS.cellChars) current += text;
      },
    });
  }

  await scan(sheetPath, sheetHandler(records, shared, dateStyles, date1904));
}

/** Column number of a cell reference such as "AB12" (0 when it has no letters). */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
  }
  return n;
}

/** The rows of a worksheet, cell by cell, to `records`: no row or cell is made that is not there. */
function sheetHandler(
  records: RowSink,
  shared: (string | null)[],
  dateStyles: Set<number>,
  date1904: boolean,
): XmlHandler {
  let row = 0;
  let cells: unknown[] = [];
  let column = 0;
  let type = "n";
  let style = 0;
  let value = "";
  let collecting = false;
  let inlineText = false;
  let phonetic = false;

  const cellValue = (): unknown => {
    switch (type) {
      case "s": {
        const s = value.trim() === "" ? "" : shared[Number(value)];
        if (s === null) throw cellTooLong(row, column);
        return s ?? "";
      }
      case "b":
        return value.trim() === "" ? null : String(value.trim() === "1");
      case "n": {
        const n = Number(value);
        if (value.trim() === "" || !Number.isFinite(n)) return value || null;
        if (!dateStyles.has(style)) return String(n);
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
        if (!Number.isInteger(row) || row < 1) throw unreadable();
        cells = [];
        column = 0;
      } else if (name === "c") {
        const ref = attr(attrs, "r");
        column = ref ? columnOf(ref) || column + 1 : column + 1;
        type = attr(attrs, "t") ?? "n";
        style = Number(attr(attrs, "s") ?? 0);
        value = "";
      } else if (name === "v") collecting = true;
      else if (name === "is") inlineText = true;
      else if (name === "t") collecting = inlineText && !phonetic;
      else if (name === "rPh") phonetic = true;
    },
    close(name) {
      if (name === "v" || name === "t") collecting = false;
      else if (name === "is") inlineText = false;
      else if (name === "rPh") phonetic = false;
      else if (name === "c") place(cells, row, column, cellValue());
      else if (name === "row") records.add(row, cells);
    },
    text(text) {
      if (!collecting) return;
      value += text;
      if (value.length > IMPORT_LIMITS.cellChars) throw cellTooLong(row, column);
    },
  };
}
