// The project list (GetAll) and the same list read in batches for exports. Its filters are
// declared in listFilters.ts, its count is listCount.ts.
import { asc, desc, type SQL, sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, preparedPerKey } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { batchesInOrder } from "../exports/batches.ts";
import { type ProjectKind, visibleKinds } from "./rules.ts";
import {
  countedRowTest,
  type ExportProjectsInput,
  judgedByClock,
  keywordsOf,
  listConditions,
  type ListProjectsInput,
  type ListQuery,
  listValues,
  statementKey,
} from "./listFilters.ts";
import { ProjectDto, projectsByIds } from "./dto.ts";
import { keywordNeeds, listTotal } from "./listCount.ts";
import { clockMovedIdsAt } from "./statusSql.ts";
import { type KeywordPlan, keywordPlan } from "./listText.ts";
import { type KeptMatches, keptMatches, movedMatches, storedMatches } from "./listKept.ts";

/**
 * Up to this many matches that may be in the list, its page may be found by their ids (at most
 * listText.ts IDS_AT_MOST always, more where that costs less than the other ways).
 */
const LISTED_BY_IDS = 2000;

/** The kinds of project the list covers: those the actor may see, or the one asked for. */
function listKinds(actor: Actor, input: ExportProjectsInput): ProjectKind[] {
  const kinds = visibleKinds(actor.permissions);
  if (input.kind && !kinds.includes(input.kind)) throw forbidden();
  return input.kind ? [input.kind] : kinds;
}

const sortable = {
  code: offerProjects.code,
  name: offerProjects.name,
  creationTime: offerProjects.createdAt,
  pubDate: offerProjects.pubDate,
  offerEndTime: offerProjects.offerEndTime,
  status: offerProjects.status,
};

/**
 * Rows that sort alike come in id order, the same way as the sort, so that the sort's index (which
 * keeps equal values in id order) gives the whole order: newest first when unsorted. No two
 * projects have one number, so a sort ending with it needs none (SQLite then reads the number's
 * list index, which holds the keyword columns, rather than its unique index, which does not).
 */
function tieBreak(sorting: string | undefined) {
  if (!sorting?.trim()) return [desc(offerProjects.id)];
  // The last term's field and direction: "asc" unless it says "desc" (as orderBy reads it).
  const [field, direction = "asc"] = sorting.split(",").at(-1)!.trim().split(/\s+/);
  if (field.toLowerCase() === "code") return [];
  return [direction.toLowerCase() === "desc" ? desc(offerProjects.id) : asc(offerProjects.id)];
}

/**
 * The ids of one page, sorted and cut on the table alone (SQLite computes every selected column of
 * every row it sorts, so the costly ones, counts and awards, are asked for the page's rows only).
 * Each sort has an index that gives the rows in its order, so a page is read, not sorted.
 */
const pageIdsQuery = (db: DbOrTx, cond: SQL | undefined, sorting: string | undefined) =>
  db.select({ id: offerProjects.id })
    .from(offerProjects).where(cond)
    .orderBy(...orderBy(sorting, sortable, tieBreak(sorting)))
    .$dynamic();

const pageIds = (
  db: DbOrTx,
  cond: SQL | undefined,
  sorting: string | undefined,
  limit: number,
  offset: number,
) => pageIdsQuery(db, cond, sorting).limit(limit).offset(offset);

/** The list's page ids, prepared once per statement key and sort. */
const listPageIds = preparedPerKey(
  (query: ListQuery) => `${statementKey(query)} ${query.input.sorting ?? ""}`,
  (db, query: ListQuery) =>
    pageIdsQuery(db, listConditions(query), query.input.sorting)
      .limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare(),
);

export async function selectProjects(
  db: DbOrTx,
  cond: SQL | undefined,
  sorting: string | undefined,
  limit: number,
  offset: number,
  now: Date,
): Promise<ProjectDto[]> {
  const page = await pageIds(db, cond, sorting, limit, offset);
  return await projectsByIds(db, page.map((r) => r.id), now);
}

/**
 * The list asked for: the kinds, the filters and, where one is judged by the clock, the clock-moved
 * ids; where a keyword is given, how its matches are found (for a page reaching `page` rows; for
 * every row when undefined, as exports read them).
 */
export async function listQueryOf(
  deps: Deps,
  actor: Actor,
  input: ExportProjectsInput,
  now: Date,
  page?: number,
): Promise<{ query: ListQuery; kept?: KeptMatches }> {
  const keywords = keywordsOf(input);
  const query: ListQuery = {
    kinds: listKinds(actor, input),
    input,
    clockMoved: judgedByClock(input) ? await clockMovedIdsAt(deps.db, now) : undefined,
  };
  if (!keywords.length) return { query };
  const kept = await keptMatches(deps.db, keywords);
  // The matches that may be in the list, when few: those in it as stored, and the clock-moved.
  const inList = countedRowTest(query);
  const stored = kept && inList && storedMatches(kept, inList, LISTED_BY_IDS);
  const listed = kept && stored && stored.ids &&
    [...new Set([...stored.ids, ...movedMatches(kept, query.clockMoved)])].sort((a, b) => a - b);
  const needs = await keywordNeeds(deps.db, query, now, page);
  const plan = await keywordPlan(
    deps.db,
    keywords,
    needs,
    kept && { ...kept, listed: listed || undefined },
  );
  return { query: { ...query, keywordPlan: plan }, kept };
}

/**
 * A page of the project list. `totalCountExact` is false when the list is by keyword and more than
 * KEYWORD_COUNT_LIMIT projects match: `totalCount` is then that limit (listCount.ts).
 */
export type ProjectPage = Paged<ProjectDto> & { totalCountExact: boolean };

/** GetAll: the projects of the kinds the actor may see, filtered and paged. */
export async function listProjects(
  deps: Deps,
  actor: Actor,
  input: ListProjectsInput,
  /** The way to find the keywords' matches instead of the one chosen (tests compare them all). */
  plan?: KeywordPlan,
): Promise<ProjectPage> {
  const now = deps.clock.now();
  const { query: chosen, kept } = await listQueryOf(
    deps,
    actor,
    input,
    now,
    input.skipCount + input.maxResultCount,
  );
  const query = plan && chosen.keywordPlan ? { ...chosen, keywordPlan: plan } : chosen;
  const values = listValues(query, now);
  const page = () =>
    listPageIds(deps.db, query).all({
      ...values,
      limit: input.maxResultCount,
      offset: input.skipCount,
    });
  // The first page, read first: when it is not full, it is the whole list and its count (a count
  // by keyword of few matches reads as many rows as the page did).
  const first = input.skipCount === 0 ? await page() : undefined;
  const { total, exact } = first && first.length < input.maxResultCount
    ? { total: first.length, exact: true }
    : await listTotal(deps.db, query, values, true, kept);
  // Past a count that is not exact there may be more: the page is read by its offset.
  const rows = first ?? (input.skipCount < total || !exact ? await page() : []);
  return {
    items: await projectsByIds(deps.db, rows.map((r) => r.id), now),
    totalCount: total,
    totalCountExact: exact,
  };
}

/** The same list for exports: counted (exactly) first, then read a batch at a time. */
export async function projectBatches(deps: Deps, actor: Actor, input: ExportProjectsInput) {
  const now = deps.clock.now();
  const { query, kept } = await listQueryOf(deps, actor, input, now);
  const values = listValues(query, now);
  // An unknown sort field is refused here, before streaming starts.
  const pages = listPageIds(deps.db, query);
  const { total } = await listTotal(deps.db, query, values, false, kept);
  const batches = () =>
    batchesInOrder(
      async (offset, limit) => (await pages.all({ ...values, limit, offset })).map((r) => r.id),
      (ids) => projectsByIds(deps.db, ids, now),
    );
  return { total, batches };
}
