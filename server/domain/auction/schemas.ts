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
const maxDropKind = z.enum(STEP_KINDS).describe(
  "The largest drop of one bid from the bidder's own last: amount (CNY) or percent of that bid.",
);
const maxDrop = decimalText(13, 4, "auction.badMaxDrop").describe(
  "The largest drop's size: CNY, or a percentage.",
);

const reason = (required: string) =>
  multiLine(
    z.string({ error: required }).trim().min(1, { error: required }).max(500).describe(
      "The reason the bidders are told (up to 500 characters).",
    ),
  );

const projectId = id.describe("The project's id.");
export const auctionInput = z.object({ offProId: projectId });

export const setUpAuctionInput = z.object({
  offProId: projectId,
  /** When bidding opens (server clock); left out: now. */
  startAt: instant.optional().describe("When bidding opens (server clock); left out: now."),
  endAt: instant.describe("When bidding closes (before extensions)."),
  basis: z.enum(AUCTION_BASES).default("total").describe(
    "total (bids on the total, the default) or lines (a bid per line).",
  ),
  /** Suppliers who quoted but do not take part. */
  excludedSupplierIds: z.array(id).max(500).default([]).describe(
    "Suppliers who quoted but do not take part.",
  ),
  stepKind: z.enum(STEP_KINDS).default("amount").describe(
    "The least improvement of a bid: amount (CNY, the default) or percent.",
  ),
  /** CNY, or a percentage of the supplier's own last bid. */
  step: decimalText(13, 4, "auction.badStep").describe(
    "Its size: CNY, or a percentage of the supplier's own last bid.",
  ),
  maxDropKind: maxDropKind.default(DEFAULT_MAX_DROP.maxDropKind),
  maxDrop: maxDrop.default(DEFAULT_MAX_DROP.maxDrop),
  visibility: z.enum(VISIBILITIES).default("rank").describe(
    "What bidders see: rank (their rank only, the default) or best (also the best bid).",
  ),
  extensionMinutes: wholeNumber(1, 60).default(DEFAULT_EXTENSION_MINUTES).describe(
    "A bid in the last this many minutes moves the close as much later (2).",
  ),
  /** 0: no extension at all. */
  extensionCapMinutes: wholeNumber(0, 24 * 60).default(DEFAULT_EXTENSION_CAP_MINUTES).describe(
    "The most minutes extensions may add in all (30); 0: no extension at all.",
  ),
});

export const auctionReasonInput = z.object({
  offProId: projectId,
  reason: reason("auction.reasonRequired"),
});

/** Changing the largest drop of one bid (before the start or while paused). */
export const maxDropInput = z.object({ offProId: projectId, maxDropKind, maxDrop });

/** A bid key: made by the page once per bid, so a POST sent again is answered, not stored twice. */
const bidKey = z.string({ error: "auction.bidKeyRequired" }).trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "auction.bidKeyRequired" });

export const bidInput = z.object({
  offProId: projectId,
  bidKey: bidKey.describe(
    "A key the page makes once per bid (8 to 64 letters, digits, _ or -): a bid sent again with it is answered, not stored twice.",
  ),
  /** The line bid on (basis "lines"); left out for a total. */
  itemId: id.optional().describe("The line item bid on (basis lines); left out for a total."),
  /** CNY: a total with at most 2 decimals, a unit price with at most 4. */
  amount: decimalText(13, 4, "auction.badAmount").describe(
    "The bid in CNY: a total with at most 2 decimals, a unit price with at most 4.",
  ),
});

/** The event stream: events after `after` (or the Last-Event-ID header, which wins). */
export const auctionStreamInput = z.object({
  offProId: projectId,
  after: wholeNumber(0).optional().describe(
    "Send the events after this id (the Last-Event-ID header, when sent, wins).",
  ),
});
