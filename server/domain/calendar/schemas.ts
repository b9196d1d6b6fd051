// Inputs of the working-day calendar; shared by HTTP, CLI and client.
import { z } from "zod";
import { CALENDAR_LIMITS } from "./limits.ts";
import { isoDay, isoInstant } from "../shared/results.ts";

export const calendarYearInput = z.object({
  year: z.coerce.number().int().min(CALENDAR_LIMITS.firstYear).max(CALENDAR_LIMITS.lastYear)
    .describe("The year (four digits)."),
});

export const calendarDateInput = z.object({
  date: z.string().trim().max(32).describe("The day, YYYY-MM-DD (anything after it is ignored)."),
});

export const calendarImportForm = z.object({
  file: z.instanceof(File, { message: "files.missing" }).describe(
    "The official schedule: an .ics, .csv or .xlsx file.",
  ),
  /** true: read and report only (the preview before the confirmation). */
  dryRun: z.stringbool().default(false).describe(
    "true: read the file and report what would change, without changing anything.",
  ),
});

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

const holidayKind = z.enum(["holiday", "workday"]).describe(
  "holiday (an official day off) or workday (an official make-up working day).",
);
const dayName = z.string().describe("The day's name as the schedule gives it (春节).");
const dayNameEn = z.string().nullable().describe("The day's name in English, or null.");

/** A year whose official schedule is loaded. */
const loadedYear = z.object({
  year: z.int().describe("The year."),
  source: z.string().describe("Where the schedule came from (the file's name)."),
  loadedAt: isoInstant.describe("When it was loaded."),
  loadedBy: z.string().nullable().describe("Who loaded it (user name), or null."),
  holidays: z.int().describe("How many official days off it has."),
  workdays: z.int().describe("How many official make-up working days it has."),
});

/** A year of the calendar (GetYear). */
export const calendarYearResult = z.object({
  year: z.int().describe("The year."),
  loaded: loadedYear.nullable().describe("The year's official schedule; null when not loaded."),
  days: z.array(
    z.object({
      date: isoDay.describe("The day."),
      kind: holidayKind,
      name: dayName,
      nameEn: dayNameEn,
    }),
  ).describe("The year's official days, by date."),
  companyDays: z.array(
    z.object({
      date: isoDay.describe("The day."),
      working: z.boolean().describe("true: the company works that day; false: a day off."),
      name: dayName,
      nameEn: dayNameEn,
    }),
  ).describe("The company's own days of the year (the data dictionary's), which come first."),
  years: z.array(loadedYear).describe("Every year whose official schedule is loaded."),
});

const counts = {
  holidays: z.int().describe("How many official days off."),
  workdays: z.int().describe("How many official make-up working days."),
};

/** What an import of official days read, and what it changed or would change. */
export const calendarImportResult = z.object({
  dryRun: z.boolean().describe("true: nothing was changed (a preview)."),
  fileName: z.string().describe("The file's name."),
  format: z.enum(["ics", "csv", "xlsx"]).describe("How the file was read."),
  years: z.array(
    z.object({
      ...counts,
      year: z.int().describe("The year."),
      action: z.enum(["replace", "add"]).describe(
        "replace: the year's schedule becomes the file's; add: the file's days join what is there.",
      ),
      before: z.object({
        ...counts,
        loaded: z.boolean().describe("Whether the year was loaded before."),
      }).describe("What the year held before."),
    }),
  ).describe("Each year the file has days of, with its counts in the file."),
  days: z.array(
    z.object({
      date: isoDay.describe("The day."),
      kind: holidayKind,
      name: dayName,
      line: z.int().describe("The line (or row) of the file it was read from."),
    }),
  ).describe("Every day read from the file."),
});

/** One day judged: whether it is a working day and why. */
export const dayInfoResult = z.object({
  date: isoDay.describe("The day."),
  working: z.boolean().describe("Whether it is a working day."),
  reason: z.union([
    z.object({
      kind: z.enum(["holiday", "companyDayOff", "companyWorkday", "makeUp"]).describe(
        "holiday (official day off), companyDayOff, companyWorkday (the company's own days, which come first) or makeUp (official make-up working day).",
      ),
      name: dayName,
      nameEn: dayNameEn,
    }),
    z.object({
      kind: z.enum(["weekend", "weekday"]).describe("An ordinary Saturday or Sunday, or weekday."),
    }),
  ]).describe("Why the day is, or is not, a working day."),
  officialLoaded: z.boolean().describe(
    "Whether the official schedule of the day's year is loaded.",
  ),
  message: z.string().nullable().describe(
    "Why a deadline may not fall on this day, in the caller's language; null on a working day.",
  ),
  warning: z.string().nullable().describe(
    "A warning that the year's official schedule is not loaded, in the caller's language; null when it is.",
  ),
});

/** Years without an official schedule in which deadlines fall. */
export const deadlineWarningsResult = z.object({
  items: z.array(
    z.object({
      year: z.int().describe("The year."),
      deadlines: z.int().describe(
        "Deadlines in that year of projects not yet published or open for quoting.",
      ),
      message: z.string().describe("The warning to show, in the caller's language."),
    }),
  ).describe("The years, in order."),
  totalCount: z.int().describe("How many years."),
});
