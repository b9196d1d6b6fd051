// The tamper-evident record of an auction: its bids (the starting bids and every bid placed), each
// hashing the one before, in an append-only table. As for quotes (quotes/chain.ts), the canonical
// form below is the whole contract, so anyone with a copy of the rows can check every hash.
//
// Canonical serialisation (version 1; `canonicalJson` of shared/hashing.ts):
// - entry hash = SHA-256 hex of canonical({ v: 1, auctionId, seq, supplierId, itemId, amount, kind,
//   at, bidKey, prevHash }): amount is the decimal string as stored, at milliseconds since the
//   epoch, itemId and bidKey null when absent.
// - an auction's first entry has 64 zeros as prevHash; entry n's prevHash is entry n-1's hash.
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { auctionBids } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { canonicalJson, sha256Hex } from "../shared/hashing.ts";

const GENESIS_HASH = "0".repeat(64);
const FORMAT = 1;

export type BidRow = typeof auctionBids.$inferSelect;
export type BidFacts = {
  auctionId: number;
  supplierId: number;
  itemId: number | null;
  amount: string;
  kind: "start" | "bid";
  at: number;
  bidKey: string | null;
  userId: number | null;
  clientIp: string | null;
};

function entryHash(e: Omit<BidFacts, "userId" | "clientIp"> & { seq: number; prevHash: string }) {
  return sha256Hex(canonicalJson({
    v: FORMAT,
    auctionId: e.auctionId,
    seq: e.seq,
    supplierId: e.supplierId,
    itemId: e.itemId,
    amount: e.amount,
    kind: e.kind,
    at: e.at,
    bidKey: e.bidKey,
    prevHash: e.prevHash,
  }));
}

/**
 * Appends bids to their auction's record, in order. Call inside the transaction that decided them:
 * the head read here cannot move before the commit.
 */
export async function appendBids(tx: DbOrTx, facts: BidFacts[]): Promise<BidRow[]> {
  if (!facts.length) return [];
  const [head] = await tx.select({ seq: auctionBids.seq, hash: auctionBids.entryHash })
    .from(auctionBids).where(eq(auctionBids.auctionId, facts[0].auctionId))
    .orderBy(desc(auctionBids.seq)).limit(1);
  let prev = head ?? { seq: 0, hash: GENESIS_HASH };
  const rows = facts.map((f) => {
    const seq = prev.seq + 1;
    const row = {
      ...f,
      seq,
      prevHash: prev.hash,
      entryHash: entryHash({ ...f, seq, prevHash: prev.hash }),
    };
    prev = { seq, hash: row.entryHash };
    return row;
  });
  return await tx.insert(auctionBids).values(rows).returning();
}

/** What a bidder keeps of a bid: its place in the record and the hashes that prove it. */
export type BidReceipt = {
  bidId: number;
  auctionId: number;
  recordNo: number;
  itemId: number | null;
  amount: string;
  at: Date;
  prevHash: string;
  recordHash: string;
};

export const receiptOf = (b: BidRow): BidReceipt => ({
  bidId: b.id,
  auctionId: b.auctionId,
  recordNo: b.seq,
  itemId: b.itemId,
  amount: b.amount,
  at: new Date(b.at),
  prevHash: b.prevHash,
  recordHash: b.entryHash,
});

export type AuctionRecordReport = {
  ok: boolean;
  entries: number;
  /** The first entry whose hashes or number do not hold. */
  firstBroken: { seq: number; reason: "gap" | "prevHash" | "entryHash" } | null;
};

const PAGE = 1000;

/** Walks an auction's record in order, recomputing every hash; memory stays flat. */
export async function verifyAuctionRecord(
  db: DbOrTx,
  auctionId: number,
): Promise<AuctionRecordReport> {
  let prev = GENESIS_HASH;
  let expected = 1;
  let entries = 0;
  for (let after = 0;;) {
    const page = await db.select().from(auctionBids)
      .where(and(eq(auctionBids.auctionId, auctionId), gt(auctionBids.seq, after)))
      .orderBy(asc(auctionBids.seq)).limit(PAGE);
    if (!page.length) break;
    after = page[page.length - 1].seq;
    for (const b of page) {
      entries++;
      const reason = b.seq !== expected
        ? "gap"
        : b.prevHash !== prev
        ? "prevHash"
        : entryHash(b) !== b.entryHash
        ? "entryHash"
        : null;
      if (reason) return { ok: false, entries, firstBroken: { seq: b.seq, reason } };
      prev = b.entryHash;
      expected++;
    }
  }
  return { ok: true, entries, firstBroken: null };
}
