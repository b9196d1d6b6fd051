// The buyer's side of an auction: setting it up once the first quotes are in (instead of an
// optimisation round), pausing and resuming it, changing the largest drop of a bid while it stands
// still, and ending it early with a reason. Each change is an event of the live stream and a row of
// the audit trail.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { auctionParticipants, auctions } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { assertMayPublish, loadProject, roundsOf } from "../projects/access.ts";
import { effectiveStatus, openRound } from "../projects/rules.ts";
import { assertPricesOpen } from "../quotes/sealed.ts";
import { cmp, dec } from "../shared/decimal.ts";
import { auctionInput, auctionReasonInput, maxDropInput, setUpAuctionInput } from "./schemas.ts";
import { auctionState, dropLeavesRoom, type DropRule, type StepRule } from "./rules.ts";
import { appendBids } from "./chain.ts";
import { loadStandings } from "./standings.ts";
import { eligible, firstQuotes } from "./first.ts";
import { addEvent, auctionOfProject, type AuctionRow, auditAuction, loadAuction } from "./store.ts";
import { closeAuction } from "./finish.ts";
import { mailInvitations } from "./mail.ts";
import { transaction } from "../../../db/client.ts";

type ProjectRow = Awaited<ReturnType<typeof loadProject>>;
type Meta = ClientMeta & { via?: "http" | "cli" };

const MINUTE = 60_000;
/** The longest auction: a week. */
const MAX_LENGTH_MS = 7 * 24 * 60 * MINUTE;
/** A start this little in the past (a page's clock behind the server's) is taken as "now". */
const START_SLACK_MS = MINUTE;

/**
 * Why an auction cannot be set up on this project now, or null: the first quotes must be in (the
 * project has ended, no optimisation round open), the project not closed, no auction yet.
 */
export async function setUpRefusal(db: DbOrTx, p: ProjectRow, now: Date): Promise<string | null> {
  if (p.status === "closed") return "auction.projectClosed";
  if (effectiveStatus(p, now) !== "ended") return "auction.notEnded";
  if (openRound(await roundsOf(db, [p.id]), now)) return "auction.roundOpen";
  if (await auctionOfProject(db, p.id)) return "auction.exists";
  return null;
}

/** A random order of 1…n: the bidders' labels say nothing of their codes or quote order. */
function shuffledLabels(n: number): number[] {
  const out = Array.from({ length: n }, (_, i) => i + 1);
  const r = new Uint32Array(n);
  crypto.getRandomValues(r);
  for (let i = n - 1; i > 0; i--) {
    const j = r[i] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function checkStep(kind: "amount" | "percent", step: string) {
  const s = dec(step);
  if (s.n <= 0n) throw fieldError("step", "auction.badStep");
  if (kind === "percent" && cmp(s, dec(50)) > 0) throw fieldError("step", "auction.percentTooHigh");
}

/**
 * The largest drop is above 0 (a percentage below 100) and leaves each bidder room for a bid from
 * where it stands now (`lasts`): not smaller than the least improvement.
 */
function checkMaxDrop(rule: StepRule & DropRule, lasts: string[]) {
  const d = dec(rule.maxDrop);
  if (d.n <= 0n) throw fieldError("maxDrop", "auction.badMaxDrop");
  if (rule.maxDropKind === "percent" && cmp(d, dec(100)) >= 0) {
    throw fieldError("maxDrop", "auction.maxDropPercentTooHigh");
  }
  if (lasts.some((l) => !dropLeavesRoom(rule, dec(l)))) {
    throw fieldError("maxDrop", "auction.maxDropBelowStep");
  }
}

/**
 * SetUpAuction: the taking-part suppliers (those who quoted, eligible for the basis, minus the
 * excluded) start from their first quotes, recorded as the auction's first bids.
 */
export async function setUpAuction(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof setUpAuctionInput>,
  meta: Meta = {},
): Promise<AuctionRow> {
  const input = setUpAuctionInput.parse(raw);
  checkStep(input.stepKind, input.step);
  const a = await transaction(deps.db, async (tx) => {
    const p = await loadProject(tx, input.offProId);
    assertMayPublish(actor, p.kind);
    assertPricesOpen(p);
    const now = deps.clock.now();
    const refusal = await setUpRefusal(tx, p, now);
    if (refusal) throw conflict(refusal);
    let startAt = input.startAt ?? now;
    if (startAt.getTime() < now.getTime() - START_SLACK_MS) {
      throw fieldError("startAt", "auction.startPast");
    }
    if (startAt < now) startAt = now;
    const length = input.endAt.getTime() - startAt.getTime();
    if (length < MINUTE) throw fieldError("endAt", "auction.endBeforeStart");
    if (length > MAX_LENGTH_MS) throw fieldError("endAt", "auction.tooLong");
    const first = await firstQuotes(tx, p);
    for (const id of input.excludedSupplierIds) {
      if (!first.candidates.some((c) => c.supplierId === id)) {
        throw fieldError("excludedSupplierIds", "auction.notCandidate", { id });
      }
    }
    const taking = first.candidates.filter((c) =>
      eligible(c, input.basis) && !input.excludedSupplierIds.includes(c.supplierId)
    );
    if (taking.length < 2) throw conflict("auction.needsTwo");
    checkMaxDrop(
      input,
      taking.flatMap((c) => input.basis === "total" ? [c.total!] : c.lines.map((l) => l.cny)),
    );
    const [row] = await tx.insert(auctions).values({
      projectId: p.id,
      basis: input.basis,
      startAt,
      endAt: input.endAt,
      closesAt: input.endAt,
      extensionMinutes: input.extensionMinutes,
      extensionCapMinutes: input.extensionCapMinutes,
      extendedMs: 0,
      stepKind: input.stepKind,
      step: input.step,
      maxDropKind: input.maxDropKind,
      maxDrop: input.maxDrop,
      visibility: input.visibility,
      status: "active",
      createdBy: actor.id || null,
      createdAt: now,
    }).returning();
    const labels = shuffledLabels(taking.length);
    await tx.insert(auctionParticipants).values(
      taking.map((c, i) => ({ auctionId: row.id, supplierId: c.supplierId, label: labels[i] })),
    );
    // The starting bids, dated when each first quote came in.
    await appendBids(
      tx,
      taking.flatMap((c) =>
        (input.basis === "total"
          ? [{ itemId: null, amount: c.total! }]
          : c.lines.map((l) => ({ itemId: l.itemId, amount: l.cny })))
          .map((b) => ({
            auctionId: row.id,
            supplierId: c.supplierId,
            ...b,
            kind: "start" as const,
            at: c.quotedAt.getTime(),
            bidKey: null,
            userId: null,
            clientIp: null,
          }))
      ),
    );
    await mailInvitations(tx, deps, row);
    return row;
  });
  await auditAuction(deps, actor, "setUp", a, { ...input, startAt: a.startAt }, meta);
  return a;
}

/**
 * One step of the buyer's on an auction: `change` runs in a transaction on the auction of a project
 * the actor may run (publish permission on its kind), at one instant; the audit log then has the
 * step with `details` of the auction as changed.
 */
async function changeAuction(
  deps: Deps,
  actor: Actor,
  projectId: number,
  step: Parameters<typeof auditAuction>[2],
  meta: Meta,
  change: (tx: DbOrTx, a: AuctionRow, now: Date) => Promise<AuctionRow>,
  details: (a: AuctionRow) => Record<string, unknown>,
) {
  const a = await transaction(deps.db, async (tx) => {
    const p = await loadProject(tx, projectId);
    assertMayPublish(actor, p.kind);
    return await change(tx, await loadAuction(tx, p.id), deps.clock.now());
  });
  await auditAuction(deps, actor, step, a, details(a), meta);
  return a;
}

/** PauseAuction: bidding stops, with a reason the bidders are told; the clock stops with it. */
export async function pauseAuction(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof auctionReasonInput>,
  meta: Meta = {},
) {
  const { offProId, reason } = auctionReasonInput.parse(raw);
  return await changeAuction(deps, actor, offProId, "paused", meta, async (tx, a, now) => {
    if (auctionState(a, now) !== "live") throw conflict("auction.notLive");
    const [row] = await tx.update(auctions).set({
      status: "paused",
      pausedAt: now,
      pauseReason: reason,
    }).where(eq(auctions.id, a.id)).returning();
    await addEvent(tx, a.id, "paused", now, { reason });
    return row;
  }, () => ({ reason }));
}

/** ResumeAuction: bidding opens again with the time that was left when it was paused. */
export async function resumeAuction(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof auctionInput>,
  meta: Meta = {},
) {
  const { offProId } = auctionInput.parse(raw);
  return await changeAuction(deps, actor, offProId, "resumed", meta, async (tx, a, now) => {
    if (a.status !== "paused" || !a.pausedAt) throw conflict("auction.notPaused");
    const closesAt = new Date(a.closesAt.getTime() + (now.getTime() - a.pausedAt.getTime()));
    const [row] = await tx.update(auctions).set({
      status: "active",
      pausedAt: null,
      pauseReason: null,
      closesAt,
    }).where(eq(auctions.id, a.id)).returning();
    await addEvent(tx, a.id, "resumed", now, { closesAt: closesAt.getTime() });
    return row;
  }, (a) => ({ closesAt: a.closesAt }));
}

/** EndAuction: ends a scheduled, live or paused auction now, with a reason the bidders are told. */
export async function endAuctionEarly(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof auctionReasonInput>,
  meta: Meta = {},
) {
  const { offProId, reason } = auctionReasonInput.parse(raw);
  return await changeAuction(deps, actor, offProId, "endedEarly", meta, async (tx, a, now) => {
    if (auctionState(a, now) === "ended") throw conflict("auction.alreadyEnded");
    return await closeAuction(tx, deps, a, now, { by: actor.id || null, reason });
  }, () => ({ reason }));
}

/**
 * SetAuctionMaxDrop: the largest drop of one bid, changed before the auction starts or while it is
 * paused (never while bids come in); the open pages are told the new limit.
 */
export async function changeMaxDrop(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof maxDropInput>,
  meta: Meta = {},
) {
  const { offProId, maxDropKind, maxDrop } = maxDropInput.parse(raw);
  let before: DropRule | null = null;
  return await changeAuction(deps, actor, offProId, "maxDropChanged", meta, async (tx, a, now) => {
    const state = auctionState(a, now);
    if (state !== "paused" && state !== "scheduled") throw conflict("auction.maxDropWhileRunning");
    const standings = await loadStandings(tx, a);
    const lasts = standings.lineKeys().flatMap((itemId) =>
      standings.ranking(itemId).map((r) => r.amount)
    );
    checkMaxDrop({ ...a, maxDropKind, maxDrop }, lasts);
    before = { maxDropKind: a.maxDropKind, maxDrop: a.maxDrop };
    const [row] = await tx.update(auctions).set({ maxDropKind, maxDrop })
      .where(eq(auctions.id, a.id)).returning();
    await addEvent(tx, a.id, "maxDropChanged", now, { maxDropKind, maxDrop });
    return row;
  }, () => ({ maxDropKind, maxDrop, before }));
}
