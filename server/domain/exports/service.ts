// The spreadsheet export toolkit (.xlsx through the streaming writer in xlsx.ts): headers in the
// reader's language, text always as text (never a formula). Each area owns
// its export's columns; this module knows no area.
import { xlsxStream } from "./xlsx.ts";
import { DomainError } from "../errors.ts";
import { type Lang, t } from "../../i18n.ts";

export type Column<T> = {
  key: string;
  width?: number;
  /** The header text; by default exports.columns.<key>. */
  header?: (lang: Lang) => string;
  /** A number format for the column, e.g. for dates. */
  numFmt?: string;
  value: (row: T, lang: Lang) => string | number | Date | null;
};

export type XlsxExport = { fileName: string; stream: ReadableStream<Uint8Array>; rows: number };

/**
 * Streams rows into an .xlsx workbook as they come: each batch is read only when the reader wants
 * more bytes, so memory stays flat however many rows there are (see xlsx.ts).
 */
export function streamXlsx<T>(
  sheetName: string,
  columns: Column<T>[],
  lang: Lang,
  batches: AsyncIterable<T[]>,
): ReadableStream<Uint8Array> {
  async function* rows() {
    for await (const batch of batches) {
      yield batch.map((row) => columns.map((c) => c.value(row, lang)));
    }
  }
  return xlsxStream({
    name: sheetName,
    columns: columns.map((c) => ({
      header: c.header ? c.header(lang) : t(lang, `exports.columns.${c.key}`),
      width: c.width,
      numFmt: c.numFmt,
    })),
    rows: rows(),
  });
}

/** Every export refuses an empty list the same way: "no records can be exported" (404). */
export const noRecordsToExport = () => new DomainError("notFound", "exports.noRecords");
