// The bidder's calls of the auction (QMO/SupplierOffer), typed by the server's answers, and when a
// bid is confirmed before it is sent.
import type { z } from "zod";
import { api } from "../shared/api.ts";
import type { Wire } from "../shared/wire.ts";
import type { supplierAuction } from "../../server/domain/auction/read.ts";
import type { BidOutcome } from "../../server/domain/auction/bid.ts";
import type { BidderEvent } from "../../server/domain/auction/eventsReader.ts";
import type { bidInput } from "../../server/domain/auction/schemas.ts";
import { cmp, dec, div, mul, sub, toFixed } from "../../server/domain/shared/decimal.ts";

/** The auction as this bidder sees it: times, its own bid and rank per line, the best if shown. */
export type MyAuction = Wire<Awaited<ReturnType<typeof supplierAuction>>>;
export type MyLine = MyAuction["lines"][number];
/** What each event of the stream carries for a bidder, told apart by `type`. */
export type MyEvent = Wire<BidderEvent>;

const base = "/QMO/SupplierOffer";

export const auctionApi = {
  get: (offProId: number) =>
    api.get<MyAuction>(`${base}/GetAuction`, { offProId }, { silent: true }),
  bid: (input: z.input<typeof bidInput>) =>
    api.post<Wire<BidOutcome>>(`${base}/Bid`, input, { silent: true }),
  events: `${base}/AuctionEvents`,
};

/** A new key for each new bid; the same bid sent again (after a dropped answer) keeps its key. */
export const newBidKey = () => crypto.randomUUID();

/** A bid more than this percentage below the bidder's last is read back in words before it goes. */
const CONFIRM_BELOW_PERCENT = 5;
const DECIMAL = /^\d{1,13}(\.\d{1,4})?$/;

/**
 * How far `amount` is below `last`, in percent with 2 decimals, when it is more than 5 % below and
 * not below `least` (the largest drop: the server refuses that with the limit, so it goes straight
 * there); otherwise null, and the bid is sent at once.
 */
export function confirmDrop(last: string, least: string, amount: string): string | null {
  if (!DECIMAL.test(amount)) return null;
  const a = dec(amount);
  const l = dec(last);
  if (l.n <= 0n || cmp(a, dec(least)) < 0) return null;
  if (cmp(mul(a, dec(100)), mul(l, dec(100 - CONFIRM_BELOW_PERCENT))) >= 0) return null;
  return toFixed(div(mul(sub(l, a), dec(100)), l, 2), 2);
}
