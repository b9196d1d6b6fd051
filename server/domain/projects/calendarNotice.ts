// The warning of the dashboard: deadlines that fall in a year whose official holiday schedule is
// not loaded, where only weekends count as days off and a public holiday passes for a working day.
import { and, count, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import { calendarYears, offerProjects } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { dateInUtc8, UTC8_OFFSET_MS } from "../shared/time.ts";
import { type Lang, t } from "../../i18n.ts";
import { visibleKinds } from "./rules.ts";
import { clockMovedIdsAt, clockMovedValues, openCondition } from "./statusSql.ts";

/** How far ahead a buyer is taken to choose deadlines: a year starting sooner is warned of. */
const LOOK_AHEAD_DAYS = 45;

export type MissingCalendarYear = {
  year: number;
  /** Deadlines in that year of projects not yet published or open for quoting. */
  deadlines: number;
  message: string;
};

/**
 * Years without official data that matter now, over the kinds the actor may see: those holding the
 * deadline of a project still to be published or open for quoting, and the year of the day
 * LOOK_AHEAD_DAYS from now (deadlines are about to be set in it).
 */
export async function missingCalendarYears(
  deps: Deps,
  actor: Actor,
  lang: Lang,
): Promise<MissingCalendarYear[]> {
  const now = deps.clock.now();
  const kinds = visibleKinds(actor.permissions);
  if (!kinds.length) throw forbidden();
  const open = openCondition(clockMovedValues(await clockMovedIdsAt(deps.db, now)));
  // One row per year (in UTC+8) of the deadlines, counted by SQLite.
  const year = sql<number>`cast(strftime('%Y', (${offerProjects.offerEndTime} + ${UTC8_OFFSET_MS})
    / 1000, 'unixepoch') as integer)`;
  const rows = await deps.db.select({ year, count: count() }).from(offerProjects)
    .where(and(
      inArray(offerProjects.kind, kinds),
      isNotNull(offerProjects.offerEndTime),
      gte(offerProjects.offerEndTime, now),
      or(eq(offerProjects.status, "unpublished"), open),
    )).groupBy(year);
  const deadlines = new Map(rows.map((r) => [Number(r.year), r.count]));
  const ahead = Number(
    dateInUtc8(new Date(now.getTime() + LOOK_AHEAD_DAYS * 86_400_000)).slice(0, 4),
  );
  const years = [...new Set([...deadlines.keys(), ahead])];
  const loaded = new Set(
    (await deps.db.select({ year: calendarYears.year }).from(calendarYears)
      .where(inArray(calendarYears.year, years))).map((r) => r.year),
  );
  return years.filter((y) => !loaded.has(y)).sort((a, b) => a - b).map((year) => {
    const n = deadlines.get(year) ?? 0;
    return {
      year,
      deadlines: n,
      message: t(lang, n ? "calendar.notLoadedDeadlines" : "calendar.notLoaded", {
        year,
        count: n,
      }),
    };
  });
}
