// The parts of an .xlsx archive read as streams: found through the zip's central directory,
// inflated a kilobyte at a time with the uncompressed bytes counted as they come out (a part that
// unpacks past the limit is refused there, whatever its header claims), and their XML scanned as it
// arrives by a small scanner that keeps no more than one tag at a time.
import { Inflate } from "fflate";
import type { Bytes } from "./fileBytes.ts";

/** Why a spreadsheet was refused: which limit it reached, and where (row and column, from 1). */
export type RefusalReason =
  | "unreadable"
  | "unpacked"
  | "rows"
  | "columns"
  | "cells"
  | "strings"
  | "cellChars";

/** A spreadsheet refused by the reader; each caller says it in its own words. */
export class SpreadsheetRefused extends Error {
  constructor(readonly reason: RefusalReason, readonly row = 0, readonly column = 0) {
    super(`spreadsheet refused: ${reason}${row ? ` at row ${row}` : ""}`);
  }
}

export const unreadable = () => new SpreadsheetRefused("unreadable");

// ---------------------------------------------------------------------------------------------
// XML, scanned as it arrives
// ---------------------------------------------------------------------------------------------

export type XmlHandler = {
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
export function attr(attrs: string, name: string): string | undefined {
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

export type ZipEntry = { method: number; compressed: number; size: number; offset: number };

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** Whether a file starts as a zip archive does (a local file header, "PK\x03\x04"). */
export const looksLikeZip = (head: Uint8Array) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;

/** The archive's entries by lower-case name, from its central directory. */
export async function zipEntries(bytes: Bytes): Promise<Map<string, ZipEntry>> {
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

/**
 * Compressed bytes handed to the inflater at once: at most about 1 MB of XML comes out of it, which
 * the scanner reads in a few milliseconds before the reader may pause.
 */
const SLICE = 1024;
/** Compressed bytes read from the file at once. */
const BLOCK = 64 * 1024;

/**
 * Inflates one entry into `handler` as XML, counting the uncompressed bytes against `budget` as
 * they come out: a part that unpacks past the limit is refused there, not after. `afterSlice` runs
 * after each slice (the caller pauses there, and hands on what the slice completed); answering
 * false stops the reading of this part.
 */
export async function readPart(
  bytes: Bytes,
  entry: ZipEntry,
  budget: { left: number },
  handler: XmlHandler,
  afterSlice: () => Promise<boolean>,
) {
  if (entry.size > budget.left) throw new SpreadsheetRefused("unpacked");
  if (entry.method !== 0 && entry.method !== 8) throw unreadable();
  const local = await bytes.read(entry.offset, 30);
  if (local.length < 30 || u32(local, 0) !== 0x04034b50) throw unreadable();
  const start = entry.offset + 30 + u16(local, 26) + u16(local, 28);
  if (start + entry.compressed > bytes.size) throw unreadable();
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const take = (data: Uint8Array, final: boolean) => {
    budget.left -= data.length;
    if (budget.left < 0) throw new SpreadsheetRefused("unpacked");
    scanner.feed(decoder.decode(data, { stream: !final }));
  };
  const inflater = entry.method === 8 ? new Inflate(take) : null;
  /** Runs a step of inflating and scanning: anything but a refusal is a damaged part. */
  const step = (run: () => void) => {
    try {
      run();
    } catch (err) {
      throw err instanceof SpreadsheetRefused ? err : unreadable();
    }
  };
  if (!entry.compressed) step(() => take(new Uint8Array(0), true));
  for (let done = 0; done < entry.compressed; done += BLOCK) {
    const block = await bytes.read(start + done, Math.min(BLOCK, entry.compressed - done));
    if (block.length < Math.min(BLOCK, entry.compressed - done)) throw unreadable();
    for (let i = 0; i < block.length; i += SLICE) {
      const slice = block.subarray(i, i + SLICE);
      const final = done + i + slice.length >= entry.compressed;
      step(() => (inflater ? inflater.push(slice, final) : take(slice, final)));
      if (!(await afterSlice())) return;
    }
  }
  step(() => scanner.end());
}
