// The project list's count. A list filtered by nothing more than kind, category and status (or
// "open") is counted from project_counts, which triggers keep in step with the projects (migration
// 0026), corrected by the few projects the clock has moved on since their status was stored; a list
// with any other filter counts the projects themselves.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { offerProjects, projectCounts } from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedByShape } from "../../../db/client.ts";
import type { ExportProjectsInput } from "./schemas.ts";
import { type ProjectKind, projectKinds } from "./rules.ts";
import {
  openCondition,
  type Overtaken,
  type OvertakenIds,
  overtakenPlaceholders,
  overtakenValues,
  statusCondition,
} from "./statusSql.ts";

type Counted = { kinds: ProjectKind[]; input: ExportProjectsInput; overtaken?: Overtaken };

/** The filters project_counts can answer (paging and sorting do not change a count). */
const countedFilters = new Set(["kind", "category", "status", "open", "sorting"]);

/** Whether the list's filters are all ones project_counts can answer (a status or "open", not both). */
export const countableFromTable = (input: ExportProjectsInput) =>
  !(input.open && input.status) &&
  Object.entries(input).every(([k, v]) =>
    v === undefined || countedFilters.has(k) || k === "skipCount" || k === "maxResultCount"
  );

const c = projectCounts;
/** The stored states each display status starts from, before the clock's corrections. */
function storedStates(input: ExportProjectsInput): SQL | undefined {
  if (input.open) return eq(c.status, "published");
  switch (input.status) {
    case undefined:
      return undefined;
    case "published":
      return and(eq(c.status, "published"), eq(c.quoted, 0));
    case "inQuotation":
      return and(eq(c.status, "published"), eq(c.quoted, 1));
    default:
      return eq(c.status, input.status);
  }
}

/** The list's status condition on the projects, with the clock's sets or with none (stored only). */
function statusOf(input: ExportProjectsInput, ids: OvertakenIds): SQL | undefined {
  if (input.open) return openCondition(ids);
  return input.status ? statusCondition(input.status, ids) : undefined;
}

const shapeOf = ({ kinds, input, overtaken }: Counted) =>
  JSON.stringify([
    kinds,
    input.category !== undefined,
    input.open ? "open" : input.status,
    overtaken && [overtaken.closedByClock.length > 0, overtaken.inRound.length > 0],
  ]);

const kindsPartial = (kinds: ProjectKind[]) => kinds.length < projectKinds.length;

/** The sum of project_counts' rows that match. */
const stored = preparedByShape(
  shapeOf,
  (db, { kinds, input }: Counted) =>
    db.select({ total: sql<number>`coalesce(sum(${c.count}), 0)` }).from(c).where(and(
      kindsPartial(kinds) ? inArray(c.kind, kinds) : undefined,
      input.category !== undefined ? eq(c.typeId, sql.placeholder("category")) : undefined,
      storedStates(input),
    )).prepare(),
);

const none: OvertakenIds = { closedByClock: null, inRound: null };

/**
 * Among the projects the clock moved on: how many match the status now, less how many matched it
 * as stored (project_counts counted those).
 */
const correction = preparedByShape(shapeOf, (db, { kinds, input, overtaken }: Counted) => {
  const now = statusOf(input, overtakenPlaceholders(overtaken!))!;
  const before = statusOf(input, none)!;
  return db.select({
    change: sql<number>`coalesce(sum(${now}), 0) - coalesce(sum(${before}), 0)`,
  }).from(offerProjects).where(and(
    idIn(offerProjects.id, "overtaken"),
    kindsPartial(kinds) ? inArray(offerProjects.kind, kinds) : undefined,
    input.category !== undefined
      ? eq(offerProjects.typeId, sql.placeholder("category"))
      : undefined,
  )).prepare();
});

/** The count of a list whose filters `countableFromTable` accepts. */
export async function countFromTable(db: DbOrTx, counted: Counted): Promise<number> {
  const { input, overtaken } = counted;
  const [{ total }] = await stored(db, counted).all({ category: input.category });
  const moved = overtaken ? [...overtaken.closedByClock, ...overtaken.inRound] : [];
  const byClock = input.open || input.status === "published" || input.status === "inQuotation" ||
    input.status === "ended";
  if (!byClock || !moved.length) return Number(total);
  const [{ change }] = await correction(db, counted).all({
    ...overtakenValues(overtaken!),
    overtaken: JSON.stringify(moved),
    category: input.category,
  });
  return Number(total) + Number(change);
}
