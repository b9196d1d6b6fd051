// Loading a year's official schedule from a file: read and checked whole first (readOfficialFile),
// then, unless it is a dry run, written in one transaction. Each year in which the file names a
// public holiday is replaced as a whole and counts as loaded from then on; a make-up working day
// in a year the file has no holiday in (a Saturday at the end of December worked for the coming
// New Year) is added to that year and leaves the rest of it as it was.
import { eq, inArray, sql } from "drizzle-orm";
import { calendarDays, calendarYears } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import type { FileSource } from "../shared/fileBytes.ts";
import { type OfficialDay, type OfficialFile, readOfficialFile } from "./read.ts";
import { transaction } from "../../../db/client.ts";

type Counts = { holidays: number; workdays: number };

type ImportYear = Counts & {
  year: number;
  /** replace: the year's schedule becomes the file's; add: the file's days join what is there. */
  action: "replace" | "add";
  /** What the year held before: whether it was loaded, and its days. */
  before: Counts & { loaded: boolean };
};

export type CalendarImport = {
  dryRun: boolean;
  fileName: string;
  format: OfficialFile["format"];
  years: ImportYear[];
  days: OfficialDay[];
};

const count = (days: { kind: string }[]): Counts => ({
  holidays: days.filter((d) => d.kind === "holiday").length,
  workdays: days.filter((d) => d.kind === "workday").length,
});

/**
 * Reads an official schedule file and, unless `dryRun`, loads it. A file that cannot be read, or
 * breaks a limit, is refused whole before anything changes.
 */
export async function importOfficialFile(
  deps: Deps,
  source: FileSource,
  opts: { fileName: string; dryRun?: boolean; by?: string | null },
): Promise<CalendarImport> {
  const file = await readOfficialFile(source);
  const yearOf = (d: { date: string }) => Number(d.date.slice(0, 4));
  const fileYears = [...new Set(file.days.map(yearOf))].sort((a, b) => a - b);
  const replaced = new Set(file.days.filter((d) => d.kind === "holiday").map(yearOf));
  const loaded = new Set(
    (await deps.db.select({ year: calendarYears.year }).from(calendarYears)
      .where(inArray(calendarYears.year, fileYears))).map((r) => r.year),
  );
  const existing = await deps.db.select({ year: calendarDays.year, kind: calendarDays.kind })
    .from(calendarDays).where(inArray(calendarDays.year, fileYears));
  const years: ImportYear[] = fileYears.map((year) => ({
    year,
    action: replaced.has(year) ? "replace" : "add",
    ...count(file.days.filter((d) => yearOf(d) === year)),
    before: { loaded: loaded.has(year), ...count(existing.filter((d) => d.year === year)) },
  }));
  const report = {
    dryRun: !!opts.dryRun,
    fileName: opts.fileName,
    format: file.format,
    years,
    days: file.days,
  };
  if (opts.dryRun) return report;

  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    for (const year of replaced) {
      await tx.delete(calendarDays).where(eq(calendarDays.year, year));
      const row = { source: opts.fileName, loadedAt: now, loadedBy: opts.by ?? null };
      await tx.insert(calendarYears).values({ year, ...row })
        .onConflictDoUpdate({ target: calendarYears.year, set: row });
    }
    for (let i = 0; i < file.days.length; i += 500) {
      await tx.insert(calendarDays).values(
        file.days.slice(i, i + 500).map((d) => ({
          date: d.date,
          year: yearOf(d),
          kind: d.kind,
          name: d.name,
          nameEn: null,
        })),
      ).onConflictDoUpdate({
        target: calendarDays.date,
        set: {
          kind: sql`excluded.kind`,
          name: sql`excluded.name`,
          nameEn: sql`excluded.name_en`,
        },
      });
    }
  });
  return report;
}
