// An ended auction as the final round of its project: each bidder's final bids, for the savings
// report (finalBids), and as a quote of round 3 in the comparison matrix and the award
// (auctionRound). A total bid is spread over the lines in proportion to the bidder's first quote
// in CNY, so the matrix's total of that column is the bid itself and a per-line award still reads.
import type { DbOrTx } from "../../../db/client.ts";
import type { MatrixItem, MatrixQuote } from "../comparison/matrix.ts";
import { priceInCny, totalOf } from "../comparison/linePrice.ts";
import { ratesOf } from "../dictionary/commercial.ts";
import { cmp, type Dec, dec, div, mul, normalize } from "../shared/decimal.ts";
import { loadStandings } from "./standings.ts";
import { auctionState } from "./rules.ts";
import { auctionOfProject } from "./store.ts";

/** The round number an auction's final bids take in the matrix (after optimisation rounds 1, 2). */
const AUCTION_ROUND = 3;

type FinalBid = {
  supplierId: number;
  /** The line (basis "lines"); null for a total. */
  itemId: number | null;
  /** The starting bid (the first quote) and the last bid, in CNY. */
  start: string;
  final: string;
  /** When the final bid was placed (the first quote's time when the bidder never bid). */
  at: Date;
  rank: number;
};

export type FinalBids = {
  auctionId: number;
  basis: "total" | "lines";
  endedAt: Date;
  bids: FinalBid[];
};

/**
 * The final bids of a project's auction once it has ended (null without an ended auction): every
 * participant's last bid per line with its rank, beside its starting bid. Given `now`, an auction
 * the clock has ended counts before its end is written (a read writes nothing).
 */
export async function finalBids(
  db: DbOrTx,
  projectId: number,
  now?: Date,
): Promise<FinalBids | null> {
  const a = await auctionOfProject(db, projectId);
  if (!a || (a.status !== "ended" && (!now || auctionState(a, now) !== "ended"))) return null;
  const standings = await loadStandings(db, a);
  return {
    auctionId: a.id,
    basis: a.basis,
    endedAt: a.endedAt ?? a.closesAt,
    bids: standings.lineKeys().flatMap((itemId) =>
      standings.ranking(itemId).map((r) => ({
        supplierId: r.supplierId,
        itemId,
        start: standings.standing(r.supplierId, itemId)!.start,
        final: r.amount,
        at: new Date(r.at),
        rank: r.rank,
      }))
    ),
  };
}

/** Decimals kept of a spread unit price: the column's total stays the bid to the cent. */
const SPREAD_PLACES = 10;

/**
 * The auction's final bids as quotes of round 3 (in CNY, the first quote's other terms kept), for
 * the bidders that bid at least once; none before the auction has ended (by `now`, if given, as in
 * `finalBids`). `first` are the project's first quotes as the matrix reads them.
 */
export async function auctionRound(
  db: DbOrTx,
  projectId: number,
  first: MatrixQuote[],
  items: MatrixItem[],
  now?: Date,
): Promise<MatrixQuote[]> {
  const final = await finalBids(db, projectId, now);
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
    const at = mine.reduce((m, b) => (b.at > m ? b.at : m), new Date(0));
    return [{ ...q, round: AUCTION_ROUND, submittedAt: at, lines }];
  });
}
