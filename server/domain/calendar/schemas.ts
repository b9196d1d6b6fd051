// Inputs of the working-day calendar; shared by HTTP, CLI and client.
import { z } from "zod";
import { CALENDAR_LIMITS } from "./limits.ts";

export const calendarYearInput = z.object({
  year: z.coerce.number().int().min(CALENDAR_LIMITS.firstYear).max(CALENDAR_LIMITS.lastYear),
});

export const calendarDateInput = z.object({ date: z.string().trim().max(32) });

export const calendarImportForm = z.object({
  file: z.instanceof(File, { message: "files.missing" }),
  /** true: read and report only (the preview before the confirmation). */
  dryRun: z.stringbool().default(false),
});
