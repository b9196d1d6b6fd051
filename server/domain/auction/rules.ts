// The auction's rules, pure functions of a stored auction and the server's clock: its state, the
// least improvement on a supplier's own last bid and the largest drop from it, refusals, the
// extension rule with its cap, and the ranking (lowest first, a tie going to the earlier bid).
import { cmp, type Dec, dec, sub } from "../shared/decimal.ts";
import { type AuctionEndTiming, auctionOver } from "../shared/auctionEnd.ts";

/** What people see: not yet open, open for bids, paused by the buyer, over. */
export type AuctionState = "scheduled" | "live" | "paused" | "ended";

/**
 * The state as of `now`: an active auction past its end *is* over, whether or not a job said so
 * (shared/auctionEnd.ts, which the areas below the auction read).
 */
export function auctionState(a: AuctionEndTiming, now: Date): AuctionState {
  if (auctionOver(a, now)) return "ended";
  if (a.status === "paused") return "paused";
  return now.getTime() < a.startAt.getTime() ? "scheduled" : "live";
}

type AmountOrPercent = "amount" | "percent";
export type StepRule = { stepKind: AmountOrPercent; step: string };
/** The largest drop of one bid from the bidder's own last bid (a guard against a slip of a key). */
export type DropRule = { maxDropKind: AmountOrPercent; maxDrop: string };

/** Decimals of a bid: a total in CNY has 2, a line's unit price in CNY 4 (as the matrix shows it). */
export const placesOf = (basis: "total" | "lines") => (basis === "total" ? 2 : 4);

/** An amount in CNY itself, or that percentage of `last` (exact). */
function partOf(kind: AmountOrPercent, value: string, last: Dec): Dec {
  const v = dec(value);
  return kind === "amount" ? v : { n: last.n * v.n, s: last.s + v.s + 2 };
}

/** The highest amount a supplier may bid after `last` (exact; may have more decimals than a bid). */
const highestNext = (rule: StepRule, last: Dec): Dec =>
  sub(last, partOf(rule.stepKind, rule.step, last));

/** The lowest amount a supplier may bid after `last` (exact; may be zero or less). */
const lowestNext = (rule: DropRule, last: Dec): Dec =>
  sub(last, partOf(rule.maxDropKind, rule.maxDrop, last));

/** `d` with `places` decimals, rounded down (`up` false) or up; "0" at or below zero. */
function written(d: Dec, places: number, up: boolean): string {
  if (d.n <= 0n) return places ? `0.${"0".repeat(places)}` : "0";
  const scale = 10n ** BigInt(Math.max(0, d.s - places));
  let n = d.s > places ? d.n / scale : d.n * 10n ** BigInt(places - d.s);
  if (up && d.s > places && d.n % scale !== 0n) n += 1n;
  const digits = n.toString().padStart(places + 1, "0");
  return places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
}

/** The most a supplier may bid after `last`, as a bid may be written: rounded down to `places`. */
export function highestNextText(rule: StepRule, last: Dec, places: number): string {
  const h = highestNext(rule, last);
  return h.n <= 0n ? "0" : written(h, places, false);
}

/** The least a supplier may bid after `last`, as a bid may be written: rounded up to `places`. */
export function lowestNextText(rule: DropRule, last: Dec, places: number): string {
  return written(lowestNext(rule, last), places, true);
}

/**
 * Whether a bid after `last` can both improve enough and not drop too far: false when the largest
 * drop is smaller than the least improvement, which would leave the bidder no bid at all.
 */
export const dropLeavesRoom = (rule: StepRule & DropRule, last: Dec): boolean =>
  cmp(lowestNext(rule, last), highestNext(rule, last)) <= 0;

export type BidRefusal =
  | { key: "auction.notStarted" }
  | { key: "auction.paused" }
  | { key: "auction.over" }
  | { key: "auction.notPositive" }
  | { key: "auction.tooManyDecimals"; params: { places: number } }
  | { key: "auction.notImproved"; params: { last: string; max: string } }
  | {
    key: "auction.dropTooLargeAmount" | "auction.dropTooLargePercent";
    params: { last: string; limit: string; min: string };
  };

/**
 * Why a bid of `amount` is refused now, or null when it is accepted. `last` is the supplier's own
 * last bid on the same line (its starting bid at first). The end instant itself is too late; a bid
 * exactly the largest drop below `last` is taken.
 */
export function bidRefusal(
  a: AuctionEndTiming & StepRule & DropRule & { basis: "total" | "lines" },
  last: string,
  amount: string,
  now: Date,
): BidRefusal | null {
  const state = auctionState(a, now);
  if (state === "scheduled") return { key: "auction.notStarted" };
  if (state === "paused") return { key: "auction.paused" };
  if (state === "ended") return { key: "auction.over" };
  const places = placesOf(a.basis);
  const bid = dec(amount);
  if (bid.s > places && bid.n % 10n ** BigInt(bid.s - places) !== 0n) {
    return { key: "auction.tooManyDecimals", params: { places } };
  }
  if (bid.n <= 0n) return { key: "auction.notPositive" };
  const lastDec = dec(last);
  if (cmp(bid, highestNext(a, lastDec)) > 0) {
    return {
      key: "auction.notImproved",
      params: { last, max: highestNextText(a, lastDec, places) },
    };
  }
  if (cmp(bid, lowestNext(a, lastDec)) < 0) {
    return {
      key: a.maxDropKind === "amount"
        ? "auction.dropTooLargeAmount"
        : "auction.dropTooLargePercent",
      params: { last, limit: a.maxDrop, min: lowestNextText(a, lastDec, places) },
    };
  }
  return null;
}

export type ExtensionRule = {
  closesAt: Date;
  extensionMinutes: number;
  extensionCapMinutes: number;
  extendedMs: number;
};

/**
 * How much later a bid accepted at `now` moves the end: N minutes when it comes in the last N
 * minutes (the instant exactly N minutes before the end included), less whatever would pass the cap.
 */
export function extensionMs(a: ExtensionRule, now: Date): number {
  const window = a.extensionMinutes * 60_000;
  if (a.closesAt.getTime() - now.getTime() > window) return 0;
  return Math.max(0, Math.min(window, a.extensionCapMinutes * 60_000 - a.extendedMs));
}

export type Standing = { supplierId: number; amount: string; at: number; seq: number };
export type Ranked = Standing & { rank: number };

/** Lowest amount first; the same amount ranks by who bid it first (time, then record order). */
export function rank(standings: Standing[]): Ranked[] {
  return [...standings].sort((x, y) =>
    cmp(dec(x.amount), dec(y.amount)) || x.at - y.at || x.seq - y.seq
  ).map((s, i) => ({ ...s, rank: i + 1 }));
}

/** Bidder 1, 2 … 26, 27 as A, B … Z, AA: the anonymised labels. */
export function bidderLabel(n: number): string {
  let out = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) {
    out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  }
  return out;
}
