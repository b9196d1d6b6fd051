// Inputs of the reverse auction: the buyer's set-up, pause, resumption, early end and change of the
// largest drop, a supplier's bid, and the event stream; shared by the HTTP routes, the CLI and the
// client.
import { z } from "zod";
import { decimalText, id, multiLine, wholeNumber } from "../shared/input.ts";
import { instant } from "../shared/dates.ts";

const AUCTION_BASES = ["total", "lines"] as const;
const STEP_KINDS = ["amount", "percent"] as const;
const VISIBILITIES = ["rank", "best"] as const;

/** Minutes of the extension rule: a bid in the last N minutes moves the end N minutes later. */
export const DEFAULT_EXTENSION_MINUTES = 2;
/** The most minutes the extensions may add in all, unless the buyer sets another cap. */
export const DEFAULT_EXTENSION_CAP_MINUTES = 30;
/** The largest drop of one bid, unless the buyer sets another: 20 % of the bidder's last bid. */
export const DEFAULT_MAX_DROP = { maxDropKind: "percent", maxDrop: "20" } as const;

/** The largest drop of one bid from the bidder's own last: CNY, or a percentage of that bid. */
const maxDropKind = z.enum(STEP_KINDS);
const maxDrop = decimalText(13, 4, "auction.badMaxDrop");

const reason = (required: string) =>
  multiLine(z.string({ error: required }).trim().min(1, { error: required }).max(500));

export const auctionInput = z.object({ offProId: id });

export const setUpAuctionInput = z.object({
  offProId: id,
  /** When bidding opens (server clock); left out: now. */
  startAt: instant.optional(),
  endAt: instant,
  basis: z.enum(AUCTION_BASES).default("total"),
  /** Suppliers who quoted but do not take part. */
  excludedSupplierIds: z.array(id).max(500).default([]),
  stepKind: z.enum(STEP_KINDS).default("amount"),
  /** CNY, or a percentage of the supplier's own last bid. */
  step: decimalText(13, 4, "auction.badStep"),
  maxDropKind: maxDropKind.default(DEFAULT_MAX_DROP.maxDropKind),
  maxDrop: maxDrop.default(DEFAULT_MAX_DROP.maxDrop),
  visibility: z.enum(VISIBILITIES).default("rank"),
  extensionMinutes: wholeNumber(1, 60).default(DEFAULT_EXTENSION_MINUTES),
  /** 0: no extension at all. */
  extensionCapMinutes: wholeNumber(0, 24 * 60).default(DEFAULT_EXTENSION_CAP_MINUTES),
});

export const auctionReasonInput = z.object({
  offProId: id,
  reason: reason("auction.reasonRequired"),
});

/** Changing the largest drop of one bid (before the start or while paused). */
export const maxDropInput = z.object({ offProId: id, maxDropKind, maxDrop });

/** A bid key: made by the page once per bid, so a POST sent again is answered, not stored twice. */
const bidKey = z.string({ error: "auction.bidKeyRequired" }).trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "auction.bidKeyRequired" });

export const bidInput = z.object({
  offProId: id,
  bidKey,
  /** The line bid on (basis "lines"); left out for a total. */
  itemId: id.optional(),
  /** CNY: a total with at most 2 decimals, a unit price with at most 4. */
  amount: decimalText(13, 4, "auction.badAmount"),
});

/** The event stream: events after `after` (or the Last-Event-ID header, which wins). */
export const auctionStreamInput = z.object({
  offProId: id,
  after: wholeNumber(0).optional(),
});
