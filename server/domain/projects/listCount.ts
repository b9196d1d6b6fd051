// The project list's count, three ways:
// - a list whose filters project_counts can count (listFilters.ts says which: kind, category,
//   status, open) sums that table's rows, which triggers keep in step with the projects (migration
//   0026), and counts again by their ids the few projects the clock has moved on since their
//   status was stored;
// - a list by keyword (name, code, demand number) counts its matches up to 2,000 and beyond that
//   answers 2,000, not exact (docs/decisions.md);
// - any other list counts the matching projects.
import { and, count, sql } from "drizzle-orm";
import { offerProjects, projectCounts } from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedPerKey } from "../../../db/client.ts";
import {
  byKeyword,
  countedByTable,
  countedConditions,
  filterConditions,
  keywordsOf,
  kindsCondition,
  listConditions,
  type ListQuery,
  statementKey,
  storedOnly,
} from "./listFilters.ts";
import { clockMovedPlaceholders } from "./statusSql.ts";
import { matchCondition } from "./listText.ts";

/** Past this many matches a list by keyword answers this count, not exact. */
const KEYWORD_COUNT_LIMIT = 2000;

/** The sum of project_counts' rows that match. */
const stored = preparedPerKey(
  statementKey,
  (db, query: ListQuery) =>
    db.select({ total: sql<number>`coalesce(sum(${projectCounts.count}), 0)` })
      .from(projectCounts).where(and(...countedConditions(query))).prepare(),
);

/**
 * Among the projects the clock moved on: how many match the filters judged by the clock now, less
 * how many matched them as stored (project_counts counted those).
 */
const correction = preparedPerKey(statementKey, (db, query: ListQuery) => {
  const now = and(...filterConditions(query, clockMovedPlaceholders(query.clockMoved!), true));
  const before = and(...filterConditions(query, storedOnly, true));
  return db.select({
    change: sql<number>`coalesce(sum(${now}), 0) - coalesce(sum(${before}), 0)`,
  }).from(offerProjects).where(and(
    idIn(offerProjects.id, "clockMoved"),
    kindsCondition(offerProjects.kind, query.kinds),
    ...filterConditions(query, storedOnly, false),
  )).prepare();
});

async function countFromTable(db: DbOrTx, query: ListQuery, values: Record<string, unknown>) {
  const [{ total }] = await stored(db, query).all(values);
  const { clockMoved } = query;
  const moved = clockMoved ? [...clockMoved.closedByClock, ...clockMoved.inRound] : [];
  if (!moved.length) return Number(total);
  const [{ change }] = await correction(db, query).all({
    ...values,
    clockMoved: JSON.stringify(moved),
  });
  return Number(total) + Number(change);
}

const exactCount = preparedPerKey(
  statementKey,
  (db, query: ListQuery) =>
    db.select({ total: count() }).from(offerProjects).where(listConditions(query)).prepare(),
);

/**
 * The matches counted up to one past the limit. Through the index, the index's matches are read in
 * id order, each joined to its project, and the reading stops at the limit (`id IN (…)` would read
 * every match of the index first).
 */
const boundedCount = preparedPerKey(statementKey, (db, query: ListQuery) => {
  const joined = query.keywordPlan?.way === "index";
  const matches = joined
    ? db.select({ one: sql`1`.as("one") })
      .from(sql`offer_projects_fts cross join ${offerProjects}
        on ${offerProjects.id} = offer_projects_fts.rowid`)
      .where(and(
        matchCondition(keywordsOf(query.input)),
        listConditions({ ...query, keywordPlan: { way: "joined" } }),
      ))
    : db.select({ one: sql`1`.as("one") }).from(offerProjects).where(listConditions(query));
  return db.select({ total: count() })
    .from(matches.limit(KEYWORD_COUNT_LIMIT + 1).as("matches")).prepare();
});

export type ListTotal = {
  total: number;
  /** False when `total` is the keyword count's limit and more projects match. */
  exact: boolean;
};

/**
 * How many projects the list holds. `bounded`: by keyword, counted up to KEYWORD_COUNT_LIMIT
 * (the list's pages); otherwise exactly (exports).
 */
export async function listTotal(
  db: DbOrTx,
  query: ListQuery,
  values: Record<string, unknown>,
  bounded: boolean,
): Promise<ListTotal> {
  if (countedByTable(query.input)) {
    return { total: await countFromTable(db, query, values), exact: true };
  }
  if (bounded && byKeyword(query.input)) {
    const [{ total }] = await boundedCount(db, query).all(values);
    return total > KEYWORD_COUNT_LIMIT
      ? { total: KEYWORD_COUNT_LIMIT, exact: false }
      : { total, exact: true };
  }
  const [{ total }] = await exactCount(db, query).all(values);
  return { total, exact: true };
}
