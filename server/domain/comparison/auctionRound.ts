// An ended reverse auction as the last round of its project's matrix: each bidder's final bids as a
// quote of round 3, read straight from the auction's stored rows (the auction area is above the
// matrix: it starts from the matrix's first quotes, auction/first.ts). A total bid is spread over
// the lines in proportion to the bidder's first quote in CNY, so the matrix's total of that column
// is the bid itself and a per-line award still reads.
import { and, asc, eq, sql } from "drizzle-orm";
import { auctionBids, auctions } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { ratesOf } from "../dictionary/commercial.ts";
import { auctionOver } from "../shared/auctionEnd.ts";
import { cmp, type Dec, dec, div, mul, normalize } from "../shared/decimal.ts";
import type { MatrixItem, MatrixQuote } from "./matrix.ts";
import { priceInCny, totalOf } from "./linePrice.ts";

/** The round number an auction's final bids take in the matrix (after optimisation rounds 1, 2). */
const AUCTION_ROUND = 3;

type FinalBid = {
  supplierId: number;
  /** The line (basis "lines"); null for a total. */
  itemId: number | null;
  /** The starting bid (the first quote) and the last bid, in CNY. */
  start: string;
  final: string;
  /** When the last bid was placed (ms; the starting bid's time when the bidder never bid). */
  at: number;
};

/**
 * The final bids of a project's auction once it has ended (null without an ended auction): each
 * bidder's starting and last bid per line (basis "lines": the lines of `items` only). Given `now`,
 * an auction the clock has ended counts before its end is written (a read writes nothing).
 */
async function finalBidsOf(
  db: DbOrTx,
  projectId: number,
  items: MatrixItem[],
  now?: Date,
): Promise<{ basis: "total" | "lines"; bids: FinalBid[] } | null> {
  const [a] = await db.select({
    id: auctions.id,
    basis: auctions.basis,
    status: auctions.status,
    startAt: auctions.startAt,
    closesAt: auctions.closesAt,
  }).from(auctions).where(eq(auctions.projectId, projectId)).limit(1);
  if (!a || (a.status !== "ended" && (!now || !auctionOver(a, now)))) return null;
  // The starting bids and each bidder's latest bid per line (bids only ever go down).
  const rows = await db.select().from(auctionBids).where(and(
    eq(auctionBids.auctionId, a.id),
    sql`(${auctionBids.kind} = 'start' or ${auctionBids.id} in (select max(id) from ${auctionBids}
      where auction_id = ${a.id} group by supplier_id, item_id))`,
  )).orderBy(asc(auctionBids.seq));
  const quotable = new Set(items.map((i) => i.id));
  const out = new Map<string, FinalBid>();
  for (const b of rows) {
    if (a.basis === "total" ? b.itemId !== null : b.itemId === null || !quotable.has(b.itemId)) {
      continue;
    }
    const key = `${b.supplierId}:${b.itemId ?? 0}`;
    const start = out.get(key)?.start ?? b.amount;
    out.set(key, { supplierId: b.supplierId, itemId: b.itemId, start, final: b.amount, at: b.at });
  }
  return { basis: a.basis, bids: [...out.values()] };
}

/** Decimals kept of a spread unit price: the column's total stays the bid to the cent. */
const SPREAD_PLACES = 10;

/**
 * The auction's final bids as quotes of round 3 (in CNY, the first quote's other terms kept), for
 * the bidders that bid at least once; none before the auction has ended (by `now`, if given).
 * `first` are the project's first quotes as the matrix reads them, `items` its quotable lines.
 */
export async function auctionRound(
  db: DbOrTx,
  projectId: number,
  first: MatrixQuote[],
  items: MatrixItem[],
  now?: Date,
): Promise<MatrixQuote[]> {
  const final = await finalBidsOf(db, projectId, items, now);
  if (!final) return [];
  const moved = final.bids.filter((b) => cmp(dec(b.final), dec(b.start)) !== 0);
  const bidders = [...new Set(moved.map((b) => b.supplierId))];
  const currencies = [...new Set(first.flatMap((q) => q.lines.map((l) => l.currency)))];
  const lastDate = first.reduce((m, q) => (q.date > m ? q.date : m), "0000-00-00");
  const rates = await ratesOf(db, currencies, lastDate);
  return bidders.flatMap((supplierId): MatrixQuote[] => {
    const q = first.find((x) => x.supplierId === supplierId && x.round === 0);
    if (!q) return [];
    const mine = final.bids.filter((b) => b.supplierId === supplierId);
    const asked = q.lines.filter((l) => !l.alternative);
    const priced = new Map(asked.map((l) => [l.itemId, priceInCny(l, q, rates)]));
    let factor: { final: string; base: Dec } | null = null;
    if (final.basis === "total") {
      const base = totalOf(items, priced);
      if (!base || base.n === 0n) return [];
      factor = { final: mine[0].final, base };
    }
    const lines = asked.flatMap((l) => {
      const cny = priced.get(l.itemId)?.cny;
      if (!cny) return [];
      const bid = mine.find((b) => b.itemId === l.itemId);
      const unit = factor
        ? div(mul(cny, dec(factor.final)), factor.base, SPREAD_PLACES)
        : bid
        ? dec(bid.final)
        : cny;
      return [{ ...l, unitPrice: normalize(unit), currency: "CNY", breaks: null }];
    });
    const at = mine.reduce((m, b) => (b.at > m ? b.at : m), 0);
    return [{ ...q, round: AUCTION_ROUND, submittedAt: new Date(at), lines }];
  });
}
