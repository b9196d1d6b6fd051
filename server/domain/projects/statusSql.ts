// The project states of rules.ts said in SQL (so lists can filter and count by them), and the
// counts and award names a project's header shows.
import { and, eq, isNotNull, isNull, not, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";

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
