// Reading an auction and its people, writing its events, and the audit trail of what the buyer and
// the clock did to it (set up, paused, resumed, its largest drop changed, ended).
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { auctionEvents, auctionParticipants, auctions, suppliers } from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { serializeParameters, writeAuditLog } from "../audit/service.ts";
import { bidderLabel } from "./rules.ts";

export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionEventRow = typeof auctionEvents.$inferSelect;
export type EventType = AuctionEventRow["type"];

const auctionByProject = preparedQuery((db) =>
  db.select().from(auctions).where(eq(auctions.projectId, sql.placeholder("projectId"))).limit(1)
    .prepare()
);

/** The project's auction, or null: a project need not have one. */
export async function auctionOfProject(db: DbOrTx, projectId: number): Promise<AuctionRow | null> {
  const [a] = await auctionByProject(db).all({ projectId });
  return a ?? null;
}

/** The auction of a project, or 404. */
export async function loadAuction(db: DbOrTx, projectId: number): Promise<AuctionRow> {
  const a = await auctionOfProject(db, projectId);
  if (!a) throw notFound("auction", projectId);
  return a;
}

export type Participant = {
  supplierId: number;
  code: string;
  abbrName: string;
  fullName: string;
  /** "A", "B" …: how suppliers and charts name this bidder. */
  label: string;
};

export async function participantsOf(db: DbOrTx, auctionId: number): Promise<Participant[]> {
  const rows = await db.select({ p: auctionParticipants, s: suppliers }).from(auctionParticipants)
    .innerJoin(suppliers, eq(suppliers.id, auctionParticipants.supplierId))
    .where(eq(auctionParticipants.auctionId, auctionId))
    .orderBy(asc(auctionParticipants.label));
  return rows.map(({ p, s }) => ({
    supplierId: s.id,
    code: s.code,
    abbrName: s.abbrName,
    fullName: s.fullName,
    label: bidderLabel(p.label),
  }));
}

/** What each kind of event records (its `data`). */
type EventFacts = {
  bid: {
    bidId: number;
    seq: number;
    supplierId: number;
    itemId: number | null;
    amount: string;
    /** When it was placed (ms). */
    at: number;
  };
  /** A bid in the last minutes moved the end to `closesAt` (ms), `byMs` later. */
  extended: { closesAt: number; byMs: number; bidId: number };
  paused: { reason: string };
  /** Bidding open again until `closesAt` (ms). */
  resumed: { closesAt: number };
  /** By the buyer with a reason (early), or by the clock (reason null). */
  ended: { reason: string | null; early: boolean };
  maxDropChanged: { maxDropKind: "amount" | "percent"; maxDrop: string };
};

/** An event's kind with its facts, told apart by `type`. */
export type EventOf = { [K in EventType]: { type: K; data: EventFacts[K] } }[EventType];

/** The kind and facts of a stored event (written by `addEvent`, so of that kind's shape). */
export const factsOf = (e: AuctionEventRow) => ({ type: e.type, data: e.data }) as EventOf;

export async function addEvent<K extends EventType>(
  tx: DbOrTx,
  auctionId: number,
  type: K,
  at: Date,
  data: EventFacts[K],
): Promise<number> {
  const [row] = await tx.insert(auctionEvents).values({ auctionId, type, at: at.getTime(), data })
    .returning({ id: auctionEvents.id });
  return row.id;
}

/** An auction's events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(
  db: DbOrTx,
  auctionId: number,
  afterId: number,
  limit = 500,
): Promise<AuctionEventRow[]> {
  return await db.select().from(auctionEvents)
    .where(and(eq(auctionEvents.auctionId, auctionId), gt(auctionEvents.id, afterId)))
    .orderBy(asc(auctionEvents.id)).limit(limit);
}

/** The id of an auction's latest event (0 when none): a page that loads now streams from here. */
export async function lastEventId(db: DbOrTx, auctionId: number): Promise<number> {
  const [row] = await eventsAfterDesc(db, auctionId);
  return row?.id ?? 0;
}

const eventsAfterDesc = (db: DbOrTx, auctionId: number) =>
  db.select({ id: auctionEvents.id }).from(auctionEvents)
    .where(eq(auctionEvents.auctionId, auctionId))
    .orderBy(sql`${auctionEvents.id} desc`).limit(1);

const METHODS = {
  setUp: "SetUpAuction",
  paused: "PauseAuction",
  resumed: "ResumeAuction",
  endedEarly: "EndAuctionEarly",
  maxDropChanged: "SetAuctionMaxDrop",
  ended: "AuctionEnded",
} as const;

/**
 * One audit log row (service AuctionTrail) per thing done to an auction, by either door or by the
 * clock (no user): the project, the auction and what changed, with the reason given.
 */
export async function auditAuction(
  deps: Deps,
  actor: Actor | null,
  step: keyof typeof METHODS,
  a: AuctionRow,
  details: Record<string, unknown>,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
) {
  await writeAuditLog(deps.db, {
    userId: actor?.id || null,
    userName: actor?.userName ?? null,
    serviceName: "AuctionTrail",
    methodName: METHODS[step],
    httpMethod: actor ? (meta.via === "cli" ? "CLI" : "POST") : "JOB",
    path: `auctions/${a.id}`,
    parameters: serializeParameters({ projectId: a.projectId, auctionId: a.id, ...details }),
    executionTime: deps.clock.now(),
    executionDuration: 0,
    clientIp: meta.clientIp ?? null,
    browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
    httpStatus: 200,
    exception: null,
  });
}
