// The project states of rules.ts said in SQL (so lists can filter and count by them), and the
// counts and award names a project's header shows.
import { and, eq, inArray, not, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { changeVersions, offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import { changeStamp } from "../kept.ts";
import { EARLY_END_WINDOW_MS } from "./rules.ts";

export const supplierCountSql = sql<number>`(select count(*) from offer_project_suppliers s
  where s.project_id = ${offerProjects.id})`;
export const quotedCountSql = sql<number>`(select count(distinct q.supplier_id) from quotes q
  where q.project_id = ${offerProjects.id} and q.round = 0)`;
export const hasQuotesSql =
  sql`exists (select 1 from quotes q where q.project_id = ${offerProjects.id})`;
/** The suppliers of the award in force, by abbreviation (comparison/service.ts records awards). */
export const awardNamesSql = sql<string | null>`(select group_concat(n, ', ') from
  (select s.abbr_name as n from suppliers s where s.id in
    (select coalesce(al.supplier_id, a.supplier_id) from awards a
      left join award_lines al on al.award_id = a.id
      where a.project_id = ${offerProjects.id} and a.superseded_at is null)
   order by s.code))`;

/** The instant the conditions are judged at: a time, or a placeholder bound to its milliseconds. */
type At = Date | Placeholder;
const msOf = (now: At) => now instanceof Date ? now.getTime() : now;

export function statusCondition(status: string, now: At): SQL {
  const t = msOf(now);
  const past =
    sql`((${offerProjects.offerEndTime} is not null and ${offerProjects.offerEndTime} <= ${t})
    or (${offerProjects.allQuotedAt} is not null and ${offerProjects.allQuotedAt} <= ${t} - ${EARLY_END_WINDOW_MS}))`;
  // The few projects with a round open now, found once (not asked again for each project).
  const roundOpen = sql`${offerProjects.id} in (select r.project_id from offer_rounds r
    where r.opened_at <= ${t} and r.end_time > ${t})`;
  const published = eq(offerProjects.status, "published");
  // Said again as a list the (type, status) index can seek, so that only these two statuses are read.
  const publishedOrEnded = inArray(offerProjects.status, ["published", "ended"]);
  switch (status) {
    case "unpublished":
    case "closed":
      return eq(offerProjects.status, status);
    case "ended":
      return and(
        publishedOrEnded,
        or(eq(offerProjects.status, "ended"), and(published, past)),
        not(roundOpen),
      )!;
    case "published":
      return and(published, not(past), not(hasQuotesSql))!;
    default: // inQuotation
      return and(
        publishedOrEnded,
        or(
          and(published, not(past), hasQuotesSql),
          and(or(eq(offerProjects.status, "ended"), and(published, past)), roundOpen),
        ),
      )!;
  }
}

/**
 * When quoting closes as of `now`: an open optimisation round's end, else the first-quote close
 * (rules.ts quoteClosesAt: the deadline, or 30 minutes after the last invited supplier quoted).
 */
export function closesAtSql(now: At): SQL {
  const t = msOf(now);
  const early = sql`(${offerProjects.allQuotedAt} + ${EARLY_END_WINDOW_MS})`;
  return sql`coalesce((select r.end_time from offer_rounds r where r.project_id = ${offerProjects.id}
    and r.opened_at <= ${t} and r.end_time > ${t}),
    case when ${offerProjects.allQuotedAt} is not null and (${offerProjects.offerEndTime} is null
      or ${early} < ${offerProjects.offerEndTime}) then ${early} else ${offerProjects.offerEndTime} end)`;
}

/**
 * The next instant after `now` at which the clock alone changes what statusCondition,
 * openCondition or closesAtSql say of some project: a published project's deadline or early close,
 * a round's opening or end (null: none to come).
 */
const nextClockChange = preparedQuery((db) => {
  const t = sql.placeholder("now");
  return db.select({
    until: sql<number | null>`(select min(x) from (
      select min(${offerProjects.offerEndTime}) x from ${offerProjects}
        where ${offerProjects.status} = 'published' and ${offerProjects.offerEndTime} > ${t}
      union all select min(${offerProjects.allQuotedAt}) + ${EARLY_END_WINDOW_MS} from ${offerProjects}
        where ${offerProjects.status} = 'published'
          and ${offerProjects.allQuotedAt} > ${t} - ${EARLY_END_WINDOW_MS}
      union all select min(r.opened_at) from offer_rounds r where r.end_time > ${t} and r.opened_at > ${t}
      union all select min(r.end_time) from offer_rounds r where r.end_time > ${t}))`,
  }).from(changeVersions).where(eq(changeVersions.name, "projects")).prepare();
});

/** The last nextClockChange per handle: the instant it was asked at, and the counters then. */
const keptClockChange = new WeakMap<DbOrTx, { stamp: string; at: number; until: number | null }>();

/**
 * The projects' and suppliers' change counters (migrations/0013, 0014, 0010) and nextClockChange.
 * Between two such instants, and while the counters stay, a list filter finds the same projects,
 * and readProjects reads the same of them. The next instant is asked again only when the counters
 * have changed or the clock has reached it: until then no other instant lies before it.
 */
export async function listStamp(db: DbOrTx, now: Date): Promise<string> {
  const stamp = await changeStamp(db, ["projects", "suppliers"]);
  const at = now.getTime();
  let next = keptClockChange.get(db);
  if (
    !next || next.stamp !== stamp || at < next.at || (next.until !== null && at >= next.until)
  ) {
    const row = await nextClockChange(db).get({ now: at });
    next = { stamp, at, until: row?.until ?? null };
    keptClockChange.set(db, next);
  }
  return `${stamp}:${next.until ?? ""}`;
}

/** Open for quoting: published (or in the quotation), or inside an open optimisation round. */
export const openCondition = (now: At) =>
  or(statusCondition("published", now), statusCondition("inQuotation", now))!;

/**
 * The invited supplier (invitation row aliased `s`) has a first quote that answers the request
 * pack in force: one made before the buyer revised the pack does not count (see answersOlderPack;
 * where either version is unknown it counts).
 */
export const quotedCurrentPackSql = sql`exists (select 1 from quotes q
  join offer_projects qp on qp.id = q.project_id
  where q.project_id = s.project_id and q.supplier_id = s.supplier_id and q.round = 0
    and coalesce(q.pack_version >= qp.pack_version, 1))`;

/** Some invited supplier has no first quote yet (on the pack in force). */
export const awaitingQuotesSql = sql`exists (select 1 from offer_project_suppliers s
  where s.project_id = ${offerProjects.id} and not ${quotedCurrentPackSql})`;
