// The project list's count, three ways:
// - a list whose filters project_counts can count (listFilters.ts says which: kind, category,
//   status, open) sums that table's rows, which triggers keep in step with the projects (migration
//   0026), and counts again by their ids the few projects the clock has moved on since their
//   status was stored;
// - a list by keyword (name, code, demand number) counts its matches up to 2,000 and beyond that
//   answers 2,000, not exact (docs/decisions.md): from its kept matches (listKept.ts) where their
//   groups say which are in the list, as project_counts' rows do, else on the projects;
// - any other list counts the matching projects.
import { and, count, sql } from "drizzle-orm";
import { offerProjects, projectCounts } from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedPerKey } from "../../../db/client.ts";
import {
  byKeyword,
  countedByTable,
  countedConditions,
  countedRowTest,
  filterConditions,
  keywordsOf,
  kindsCondition,
  listConditions,
  type ListQuery,
  listValues,
  statementKey,
  storedOnly,
  withoutKeywords,
} from "./listFilters.ts";
import { clockMovedPlaceholders } from "./statusSql.ts";
import { type KeptMatches, movedMatches, storedMatches } from "./listKept.ts";
import { type KeywordNeeds, type KeywordPlan, keywordWay, matchCondition } from "./listText.ts";

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

/** `total` counted as stored, corrected for the `moved` ids among those it counted. */
async function corrected(
  db: DbOrTx,
  query: ListQuery,
  values: Record<string, unknown>,
  total: number,
  moved: number[],
) {
  if (!moved.length) return total;
  const [{ change }] = await correction(db, query).all({
    ...values,
    clockMoved: JSON.stringify(moved),
  });
  return total + Number(change);
}

async function countFromTable(db: DbOrTx, query: ListQuery, values: Record<string, unknown>) {
  const [{ total }] = await stored(db, query).all(values);
  const { clockMoved } = query;
  const moved = clockMoved ? [...clockMoved.closedByClock, ...clockMoved.inRound] : [];
  return await corrected(db, query, values, Number(total), moved);
}

/**
 * A list by keyword counted from its kept matches: the groups in the list as stored, corrected
 * for those of its matches the clock moved on; undefined where a filter given cannot say.
 */
async function countFromKept(
  db: DbOrTx,
  query: ListQuery,
  values: Record<string, unknown>,
  kept: KeptMatches,
) {
  const inList = countedRowTest(query);
  if (!inList) return undefined;
  const { count } = storedMatches(kept, inList, 0);
  return await corrected(
    db,
    withoutKeywords(query),
    values,
    count,
    movedMatches(kept, query.clockMoved),
  );
}

const exactCount = preparedPerKey(
  statementKey,
  (db, query: ListQuery) =>
    db.select({ total: count() }).from(offerProjects).where(listConditions(query)).prepare(),
);

/** How the count finds a keyword's matches: its own way where the plan says one, else the page's. */
const countWay = (plan: KeywordPlan | undefined) =>
  plan && "count" in plan && plan.count ? plan.count : plan?.way;

/**
 * The matches counted up to one past the limit. On the rows, a list's index is read (each row
 * checked there) until the limit. Through the index, the index's matches are read in id order,
 * each joined to its project (`id IN (…)` would read every match of the index first), or, where
 * no other filter is given, counted in the index alone; the reading stops at the limit.
 */
const boundedCount = preparedPerKey(statementKey, (db, query: ListQuery) => {
  const way = countWay(query.keywordPlan);
  const keywords = keywordsOf(query.input);
  const one = { one: sql`1`.as("one") };
  let matches;
  // Single characters only: the index has nothing to answer (listText.ts keywordPlan).
  if (way === "index" && keywords.some((k) => keywordWay(k.text) !== "rows")) {
    const others = listConditions({ ...query, keywordPlan: { way: "joined" } });
    const match = matchCondition(keywords);
    matches = others
      ? db.select(one).from(sql`offer_projects_fts cross join ${offerProjects}
        on ${offerProjects.id} = offer_projects_fts.rowid`).where(and(match, others))
      : db.select(one).from(sql`offer_projects_fts`).where(match);
  } else {
    const plan = way === "rows" ? { way } as const : query.keywordPlan;
    matches = db.select(one).from(offerProjects).where(
      listConditions({ ...query, keywordPlan: plan }),
    );
  }
  return db.select({ total: count() })
    .from(matches.limit(KEYWORD_COUNT_LIMIT + 1).as("matches")).prepare();
});

/** The sorts (one field) whose indexes hold the keyword columns (db/schema.ts listSorts). */
const INDEXED_SORTS = new Set(["creationtime", "pubdate", "offerendtime", "name", "code"]);

/**
 * What a list by keyword asks of its matches (listText.ts KeywordNeeds): whether filters other
 * than the keywords are given and, where project_counts counts them, about how many projects they
 * leave (as stored: the few the clock moved on do not matter here). `page`: the rows a page reaches.
 */
export async function keywordNeeds(
  db: DbOrTx,
  query: ListQuery,
  now: Date,
  page?: number,
): Promise<KeywordNeeds> {
  const rest = withoutKeywords(query);
  const otherFilters = listConditions(rest) !== undefined;
  // project_counts counts exactly the filters the list's indexes hold.
  const filtersInIndex = countedByTable(rest.input);
  const sorting = query.input.sorting?.trim() ?? "";
  const sortedBy = sorting.includes(",") ? undefined : sorting.split(/\s+/)[0].toLowerCase();
  const sortInIndex = INDEXED_SORTS.has(sortedBy ?? "");
  const base = { otherFilters, filtersInIndex, sortInIndex, sortedBy };
  if (page === undefined) return base;
  const filtered = otherFilters && filtersInIndex
    ? Number((await stored(db, rest).all(listValues(rest, now)))[0].total)
    : undefined;
  return { ...base, page, countUpTo: KEYWORD_COUNT_LIMIT, filtered };
}

export type ListTotal = {
  total: number;
  /** False when `total` is the keyword count's limit and more projects match. */
  exact: boolean;
};

/**
 * How many projects the list holds. `bounded`: by keyword, counted up to KEYWORD_COUNT_LIMIT
 * (the list's pages); otherwise exactly (exports). `kept`: the keywords' kept matches.
 */
export async function listTotal(
  db: DbOrTx,
  query: ListQuery,
  values: Record<string, unknown>,
  bounded: boolean,
  kept?: KeptMatches,
): Promise<ListTotal> {
  if (countedByTable(query.input)) {
    return { total: await countFromTable(db, query, values), exact: true };
  }
  const fromKept = kept && await countFromKept(db, query, values, kept);
  if (fromKept !== undefined) {
    return bounded && fromKept > KEYWORD_COUNT_LIMIT
      ? { total: KEYWORD_COUNT_LIMIT, exact: false }
      : { total: fromKept, exact: true };
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
