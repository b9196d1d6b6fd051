// The project states of rules.ts said in SQL (so lists can filter and count by them), and the
// counts and award names a project's header shows.
import {
  and,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { offerProjects, offerRounds } from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";

/**
 * The project's id, always with its table's name: inside a subquery an unqualified "id" would be
 * the subquery's own table's (drizzle leaves columns unqualified in a one-table select list).
 */
const p = sql.placeholder;
const projectId = sql`${offerProjects}.${sql.identifier(offerProjects.id.name)}`;

export const supplierCountSql = sql<number>`(select count(*) from offer_project_suppliers s
  where s.project_id = ${projectId})`;
export const quotedCountSql = sql<number>`(select count(distinct q.supplier_id) from quotes q
  where q.project_id = ${projectId} and q.round = 0)`;
export const hasQuotesSql = sql`(${offerProjects.firstQuoteAt} is not null)`;
/** The suppliers of the award in force, by abbreviation (comparison/service.ts records awards). */
export const awardNamesSql = sql<string | null>`(select group_concat(n, ', ') from
  (select s.abbr_name as n from suppliers s where s.id in
    (select coalesce(al.supplier_id, a.supplier_id) from awards a
      left join award_lines al on al.award_id = a.id
      where a.project_id = ${projectId} and a.superseded_at is null)
   order by s.code))`;

/**
 * The projects whose status the clock has moved on from the stored one, at one instant: published
 * projects whose first-round quoting has closed (the endProjects job marks them ended within a
 * minute), and projects inside an optimisation round. Both are few at any time, so a status filter
 * is the stored status (a range of an index) corrected by these ids, not a judgement of every row.
 */
export type ClockMovedIds = { closedByClock: number[]; inRound: number[] };

const closedByClockAt = preparedQuery((db) =>
  db.select({ id: offerProjects.id }).from(offerProjects)
    .where(and(eq(offerProjects.status, "published"), lte(offerProjects.closesAt, p("now"))))
    .prepare()
);
// Not DISTINCT (read from the index on end_time, the rounds not yet over; the ids are made unique
// below): SQLite would read every round through the index on the project to make them distinct.
const inRoundAt = preparedQuery((db) =>
  db.select({ id: offerRounds.projectId }).from(offerRounds)
    .where(and(gt(offerRounds.endTime, p("now")), lte(offerRounds.openedAt, p("now"))))
    .prepare()
);

export async function clockMovedIdsAt(db: DbOrTx, now: Date): Promise<ClockMovedIds> {
  const at = { now: now.getTime() };
  const ids = (rows: { id: number }[]) => [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
  return {
    closedByClock: ids(await closedByClockAt(db).all(at)),
    inRound: ids(await inRoundAt(db).all(at)),
  };
}

/**
 * The clock-moved ids as a status condition reads them: each set as its value (a JSON array) or as
 * the placeholder of a prepared statement, and null when empty (its terms are then left out, so
 * the statement's key says which sets are empty).
 */
export type ClockMovedSets = { closedByClock: unknown | null; inRound: unknown | null };

/** The clock-moved ids as values, for a statement built now. */
export const clockMovedValues = (ids: ClockMovedIds): ClockMovedSets => ({
  closedByClock: ids.closedByClock.length ? JSON.stringify(ids.closedByClock) : null,
  inRound: ids.inRound.length ? JSON.stringify(ids.inRound) : null,
});

/** The clock-moved ids as placeholders named after their sets, for a prepared statement. */
export const clockMovedPlaceholders = (ids: ClockMovedIds): ClockMovedSets => ({
  closedByClock: ids.closedByClock.length ? p("closedByClock") : null,
  inRound: ids.inRound.length ? p("inRound") : null,
});

const inSet = (ids: unknown) => sql`${projectId} in (select value from json_each(${ids}))`;

/**
 * The projects whose display status (rules.ts projectDisplayStatus) is `status` at the instant
 * the clock-moved ids were read at: the stored status, corrected by the few projects the clock
 * moved on.
 */
export function statusCondition(status: string, clockMoved: ClockMovedSets): SQL {
  const { closedByClock, inRound } = clockMoved;
  const stored = (s: typeof offerProjects.$inferSelect.status) => eq(offerProjects.status, s);
  const notClosedByClock = closedByClock === null ? undefined : not(inSet(closedByClock));
  // Published and still open by the clock.
  const open = and(stored("published"), notClosedByClock)!;
  // Ended, or published with quoting closed by the clock. With the clock's set, the status is
  // compared as `+status` (not a term an index can search): otherwise SQLite answers the OR with
  // two searches and sorts their union, where reading the sort's index in order (which holds the
  // status) gives a page after a few rows.
  const ended = closedByClock === null
    ? stored("ended")
    : or(sql`+${offerProjects.status} = 'ended'`, inSet(closedByClock))!;
  switch (status) {
    case "unpublished":
    case "closed":
      return stored(status);
    case "ended":
      return inRound === null ? ended : and(ended, not(inSet(inRound)))!;
    case "published":
      return and(open, isNull(offerProjects.firstQuoteAt))!;
    default: { // inQuotation
      const quoting = and(open, isNotNull(offerProjects.firstQuoteAt))!;
      return inRound === null ? quoting : or(quoting, and(ended, inSet(inRound)))!;
    }
  }
}

/** Open for quoting: published (or in the quotation), or inside an open optimisation round. */
export const openCondition = (clockMoved: ClockMovedSets) =>
  or(statusCondition("published", clockMoved), statusCondition("inQuotation", clockMoved))!;

/** The instant the conditions are judged at: a time, or a placeholder bound to its milliseconds. */
type At = Date | Placeholder;
const msOf = (now: At) => now instanceof Date ? now.getTime() : now;

/**
 * When quoting closes as of `now`: an open optimisation round's end, else when the first quotation
 * closes or closed (rules.ts firstQuotationClosesAt): the earlier of the end by hand and closes_at
 * (the deadline, or 30 minutes after the last invited supplier quoted).
 */
export function closesAtSql(now: At): SQL {
  const t = msOf(now);
  const { endReason, endedAt, closesAt } = offerProjects;
  return sql`coalesce((select r.end_time from offer_rounds r where r.project_id = ${projectId}
    and r.opened_at <= ${t} and r.end_time > ${t}),
    case when ${endReason} = 'manual' and ${endedAt} is not null
      and (${closesAt} is null or ${endedAt} <= ${closesAt}) then ${endedAt} else ${closesAt} end)`;
}

/**
 * The invited supplier (invitation row aliased `s`) has a first quote that answers the request
 * pack in force: one made before the buyer revised the pack does not count (see answersOlderPack;
 * where either version is unknown it counts).
 */
export const quotedCurrentPackSql = sql`exists (select 1 from quotes q
  join offer_projects qp on qp.id = q.project_id
  where q.project_id = s.project_id and q.supplier_id = s.supplier_id and q.round = 0
    and coalesce(q.pack_version >= qp.pack_version, 1))`;

/** Some invited supplier has no first quote yet (on the pack in force) and has not declined. */
export const awaitingQuotesSql = sql`exists (select 1 from offer_project_suppliers s
  where s.project_id = ${projectId} and s.declined_at is null and not ${quotedCurrentPackSql})`;
