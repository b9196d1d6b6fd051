// Reading an uploaded .xlsx within stated limits, with exceljs' streaming reader. The archive is
// first inflated a slice at a time with its uncompressed bytes counted (a part that unpacks past the
// limit is refused there, whatever its header claims), keeping only the parts a reader needs. Those
// are stored again, uncompressed, in the order exceljs reads best: the workbook, its relations,
// styles and shared strings before the sheets, so that every sheet is read as it streams (never
// parked in a temporary file) and knows its name. exceljs then hands the rows over one at a time.
import type ExcelJS from "exceljs";
import { Unzip, UnzipInflate, zipSync } from "fflate";
import { Readable } from "node:stream";
import { loadExcel } from "./cells.ts";

/** Why a workbook could not be read: not a zip at all, a damaged one, or too big once unpacked. */
export class WorkbookRefused extends Error {
  constructor(readonly reason: "notSpreadsheet" | "unreadable" | "tooLargeUnpacked") {
    super(reason);
  }
}

/** One sheet of the workbook: its name and visibility, and its rows as they are read. */
export type SheetReader = {
  name: string;
  state: string;
  rows: AsyncIterable<ExcelJS.Row>;
};

/** The parts kept, in the order they are stored again (worksheets follow, in their own order). */
const PARTS = [
  "[Content_Types].xml",
  "_rels/.rels",
  "xl/_rels/workbook.xml.rels",
  "xl/workbook.xml",
  "xl/styles.xml",
  "xl/sharedStrings.xml",
];
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
/** Compressed bytes handed to the inflater at once. */
const SLICE = 16 * 1024;

/** A zip file starts with a local file header ("PK\x03\x04"). */
const isZip = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Whether the archive ends with its directory ("PK\x05\x06" in its last 64 KB): a file cut short
 * (a download broken off) has none, and spreadsheet programs refuse it too.
 */
function isWhole(b: Uint8Array): boolean {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06) return true;
  }
  return false;
}

/** The kept parts of the archive, inflated within `unpackedBytes` (all parts counted). */
async function inflateParts(
  bytes: Uint8Array,
  unpackedBytes: number,
  pause: () => Promise<void>,
): Promise<Map<string, Uint8Array>> {
  if (!isZip(bytes)) throw new WorkbookRefused("notSpreadsheet");
  if (!isWhole(bytes)) throw new WorkbookRefused("unreadable");
  const pieces = new Map<string, Uint8Array[]>();
  let left = unpackedBytes;
  let failure: WorkbookRefused | null = null;
  const unzip = new Unzip((file) => {
    const keep = PARTS.includes(file.name) || SHEET.test(file.name);
    const kept: Uint8Array[] = [];
    if (keep) pieces.set(file.name, kept);
    file.ondata = (err, data) => {
      if (failure) return;
      if (err) failure = new WorkbookRefused("unreadable");
      else if ((left -= data.length) < 0) failure = new WorkbookRefused("tooLargeUnpacked");
      else if (keep) kept.push(data);
      if (failure) file.terminate();
    };
    try {
      file.start();
    } catch {
      failure ??= new WorkbookRefused("unreadable"); // an unknown compression method
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
      await pause();
    }
  } catch {
    failure ??= new WorkbookRefused("unreadable");
  }
  if (failure) throw failure;
  if (!pieces.has("xl/workbook.xml") || ![...pieces.keys()].some((k) => SHEET.test(k))) {
    throw new WorkbookRefused("unreadable");
  }
  const out = new Map<string, Uint8Array>();
  for (const [name, parts] of pieces) {
    const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      whole.set(p, at);
      at += p.length;
    }
    out.set(name, whole);
  }
  return out;
}

/**
 * The worksheets of an .xlsx, one at a time, each with its rows read as they are asked for. Every
 * refusal is a WorkbookRefused; a part exceljs cannot parse is "unreadable" too.
 */
export async function* readWorkbook(
  bytes: Uint8Array,
  limits: { unpackedBytes: number },
  pause: () => Promise<void>,
): AsyncGenerator<SheetReader> {
  const parts = await inflateParts(bytes, limits.unpackedBytes, pause);
  const ordered: Record<string, Uint8Array> = {};
  for (const name of PARTS) {
    const part = parts.get(name);
    if (part) ordered[name] = part;
  }
  // A workbook of inline strings only has no shared strings: an empty part keeps exceljs reading
  // the sheets as they come.
  ordered["xl/sharedStrings.xml"] ??= new TextEncoder().encode(
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  );
  for (const [name, part] of parts) if (SHEET.test(name)) ordered[name] = part;
  const Excel = await loadExcel();
  const reader = new Excel.stream.xlsx.WorkbookReader(
    Readable.from([zipSync(ordered, { level: 0 })]),
    { worksheets: "emit", sharedStrings: "cache", styles: "cache", hyperlinks: "ignore" },
  );
  try {
    for await (const sheet of reader) {
      const s = sheet as unknown as { name?: string; state?: string };
      yield { name: s.name ?? "", state: s.state ?? "visible", rows: guarded(sheet) };
    }
  } catch (err) {
    throw err instanceof WorkbookRefused ? err : new WorkbookRefused("unreadable");
  }
}

/** A sheet's rows; exceljs failing on a damaged part is an unreadable workbook. */
async function* guarded(sheet: AsyncIterable<ExcelJS.Row>): AsyncGenerator<ExcelJS.Row> {
  try {
    for await (const row of sheet) yield row;
  } catch {
    throw new WorkbookRefused("unreadable");
  }
}
