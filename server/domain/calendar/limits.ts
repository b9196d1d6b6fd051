// What an official schedule file may hold. A year's schedule is some twenty events; the limits
// leave room for a feed of many years and stop a file that is something else early, with a
// message that names the limit and the line or row where it was reached.
import { type DomainError, fieldError } from "../errors.ts";
import type { SheetLimits } from "../shared/spreadsheet.ts";
import type { SpreadsheetRefused } from "../shared/xlsxParts.ts";

export const CALENDAR_LIMITS = {
  /** Bytes of the file (a year's .ics from a feed is about 6 KB; every year since 2004, 25 KB). */
  fileBytes: 1024 * 1024,
  /** Bytes of one .ics line once its folded continuations are joined. */
  lineBytes: 4096,
  /** Events in one .ics file. */
  events: 1000,
  /** Days one event may span. */
  eventDays: 31,
  /** Data rows of a .csv or .xlsx file (below an optional header row). */
  rows: 5000,
  /** Columns of a .csv or .xlsx file holding a value, in any row. */
  columns: 100,
  /** Row and cell elements of the sheet (lines and fields of a .csv), empty ones included. */
  cells: 50_000,
  /** Entries of a workbook's shared string table, and their characters in all. */
  strings: 20_000,
  stringChars: 1_000_000,
  /** Characters in one cell of a .csv or .xlsx file. */
  cellChars: 2_000,
  /** Uncompressed MB of the workbook parts read: workbook, styles, shared strings, first sheet. */
  unpackedMb: 16,
  /** Characters of a holiday's name. */
  nameChars: 100,
  /** The years a schedule may be loaded for. */
  firstYear: 2000,
  lastYear: 2100,
} as const;

/** A refusal of the whole file: nothing is changed. */
export const importError = (key: string, params?: Record<string, unknown>) =>
  fieldError("file", key, params);

/** The limits of a .csv or .xlsx schedule, for the spreadsheet reader (row 1 may be a header). */
export const SHEET_LIMITS: SheetLimits = {
  unpackedBytes: CALENDAR_LIMITS.unpackedMb * 1024 * 1024,
  rows: CALENDAR_LIMITS.rows + 1,
  columns: CALENDAR_LIMITS.columns,
  cells: CALENDAR_LIMITS.cells,
  strings: CALENDAR_LIMITS.strings,
  stringChars: CALENDAR_LIMITS.stringChars,
  cellChars: CALENDAR_LIMITS.cellChars,
};

const fmt = (n: number) => n.toLocaleString("en-US");

/** A limit of a .csv or .xlsx schedule reached, in the words of the calendar import. */
export function spreadsheetRefusal(err: SpreadsheetRefused): DomainError {
  const { row, column } = err;
  switch (err.reason) {
    case "rows":
      return importError("calendar.import.tooManyRows", { row, max: CALENDAR_LIMITS.rows });
    case "columns":
      return importError("calendar.import.tooManyColumns", {
        row,
        column: fmt(column),
        max: CALENDAR_LIMITS.columns,
      });
    case "cellChars":
      return importError("calendar.import.cellTooLong", {
        row,
        column,
        max: fmt(CALENDAR_LIMITS.cellChars),
      });
    case "cells":
      return importError("calendar.import.tooManyCells", { row, max: fmt(CALENDAR_LIMITS.cells) });
    case "strings":
      return importError("calendar.import.tooManyStrings", {
        max: fmt(CALENDAR_LIMITS.strings),
        chars: fmt(CALENDAR_LIMITS.stringChars),
      });
    case "unpacked":
      return importError("calendar.import.tooLargeUnpacked", { max: CALENDAR_LIMITS.unpackedMb });
    case "unreadable":
      return importError("calendar.import.unreadable");
  }
}
