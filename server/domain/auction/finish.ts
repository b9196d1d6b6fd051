// The end of an auction: by the buyer (early, with a reason) or by the clock at its end with the
// extensions. The clock's end is written by the `auctionEnds` job every minute, by a bid that
// comes after it (the bid's transaction writes the end, then the bid is refused), before an award
// takes the final round (award.ts), and when the project closes (closeProject.ts). Reading the
// auction, its event stream or the matrix never writes it: until it is written, the auction reads
// "ended" by the clock alone (rules.ts `auctionState`).
import { and, eq, lte, ne } from "drizzle-orm";
import { auctions } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { conflict } from "../errors.ts";
import { auctionState } from "./rules.ts";
import { addEvent, auctionOfProject, type AuctionRow, auditAuction } from "./store.ts";
import { mailResults } from "./mail.ts";
import { transaction } from "../../../db/client.ts";

/**
 * Records the end inside the caller's transaction: the status (only if not ended already), the
 * "ended" event the pages show, and each bidder's result email.
 */
export async function closeAuction(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  a: AuctionRow,
  at: Date,
  by: { by: number | null; reason: string | null },
): Promise<AuctionRow> {
  const [row] = await tx.update(auctions).set({
    status: "ended",
    endedAt: at,
    endedBy: by.by,
    endReason: by.reason,
    pausedAt: null,
  }).where(and(eq(auctions.id, a.id), ne(auctions.status, "ended"))).returning();
  if (!row) throw conflict("auction.alreadyEnded");
  await addEvent(tx, a.id, "ended", at, { reason: by.reason, early: by.reason !== null });
  await mailResults(tx, deps, row);
  return row;
}

/**
 * Inside the caller's transaction, on the auction as read in it: records the clock's end when it
 * has come and is not written yet (answers the ended auction), else nothing (null).
 */
export async function closeWhenDue(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  a: AuctionRow,
  now: Date,
): Promise<AuctionRow | null> {
  if (a.status !== "active" || auctionState(a, now) !== "ended") return null;
  return await closeAuction(tx, deps, a, a.closesAt, { by: null, reason: null });
}

/** The audit row of an end by the clock (no user), once its transaction has committed. */
export const auditClockEnd = (deps: Deps, a: AuctionRow) =>
  auditAuction(deps, null, "ended", a, { closesAt: a.closesAt });

/** The auction with its clock's end written if that end has come (the row unchanged otherwise). */
async function finishAuction(deps: Deps, a: AuctionRow): Promise<AuctionRow> {
  if (a.status !== "active" || auctionState(a, deps.clock.now()) !== "ended") return a;
  const ended = await transaction(deps.db, async (tx) => {
    const fresh = await tx.query.auctions.findFirst({ where: eq(auctions.id, a.id) });
    return fresh ? await closeWhenDue(tx, deps, fresh, deps.clock.now()) : null;
  });
  if (!ended) return await deps.db.query.auctions.findFirst({ where: eq(auctions.id, a.id) }) ?? a;
  await auditClockEnd(deps, ended);
  return ended;
}

/**
 * A project's auction with its clock's end written if due, before a step that takes its final bids
 * as the last round (an award: award.ts); null without an auction.
 */
export async function finishedAuctionOf(deps: Deps, projectId: number): Promise<AuctionRow | null> {
  const a = await auctionOfProject(deps.db, projectId);
  return a ? await finishAuction(deps, a) : null;
}

/** The `auctionEnds` job: writes the end of every auction the clock has ended; answers their project ids. */
export async function recordAuctionEnds(deps: Deps): Promise<number[]> {
  const due = await deps.db.select().from(auctions).where(and(
    eq(auctions.status, "active"),
    lte(auctions.closesAt, deps.clock.now()),
  ));
  const out: number[] = [];
  for (const a of due) {
    if ((await finishAuction(deps, a)).status === "ended") out.push(a.projectId);
  }
  return out;
}
