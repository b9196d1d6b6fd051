// The project list (GetAll) and the same list read in batches for exports.
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, preparedByShape } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { batchesInOrder } from "../exports/batches.ts";
import { type ProjectKind, projectKinds, visibleKinds } from "./rules.ts";
import { type ExportProjectsInput, type ListProjectsInput } from "./schemas.ts";
import { ProjectDto, projectsByIds } from "./dto.ts";
import { countableFromTable, countFromTable } from "./listCount.ts";
import { textConditions, type TextPlan, textPlanOf, textValues } from "./listText.ts";
import {
  awaitingQuotesSql,
  closesAtSql,
  openCondition,
  type Overtaken,
  overtakenAt,
  overtakenPlaceholders,
  overtakenValues,
  statusCondition,
} from "./statusSql.ts";

type ListShape = {
  kinds: ProjectKind[];
  input: ExportProjectsInput;
  text: TextPlan;
  overtaken?: Overtaken;
};

/** The kinds of project the list covers: those the actor may see, or the one asked for. */
function listKinds(actor: Actor, input: ExportProjectsInput): ProjectKind[] {
  const kinds = visibleKinds(actor.permissions);
  if (input.kind && !kinds.includes(input.kind)) throw forbidden();
  return input.kind ? [input.kind] : kinds;
}

/** The list's filters, each value a placeholder that `listValues` binds. */
function listConditions({ kinds, input, text, overtaken }: ListShape): SQL | undefined {
  const p = sql.placeholder;
  const now = p("now");
  const where: SQL[] = [];
  // Every kind: no condition, so that counting all projects is a count of the table.
  if (kinds.length < projectKinds.length) where.push(inArray(offerProjects.kind, kinds));
  const byClock = overtaken && overtakenPlaceholders(overtaken);
  where.push(...textConditions(text));
  if (input.category) where.push(eq(offerProjects.typeId, p("category")));
  if (input.offerItemType) where.push(eq(offerProjects.offerItemType, p("offerItemType")));
  if (input.status) where.push(statusCondition(input.status, byClock!));
  if (input.open || input.awaitingQuotes) where.push(openCondition(byClock!));
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
const listValues = ({ input, text, overtaken }: ListShape, now: Date) => ({
  now: now.getTime(),
  ...overtaken && overtakenValues(overtaken),
  ...textValues(text, input),
  category: input.category,
  offerItemType: input.offerItemType,
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
const listShape = ({ kinds, input, text, overtaken }: ListShape) =>
  JSON.stringify([
    kinds,
    overtaken && [overtaken.closedByClock.length > 0, overtaken.inRound.length > 0],
    text,
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
 * Rows that sort alike come in id order, the same way as the sort, so that the sort's index (which
 * keeps equal values in id order) gives the whole order: newest first when unsorted.
 */
function tieBreak(sorting: string | undefined) {
  if (!sorting?.trim()) return desc(offerProjects.id);
  // The last term's direction: "asc" unless it says "desc" (as orderBy reads it).
  const [, direction = "asc"] = sorting.split(",").at(-1)!.trim().split(/\s+/);
  return direction.toLowerCase() === "desc" ? desc(offerProjects.id) : asc(offerProjects.id);
}

/**
 * The ids of one page, sorted and cut on the table alone (SQLite computes every selected column of
 * every row it sorts, so the costly ones, counts and awards, are asked for the page's rows only).
 * Each sort has an index that gives the rows in its order, so a page is read, not sorted.
 */
const pageIdsQuery = (db: DbOrTx, cond: SQL | undefined, sorting: string | undefined) =>
  db.select({ id: offerProjects.id })
    .from(offerProjects).where(cond)
    .orderBy(...orderBy(sorting, sortable, [tieBreak(sorting)]))
    .$dynamic();

const pageIds = (
  db: DbOrTx,
  cond: SQL | undefined,
  sorting: string | undefined,
  limit: number,
  offset: number,
) => pageIdsQuery(db, cond, sorting).limit(limit).offset(offset);

/** The list's page ids, and its count, each prepared once per filter shape. */
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

/** How many projects the list holds: from project_counts where its filters allow, else counted. */
async function listTotal(db: DbOrTx, shape: ListShape, values: Record<string, unknown>) {
  if (countableFromTable(shape.input)) return await countFromTable(db, shape);
  const [{ total }] = await listCount(db, shape).all(values);
  return total;
}

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

/** The list's shape: the kinds, the filters and, where a status is asked for, the projects the clock moved on. */
async function listShapeOf(
  deps: Deps,
  actor: Actor,
  input: ExportProjectsInput,
  now: Date,
): Promise<ListShape> {
  const kinds = listKinds(actor, input);
  const byStatus = input.status || input.open || input.awaitingQuotes;
  return {
    kinds,
    input,
    text: textPlanOf(input),
    overtaken: byStatus ? await overtakenAt(deps.db, now) : undefined,
  };
}

/** GetAll: the projects of the kinds the actor may see, filtered and paged. */
export async function listProjects(
  deps: Deps,
  actor: Actor,
  input: ListProjectsInput,
): Promise<Paged<ProjectDto>> {
  const now = deps.clock.now();
  const shape = await listShapeOf(deps, actor, input, now);
  const values = listValues(shape, now);
  const total = await listTotal(deps.db, shape, values);
  const rows = input.skipCount < total
    ? await listPageIds(deps.db, shape).all({
      ...values,
      limit: input.maxResultCount,
      offset: input.skipCount,
    })
    : [];
  return { items: await projectsByIds(deps.db, rows.map((r) => r.id), now), totalCount: total };
}

/** The same list for exports: counted first, then read a batch at a time. */
export async function projectBatches(deps: Deps, actor: Actor, input: ExportProjectsInput) {
  const now = deps.clock.now();
  const shape = await listShapeOf(deps, actor, input, now);
  const values = listValues(shape, now);
  // An unknown sort field is refused here, before streaming starts.
  const pages = listPageIds(deps.db, shape);
  const total = await listTotal(deps.db, shape, values);
  const batches = () =>
    batchesInOrder(
      async (offset, limit) => (await pages.all({ ...values, limit, offset })).map((r) => r.id),
      (ids) => projectsByIds(deps.db, ids, now),
    );
  return { total, batches };
}
