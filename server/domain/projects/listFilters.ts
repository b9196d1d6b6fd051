// The project list's filters, each declared once in `listFilters`: its input field (the query
// parameter), the condition it adds, the value bound to that condition's placeholder, and the
// condition on project_counts' rows where that table can count the list. The list's input schemas,
// its conditions and values, its statement key and the way it is counted all come from this table.
import { and, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { offerProjects, projectCounts } from "../../../db/schema.ts";
import { instant } from "../shared/dates.ts";
import { id } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { type ProjectKind, projectKinds } from "./rules.ts";
import { displayStatusSchema, kindSchema, quotationTypeSchema } from "./schemas.ts";
import {
  type Keyword,
  type KeywordColumns,
  keywordConditions,
  type KeywordPlan,
  keywordValues,
  keywordWay,
} from "./listText.ts";
import {
  awaitingQuotesSql,
  type ClockMovedIds,
  clockMovedPlaceholders,
  type ClockMovedSets,
  clockMovedValues,
  closesAtSql,
  openCondition,
  statusCondition,
} from "./statusSql.ts";

type Given<S extends z.ZodType> = NonNullable<z.output<S>>;
type Args<S extends z.ZodType> = {
  /** The field's value as the input schema reads it. */
  given: Given<S>;
  /** The placeholder named after the field, bound to `value(given)`. */
  bound: Placeholder;
};

/** A filter of the list. Its functions are called only when its field is given. */
type Filter<S extends z.ZodType> = {
  /** The input field. */
  param: S;
  /** The condition on offer_projects; a filter judged by the clock reads the clock-moved ids. */
  where?(a: Args<S> & { clockMoved: ClockMovedSets }): SQL | undefined;
  /** The value bound to the field's placeholder; left out, the field's own value. */
  value?(given: Given<S>): unknown;
  /**
   * The condition on project_counts' rows that counts the same projects as stored (undefined:
   * every row); those the clock moved on are counted again by their ids (listCount.ts). Left out:
   * that table cannot count a list filtered by it.
   */
  counted?(a: Args<S>): SQL | undefined;
  /**
   * The same as `counted`, on one row of project_counts or of a keyword's kept matches grouped
   * alike (listKept.ts): whether the projects it counts are in the list, as stored.
   */
  countedRow?(given: Given<S>, row: CountRow): boolean;
  /** Judged by the clock: the list reads the clock-moved ids (statusSql.ts) first. */
  byClock?(given: Given<S>): boolean;
  /** A keyword: searched with the other keywords given, through the trigram index (listText.ts). */
  keyword?: KeywordColumns;
  /** What the statement key holds of the field; left out, that it is given. */
  key?(given: Given<S>): string;
};
const filter = <S extends z.ZodType>(f: Filter<S>) => f;

/** A row of project_counts: projects of one kind, stored status, first quote and category. */
export type CountRow = { kind: string; status: string; quoted: number; typeId: number };

const keyword = (max: number, column: SQLiteColumn, indexed: string, what: string) =>
  filter({
    param: z.string().trim().max(max).optional().describe(`Part of the project's ${what}.`),
    keyword: { column, indexed },
    key: keywordWay,
  });
const from = (column: SQLiteColumn, what: string) =>
  filter({
    param: instant.optional().describe(`Only projects ${what} at or after this instant.`),
    where: ({ bound }) => gte(column, bound),
  });
const to = (column: SQLiteColumn, what: string) =>
  filter({
    param: instant.optional().describe(`Only projects ${what} at or before this instant.`),
    where: ({ bound }) => lte(column, bound),
  });
const closing = (compare: "<=" | ">=") =>
  filter({
    param: instant.optional().describe(
      `Only projects whose quoting closes (the deadline, an open round's end, or early once everyone quoted) at or ${
        compare === ">=" ? "after" : "before"
      } this instant.`,
    ),
    where: ({ bound }) => sql`${closesAtSql(sql.placeholder("now"))} ${sql.raw(compare)} ${bound}`,
    value: (d) => d.getTime(),
  });
const c = projectCounts;

/** The project list's filters, in the order the API describes them. */
const listFilters = {
  code: keyword(64, offerProjects.code, "code", "number"),
  name: keyword(200, offerProjects.name, "name", "name"),
  /** The category (OfferProjectType id). */
  category: filter({
    param: id.optional().describe("Only projects of the category with this id."),
    where: ({ bound }) => eq(offerProjects.typeId, bound),
    counted: ({ bound }) => eq(c.typeId, bound),
    countedRow: (given, row) => row.typeId === given,
  }),
  /** The display status, judged at the request's time. */
  status: filter({
    param: displayStatusSchema.optional().describe(
      "Only projects in this state (judged now): unpublished, published, inQuotation, ended or closed.",
    ),
    where: ({ given, clockMoved }) => statusCondition(given, clockMoved),
    byClock: () => true,
    key: (status) => status,
    // The stored states each display status starts from, before the clock's corrections.
    counted: ({ given }) => {
      switch (given) {
        case "published":
          return and(eq(c.status, "published"), eq(c.quoted, 0));
        case "inQuotation":
          return and(eq(c.status, "published"), eq(c.quoted, 1));
        default:
          return eq(c.status, given);
      }
    },
    countedRow: (given, row) =>
      given === "published" || given === "inQuotation"
        ? row.status === "published" && row.quoted === (given === "published" ? 0 : 1)
        : row.status === given,
  }),
  /** One kind: it narrows the kinds the list covers (list.ts listKinds), which every list asks for. */
  kind: filter({
    param: kindSchema.optional().describe("Only material or only asset projects."),
    counted: () => undefined,
    countedRow: () => true,
  }),
  offerItemType: filter({
    param: quotationTypeSchema.optional().describe(
      "Only projects asking quotes this way: tendering, comparePrices, bargaining or optimize.",
    ),
    where: ({ bound }) => eq(offerProjects.offerItemType, bound),
  }),
  demandCode: keyword(64, offerProjects.demandCode, "demand_code", "asset system demand number"),
  createdFrom: from(offerProjects.createdAt, "created"),
  createdTo: to(offerProjects.createdAt, "created"),
  pubDateFrom: from(offerProjects.pubDate, "published"),
  pubDateTo: to(offerProjects.pubDate, "published"),
  offerEndTimeFrom: from(offerProjects.offerEndTime, "whose deadline is"),
  offerEndTimeTo: to(offerProjects.offerEndTime, "whose deadline is"),
  /** When quoting closes (an open round's end, or early once everyone quoted), from / to. */
  closingFrom: closing(">="),
  closingTo: closing("<="),
  /** "1": open for quoting (published or in the quotation), as the dashboard counts them. */
  open: filter({
    param: z.stringbool().optional().describe(
      "1: only projects open for quoting (published or in the quotation).",
    ),
    where: ({ given, clockMoved }) => given ? openCondition(clockMoved) : undefined,
    byClock: (open) => open,
    key: String,
    counted: ({ given }) => given ? eq(c.status, "published") : undefined,
    countedRow: (given, row) => !given || row.status === "published",
  }),
  /** Projects with a quote submitted at or after this instant. */
  quotedFrom: filter({
    param: instant.optional().describe(
      "Only projects with a quote submitted at or after this instant.",
    ),
    where: ({ bound }) =>
      sql`exists (select 1 from quotes q where q.project_id = ${offerProjects.id}
        and q.submitted_at >= ${bound})`,
    value: (d) => d.getTime(),
  }),
  /** "1": open projects with at least one invited supplier yet to quote. */
  awaitingQuotes: filter({
    param: z.stringbool().optional().describe(
      "1: only open projects with at least one invited supplier yet to quote.",
    ),
    where: ({ given, clockMoved }) =>
      given ? and(openCondition(clockMoved), awaitingQuotesSql) : undefined,
    byClock: (awaiting) => awaiting,
    key: String,
  }),
};
type FilterName = keyof typeof listFilters;
/** The list's filters by name (the client's list page types its query with them). */
export type ListFilterName = FilterName;
type AnyFilter = Filter<z.ZodType>;
const filters = Object.entries(listFilters) as [FilterName, AnyFilter][];

// ---- The input schemas ------------------------------------------------------------------------

const params = Object.fromEntries(filters.map(([name, f]) => [name, f.param])) as {
  [K in FilterName]: (typeof listFilters)[K]["param"];
};

/** The list's time ranges: an end before its start is refused (it would list nothing). */
const ranges = [
  ["createdFrom", "createdTo"],
  ["pubDateFrom", "pubDateTo"],
  ["offerEndTimeFrom", "offerEndTimeTo"],
  ["closingFrom", "closingTo"],
] as const;
type Ranged = Partial<Record<(typeof ranges)[number][number], Date>>;
const rangesInOrder = (v: Ranged, ctx: z.RefinementCtx) => {
  for (const [start, end] of ranges) {
    const a = v[start], b = v[end];
    if (a && b && b.getTime() < a.getTime()) {
      ctx.addIssue({ code: "custom", message: "errors.field.rangeReversed", path: [end] });
    }
  }
};

export const listProjectsInput = z.object({ ...params, ...pagedInput }).superRefine(
  rangesInOrder,
);
export const exportProjectsInput = z.object({
  ...params,
  sorting: pagedInput.sorting,
}).superRefine(rangesInOrder);
export type ListProjectsInput = z.infer<typeof listProjectsInput>;
export type ExportProjectsInput = z.infer<typeof exportProjectsInput>;

// ---- What the table gives the list ------------------------------------------------------------

/**
 * One list asked for: the kinds it covers, its input, the clock-moved ids when a filter given is
 * judged by the clock, and how its keywords are found when one is given (listText.ts keywordPlan).
 */
export type ListQuery = {
  kinds: ProjectKind[];
  input: ExportProjectsInput;
  clockMoved?: ClockMovedIds;
  keywordPlan?: KeywordPlan;
};

type GivenFilter = { name: FilterName; f: AnyFilter; given: NonNullable<unknown> };

/** The filters given (a text left empty is not a filter), in the table's order. */
function givenFilters(input: ExportProjectsInput): GivenFilter[] {
  const out: GivenFilter[] = [];
  for (const [name, f] of filters) {
    const given = input[name];
    if (given !== undefined && given !== null && given !== "") out.push({ name, f, given });
  }
  return out;
}

/** The keywords given. */
export const keywordsOf = (input: ExportProjectsInput): Keyword[] =>
  givenFilters(input).flatMap(({ name, f, given }) =>
    f.keyword ? [{ field: name, text: given as string, ...f.keyword }] : []
  );

/** The list without its keywords. */
export const withoutKeywords = (query: ListQuery): ListQuery => ({
  ...query,
  input: Object.fromEntries(
    Object.entries(query.input).filter(([name]) => !listFilters[name as FilterName]?.keyword),
  ) as ExportProjectsInput,
  keywordPlan: undefined,
});

/** Whether a filter given is judged by the clock (the list then reads the clock-moved ids). */
export const judgedByClock = (input: ExportProjectsInput) =>
  givenFilters(input).some(({ f, given }) => f.byClock?.(given));

/** Whether a keyword is given (its count is bounded, listCount.ts). */
export const byKeyword = (input: ExportProjectsInput) =>
  givenFilters(input).some(({ f }) => f.keyword);

/** Whether project_counts can count the list: every filter given says how. */
export const countedByTable = (input: ExportProjectsInput) =>
  givenFilters(input).every(({ f }) => f.counted);

/**
 * Whether a row of project_counts (or of kept matches, listKept.ts) is in the list as stored: its
 * kind one of the list's and every filter other than the keywords saying so; undefined when a
 * filter given cannot say (the list is then counted on the projects).
 */
export function countedRowTest(query: ListQuery): ((row: CountRow) => boolean) | undefined {
  const given = givenFilters(query.input).filter(({ f }) => !f.keyword);
  if (!given.every(({ f }) => f.countedRow)) return undefined;
  const kinds = new Set<string>(query.kinds);
  return (row) => kinds.has(row.kind) && given.every(({ f, given }) => f.countedRow!(given, row));
}

/** The clock-moved ids left out: each status as stored. */
export const storedOnly: ClockMovedSets = { closedByClock: null, inRound: null };

/** `column` is one of the kinds, or nothing when the list covers every kind. */
export const kindsCondition = (column: SQLiteColumn, kinds: ProjectKind[]) =>
  kinds.length < projectKinds.length ? inArray(column, kinds) : undefined;

/**
 * The conditions of the filters given, on offer_projects, the keywords in one search: all of them,
 * or only those judged by the clock (`byClock` true) or only the others (false). Those judged by
 * the clock read the clock-moved ids from `clockMoved`.
 */
export function filterConditions(
  query: ListQuery,
  clockMoved: ClockMovedSets,
  byClock?: boolean,
): SQL[] {
  const where: SQL[] = [];
  const keywords: Keyword[] = [];
  for (const { name, f, given } of givenFilters(query.input)) {
    if (byClock !== undefined && (f.byClock?.(given) ?? false) !== byClock) continue;
    if (f.keyword) keywords.push({ field: name, text: given as string, ...f.keyword });
    const condition = f.where?.({ given, bound: sql.placeholder(name), clockMoved });
    if (condition) where.push(condition);
  }
  return [...keywordConditions(keywords, query.keywordPlan), ...where];
}

/** The list's conditions on offer_projects, each value a placeholder that `listValues` binds. */
export const listConditions = (query: ListQuery): SQL | undefined =>
  and(
    kindsCondition(offerProjects.kind, query.kinds),
    ...filterConditions(
      query,
      query.clockMoved ? clockMovedPlaceholders(query.clockMoved) : storedOnly,
    ),
  );

/** The conditions on project_counts' rows that count the list (see `countedByTable`). */
export const countedConditions = (query: ListQuery): (SQL | undefined)[] => [
  kindsCondition(c.kind, query.kinds),
  ...givenFilters(query.input).map(({ name, f, given }) =>
    f.counted!({ given, bound: sql.placeholder(name) })
  ),
];

/** The values the placeholders of the list's statements stand for, at the instant `now`. */
export function listValues(query: ListQuery, now: Date): Record<string, unknown> {
  const values: Record<string, unknown> = { now: now.getTime() };
  if (query.clockMoved) Object.assign(values, clockMovedValues(query.clockMoved));
  const keywords: Keyword[] = [];
  for (const { name, f, given } of givenFilters(query.input)) {
    if (f.keyword) keywords.push({ field: name, text: given as string, ...f.keyword });
    else values[name] = f.value ? f.value(given) : given;
  }
  return Object.assign(values, keywordValues(keywords, query.keywordPlan));
}

/**
 * What the list's statements are built from, as a string: the kinds, which clock-moved sets are
 * empty, how keywords are found, and each filter given (with what its `key` says of it). One statement is prepared per key
 * (db/client.ts preparedPerKey); the values are only bound.
 */
export const statementKey = ({ kinds, input, clockMoved, keywordPlan }: ListQuery) =>
  JSON.stringify([
    kinds,
    clockMoved && [clockMoved.closedByClock.length > 0, clockMoved.inRound.length > 0],
    keywordPlan && [keywordPlan.way, "count" in keywordPlan ? keywordPlan.count : undefined],
    ...givenFilters(input).map(({ name, f, given }) => f.key ? `${name}=${f.key(given)}` : name),
  ]);
