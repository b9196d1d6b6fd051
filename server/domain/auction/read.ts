// Reading an auction: the buyer's live view (ranking with names and labels, every bid for the
// chart, extensions, pauses, the record), the bidder's own view, and what the set-up dialog needs.
// A read writes nothing: an auction past its end reads "ended" by the clock until the end is
// written (finish.ts).
import { and, asc, eq, ne } from "drizzle-orm";
import { auctionBids, auctionEvents, offerProjects } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { notFound } from "../errors.ts";
import { projectForActor } from "../projects/access.ts";
import { assertPricesOpen } from "../quotes/sealed.ts";
import { supplierIdOf } from "../quotes/service.ts";
import {
  type AuctionFacts,
  auctionFacts,
  type BuyerAuctionLine,
  loadStandings,
} from "./standings.ts";
import { setUpRefusal } from "./setup.ts";
import { eligible, firstQuotes } from "./first.ts";
import {
  DEFAULT_EXTENSION_CAP_MINUTES,
  DEFAULT_EXTENSION_MINUTES,
  DEFAULT_MAX_DROP,
} from "./schemas.ts";
import { auctionOfProject, type AuctionRow, lastEventId, type Participant } from "./store.ts";

export type BuyerAuctionDto = AuctionFacts & {
  participants: Participant[];
  lines: BuyerAuctionLine[];
  /** Every bid in record order, for the chart (starting bids first). */
  bids: {
    seq: number;
    supplierId: number;
    label: string;
    itemId: number | null;
    amount: string;
    at: Date;
    kind: "start" | "bid";
  }[];
  /** Extensions, pauses, resumptions and the end, as they happened. */
  events: { id: number; type: string; at: Date; data: Record<string, unknown> }[];
  lastEventId: number;
};

/** GetAuction: a project's auction as the buyer follows it, or null with whether one may start. */
export async function buyerAuction(deps: Deps, actor: Actor, projectId: number) {
  const p = await projectForActor(deps, actor, projectId);
  const a = await auctionOfProject(deps.db, p.id);
  if (!a) {
    return {
      auction: null,
      setUpRefusal: await setUpRefusal(deps.db, p, deps.clock.now()),
    };
  }
  return { auction: await buyerView(deps, a), setUpRefusal: "auction.exists" };
}

async function buyerView(deps: Deps, a: AuctionRow): Promise<BuyerAuctionDto> {
  const standings = await loadStandings(deps.db, a);
  const label = (id: number) =>
    standings.participants.find((x) => x.supplierId === id)?.label ?? "";
  const bids = await deps.db.select().from(auctionBids).where(eq(auctionBids.auctionId, a.id))
    .orderBy(asc(auctionBids.seq));
  const events = await deps.db.select().from(auctionEvents).where(and(
    eq(auctionEvents.auctionId, a.id),
    ne(auctionEvents.type, "bid"),
  )).orderBy(asc(auctionEvents.id));
  return {
    ...auctionFacts(a, deps.clock.now()),
    participants: standings.participants,
    lines: standings.buyerLines(),
    bids: bids.map((b) => ({
      seq: b.seq,
      supplierId: b.supplierId,
      label: label(b.supplierId),
      itemId: b.itemId,
      amount: b.amount,
      at: new Date(b.at),
      kind: b.kind,
    })),
    events: events.map((e) => ({ id: e.id, type: e.type, at: new Date(e.at), data: e.data })),
    lastEventId: await lastEventId(deps.db, a.id),
  };
}

/** The auction a supplier takes part in (404 alike when there is none or it is not invited). */
async function auctionOfBidder(deps: Deps, actor: Actor, projectId: number) {
  const supplierId = supplierIdOf(actor);
  const a = await auctionOfProject(deps.db, projectId);
  if (!a) throw notFound("auction", projectId);
  const standings = await loadStandings(deps.db, a);
  if (!standings.participants.some((p) => p.supplierId === supplierId)) {
    throw notFound("auction", projectId);
  }
  return { a, standings, supplierId };
}

/** GetAuction (portal): my own last bid and rank per line, the best if shown, the times. */
export async function supplierAuction(deps: Deps, actor: Actor, projectId: number) {
  const { a, standings, supplierId } = await auctionOfBidder(deps, actor, projectId);
  const p = await deps.db.query.offerProjects.findFirst({
    columns: { code: true, name: true },
    where: eq(offerProjects.id, a.projectId),
  });
  return {
    projectCode: p?.code ?? "",
    projectName: p?.name ?? "",
    ...standings.supplierView(supplierId, deps.clock.now(), await lastEventId(deps.db, a.id)),
  };
}

/** GetAuctionSetup: who quoted and what each would start from; the defaults of the dialog. */
export async function auctionSetup(deps: Deps, actor: Actor, projectId: number) {
  const p = await projectForActor(deps, actor, projectId);
  assertPricesOpen(p);
  const first = await firstQuotes(deps.db, p);
  return {
    refusal: await setUpRefusal(deps.db, p, deps.clock.now()),
    serverNow: deps.clock.now(),
    items: first.items,
    candidates: first.candidates.map((c) => ({
      supplierId: c.supplierId,
      code: c.code,
      abbrName: c.abbrName,
      quotedAt: c.quotedAt,
      total: c.total,
      totalRefusal: c.totalRefusal,
      pricedLines: c.lines.length,
      eligibleTotal: eligible(c, "total"),
      eligibleLines: eligible(c, "lines"),
    })),
    defaults: {
      extensionMinutes: DEFAULT_EXTENSION_MINUTES,
      extensionCapMinutes: DEFAULT_EXTENSION_CAP_MINUTES,
      ...DEFAULT_MAX_DROP,
    },
  };
}
