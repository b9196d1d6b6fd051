// Live reverse auctions: the buyer's calls (QMO/Auction: set up, follow, pause, resume, change the
// largest drop of a bid, end early) and the bidder's (QMO/SupplierOffer: the live view, bidding),
// each with its event stream.
import { Permissions, ProjectPublish, ProjectSearch } from "../../domain/auth/permissions.ts";
import {
  changeMaxDrop,
  endAuctionEarly,
  pauseAuction,
  resumeAuction,
  setUpAuction,
} from "../../domain/auction/setup.ts";
import { auctionSetup, buyerAuction, supplierAuction } from "../../domain/auction/read.ts";
import { placeBid } from "../../domain/auction/bid.ts";
import { readerOf } from "../../domain/auction/eventsReader.ts";
import {
  auctionInput,
  auctionReasonInput,
  auctionStreamInput,
  bidInput,
  maxDropInput,
  setUpAuctionInput,
} from "../../domain/auction/schemas.ts";
import {
  auctionSetupResult,
  bidOutcome,
  buyerAuctionResult,
  supplierAuctionResult,
} from "../../domain/auction/results.ts";
import { fieldError } from "../../domain/errors.ts";
import { wholeNumberOf } from "../../domain/shared/input.ts";
import type { Context } from "hono";
import type { Actor, Deps } from "../../domain/context.ts";
import { type AppEnv, defineRoute } from "../route.ts";
import { auctionStream, wakeAuctionStreams } from "../auctionStream.ts";

const bidder = { access: Permissions.SupplierOfferSearch, audience: "supplier" as const };

/** The page's last event: the Last-Event-ID header of a reconnection, else `after`, else none. */
function lastEventOf(c: Context<AppEnv>, after: number | undefined): number | null {
  const header = c.req.header("last-event-id");
  if (header === undefined || header === "") return after ?? null;
  const id = wholeNumberOf(header.trim());
  if (id === undefined) throw fieldError("Last-Event-ID", "errors.field.wholeNumber");
  return id;
}

async function stream(
  c: Context<AppEnv>,
  deps: Deps,
  actor: Actor,
  query: { offProId: number; after?: number },
) {
  const after = lastEventOf(c, query.after);
  const { auction, reader } = await readerOf(deps, actor, query.offProId);
  return auctionStream(c, deps, auction, actor, reader, after);
}

/** The buyer's view after a change, once the open pages have been sent it. */
async function changed(deps: Deps, actor: Actor, projectId: number, auctionId: number) {
  wakeAuctionStreams(deps, auctionId);
  return await buyerAuction(deps, actor, projectId);
}

export const auctionRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/Auction/GetSetup",
    access: ProjectSearch,
    summary:
      "What setting up a reverse auction starts from: the suppliers who quoted, each one's first-quote total in CNY and priced lines, whether it may take part on a total or per line, and why an auction cannot be set up now (refusal).",
    query: auctionInput,
    result: auctionSetupResult,
    handler: ({ deps, actor, query }) => auctionSetup(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Auction/Create",
    access: ProjectPublish,
    summary:
      "Set up a reverse auction instead of an optimisation round (the project's quoting has ended): startAt (left out: now) and endAt by the server clock, basis total or lines, excludedSupplierIds, stepKind amount/percent with step, maxDropKind amount/percent with maxDrop (the largest drop of one bid from the bidder's last; 20 percent unless set), visibility rank/best, extensionMinutes (2) and extensionCapMinutes (30). Answers the buyer's view.",
    body: setUpAuctionInput,
    result: buyerAuctionResult,
    errors: [409],
    handler: async ({ deps, actor, body, meta }) => {
      await setUpAuction(deps, actor, body, { ...meta, via: "http" });
      return await buyerAuction(deps, actor, body.offProId);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Auction/Get",
    access: ProjectSearch,
    summary:
      "A project's auction as the buyer follows it: state and times by the server clock, the ranking per line with names and labels, every bid for the chart, extensions, pauses and the end, and lastEventId to stream from; auction null (with setUpRefusal) when none.",
    query: auctionInput,
    result: buyerAuctionResult,
    handler: ({ deps, actor, query }) => buyerAuction(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Auction/Events",
    access: ProjectSearch,
    stream: true,
    summary:
      "The buyer's event stream (text/event-stream): each bid, extension, pause, resumption and the end, with the ranking; from the event after Last-Event-ID (or after), every one exactly once.",
    query: auctionStreamInput,
    handler: ({ c, deps, actor, query }) => stream(c, deps, actor, query),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Auction/Pause",
    access: ProjectPublish,
    summary: "Pause a running auction with a reason the bidders are told; its clock stops.",
    body: auctionReasonInput,
    result: buyerAuctionResult,
    errors: [409],
    handler: async ({ deps, actor, body, meta }) => {
      const a = await pauseAuction(deps, actor, body, { ...meta, via: "http" });
      return await changed(deps, actor, body.offProId, a.id);
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Auction/Resume",
    access: ProjectPublish,
    summary: "Resume a paused auction with the time that was left when it was paused.",
    body: auctionInput,
    result: buyerAuctionResult,
    errors: [409],
    handler: async ({ deps, actor, body, meta }) => {
      const a = await resumeAuction(deps, actor, body, { ...meta, via: "http" });
      return await changed(deps, actor, body.offProId, a.id);
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Auction/SetMaxDrop",
    access: ProjectPublish,
    summary:
      "Change the largest drop of one bid from the bidder's last (maxDropKind amount/percent, maxDrop) before the auction starts or while it is paused (409 while it runs or once over); the bidders' pages are told. Answers the buyer's view.",
    body: maxDropInput,
    result: buyerAuctionResult,
    errors: [409],
    handler: async ({ deps, actor, body, meta }) => {
      const a = await changeMaxDrop(deps, actor, body, { ...meta, via: "http" });
      return await changed(deps, actor, body.offProId, a.id);
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Auction/End",
    access: ProjectPublish,
    summary:
      "End an auction now (before or while it runs, or paused) with a reason the bidders are told; its final bids become the project's last round.",
    body: auctionReasonInput,
    result: buyerAuctionResult,
    errors: [409],
    handler: async ({ deps, actor, body, meta }) => {
      const a = await endAuctionEarly(deps, actor, body, { ...meta, via: "http" });
      return await changed(deps, actor, body.offProId, a.id);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetAuction",
    ...bidder,
    summary:
      "The auction I take part in, live: state and times by the server clock (serverNow), my last bid and rank per line, the best bid when shown, the most and the least I may bid next (minNext: the largest drop below my last), and lastEventId to stream from.",
    query: auctionInput,
    result: supplierAuctionResult,
    handler: ({ deps, actor, query }) => supplierAuction(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/Bid",
    ...bidder,
    summary:
      "Bid in CNY (amount; itemId per line) with a bidKey made once per bid: the same key again answers the bid stored then (repeated true). Answers the receipt (record number and hashes) and the end after the bid.",
    body: bidInput,
    result: bidOutcome,
    errors: [409],
    handler: async ({ deps, actor, body, meta }) => {
      const outcome = await placeBid(deps, actor, body, meta);
      // The open pages are sent the bid shortly; the bidder's answer does not wait for them.
      wakeAuctionStreams(deps, outcome.receipt.auctionId);
      return outcome;
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/AuctionEvents",
    ...bidder,
    stream: true,
    summary:
      "My event stream of the auction (text/event-stream): my view after each bid, extension, pause and the end; from the event after Last-Event-ID (or after), every one exactly once.",
    query: auctionStreamInput,
    handler: ({ c, deps, actor, query }) => stream(c, deps, actor, query),
  }),
];
