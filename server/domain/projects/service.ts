// Quotation projects, buyer side: create and edit with line items and attachments, publish to
// suppliers, end, close, optimisation rounds, results, lists. States and deadlines follow rules.ts.
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { z } from "zod";
import {
  changeVersions,
  files,
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  offerRounds,
  quotes,
  sequences,
  suppliers,
  users,
} from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedByShape, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, DomainError, fieldError, forbidden, notFound } from "../errors.ts";
import { containsBound, likePattern, orderBy, type Paged } from "../paging.ts";
import { exactQuery, supplierMatches, supplierTextContains } from "../suppliers/search.ts";
import { changeStamp, keptResults, shareAnswer } from "../kept.ts";
import { batchesInOrder } from "../exports/batches.ts";
import { attachToProject } from "../files/service.ts";
import { assertSuppliersInvitable, invitability } from "../suppliers/service.ts";
import { type Lang, t } from "../../i18n.ts";
import { checkCertificateTypes, requiredCertificatesOf } from "../suppliers/certificates.ts";
import { enqueue } from "../email/outbox.ts";
import { formatUtc8 } from "../shared/time.ts";
import { sendManual } from "../email/reminders.ts";
import { isWorkingInstant } from "../calendar/service.ts";
import { dateInUtc8 } from "../shared/time.ts";
import {
  automaticEndReason,
  canDo,
  EARLY_END_WINDOW_MS,
  effectiveStatus,
  MONTHLY_PURCHASE_THRESHOLD,
  type ProjectAction,
  projectDisplayStatus,
  type ProjectKind,
  publishPermissionOf,
  quoteClosesAt,
  quotesSealed,
  REVISION_NOTICE_MS,
  type RoundTiming,
  sealedByDefault,
  sealOpensAt,
  searchPermissionOf,
  transitions,
  visibleKinds,
} from "./rules.ts";
import { packVersions, recordPackVersion } from "./pack.ts";
import {
  closeInput,
  createAndLaunchInput,
  createProjectInput,
  type ExportProjectsInput,
  type ListProjectsInput,
  openRoundInput,
  publishInput,
  revisePackInput,
  type sendEmailInput,
  type supplierSearchInput,
  updateProjectInput,
} from "./schemas.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

export type ProjectDto = {
  id: number;
  offProManagerId: number;
  code: string;
  name: string;
  kind: ProjectKind;
  category: number | null;
  categoryName: string | null;
  status: string;
  pubDate: Date | null;
  offerEndTime: Date | null;
  demandCode: string | null;
  equipmentName: string | null;
  offerItemType: string | null;
  estimatedAmount: string | null;
  monthlyPurchase: boolean;
  isBidding: boolean;
  fromAms: boolean;
  remark: string | null;
  creatorId: number | null;
  creatorName: string | null;
  creationTime: Date;
  endTime: Date | null;
  endReason: string | null;
  closeTime: Date | null;
  closeReason: string | null;
  supplierCount: number;
  quotedCount: number;
  currentRound: number | null;
  /** When the first quotation closes (deadline or early end), for "time left". */
  closesAt: Date | null;
  /** What the project's state allows now (rules.ts); permissions are checked on each call. */
  actions: ProjectAction[];
  /** Whether quotes must carry a priced line for every line item. */
  linesRequired: boolean;
  /** The suppliers of the award in force (abbreviations), or null when not awarded. */
  award: string | null;
  /** Sealed quotes: the setting, whether the first quotes are sealed now, and when they open. */
  sealedQuotes: boolean;
  sealed: boolean;
  sealOpensAt: Date | null;
  /** The buyer's instructions to suppliers (part of the request pack). */
  instructionText: string | null;
  /** The request pack version in force; null until first published. */
  packVersion: number | null;
  /** Certificate types the project itself requires of invited suppliers (its category may add). */
  requiredCertificates: string[];
};

// ---------------------------------------------------------------------------------------------
// Access and loading
// ---------------------------------------------------------------------------------------------

function assertMaySee(actor: Actor, kind: ProjectKind) {
  if (actor.kind !== "staff" || !actor.permissions.has(searchPermissionOf(kind))) throw forbidden();
}

function assertMayPublish(actor: Actor, kind: ProjectKind) {
  assertMaySee(actor, kind);
  if (!actor.permissions.has(publishPermissionOf(kind))) {
    throw forbidden("projects.noPublishPermission");
  }
}

const projectById = preparedQuery((db) =>
  db.select().from(offerProjects).where(eq(offerProjects.id, sql.placeholder("id"))).prepare()
);

async function loadProject(db: DbOrTx, id: number): Promise<ProjectRow> {
  const row = await projectById(db).get({ id });
  if (!row) throw notFound("project", id);
  return row;
}

/** The project, if the actor may see its kind. */
export async function projectForActor(deps: Deps, actor: Actor, id: number) {
  const row = await loadProject(deps.db, id);
  assertMaySee(actor, row.kind);
  return row;
}

type RoundRow = typeof offerRounds.$inferSelect;
const roundsOfIds = preparedQuery((db) =>
  db.select().from(offerRounds).where(idIn(offerRounds.projectId, "ids"))
    .orderBy(offerRounds.round).prepare()
);
const roundsOf = async (db: DbOrTx, ids: number[]): Promise<RoundRow[]> =>
  ids.length ? await roundsOfIds(db).all({ ids: JSON.stringify(ids) }) : [];

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

const supplierCountSql = sql<number>`(select count(*) from offer_project_suppliers s
  where s.project_id = ${offerProjects.id})`;
const quotedCountSql = sql<number>`(select count(distinct q.supplier_id) from quotes q
  where q.project_id = ${offerProjects.id} and q.round = 0)`;
const hasQuotesSql = sql`exists (select 1 from quotes q where q.project_id = ${offerProjects.id})`;
/** The suppliers of the award in force, by abbreviation (comparison/service.ts records awards). */
const awardNamesSql = sql<string | null>`(select group_concat(n, ', ') from
  (select s.abbr_name as n from suppliers s where s.id in
    (select coalesce(al.supplier_id, a.supplier_id) from awards a
      left join award_lines al on al.award_id = a.id
      where a.project_id = ${offerProjects.id} and a.superseded_at is null)
   order by s.code))`;

/** The instant the conditions are judged at: a time, or a placeholder bound to its milliseconds. */
type At = Date | Placeholder;
const msOf = (now: At) => now instanceof Date ? now.getTime() : now;

function statusCondition(status: string, now: At): SQL {
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
function closesAtSql(now: At): SQL {
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
async function listStamp(db: DbOrTx, now: Date): Promise<string> {
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
const openCondition = (now: At) =>
  or(statusCondition("published", now), statusCondition("inQuotation", now))!;

/**
 * The invited supplier (invitation row aliased `s`) has a first quote that answers the request
 * pack in force: one made before the buyer revised the pack does not count (see answersOlderPack;
 * where either version is unknown it counts).
 */
const quotedCurrentPackSql = sql`exists (select 1 from quotes q
  join offer_projects qp on qp.id = q.project_id
  where q.project_id = s.project_id and q.supplier_id = s.supplier_id and q.round = 0
    and coalesce(q.pack_version >= qp.pack_version, 1))`;

/** Some invited supplier has no first quote yet (on the pack in force). */
const awaitingQuotesSql = sql`exists (select 1 from offer_project_suppliers s
  where s.project_id = ${offerProjects.id} and not ${quotedCurrentPackSql})`;

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

async function selectProjects(
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

/** Projects with their category, creator, counts and award (the list's and detail's header). */
const projectDetail = (db: DbOrTx) =>
  db.select({
    p: offerProjects,
    categoryName: offerProjectTypes.name,
    creatorName: users.name,
    supplierCount: supplierCountSql,
    quotedCount: quotedCountSql,
    hasQuotes: sql<number>`${hasQuotesSql}`,
    awardNames: awardNamesSql,
  }).from(offerProjects)
    .leftJoin(offerProjectTypes, eq(offerProjectTypes.id, offerProjects.typeId))
    .leftJoin(users, eq(users.id, offerProjects.creatorId))
    .$dynamic();
const projectDetailByIds = preparedQuery((db) =>
  projectDetail(db).where(idIn(offerProjects.id, "ids")).prepare()
);

/** What a project's DTO is made of, as read: its row with the header's names and counts, its rounds. */
type ProjectRead = {
  row: Awaited<ReturnType<ReturnType<typeof projectDetailByIds>["all"]>>[number];
  rounds: RoundRow[];
};

/** The projects with these ids, as read, in this order; `rounds` when already read. */
async function readProjects(
  db: DbOrTx,
  ids: number[],
  knownRounds?: RoundRow[],
): Promise<ProjectRead[]> {
  if (!ids.length) return [];
  const found = await projectDetailByIds(db).all({ ids: JSON.stringify(ids) });
  const byId = new Map(found.map((r) => [r.p.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const rounds = knownRounds ?? await roundsOf(db, rows.map((r) => r.p.id));
  return rows.map((row) => ({ row, rounds: rounds.filter((x) => x.projectId === row.p.id) }));
}

/** The projects as the lists and the detail show them at `now`. */
const projectDtos = (read: ProjectRead[], now: Date): ProjectDto[] =>
  read.map(({ row: r, rounds }) =>
    toDto(r.p, {
      categoryName: r.categoryName,
      creatorName: r.creatorName,
      supplierCount: Number(r.supplierCount),
      quotedCount: Number(r.quotedCount),
      hasQuotes: Boolean(r.hasQuotes),
      awardNames: r.awardNames ?? null,
      rounds,
    }, now)
  );

/** The projects with these ids, in this order, with their counts. */
const projectsByIds = async (db: DbOrTx, ids: number[], now: Date) =>
  projectDtos(await readProjects(db, ids), now);

/** Round 1 may be opened when there is none; round 2 once round 1 is over (openOptimizeRound). */
const nextRoundOpenable = (rounds: RoundTiming[], now: Date) =>
  rounds.length === 0 ||
  (rounds.length === 1 && rounds[0].round === 1 && now.getTime() >= rounds[0].endTime.getTime());

function toDto(
  p: ProjectRow,
  extra: {
    categoryName: string | null;
    creatorName: string | null;
    supplierCount: number;
    quotedCount: number;
    hasQuotes: boolean;
    rounds: RoundTiming[];
    awardNames?: string | null;
  },
  now: Date,
): ProjectDto {
  const open = extra.rounds.find((r) =>
    r.openedAt.getTime() <= now.getTime() && now.getTime() < r.endTime.getTime()
  );
  const effective = effectiveStatus(p, now);
  return {
    id: p.id,
    offProManagerId: p.id,
    code: p.code,
    name: p.name,
    kind: p.kind,
    category: p.typeId,
    categoryName: extra.categoryName,
    status: projectDisplayStatus(p, extra.rounds, now, extra.hasQuotes),
    pubDate: p.pubDate,
    offerEndTime: p.offerEndTime,
    demandCode: p.demandCode,
    equipmentName: p.equipmentName,
    offerItemType: p.offerItemType,
    estimatedAmount: p.estimatedAmount,
    monthlyPurchase: p.monthlyPurchase,
    isBidding: p.isBidding,
    fromAms: p.fromAms,
    remark: p.remark,
    creatorId: p.creatorId,
    creatorName: extra.creatorName,
    creationTime: p.createdAt,
    endTime: p.endedAt ??
      (effective === "ended" && p.status === "published" ? quoteClosesAt(p) : null),
    endReason: p.endReason ?? automaticEndReason(p, now),
    closeTime: p.closedAt,
    closeReason: p.closeReason,
    supplierCount: extra.supplierCount,
    quotedCount: extra.quotedCount,
    currentRound: open?.round ?? null,
    closesAt: quoteClosesAt(p),
    linesRequired: p.linesRequired,
    award: extra.awardNames ?? null,
    sealedQuotes: p.sealedQuotes,
    sealed: quotesSealed(p, extra.rounds, 0, now),
    sealOpensAt: p.sealedQuotes ? sealOpensAt(p, extra.rounds, 0) : null,
    instructionText: p.instructionText,
    packVersion: p.packVersion,
    requiredCertificates: p.requiredCertificates ?? [],
    actions: transitions[effective].filter((a) =>
      a !== "quote" &&
      (a !== "openRound" || (p.kind === "asset" && nextRoundOpenable(extra.rounds, now)))
    ),
  };
}

/** Pages of the project list kept per database, the least recently used dropped first. */
export const PAGES_KEPT = 200;
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

type Answers<T> = WeakMap<object, { window: string; answer: T }>;

/**
 * The answer made of a kept result (`read`), made once per window of listStamp (the same counters,
 * between the same two instants at which the clock alone changes some project) and shared
 * (shareAnswer) with every call in that window. What a project's answers show by the clock
 * (status, end time and reason, open round, seals, actions) changes only at those instants, so an
 * answer made at any time of a window is the answer at every other.
 */
function answerInWindow<T extends object>(
  window: string,
  answers: Answers<T>,
  read: object,
  make: () => T,
): T {
  const found = answers.get(read);
  if (found?.window === window) return found.answer;
  const answer = shareAnswer(make());
  answers.set(read, { window, answer });
  return answer;
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

async function projectDto(db: DbOrTx, id: number, now: Date): Promise<ProjectDto> {
  const [dto] = await projectsByIds(db, [id], now);
  if (!dto) throw notFound("project", id);
  return dto;
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

const itemDto = (i: typeof offerProjectItems.$inferSelect) => ({
  id: i.id,
  sort: i.sort,
  materialCode: i.materialCode,
  itemName: i.itemName,
  description: i.description,
  unit: i.unit,
  estimateYearAmount: i.estimateYearAmount,
  useFactory: i.useFactory,
  needExplain: i.needExplain,
});

/** The line items in the request pack now (items a revision removed stay only for old quotes). */
const currentItems = preparedQuery((db) =>
  db.select().from(offerProjectItems)
    .where(and(
      eq(offerProjectItems.projectId, sql.placeholder("projectId")),
      isNull(offerProjectItems.removedAt),
    ))
    .orderBy(offerProjectItems.sort, offerProjectItems.id).prepare()
);

async function itemsOf(db: DbOrTx, projectId: number) {
  return (await currentItems(db).all({ projectId })).map(itemDto);
}

const projectAttachments = preparedQuery((db) =>
  db.select({ id: files.id, fileName: files.fileName, size: files.size }).from(files)
    .where(and(
      eq(files.projectId, sql.placeholder("projectId")),
      eq(files.purpose, "project"),
      isNull(files.deletedAt),
    )).orderBy(files.id).prepare()
);

async function attachmentsOf(db: DbOrTx, projectId: number) {
  return await projectAttachments(db).all({ projectId });
}

export type SupplierResult = {
  id: number;
  code: string;
  abbrName: string;
  fullName: string;
  status: string;
  email1: string | null;
  email2: string | null;
  email3: string | null;
  invitedTime: Date;
  agreedTime: Date | null;
  round1: boolean;
  round2: boolean;
  isOffer: boolean;
  offerTime: Date | null;
  attId: number | null;
  offerTime1: Date | null;
  attId1: number | null;
  offerTime2: Date | null;
  attId2: number | null;
  /** The request pack version each current quote answered (first quote, rounds 1 and 2). */
  packVersion: number | null;
  packVersion1: number | null;
  packVersion2: number | null;
};

const invitedSuppliers = preparedQuery((db) =>
  db.select({ s: suppliers, ps: offerProjectSuppliers })
    .from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(eq(offerProjectSuppliers.projectId, sql.placeholder("projectId")))
    .orderBy(suppliers.code).prepare()
);
const projectQuotes = preparedQuery((db) =>
  db.select().from(quotes).where(eq(quotes.projectId, sql.placeholder("projectId")))
    .orderBy(quotes.submittedAt, quotes.id).prepare()
);

/**
 * The invited suppliers with the last quote of each round ("only the last quotation counts"). The
 * quote files (attId*) of a sealed round are left out: who quoted and when is all it shows.
 */
function supplierResults(
  { row: project, rounds, invited, quotes: qs }: ProjectReadAll,
  now: Date,
): SupplierResult[] {
  const last = new Map<string, typeof qs[number]>();
  for (const q of qs) last.set(`${q.supplierId}:${q.round}`, q);
  const sealed = [0, 1, 2].map((r) => quotesSealed(project, rounds, r, now));
  return invited.map(({ s, ps }) => {
    const q = (round: number) => last.get(`${s.id}:${round}`);
    const file = (round: number) => sealed[round] ? null : q(round)?.fileId ?? null;
    return {
      id: s.id,
      code: s.code,
      abbrName: s.abbrName,
      fullName: s.fullName,
      status: s.status,
      email1: s.email1,
      email2: s.email2,
      email3: s.email3,
      invitedTime: ps.invitedAt,
      agreedTime: ps.agreedAt,
      round1: ps.round1,
      round2: ps.round2,
      isOffer: !!q(0),
      offerTime: q(0)?.submittedAt ?? null,
      attId: file(0),
      offerTime1: q(1)?.submittedAt ?? null,
      attId1: file(1),
      offerTime2: q(2)?.submittedAt ?? null,
      attId2: file(2),
      packVersion: q(0)?.packVersion ?? null,
      packVersion1: q(1)?.packVersion ?? null,
      packVersion2: q(2)?.packVersion ?? null,
    };
  });
}

/** Everything the detail and result pages show of a project, as read. */
async function readProjectAll(db: DbOrTx, id: number) {
  const row = await loadProject(db, id);
  const rounds = await roundsOf(db, [id]);
  const [read] = await readProjects(db, [id], rounds);
  return {
    row,
    rounds,
    read,
    items: await itemsOf(db, id),
    attachments: await attachmentsOf(db, id),
    invited: await invitedSuppliers(db).all({ projectId: id }),
    quotes: await projectQuotes(db).all({ projectId: id }),
    packVersions: await packVersions(db, id),
  };
}
type ProjectReadAll = Awaited<ReturnType<typeof readProjectAll>>;

/** Projects kept as read (readProjectAll) per database, the least recently used dropped first. */
export const PROJECTS_KEPT = 500;

/**
 * A project's pages are opened again and again while its quotes come in: what they show is kept
 * as read, with the projects' and suppliers' change counters (migrations/0010, 0013–0015: every
 * table read here raises one of them), and shown at each request's time.
 */
const keptProjects = keptResults<ProjectReadAll>({
  entries: PROJECTS_KEPT,
  budget: ROWS_KEPT,
  sizeOf: (p) =>
    2 + p.rounds.length + p.items.length + p.attachments.length + p.invited.length +
    p.quotes.length + p.packVersions.length,
});

/** The project as read, if the actor may see its kind. */
async function projectAllForActor(deps: Deps, actor: Actor, id: number) {
  const stamp = await changeStamp(deps.db, ["projects", "suppliers"]);
  const all = await keptProjects(deps.db, String(id), stamp, () => readProjectAll(deps.db, id));
  assertMaySee(actor, all.row.kind);
  return all;
}

/** GetOfferProjectManagerData: header, line items (opiList), attachments (attList), suppliers (supList). */
export async function getProjectData(deps: Deps, actor: Actor, id: number) {
  const all = await projectAllForActor(deps, actor, id);
  const now = deps.clock.now();
  return {
    ...projectDtos([all.read], now)[0],
    opiList: all.items,
    attList: all.attachments,
    supList: supplierResults(all, now).map((s) => ({
      id: s.id,
      code: s.code,
      abbrName: s.abbrName,
      fullName: s.fullName,
    })),
    /** Every certificate type an invited supplier must hold: the project's and its category's. */
    requiredCertificateTypes: await requiredCertificatesOf(deps.db, all.row),
  };
}

export async function getProjectItems(deps: Deps, actor: Actor, id: number) {
  return (await projectAllForActor(deps, actor, id)).items;
}

/** The invited suppliers and whether each has quoted (the result page's supplier table). */
export async function getProjectSuppliers(deps: Deps, actor: Actor, id: number) {
  return supplierResults(await projectAllForActor(deps, actor, id), deps.clock.now());
}

/** GetSupplierOfferProjectManagerResult: everything the result page shows. */
export async function getProjectResult(deps: Deps, actor: Actor, id: number) {
  const all = await projectAllForActor(deps, actor, id);
  const now = deps.clock.now();
  const window = await listStamp(deps.db, now);
  return answerInWindow(window, resultAnswers, all, () => projectResult(all, now));
}
const resultAnswers: Answers<ReturnType<typeof projectResult>> = new WeakMap();

function projectResult(all: Awaited<ReturnType<typeof projectAllForActor>>, now: Date) {
  const { row, rounds } = all;
  return {
    project: projectDtos([all.read], now)[0],
    opiList: all.items,
    attList: all.attachments,
    suppliers: supplierResults(all, now),
    rounds: rounds.map((r) => ({
      round: r.round,
      openTime: r.openedAt,
      endTime: r.endTime,
      isOpen: r.openedAt.getTime() <= now.getTime() && now.getTime() < r.endTime.getTime(),
      sealed: quotesSealed(row, rounds, r.round, now),
    })),
    /** Every published version of the request pack, oldest first. */
    packVersions: all.packVersions,
  };
}

export async function getCloseInfo(deps: Deps, actor: Actor, id: number) {
  const row = await projectForActor(deps, actor, id);
  const closer = row.closedBy
    ? await deps.db.query.users.findFirst({ where: eq(users.id, row.closedBy) })
    : undefined;
  return {
    offProId: row.id,
    code: row.code,
    isClosed: row.status === "closed",
    closeReason: row.closeReason,
    closeTime: row.closedAt,
    closedBy: row.closedBy,
    closedByName: closer?.name ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

/** Project numbers: QP-YYYYMMDD-NNN (material) or AMS-YYYYMMDD-NNN (asset), the date in UTC+8. */
async function nextCode(tx: DbOrTx, kind: ProjectKind, now: Date): Promise<string> {
  const prefix = `${kind === "asset" ? "AMS" : "QP"}-${dateInUtc8(now).replaceAll("-", "")}`;
  const [row] = await tx.insert(sequences).values({ name: `project:${prefix}`, value: 1 })
    .onConflictDoUpdate({ target: sequences.name, set: { value: sql`${sequences.value} + 1` } })
    .returning({ value: sequences.value });
  return `${prefix}-${String(row.value).padStart(3, "0")}`;
}

/** Whether an exact decimal amount reaches the monthly purchase threshold. */
export function reachesMonthlyThreshold(amount: string | null): boolean {
  if (!amount) return false;
  return BigInt(amount.split(".")[0]) >= BigInt(MONTHLY_PURCHASE_THRESHOLD);
}

type ProjectFields = z.infer<typeof createProjectInput>;

async function headerValues(db: DbOrTx, input: ProjectFields) {
  if (input.category != null) {
    const type = await db.query.offerProjectTypes.findFirst({
      where: eq(offerProjectTypes.id, input.category),
    });
    if (!type) {
      throw fieldError("category", "errors.notFound", { entity: "category", id: input.category });
    }
  }
  const asset = input.kind === "asset";
  if (asset && !input.offerItemType) {
    throw fieldError("offerItemType", "projects.quotationTypeRequired");
  }
  return {
    name: input.name,
    typeId: input.category,
    remark: input.remark,
    demandCode: asset ? input.demandCode : null,
    equipmentName: asset ? input.equipmentName : null,
    offerItemType: asset ? input.offerItemType : null,
    estimatedAmount: asset ? input.estimatedAmount : null,
    monthlyPurchase: asset && reachesMonthlyThreshold(input.estimatedAmount),
    isBidding: asset && input.isBidding,
    fromAms: asset && input.fromAms,
    // Left out: off for a new project (the column's default), unchanged when edited.
    ...(input.linesRequired === undefined ? {} : { linesRequired: input.linesRequired }),
    instructionText: input.instructionText,
    // Left out, a new project takes the default of its quotation type and an edit keeps it.
    ...(input.sealedQuotes === undefined ? {} : { sealedQuotes: input.sealedQuotes }),
    // Left out of an update, the required certificates stay as they are.
    ...(input.requiredCertificates === undefined ? {} : {
      requiredCertificates: (await checkCertificateTypes(
        db,
        input.requiredCertificates,
        "requiredCertificates",
      )).sort(),
    }),
  };
}

/**
 * Makes the current line items exactly `items`: listed ids are updated, new ones added, others
 * removed — or, with `retireAt` (a published pack), marked removed, since quotes answered them.
 */
async function saveItems(
  tx: DbOrTx,
  projectId: number,
  items: ProjectFields["opiList"],
  retireAt: Date | null = null,
) {
  const existing = await tx.select({ id: offerProjectItems.id }).from(offerProjectItems)
    .where(
      and(eq(offerProjectItems.projectId, projectId), isNull(offerProjectItems.removedAt)),
    );
  const keep = new Set<number>();
  for (const [sort, item] of items.entries()) {
    const { id, ...values } = item;
    if (id !== undefined) {
      if (!existing.some((e) => e.id === id)) throw notFound("projectItem", id);
      keep.add(id);
      await tx.update(offerProjectItems).set({ ...values, sort }).where(
        eq(offerProjectItems.id, id),
      );
    } else {
      await tx.insert(offerProjectItems).values({ ...values, sort, projectId });
    }
  }
  const drop = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
  if (!drop.length) return;
  if (retireAt) {
    await tx.update(offerProjectItems).set({ removedAt: retireAt })
      .where(inArray(offerProjectItems.id, drop));
  } else await tx.delete(offerProjectItems).where(inArray(offerProjectItems.id, drop));
}

async function insertProject(deps: Deps, tx: DbOrTx, actor: Actor, input: ProjectFields) {
  const now = deps.clock.now();
  const header = await headerValues(tx, input);
  const [row] = await tx.insert(offerProjects).values({
    ...header,
    code: await nextCode(tx, input.kind, now),
    kind: input.kind,
    sealedQuotes: input.sealedQuotes ?? sealedByDefault(header.offerItemType),
    status: "unpublished",
    offerEndTime: input.offerEndTime,
    creatorId: actor.id,
    createdAt: now,
  }).returning();
  await saveItems(tx, row.id, input.opiList);
  await attachToProject(tx, actor, row.id, input.attList);
  return row;
}

/** Create / CreateOfferProjectManagerData / CreateOfferProjectManagerLaunchData: an unpublished project. */
export async function createProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createProjectInput>,
) {
  const input = createProjectInput.parse(raw);
  assertMaySee(actor, input.kind);
  const row = await deps.db.transaction((tx) => insertProject(deps, tx, actor, input));
  return await getProjectData(deps, actor, row.id);
}

/** UpdateOfferProjectManagerData: only while unpublished; the kind stays. */
export async function updateProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateProjectInput>,
) {
  const input = updateProjectInput.parse(raw);
  await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, input.id);
    assertMaySee(actor, row.kind);
    if (!canDo(row, "edit", deps.clock.now())) throw conflict("projects.onlyUnpublishedEdit");
    const header = await headerValues(tx, { ...input, kind: row.kind });
    await tx.update(offerProjects).set({
      ...header,
      offerEndTime: input.offerEndTime,
      updatedAt: deps.clock.now(),
    }).where(eq(offerProjects.id, row.id));
    await saveItems(tx, row.id, input.opiList);
    await attachToProject(tx, actor, row.id, input.attList);
  });
  return await getProjectData(deps, actor, input.id);
}

/** Delete: only an unpublished project; its attachments leave the lists with it. */
export async function deleteProject(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, id);
    assertMaySee(actor, row.kind);
    if (!canDo(row, "delete", deps.clock.now())) throw conflict("projects.onlyUnpublishedDelete");
    await tx.update(files).set({ deletedAt: deps.clock.now() })
      .where(and(eq(files.projectId, id), eq(files.purpose, "project")));
    await tx.delete(offerProjects).where(eq(offerProjects.id, id));
  });
}

/** deleteOfferProjectItemData: one line item of an unpublished project. */
export async function deleteProjectItem(deps: Deps, actor: Actor, itemId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await tx.query.offerProjectItems.findFirst({
      where: eq(offerProjectItems.id, itemId),
    });
    if (!item) throw notFound("projectItem", itemId);
    const row = await loadProject(tx, item.projectId);
    assertMaySee(actor, row.kind);
    if (!canDo(row, "edit", deps.clock.now())) throw conflict("projects.onlyUnpublishedEdit");
    await tx.delete(offerProjectItems).where(eq(offerProjectItems.id, itemId));
  });
}

// ---------------------------------------------------------------------------------------------
// Publish
// ---------------------------------------------------------------------------------------------

async function checkDeadline(deps: Deps, at: Date, now: Date, member: string) {
  if (at.getTime() <= now.getTime()) throw fieldError(member, "projects.deadlinePast");
  if (!await isWorkingInstant(deps, at)) throw fieldError(member, "projects.notWorkingDay");
}

async function publishInTx(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  row: ProjectRow,
  input: { offerEndTime: Date | null; supList: { id: number; code?: string }[] },
) {
  const now = deps.clock.now();
  assertMayPublish(actor, row.kind);
  if (!canDo(row, "publish", now)) throw conflict("projects.cannotPublish");
  if (!input.supList.length) throw fieldError("supList", "projects.selectSupplier");
  const ids = [...new Set(input.supList.map((s) => s.id))];
  const found = await tx.select().from(suppliers).where(inArray(suppliers.id, ids));
  for (const chosen of input.supList) {
    const s = found.find((f) => f.id === chosen.id);
    if (!s) {
      throw fieldError("supList", "projects.unknownSupplier", { code: chosen.code ?? chosen.id });
    }
    if (chosen.code !== undefined && chosen.code !== s.code) {
      throw fieldError("supList", "projects.supplierMismatch", {
        id: chosen.id,
        code: chosen.code,
        actual: s.code,
      });
    }
  }
  const already = await tx.select({ supplierId: offerProjectSuppliers.supplierId })
    .from(offerProjectSuppliers).where(eq(offerProjectSuppliers.projectId, row.id));
  const fresh = ids.filter((id) => !already.some((a) => a.supplierId === id));
  // Only the newly invited are judged: an invitation already made stays whatever happens since.
  await assertSuppliersInvitable(
    tx,
    fresh.map((id) => found.find((f) => f.id === id)!),
    await requiredCertificatesOf(tx, row),
    now,
  );
  const bargaining = row.kind === "asset" && row.offerItemType === "bargaining";
  const deadline = input.offerEndTime ?? (row.status === "published" ? row.offerEndTime : null);
  if (!deadline && !bargaining) throw fieldError("offerEndTime", "projects.deadlineRequired");
  if (deadline) await checkDeadline(deps, deadline, now, "offerEndTime");
  if (fresh.length) {
    await tx.insert(offerProjectSuppliers).values(
      fresh.map((supplierId) => ({ projectId: row.id, supplierId, invitedAt: now })),
    );
  }
  await tx.update(offerProjects).set({
    status: "published",
    pubDate: row.pubDate ?? now,
    offerEndTime: deadline,
    // A newly invited supplier has not quoted yet: the early-end window waits for them.
    allQuotedAt: fresh.length ? null : row.allQuotedAt,
    updatedAt: now,
  }).where(eq(offerProjects.id, row.id));
  // The first publish fixes version 1 of the request pack; later changes go through a revision.
  if (row.status === "unpublished") await recordPackVersion(tx, row.id, now, actor.id);
  // Invitations commit with the publish; a supplier already invited is not mailed again.
  await enqueue(tx, deps, { kind: "published", projectId: row.id });
}

/** UpdateSupplierOfferProject: publish a saved project to the chosen suppliers. */
export async function publishProject(deps: Deps, actor: Actor, raw: z.input<typeof publishInput>) {
  const input = publishInput.parse(raw);
  await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, input.offProManagerId);
    await publishInTx(deps, tx, actor, row, input);
  });
  return await getProjectData(deps, actor, input.offProManagerId);
}

/** CreateAndLaunchOfferProject: save a new project and publish it at once (all or nothing). */
export async function createAndLaunch(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createAndLaunchInput>,
) {
  const input = createAndLaunchInput.parse(raw);
  assertMayPublish(actor, input.kind);
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertProject(deps, tx, actor, input);
    await publishInTx(deps, tx, actor, row, input);
    return row.id;
  });
  return await getProjectData(deps, actor, id);
}

/**
 * ReviseRequestPack: change the line items, attachments or instruction text of a published project
 * while quoting is open. The change becomes the next pack version; every invited supplier is told,
 * quotes made before it stay "based on version N", and quoting stays open for at least
 * REVISION_NOTICE_MS: a sooner deadline must be moved (offerEndTime) or the change is refused.
 * Removed items are retired, removed attachments leave the lists; both stay in the old versions.
 */
export async function revisePack(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof revisePackInput>,
) {
  const input = revisePackInput.parse(raw);
  const result = await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, input.offProId);
    assertMayPublish(actor, row.kind);
    const now = deps.clock.now();
    if (row.status === "unpublished") throw conflict("projects.reviseNotPublished");
    if (effectiveStatus(row, now) !== "published") throw conflict("projects.reviseAfterEnd");
    // Published before versions were kept: the pack as published becomes version 1 first.
    if (row.packVersion == null) await recordPackVersion(tx, row.id, row.pubDate ?? now, null);
    const deadline = input.offerEndTime ?? row.offerEndTime;
    if (input.offerEndTime) await checkDeadline(deps, input.offerEndTime, now, "offerEndTime");
    const earliest = new Date(now.getTime() + REVISION_NOTICE_MS);
    if (deadline && deadline.getTime() < earliest.getTime()) {
      throw fieldError("offerEndTime", "projects.reviseNeedsTime", {
        hours: REVISION_NOTICE_MS / 3600_000,
        earliest: formatUtc8(earliest),
      });
    }
    await saveItems(tx, row.id, input.opiList, now);
    const keep = new Set(input.attList);
    const current = await tx.select({ id: files.id }).from(files).where(and(
      eq(files.projectId, row.id),
      eq(files.purpose, "project"),
      isNull(files.deletedAt),
    ));
    const dropped = current.filter((f) => !keep.has(f.id)).map((f) => f.id);
    if (dropped.length) {
      await tx.update(files).set({ deletedAt: now }).where(inArray(files.id, dropped));
    }
    await attachToProject(tx, actor, row.id, input.attList);
    await tx.update(offerProjects).set({ instructionText: input.instructionText })
      .where(eq(offerProjects.id, row.id));
    const version = await recordPackVersion(tx, row.id, now, actor.id);
    if (!version.changed) throw conflict("projects.packUnchanged");
    await tx.update(offerProjects).set({
      offerEndTime: deadline,
      // Quotes on the old version no longer make "everyone has quoted": the wait starts again.
      allQuotedAt: null,
      updatedAt: now,
    }).where(eq(offerProjects.id, row.id));
    await enqueue(tx, deps, { kind: "packRevised", projectId: row.id, version: version.version });
    return version;
  });
  return {
    ...await getProjectData(deps, actor, input.offProId),
    revisedTo: result.version,
  };
}

// ---------------------------------------------------------------------------------------------
// End, close, rounds
// ---------------------------------------------------------------------------------------------

/** EndOfferProject: end quoting by hand, recording who and when. */
export async function endProject(deps: Deps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, id);
    assertMayPublish(actor, row.kind);
    const now = deps.clock.now();
    if (!canDo(row, "end", now)) throw conflict("projects.cannotEnd");
    await tx.update(offerProjects).set({
      status: "ended",
      endedAt: now,
      endedBy: actor.id,
      endReason: "manual",
      updatedAt: now,
    }).where(eq(offerProjects.id, id));
    await enqueue(tx, deps, { kind: "ended", projectId: id });
  });
  return await projectDto(deps.db, id, deps.clock.now());
}

/** CreateOfferProjectCloses: close from any state but closed, with a reason. */
export async function closeProject(deps: Deps, actor: Actor, raw: z.input<typeof closeInput>) {
  const input = closeInput.parse(raw);
  await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, input.offProId);
    assertMayPublish(actor, row.kind);
    const now = deps.clock.now();
    if (!canDo(row, "close", now)) throw conflict("projects.alreadyClosed");
    const auto = automaticEndReason(row, now);
    await tx.update(offerProjects).set({
      status: "closed",
      closedAt: now,
      closedBy: actor.id,
      closeReason: input.closeReason,
      ...(auto ? { endedAt: quoteClosesAt(row), endReason: auto } : {}),
      updatedAt: now,
    }).where(eq(offerProjects.id, row.id));
    await enqueue(tx, deps, { kind: "closed", projectId: row.id });
  });
  return await getCloseInfo(deps, actor, input.offProId);
}

/**
 * OpenOptimizeRound: an asset project whose first quotes are in (it has ended) gets round 1, and
 * after round 1 is over round 2, each with its own deadline, for the suppliers who quoted or a
 * subset of the invited ones.
 */
export async function openOptimizeRound(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof openRoundInput>,
) {
  const input = openRoundInput.parse(raw);
  await deps.db.transaction(async (tx) => {
    const row = await loadProject(tx, input.offProId);
    assertMayPublish(actor, row.kind);
    const now = deps.clock.now();
    if (row.kind !== "asset") throw conflict("projects.roundsAssetOnly");
    if (!canDo(row, "openRound", now)) throw conflict("projects.roundNeedsEnded");
    const rounds = await roundsOf(tx, [row.id]);
    if (rounds.some((r) => r.round === input.round)) {
      throw conflict("projects.roundExists", { round: input.round });
    }
    if (input.round === 2) {
      const r1 = rounds.find((r) => r.round === 1);
      if (!r1 || now.getTime() < r1.endTime.getTime()) throw conflict("projects.roundOneFirst");
    }
    const invited = await tx.select().from(offerProjectSuppliers)
      .where(eq(offerProjectSuppliers.projectId, row.id));
    const quoted = await tx.selectDistinct({ supplierId: quotes.supplierId }).from(quotes)
      .where(and(eq(quotes.projectId, row.id), eq(quotes.round, 0)));
    if (!quoted.length) throw conflict("projects.roundNeedsQuotes");
    await checkDeadline(deps, input.endTime, now, "endTime");
    const previous = input.round === 1
      ? quoted.map((q) => q.supplierId)
      : invited.filter((i) => i.round1).map((i) => i.supplierId);
    const chosen = input.supplierIds?.length ? [...new Set(input.supplierIds)] : previous;
    for (const id of chosen) {
      if (!invited.some((i) => i.supplierId === id)) {
        throw fieldError("supplierIds", "projects.notInvited", { id });
      }
    }
    if (!chosen.length) throw fieldError("supplierIds", "projects.selectSupplier");
    await tx.insert(offerRounds).values({
      projectId: row.id,
      round: input.round,
      openedAt: now,
      openedBy: actor.id,
      endTime: input.endTime,
    });
    await tx.update(offerProjectSuppliers)
      .set(input.round === 1 ? { round1: true } : { round2: true })
      .where(and(
        eq(offerProjectSuppliers.projectId, row.id),
        inArray(offerProjectSuppliers.supplierId, chosen),
      ));
    const auto = automaticEndReason(row, now);
    if (auto) {
      await tx.update(offerProjects).set({
        status: "ended",
        endedAt: quoteClosesAt(row),
        endReason: auto,
      }).where(eq(offerProjects.id, row.id));
      await enqueue(tx, deps, { kind: "ended", projectId: row.id });
    }
    await enqueue(tx, deps, {
      kind: "roundOpened",
      projectId: row.id,
      round: input.round,
      supplierIds: chosen,
    });
  });
  return await getProjectResult(deps, actor, input.offProId);
}

// ---------------------------------------------------------------------------------------------
// For the supplier side and the scheduled job
// ---------------------------------------------------------------------------------------------

/**
 * The statement that starts the early-end window once every invited supplier has a first-round
 * quote on the request pack version in force (quotes may still be modified for 30 minutes, then
 * the project ends). With `fileId`, it
 * only acts if the quote stored with that file exists, so it can run in the same batch as a
 * guarded insert and does nothing when the insert did not happen.
 */
export function markAllQuotedStatement(projectId: number, at: Date, fileId?: number) {
  const stored = fileId === undefined
    ? sql`1`
    : sql`exists (select 1 from ${quotes} where ${quotes.fileId} = ${fileId} and ${quotes.round} = 0)`;
  return sql`update ${offerProjects} set all_quoted_at = ${at.getTime()}
    where ${offerProjects.id} = ${projectId} and ${offerProjects.status} = 'published'
      and ${offerProjects.allQuotedAt} is null and ${stored}
      and (select count(*) from ${offerProjectSuppliers}
            where ${offerProjectSuppliers.projectId} = ${projectId}) > 0
      and not exists (select 1 from offer_project_suppliers s
            where s.project_id = ${projectId} and not ${quotedCurrentPackSql})`;
}

/** Call after a first-round quote is stored outside a batch (see markAllQuotedStatement). */
export async function recordQuoteProgress(db: DbOrTx, projectId: number, at: Date) {
  await db.run(markAllQuotedStatement(projectId, at));
}

/**
 * Records the ends the clock has already decided (deadline passed, or early-end window over).
 * Reads never depend on this; it keeps the stored state tidy and answers the projects it ended.
 */
export async function recordAutomaticEnds(
  deps: Deps,
): Promise<{ id: number; code: string; endReason: string }[]> {
  const now = deps.clock.now();
  const candidates = await deps.db.select().from(offerProjects).where(and(
    eq(offerProjects.status, "published"),
    or(
      and(isNotNull(offerProjects.offerEndTime), lte(offerProjects.offerEndTime, now)),
      and(
        isNotNull(offerProjects.allQuotedAt),
        lt(offerProjects.allQuotedAt, new Date(now.getTime() - EARLY_END_WINDOW_MS + 1)),
      ),
    ),
  ));
  const ended: { id: number; code: string; endReason: string }[] = [];
  for (const row of candidates) {
    const reason = automaticEndReason(row, now);
    if (!reason) continue;
    // The end and its emails commit together; the status guard keeps a second runner from both.
    const done = await deps.db.transaction(async (tx) => {
      const rows = await tx.update(offerProjects).set({
        status: "ended",
        endedAt: quoteClosesAt(row),
        endReason: reason,
      }).where(and(eq(offerProjects.id, row.id), eq(offerProjects.status, "published")))
        .returning({ id: offerProjects.id });
      if (rows.length) await enqueue(tx, deps, { kind: "ended", projectId: row.id });
      return rows;
    });
    if (done.length) ended.push({ id: row.id, code: row.code, endReason: reason });
  }
  return ended;
}

/** Finds a project by its number (for the CLI). */
export async function projectIdByCode(db: DbOrTx, code: string): Promise<number> {
  const row = await db.query.offerProjects.findFirst({
    where: eq(offerProjects.code, code.trim()),
  });
  if (!row) throw notFound("project", code);
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Launch page helpers
// ---------------------------------------------------------------------------------------------

const suppliersByIds = preparedQuery((db) =>
  db.select().from(suppliers).where(idIn(suppliers.id, "ids")).prepare()
);

/**
 * GetSupplierData: the launch page's supplier search. With the project (`offProId`), each supplier
 * says whether it may be invited to it and, when not, why (in the caller's language).
 */
export async function searchSuppliers(
  deps: Deps,
  input: z.infer<typeof supplierSearchInput>,
  actor?: Actor,
  lang: Lang = "zh",
) {
  if (input.offProId && actor) return await searchAnswer(deps, input, actor, lang);
  // Without a project to invite to, no certificate is required: the answer follows the suppliers
  // alone, and is shared while their counter stays.
  return await searchAnswers(
    deps.db,
    JSON.stringify([input, lang]),
    await changeStamp(deps.db, ["suppliers"]),
    async () => shareAnswer(await searchAnswer(deps, input, undefined, lang)),
  );
}

type SearchAnswer = Awaited<ReturnType<typeof searchAnswer>>;
/** Answers of recent searches without a project (a page of at most 1,000 suppliers each). */
const searchAnswers = keptResults<SearchAnswer>({
  entries: 1_000,
  budget: 20_000,
  sizeOf: (a) => 1 + a.items.length,
});

async function searchAnswer(
  deps: Deps,
  input: z.infer<typeof supplierSearchInput>,
  actor: Actor | undefined,
  lang: Lang,
) {
  const where: SQL[] = [];
  if (input.code) where.push(supplierTextContains("code", input.code));
  if (input.fullName) where.push(supplierTextContains("fullName", input.fullName));
  if (input.abbrName) where.push(supplierTextContains("abbrName", input.abbrName));
  if (input.isInvalidFiltering) where.push(eq(suppliers.status, "effective"));
  const cond = where.length ? and(...where) : undefined;
  const order = orderBy(input.sorting, {
    code: suppliers.code,
    abbrName: suppliers.abbrName,
    fullName: suppliers.fullName,
  }, [suppliers.code]);
  // Words of two characters or more in code order: the trigram index alone answers them.
  const queries = ([
    ["code", input.code],
    ["fullName", input.fullName],
    ["abbrName", input.abbrName],
  ] as const).flatMap(([field, text]) => text ? [exactQuery(field, text)] : []);
  const exact = queries.length && !input.sorting && queries.every((q) => q !== undefined)
    ? { match: sql.join(queries, sql` || ' AND ' || `), effectiveOnly: input.isInvalidFiltering }
    : undefined;
  const matches = await supplierMatches(
    deps.db,
    JSON.stringify([
      input.code,
      input.fullName,
      input.abbrName,
      input.isInvalidFiltering,
      input.sorting?.trim().toLowerCase(),
    ]),
    cond,
    order,
    exact,
  );
  const page = [...matches.subarray(input.skipCount, input.skipCount + input.maxResultCount)]
    .map((id) => ({ id }));
  const total = matches.length;
  const found = page.length
    ? await suppliersByIds(deps.db).all({ ids: JSON.stringify(page.map((r) => r.id)) })
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = page.flatMap((r) => byId.get(r.id) ?? []);
  const project = input.offProId && actor
    ? await projectForActor(deps, actor, input.offProId)
    : undefined;
  const problems = await invitability(
    deps.db,
    rows,
    project ? await requiredCertificatesOf(deps.db, project) : [],
    deps.clock.now(),
  );
  return {
    items: rows.map((s) => {
      const problem = problems.get(s.id);
      return {
        id: s.id,
        code: s.code,
        abbrName: s.abbrName,
        fullName: s.fullName,
        status: s.status,
        email1: s.email1,
        email2: s.email2,
        email3: s.email3,
        invitable: !problem,
        notInvitableReason: problem ? t(lang, problem.reason.key, problem.reason.params) : null,
      };
    }),
    totalCount: total,
  };
}

/**
 * SendEmailManual: a chosen template (default: the invitation) to chosen invited suppliers
 * (default: all of them), written to the outbox and sent now.
 */
export async function sendEmailManual(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof sendEmailInput>,
) {
  await projectForActor(deps, actor, input.offProId);
  return await sendManual(deps, {
    offProManagerId: input.offProId,
    templateCode: input.templateCode ?? "PROJECT_PUBLISHED",
    supplierIds: input.supplierIds,
  });
}

/**
 * GetDemandFromAMS: open equipment demands from the asset system (AMS_URL), each marked when a
 * project already uses its requirement number.
 */
export async function demandsFromAms(deps: Deps) {
  if (!deps.config.amsUrl) throw new DomainError("unavailable", "projects.amsNotConfigured");
  let body: unknown;
  try {
    const res = await fetch(deps.config.amsUrl, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (err) {
    throw new DomainError("unavailable", "projects.amsFailed", {
      detail: err instanceof Error ? err.message : String(err),
    });
  }
  const list = findList(body);
  const pick = (o: Record<string, unknown>, ...names: string[]) => {
    const key = Object.keys(o).find((k) => names.includes(k.toLowerCase()));
    const v = key ? o[key] : undefined;
    return v == null || v === "" ? null : String(v).trim();
  };
  const items = list.filter((x): x is Record<string, unknown> => !!x && typeof x === "object")
    .map((o) => ({
      demandCode: pick(o, "demandcode", "requirementnumber", "code"),
      equipmentName: pick(o, "equipmentname", "name"),
      estimatedAmount: pick(o, "estimatedamount", "amount"),
    }))
    .filter((d) => d.demandCode)
    .map((d) => ({
      ...d,
      estimatedAmount: d.estimatedAmount && /^\d{1,15}(\.\d{1,6})?$/.test(d.estimatedAmount)
        ? d.estimatedAmount
        : null,
      monthlyPurchase: reachesMonthlyThreshold(
        d.estimatedAmount && /^\d+(\.\d+)?$/.test(d.estimatedAmount) ? d.estimatedAmount : null,
      ),
    }));
  const used = items.length
    ? await deps.db.select({ demandCode: offerProjects.demandCode }).from(offerProjects)
      .where(inArray(offerProjects.demandCode, items.map((i) => i.demandCode!)))
    : [];
  return {
    items: items.map((i) => ({ ...i, used: used.some((u) => u.demandCode === i.demandCode) })),
    totalCount: items.length,
  };
}

function findList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === "object") {
    const o = body as Record<string, unknown>;
    for (const k of ["items", "result", "data"]) {
      const v = Object.entries(o).find(([key]) => key.toLowerCase() === k)?.[1];
      if (v !== undefined) return findList(v);
    }
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

/** How far ahead "ending soon" looks. */
export const ENDING_SOON_MS = 48 * 3600_000;

/**
 * GetDashboard: what a buyer needs at a glance, over the kinds the actor may see — the projects
 * open for quoting (soonest deadline first, with the time left by the server's clock), quotes
 * received today (UTC+8), projects ending in the next 48 hours, and invited suppliers yet to quote.
 * Each count comes with the list filter that shows the same projects.
 */
export async function dashboardSummary(
  deps: Deps,
  actor: Actor,
  kind?: ProjectKind,
  limit = 8,
) {
  const now = deps.clock.now();
  const kinds = visibleKinds(actor.permissions).filter((k) => !kind || k === kind);
  if (!kinds.length) throw forbidden();
  const inKinds = inArray(offerProjects.kind, kinds);
  const open = and(inKinds, openCondition(now))!;
  const soonTo = new Date(now.getTime() + ENDING_SOON_MS);
  // Ending soon by when quoting really closes: a round's end, or early once everyone quoted.
  const soon = and(
    open,
    sql`${closesAtSql(now)} between ${now.getTime()} and ${soonTo.getTime()}`,
  )!;
  const dayStart = new Date(`${dateInUtc8(now)}T00:00:00+08:00`);
  const countOf = async (cond: SQL) =>
    (await deps.db.select({ n: count() }).from(offerProjects).where(cond))[0].n;

  const [{ quotesToday }] = await deps.db.select({ quotesToday: count() }).from(quotes)
    .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
    .where(and(inKinds, gte(quotes.submittedAt, dayStart)));
  const [{ pending }] = await deps.db.select({
    pending: sql<number>`count(*)`,
  }).from(sql`offer_project_suppliers s`)
    .innerJoin(offerProjects, sql`${offerProjects.id} = s.project_id`)
    .where(and(open, sql`not ${quotedCurrentPackSql}`));
  const projects = await selectProjects(
    deps.db,
    open,
    "offerEndTime asc",
    limit,
    0,
    now,
  );
  const openRounds = await roundsOf(deps.db, projects.map((p) => p.id));
  return {
    now,
    kinds,
    inQuotation: {
      count: await countOf(open),
      filter: { open: "1" },
      items: projects.map((p) => {
        // Inside an optimisation round, quoting closes at the round's end.
        const round = p.currentRound === null
          ? undefined
          : openRounds.find((r) => r.projectId === p.id && r.round === p.currentRound);
        const closes = round?.endTime ?? p.closesAt ?? p.offerEndTime;
        return {
          ...p,
          closesAt: closes,
          msLeft: closes ? Math.max(0, closes.getTime() - now.getTime()) : null,
        };
      }),
    },
    quotesToday: {
      count: quotesToday,
      filter: { quotedFrom: dayStart.toISOString() },
    },
    endingSoon: {
      count: await countOf(soon),
      filter: {
        open: "1",
        closingFrom: now.toISOString(),
        closingTo: soonTo.toISOString(),
      },
    },
    suppliersPending: {
      count: Number(pending),
      filter: { awaitingQuotes: "1" },
    },
  };
}
