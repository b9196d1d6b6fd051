// The project states of rules.ts said in SQL (so lists can filter and count by them), and the
// counts and award names a project's header shows.
import { and, eq, isNotNull, isNull, not, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { changeVersions, offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import { changeStamp } from "../kept.ts";
import { EARLY_END_WINDOW_MS } from "./rules.ts";

/**
 * The project's id, always with its table's name: inside a subquery an unqualified "id" would be
 * the subquery's own table's (drizzle leaves columns unqualified in a one-table select list).
 */
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

/** The instant the conditions are judged at: a time, or a placeholder bound to its milliseconds. */
type At = Date | Placeholder;
const msOf = (now: At) => now instanceof Date ? now.getTime() : now;

/**
 * The projects whose display status (rules.ts projectDisplayStatus) is `status` at `now`, said with
 * the stored status, closes_at (when first-round quoting closes) and first_quote_at, so that each
 * status is a range of an index rather than a judgement of every row.
 */
export function statusCondition(status: string, now: At): SQL {
  const t = msOf(now);
  const closes = offerProjects.closesAt;
  const published = eq(offerProjects.status, "published");
  // Published and still open by the clock, or published with quoting closed by the clock.
  const open = and(published, sql`(${closes} is null or ${closes} > ${t})`);
  const endedByClock = or(
    eq(offerProjects.status, "ended"),
    and(published, sql`${closes} <= ${t}`),
  );
  // The few projects with a round open now, found once (not asked again for each project).
  const roundOpen = sql`${projectId} in (select r.project_id from offer_rounds r
    where r.opened_at <= ${t} and r.end_time > ${t})`;
  switch (status) {
    case "unpublished":
    case "closed":
      return eq(offerProjects.status, status);
    case "ended":
      return and(endedByClock, not(roundOpen))!;
    case "published":
      return and(open, isNull(offerProjects.firstQuoteAt))!;
    default: // inQuotation
      return or(
        and(open, isNotNull(offerProjects.firstQuoteAt)),
        and(endedByClock, roundOpen),
      )!;
  }
}

/**
 * When quoting closes as of `now`: an open optimisation round's end, else the first-quote close
 * (closes_at: the deadline, or 30 minutes after the last invited supplier quoted).
 */
export function closesAtSql(now: At): SQL {
  const t = msOf(now);
  return sql`coalesce((select r.end_time from offer_rounds r where r.project_id = ${projectId}
    and r.opened_at <= ${t} and r.end_time > ${t}), ${offerProjects.closesAt})`;
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
  where s.project_id = ${projectId} and not ${quotedCurrentPackSql})`;
