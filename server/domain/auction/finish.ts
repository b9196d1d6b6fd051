// The end of an auction: by the buyer (early, with a reason) or by the clock at its end with the
// extensions. The clock's end is recorded by a job every minute and by any read that finds it due,
// so the matrix and the award never wait for the job.
import { and, eq, lte, ne } from "drizzle-orm";
import { auctions } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { conflict } from "../errors.ts";
import { auctionState } from "./rules.ts";
import { addEvent, type AuctionRow, auditAuction } from "./store.ts";
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

/** The auction with its clock's end written if that end has come (the row unchanged otherwise). */
export async function finishAuction(deps: Deps, a: AuctionRow): Promise<AuctionRow> {
  if (a.status !== "active" || auctionState(a, deps.clock.now()) !== "ended") return a;
  const ended = await transaction(deps.db, async (tx) => {
    const fresh = await tx.query.auctions.findFirst({ where: eq(auctions.id, a.id) });
    if (!fresh || fresh.status !== "active" || auctionState(fresh, deps.clock.now()) !== "ended") {
      return null;
    }
    return await closeAuction(tx, deps, fresh, fresh.closesAt, { by: null, reason: null });
  });
  if (!ended) return await deps.db.query.auctions.findFirst({ where: eq(auctions.id, a.id) }) ?? a;
  await auditAuction(deps, null, "ended", ended, { closesAt: ended.closesAt });
  return ended;
}

/** The job: records every auction whose clock has ended it; answers their project ids. */
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
