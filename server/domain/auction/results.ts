// Results of the reverse auction calls (the buyer's and the bidder's), beside the input schemas of
// schemas.ts: the OpenAPI document describes them and the handlers answer them.
import { z } from "zod";
import { decimal, isoInstant } from "../shared/results.ts";

const stepKind = z.enum(["amount", "percent"]);

/** The auction as every reader may see it: its times (server clock) and rules, never a name. */
const auctionFacts = {
  auctionId: z.int().describe("The auction's id."),
  projectId: z.int().describe("The project's id."),
  basis: z.enum(["total", "lines"]).describe("Bids on the total, or on each line."),
  state: z.enum(["scheduled", "live", "paused", "ended"]).describe(
    "scheduled (not started), live, paused or ended, by the server's clock.",
  ),
  startAt: isoInstant.describe("When bidding opens."),
  endAt: isoInstant.describe("When it was set to close."),
  closesAt: isoInstant.describe("When it closes now (later after extensions and pauses)."),
  serverNow: isoInstant.describe(
    "The server's clock when this was answered: pages count down by their offset from it.",
  ),
  extensionMinutes: z.int().describe(
    "A bid in the last this many minutes moves the close this many minutes later.",
  ),
  extensionCapMinutes: z.int().describe("The most minutes extensions may add in all (0: none)."),
  extendedMs: z.int().describe("How much the extensions have added, in milliseconds."),
  stepKind: stepKind.describe("The least improvement of a bid: amount (CNY) or percent."),
  step: decimal.describe("Its size: CNY, or a percentage of the bidder's own last bid."),
  maxDropKind: stepKind.describe("The largest drop of one bid: amount (CNY) or percent."),
  maxDrop: decimal.describe("Its size: CNY, or a percentage of the bidder's own last bid."),
  visibility: z.enum(["rank", "best"]).describe(
    "What bidders see: their rank only, or also the best bid.",
  ),
  pauseReason: z.string().nullable().describe("Why it is paused, while paused; or null."),
  endReason: z.string().nullable().describe(
    "Why the buyer ended it early, or null (ended by the clock, or not ended).",
  ),
  endedAt: isoInstant.nullable().describe("When it ended, or null."),
};

/** The auction as the buyer follows it. */
const buyerAuctionDto = z.object({
  ...auctionFacts,
  participants: z.array(
    z.object({
      supplierId: z.int().describe("The supplier's id."),
      code: z.string().describe("The supplier's code."),
      abbrName: z.string().describe("The short name."),
      fullName: z.string().describe("The full name."),
      label: z.string().describe('"A", "B" …: how bidders and charts name this bidder.'),
    }),
  ).describe("The bidders."),
  lines: z.array(
    z.object({
      itemId: z.int().nullable().describe("The line item bid on; null for the total."),
      itemName: z.string().nullable().describe("Its name; null for the total."),
      unit: z.string().nullable().describe("Its unit, or null."),
      ranking: z.array(
        z.object({
          supplierId: z.int().describe("The bidder's supplier id."),
          code: z.string().describe("Its code."),
          abbrName: z.string().describe("Its short name."),
          label: z.string().describe("Its label."),
          amount: decimal.describe("Its latest bid in CNY."),
          at: isoInstant.describe("When it was placed."),
          atUtc8: z.string().describe("The same, YYYY-MM-DD HH:mm:ss in UTC+8."),
          rank: z.int().describe("Its rank (1 is lowest)."),
          start: decimal.describe("Its starting bid (the first quote's)."),
          improved: z.boolean().describe("Whether it bid below its start."),
        }),
      ).describe("Every bidder on the line, by rank."),
    }),
  ).describe("The lines bid on: one for a total, else each item some bidder started on."),
  bids: z.array(
    z.object({
      seq: z.int().describe("The bid's number in the auction's record."),
      supplierId: z.int().describe("The bidder's supplier id."),
      label: z.string().describe("The bidder's label."),
      itemId: z.int().nullable().describe("The line item; null for the total."),
      amount: decimal.describe("The bid in CNY."),
      at: isoInstant.describe("When it was placed."),
      kind: z.enum(["start", "bid"]).describe("start (from the first quote) or bid."),
    }),
  ).describe("Every bid in record order, for the chart (starting bids first)."),
  events: z.array(
    z.object({
      id: z.int().describe("The event's id (the stream's event id)."),
      type: z.string().describe(
        "extended, paused, resumed, ended or maxDropChanged (bids are in bids).",
      ),
      at: isoInstant.describe("When it happened."),
      data: z.record(z.string(), z.unknown()).describe(
        "Its facts: extended { closesAt, byMs, bidId }, paused { reason }, resumed { closesAt }, ended { reason, early }, maxDropChanged { maxDropKind, maxDrop } (times in ms).",
      ),
    }),
  ).describe("Extensions, pauses, resumptions and the end, as they happened."),
  lastEventId: z.int().describe("The last event's id: stream from it (after)."),
});

/** A project's auction for the buyer, or why one cannot be set up. */
export const buyerAuctionResult = z.union([
  z.object({
    auction: z.null().describe("No auction is set up."),
    setUpRefusal: z.string().nullable().describe(
      "Why one cannot be set up now (the server's message key), or null when it can.",
    ),
  }),
  z.object({
    auction: buyerAuctionDto.describe("The auction."),
    setUpRefusal: z.string().describe('"auction.exists": another cannot be set up.'),
  }),
]);

/** What setting up an auction starts from. */
export const auctionSetupResult = z.object({
  refusal: z.string().nullable().describe(
    "Why an auction cannot be set up now (the server's message key), or null.",
  ),
  serverNow: isoInstant.describe("The server's clock."),
  items: z.array(
    z.object({
      id: z.int().describe("The line item's id."),
      itemName: z.string().describe("Its name."),
      unit: z.string().nullable().describe("Its unit, or null."),
      usage: decimal.nullable().describe("Its expected yearly usage counted in totals, or null."),
    }),
  ).describe("The line items."),
  candidates: z.array(
    z.object({
      supplierId: z.int().describe("The supplier's id."),
      code: z.string().describe("Its code."),
      abbrName: z.string().describe("Its short name."),
      quotedAt: isoInstant.describe("When its first quote was submitted."),
      total: decimal.nullable().describe(
        "The first quote's total in CNY (priced lines × yearly usage); null when it cannot be told.",
      ),
      totalRefusal: z.enum(["noLines", "incomplete", "noUsage"]).nullable().describe(
        "Why there is no total: noLines, incomplete (not every item priced) or noUsage; or null.",
      ),
      pricedLines: z.int().describe("How many lines it priced."),
      eligibleTotal: z.boolean().describe("Whether it may take part in an auction on the total."),
      eligibleLines: z.boolean().describe("Whether it may take part in an auction by line."),
    }),
  ).describe("The suppliers who quoted."),
  defaults: z.object({
    extensionMinutes: z.int().describe("The extension rule's minutes (2)."),
    extensionCapMinutes: z.int().describe("The extensions' cap in minutes (30)."),
    maxDropKind: stepKind.describe("The largest drop's kind (percent)."),
    maxDrop: decimal.describe("The largest drop (20)."),
  }).describe("The dialog's defaults."),
});

/** The auction as a bidder sees it. */
export const supplierAuctionResult = z.object({
  ...auctionFacts,
  projectCode: z.string().describe("The project's number."),
  projectName: z.string().describe("The project's name."),
  label: z.string().describe("This bidder's label."),
  lines: z.array(
    z.object({
      itemId: z.int().nullable().describe("The line item; null for the total."),
      itemName: z.string().nullable().describe("Its name; null for the total."),
      unit: z.string().nullable().describe("Its unit, or null."),
      start: decimal.describe("This bidder's starting bid."),
      own: z.object({
        amount: decimal.describe("Its latest bid in CNY."),
        at: isoInstant.describe("When it was placed."),
        rank: z.int().describe("Its rank now (1 is lowest)."),
      }).describe("This bidder's latest bid."),
      bidders: z.int().describe("How many bid on the line."),
      best: decimal.nullable().describe("The best bid, when bidders may see it; else null."),
      maxNext: decimal.describe("The most one may bid next: the step below the last bid."),
      minNext: decimal.describe("The least one may bid next: the largest drop below the last bid."),
    }),
  ).describe("The lines this bidder bids on."),
  lastEventId: z.int().describe("The last event's id: stream from it (after)."),
});

/** A bid taken, with its receipt. */
export const bidOutcome = z.object({
  receipt: z.object({
    bidId: z.int().describe("The bid's id."),
    auctionId: z.int().describe("The auction's id."),
    recordNo: z.int().describe("Its number in the auction's tamper-evident record."),
    itemId: z.int().nullable().describe("The line item; null for the total."),
    amount: decimal.describe("The bid in CNY."),
    at: isoInstant.describe("When it was placed."),
    prevHash: z.string().describe("The hash of the record's entry before it."),
    recordHash: z.string().describe("This entry's hash."),
  }).describe("The bid's receipt."),
  repeated: z.boolean().describe(
    "The same bid key was sent before: this is the bid stored then, nothing new was stored.",
  ),
  closesAt: isoInstant.describe(
    "When bidding closes after this bid (moved later when it came in the last minutes).",
  ),
});
