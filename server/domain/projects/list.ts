// The project list (GetAll) and the same list read in batches for exports.
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, preparedByShape } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { containsBound, likePattern, orderBy, type Paged } from "../paging.ts";
import { keptResults } from "../kept.ts";
import { batchesInOrder } from "../exports/batches.ts";
import { type ProjectKind, visibleKinds } from "./rules.ts";
import { type ExportProjectsInput, type ListProjectsInput } from "./schemas.ts";
import {
  answerInWindow,
  Answers,
  ProjectDto,
  projectDtos,
  ProjectRead,
  projectsByIds,
  readProjects,
} from "./dto.ts";
import {
  awaitingQuotesSql,
  closesAtSql,
  listStamp,
  openCondition,
  statusCondition,
} from "./statusSql.ts";

type ListShape = { kinds: ProjectKind[]; input: ExportProjectsInput };

/** The kinds of project the list covers: those the actor may see, or the one asked for. */
function listKinds(actor: Actor, input: ExportProjectsInput): ProjectKind[] {
  const kinds = visibleKinds(actor.permissions);
  if (input.kind && !kinds.includes(input.kind)) throw forbidden();
  return input.kind ? [input.kind] : kinds;
}

/** The list's filters, each value a placeholder that `listValues` binds. */
function listConditions({ kinds, input }: ListShape): SQL | undefined {
  const p = sql.placeholder;
  const now = p("now");
  const where: SQL[] = [inArray(offerProjects.kind, kinds)];
  if (input.code) where.push(containsBound(offerProjects.code, "code"));
  if (input.name) where.push(containsBound(offerProjects.name, "name"));
  if (input.category) where.push(eq(offerProjects.typeId, p("category")));
  if (input.offerItemType) where.push(eq(offerProjects.offerItemType, p("offerItemType")));
  if (input.demandCode) where.push(containsBound(offerProjects.demandCode, "demandCode"));
  if (input.status) where.push(statusCondition(input.status, now));
  if (input.open || input.awaitingQuotes) where.push(openCondition(now));
  if (input.awaitingQuotes) where.push(awaitingQuotesSql);
  if (input.quotedFrom) {
    where.push(sql`exists (select 1 from quotes q where q.project_id = ${offerProjects.id}
      and q.submitted_at >= ${p("quotedFrom")})`);
  }
  if (input.createdFrom) where.push(gte(offerProjects.createdAt, p("createdFrom")));
  if (input.createdTo) where.push(lte(offerProjects.createdAt, p("createdTo")));
  if (input.pubDateFrom) where.push(gte(offerProjects.pubDate, p("pubDateFrom")));
  if (input.pubDateTo) where.push(lte(offerProjects.pubDate, p("pubDateTo")));
  if (input.offerEndTimeFrom) where.push(gte(offerProjects.offerEndTime, p("offerEndTimeFrom")));
  if (input.offerEndTimeTo) where.push(lte(offerProjects.offerEndTime, p("offerEndTimeTo")));
  if (input.closingFrom) where.push(sql`${closesAtSql(now)} >= ${p("closingFrom")}`);
  if (input.closingTo) where.push(sql`${closesAtSql(now)} <= ${p("closingTo")}`);
  return and(...where);
}

/** The values `listConditions` placeholders stand for. */
const listValues = (input: ExportProjectsInput, now: Date) => ({
  now: now.getTime(),
  code: input.code && likePattern(input.code),
  name: input.name && likePattern(input.name),
  category: input.category,
  offerItemType: input.offerItemType,
  demandCode: input.demandCode && likePattern(input.demandCode),
  quotedFrom: input.quotedFrom?.getTime(),
  createdFrom: input.createdFrom,
  createdTo: input.createdTo,
  pubDateFrom: input.pubDateFrom,
  pubDateTo: input.pubDateTo,
  offerEndTimeFrom: input.offerEndTimeFrom,
  offerEndTimeTo: input.offerEndTimeTo,
  closingFrom: input.closingFrom?.getTime(),
  closingTo: input.closingTo?.getTime(),
});

/** Which filters are given and how it is sorted: one prepared statement each (preparedByShape). */
const listShape = ({ kinds, input }: ListShape) =>
  JSON.stringify([
    kinds,
    Object.entries(input).filter(([k, v]) => v !== undefined && k !== "status" && k !== "sorting")
      .map(([k, v]) => typeof v === "boolean" ? `${k}=${v}` : k).sort(),
    input.status,
    input.sorting,
  ]);

const sortable = {
  code: offerProjects.code,
  name: offerProjects.name,
  creationTime: offerProjects.createdAt,
  pubDate: offerProjects.pubDate,
  offerEndTime: offerProjects.offerEndTime,
  status: offerProjects.status,
};

/**
 * The ids of one page, sorted and cut on the table alone (SQLite computes every selected column of
 * every row it sorts, so the costly ones, counts and awards, are asked for the page's rows only),
 * each with the number of matches: one pass over the matches instead of two, as a status such as
 * "in quotation" is decided row by row.
 */
const pageIdsQuery = (db: DbOrTx, cond: SQL | undefined, sorting: string | undefined) =>
  db.select({ id: offerProjects.id, total: sql<number>`count(*) over ()` })
    .from(offerProjects).where(cond)
    .orderBy(...orderBy(sorting, sortable, [desc(offerProjects.id)]))
    .$dynamic();

const pageIds = (
  db: DbOrTx,
  cond: SQL | undefined,
  sorting: string | undefined,
  limit: number,
  offset: number,
) => pageIdsQuery(db, cond, sorting).limit(limit).offset(offset);

/** The list's page ids and count, and its count alone, built once per filter shape. */
const listPageIds = preparedByShape(
  listShape,
  (db, shape: ListShape) =>
    pageIdsQuery(db, listConditions(shape), shape.input.sorting)
      .limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare(),
);
const listCount = preparedByShape(
  listShape,
  (db, shape: ListShape) =>
    db.select({ total: count() }).from(offerProjects).where(listConditions(shape)).prepare(),
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

/** Pages of the project list kept per database, the least recently used dropped first. */
const PAGES_KEPT = 200;
/**
 * Rows kept over all kept pages, and over all kept projects (a project's row, rounds, line items,
 * files, invitations, quotes and versions each count one): a few tens of MB at the most.
 */
export const ROWS_KEPT = 50_000;

/**
 * Recent pages of the list (count and projects as read), kept while their stamp (listStamp)
 * holds: many buyers open the same first pages, and deciding the status of every project of a
 * category by the clock to count and sort them is most of a list's work, reading the page's
 * projects with their counts and award most of the rest. Each is shown as of the request's time.
 */
const keptPages = keptResults<{ total: number; read: ProjectRead[] }>({
  entries: PAGES_KEPT,
  budget: ROWS_KEPT,
  sizeOf: (page) => 1 + page.read.reduce((n, p) => n + 1 + p.rounds.length, 0),
});

/** The kept pages' keys of frozen inputs (a query sent again, server/http/route.ts), by kinds. */
const pageKeys = new WeakMap<object, Map<string, string>>();

/** The key of a list page in keptPages: its filters' shape and values, its size and offset. */
function pageKey(shape: ListShape, input: ListProjectsInput): string {
  const make = () => {
    // The clock is not part of the key: the page is kept for a window of it (listStamp).
    const { now: _, ...bound } = listValues(input, new Date(0));
    return JSON.stringify([listShape(shape), bound, input.maxResultCount, input.skipCount]);
  };
  if (!Object.isFrozen(input)) return make();
  let byKinds = pageKeys.get(input);
  if (!byKinds) pageKeys.set(input, byKinds = new Map());
  const kinds = shape.kinds.join();
  let key = byKinds.get(kinds);
  if (key === undefined) byKinds.set(kinds, key = make());
  return key;
}

/** GetAll: the projects of the kinds the actor may see, filtered and paged. */
export async function listProjects(
  deps: Deps,
  actor: Actor,
  input: ListProjectsInput,
): Promise<Paged<ProjectDto>> {
  const now = deps.clock.now();
  const shape = { kinds: listKinds(actor, input), input };
  const key = pageKey(shape, input);
  const window = await listStamp(deps.db, now);
  const page = await keptPages(deps.db, key, window, async () => {
    const values = listValues(input, now);
    const rows = await listPageIds(deps.db, shape).all({
      ...values,
      limit: input.maxResultCount,
      offset: input.skipCount,
    });
    // Past the last page there is no row to carry the count: it is asked on its own.
    const total = rows.length
      ? Number(rows[0].total)
      : (await listCount(deps.db, shape).all(values))[0].total;
    return { total, read: await readProjects(deps.db, rows.map((r) => r.id)) };
  });
  return answerInWindow(window, pageAnswers, page, () => ({
    items: projectDtos(page.read, now),
    totalCount: page.total,
  }));
}

const pageAnswers: Answers<Paged<ProjectDto>> = new WeakMap();

/** The same list for exports: counted first, then read a batch at a time. */
export async function projectBatches(deps: Deps, actor: Actor, input: ExportProjectsInput) {
  const now = deps.clock.now();
  const shape = { kinds: listKinds(actor, input), input };
  const values = listValues(input, now);
  // An unknown sort field is refused here, before streaming starts.
  const pages = listPageIds(deps.db, shape);
  const [{ total }] = await listCount(deps.db, shape).all(values);
  const batches = () =>
    batchesInOrder(
      async (offset, limit) => (await pages.all({ ...values, limit, offset })).map((r) => r.id),
      (ids) => projectsByIds(deps.db, ids, now),
    );
  return { total, batches };
}
