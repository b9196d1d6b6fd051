// What an official schedule file may hold. A year's schedule is some twenty events; the limits
// leave room for a feed of many years and stop a file that is something else early, with a
// message that names the limit and the line or row where it was reached.
import { fieldError } from "../errors.ts";

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
  /** Characters of a holiday's name. */
  nameChars: 100,
  /** The years a schedule may be loaded for. */
  firstYear: 2000,
  lastYear: 2100,
} as const;

/** A refusal of the whole file: nothing is changed. */
export const importError = (key: string, params?: Record<string, unknown>) =>
  fieldError("file", key, params);
