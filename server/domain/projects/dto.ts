// A project as the lists and pages show it (ProjectDto): read with its names, counts and rounds,
// and judged at the request's time by the rules of rules.ts.
import { eq, getTableColumns, sql } from "drizzle-orm";
import { offerProjects, offerProjectTypes, users } from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedQuery } from "../../../db/client.ts";
import { notFound } from "../errors.ts";
import {
  automaticEndReason,
  type DisplayStatus,
  effectiveStatus,
  firstQuotationClosesAt,
  type ProjectAction,
  projectDisplayStatus,
  type ProjectKind,
  quotesSealed,
  type RoundTiming,
  sealOpensAt,
  transitions,
} from "./rules.ts";
import { endedByHandAt, quoteClosesAt } from "../shared/closing.ts";
import { type ProjectRow, type RoundRow, roundsOf } from "./access.ts";
import { awardNamesSql, hasQuotesSql, quotedCountSql, supplierCountSql } from "./statusSql.ts";

export type ProjectDto = {
  id: number;
  offProManagerId: number;
  code: string;
  name: string;
  kind: ProjectKind;
  category: number | null;
  categoryName: string | null;
  status: DisplayStatus;
  pubDate: Date | null;
  offerEndTime: Date | null;
  demandCode: string | null;
  equipmentName: string | null;
  offerItemType: ProjectRow["offerItemType"];
  estimatedAmount: string | null;
  /** Savings baselines entered by the buyer: totals in CNY before tax, or null. */
  budget: string | null;
  lastPurchasePrice: string | null;
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
  /** When the open optimisation round (currentRound) ends: quoting closes then, not at closesAt. */
  roundEndsAt: Date | null;
  /**
   * When the first quotation closes or closed (the deadline, the early end, or the end by hand),
   * for "time left".
   */
  closesAt: Date | null;
  /** When the buyer ended the first quotation by hand; null when they did not. */
  endedByHandAt: Date | null;
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
  /** How the suppliers are chosen: by price, or by a weighted evaluation (prices sealed until signed off). */
  evaluation: "price" | "weighted";
  /** The buyer's instructions to suppliers (part of the request pack). */
  instructionText: string | null;
  /** The request pack version in force; null until first published. */
  packVersion: number | null;
  /** Certificate types the project itself requires of invited suppliers (its category may add). */
  requiredCertificates: string[];
};

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
type DetailRow = Awaited<ReturnType<ReturnType<typeof projectDetailByIds>["all"]>>[number];

/** The project's columns in the order `projectDetail` selects them, each with its decoder. */
const projectColumns = Object.entries(getTableColumns(offerProjects));

/**
 * A row of `projectDetail` as its values (the project's columns, then the names and counts in the
 * order selected), read as drizzle reads it (each column's decoder; null stays null) without its
 * general mapping, which costs more than SQLite takes to find a page's projects.
 */
function detailRow(values: ArrayLike<unknown>): DetailRow {
  const p: Record<string, unknown> = {};
  for (let i = 0; i < projectColumns.length; i++) {
    const [key, column] = projectColumns[i];
    const value = values[i];
    p[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  const n = projectColumns.length;
  return {
    p: p as ProjectRow,
    categoryName: values[n] as string | null,
    creatorName: values[n + 1] as string | null,
    supplierCount: values[n + 2] as number,
    quotedCount: values[n + 3] as number,
    hasQuotes: values[n + 4] as number,
    awardNames: values[n + 5] as string | null,
  };
}

/** What a project's DTO is made of, as read: its row with the header's names and counts, its rounds. */
export type ProjectRead = {
  row: DetailRow;
  rounds: RoundRow[];
};

/** The projects with these ids, as read, in this order; `rounds` when already read. */
export async function readProjects(
  db: DbOrTx,
  ids: number[],
  knownRounds?: RoundRow[],
): Promise<ProjectRead[]> {
  if (!ids.length) return [];
  const found = (await projectDetailByIds(db).values({ ids: JSON.stringify(ids) })).map((r) =>
    detailRow(r as ArrayLike<unknown>)
  );
  const byId = new Map(found.map((r) => [r.p.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const rounds = knownRounds ?? await roundsOf(db, rows.map((r) => r.p.id));
  return rows.map((row) => ({ row, rounds: rounds.filter((x) => x.projectId === row.p.id) }));
}

/** The projects as the lists and the detail show them at `now`. */
export const projectDtos = (read: ProjectRead[], now: Date): ProjectDto[] =>
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
export const projectsByIds = async (db: DbOrTx, ids: number[], now: Date) =>
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
    budget: p.budget,
    lastPurchasePrice: p.lastPurchasePrice,
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
    roundEndsAt: open?.endTime ?? null,
    closesAt: firstQuotationClosesAt(p),
    endedByHandAt: endedByHandAt(p),
    linesRequired: p.linesRequired,
    award: extra.awardNames ?? null,
    sealedQuotes: p.sealedQuotes,
    sealed: quotesSealed(p, extra.rounds, 0, now),
    sealOpensAt: p.sealedQuotes ? sealOpensAt(p, extra.rounds, 0) : null,
    evaluation: p.evaluation,
    instructionText: p.instructionText,
    packVersion: p.packVersion,
    requiredCertificates: p.requiredCertificates ?? [],
    actions: transitions[effective].filter((a) =>
      a !== "quote" &&
      (a !== "openRound" || (p.kind === "asset" && nextRoundOpenable(extra.rounds, now)))
    ),
  };
}

export async function projectDto(db: DbOrTx, id: number, now: Date): Promise<ProjectDto> {
  const [dto] = await projectsByIds(db, [id], now);
  if (!dto) throw notFound("project", id);
  return dto;
}
