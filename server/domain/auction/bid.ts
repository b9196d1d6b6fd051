// A supplier's bid: decided and written in one transaction with the server's time, so it is judged
// on the auction as it is at that instant (its end, its pause, the bidder's own last bid), stored
// once with its entry in the record, and moves the end when it comes in the last minutes. A POST
// sent again with the same bid key is answered with the bid stored the first time. A bid that comes
// after the clock's end, not written yet, writes that end (finish.ts) and is refused.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { auctionBids, auctions } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { supplierIdOf } from "../quotes/service.ts";
import { cmp, dec, grouped, toFixed } from "../shared/decimal.ts";
import { bidInput } from "./schemas.ts";
import { bidRefusal, extensionMs, placesOf } from "./rules.ts";
import { appendBids, type BidReceipt, type BidRow, receiptOf } from "./chain.ts";
import { addEvent, type AuctionRow, loadAuction } from "./store.ts";
import { auditClockEnd, closeWhenDue } from "./finish.ts";
import { transaction } from "../../../db/client.ts";

export type BidOutcome = {
  receipt: BidReceipt;
  /** The same bid key was sent before: this is the bid stored then, nothing new was stored. */
  repeated: boolean;
  /** When bidding closes after this bid (moved later when it came in the last minutes). */
  closesAt: Date;
};

/** A refusal's amounts as the bidder's page shows amounts: with thousands marks. */
const shown = (params: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? grouped(v) : v]),
  );

const lastBid = (tx: DbOrTx, auctionId: number, supplierId: number, itemId: number | null) =>
  tx.select().from(auctionBids).where(and(
    eq(auctionBids.auctionId, auctionId),
    eq(auctionBids.supplierId, supplierId),
    itemId === null ? isNull(auctionBids.itemId) : eq(auctionBids.itemId, itemId),
  )).orderBy(desc(auctionBids.seq)).limit(1);

/** The same key again: the stored bid when it is the same bid, else a refusal. */
function repeatOf(stored: BidRow, itemId: number | null, amount: string): BidRow {
  if (stored.itemId !== itemId || cmp(dec(stored.amount), dec(amount)) !== 0) {
    throw conflict("auction.bidKeyReused");
  }
  return stored;
}

/** Bid: a participant's bid on the total or on one line, in CNY. */
export async function placeBid(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof bidInput>,
  meta: ClientMeta = {},
): Promise<BidOutcome> {
  const supplierId = supplierIdOf(actor);
  const input = bidInput.parse(raw);
  const a0 = await loadAuction(deps.db, input.offProId);
  const itemId = input.itemId ?? null;
  if (a0.basis === "total" && itemId !== null) throw fieldError("itemId", "auction.totalOnly");
  if (a0.basis === "lines" && itemId === null) throw fieldError("itemId", "auction.chooseLine");
  const outcome = await transaction<BidOutcome | { ended: AuctionRow }>(deps.db, async (tx) => {
    const [last] = await lastBid(tx, a0.id, supplierId, itemId);
    if (!last) {
      // Not taking part: as if there were no such auction. Taking part, but not on this line.
      const any = await tx.select({ id: auctionBids.id }).from(auctionBids).where(and(
        eq(auctionBids.auctionId, a0.id),
        eq(auctionBids.supplierId, supplierId),
      )).limit(1);
      if (!any.length) throw notFound("auction", input.offProId);
      throw fieldError("itemId", "auction.lineNotYours", { id: itemId });
    }
    const [stored] = await tx.select().from(auctionBids).where(and(
      eq(auctionBids.auctionId, a0.id),
      eq(auctionBids.supplierId, supplierId),
      eq(auctionBids.bidKey, input.bidKey),
    ));
    const a = (await tx.query.auctions.findFirst({ where: eq(auctions.id, a0.id) }))!;
    if (stored) {
      return {
        receipt: receiptOf(repeatOf(stored, itemId, input.amount)),
        repeated: true,
        closesAt: a.closesAt,
      };
    }
    const project = await tx.query.offerProjects.findFirst({
      columns: { status: true },
      where: (p, { eq }) => eq(p.id, a.projectId),
    });
    if (project?.status === "closed") throw conflict("auction.projectClosed");
    const now = deps.clock.now();
    const ended = await closeWhenDue(tx, deps, a, now);
    if (ended) return { ended };
    const refusal = bidRefusal(a, last.amount, input.amount, now);
    if (refusal) throw conflict(refusal.key, "params" in refusal ? shown(refusal.params) : {});
    const amount = toFixed(dec(input.amount), placesOf(a.basis));
    const [bid] = await appendBids(tx, [{
      auctionId: a.id,
      supplierId,
      itemId,
      amount,
      kind: "bid",
      at: now.getTime(),
      bidKey: input.bidKey,
      userId: actor.id,
      clientIp: meta.clientIp ?? null,
    }]);
    await addEvent(tx, a.id, "bid", now, {
      bidId: bid.id,
      seq: bid.seq,
      supplierId,
      itemId,
      amount,
      at: bid.at,
    });
    let closesAt = a.closesAt;
    const ext = extensionMs(a, now);
    if (ext > 0) {
      closesAt = new Date(a.closesAt.getTime() + ext);
      await tx.update(auctions).set({ closesAt, extendedMs: a.extendedMs + ext })
        .where(eq(auctions.id, a.id));
      await addEvent(tx, a.id, "extended", now, {
        closesAt: closesAt.getTime(),
        byMs: ext,
        bidId: bid.id,
      });
    }
    return { receipt: receiptOf(bid), repeated: false, closesAt };
  });
  if (!("ended" in outcome)) return outcome;
  await auditClockEnd(deps, outcome.ended);
  throw conflict("auction.over");
}
