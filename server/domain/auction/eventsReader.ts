// Reading an auction's events for its open pages: the events after a page's last one, read from the
// database (so a page that reconnects, to any server, gets each event it missed exactly once) and
// added to the auction's standings, and what each page is sent for each event: a bidder its own
// view, the buyer the bid and the ranking with names. A pure read: an auction past its end, not
// written ended yet, is sent as ended by the clock (`clockEnd`); the end is written by the job and
// by a bid (finish.ts).
import { eq, sql } from "drizzle-orm";
import {
  auctionParticipants,
  auctions,
  offerProjects,
  offerProjectSuppliers,
} from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { notFound } from "../errors.ts";
import { Permissions } from "../auth/permissions.ts";
import { sessionActors } from "../auth/service.ts";
import { maySee, projectForActor } from "../projects/access.ts";
import type { ProjectKind } from "../projects/rules.ts";
import {
  type AuctionFacts,
  auctionFacts,
  type BuyerAuctionLine,
  loadStandings,
  type Standings,
  type SupplierAuctionView,
} from "./standings.ts";
import { auctionState } from "./rules.ts";
import {
  type AuctionEventRow,
  type AuctionRow,
  type EventOf,
  eventsAfter,
  factsOf,
  lastEventId,
  loadAuction,
} from "./store.ts";

export type Reader = { kind: "buyer" } | { kind: "supplier"; supplierId: number };

/** Who reads a project's auction events: the buyer (may see the project) or a bidder taking part. */
export async function readerOf(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<{ auction: AuctionRow; reader: Reader }> {
  if (actor.kind === "staff") {
    await projectForActor(deps, actor, projectId);
    return { auction: await loadAuction(deps.db, projectId), reader: { kind: "buyer" } };
  }
  const a = await loadAuction(deps.db, projectId);
  const supplierId = actor.supplierId;
  const facts = await readingFacts(deps.db).get({ auctionId: a.id });
  if (!supplierId || !facts || !biddersOf(facts).has(supplierId)) {
    throw notFound("auction", projectId);
  }
  return { auction: a, reader: { kind: "supplier", supplierId } };
}

/**
 * Who may read an auction's events: the kind of its project (for the buyer) and the suppliers taking
 * part that are still invited to the project (for bidders); none when the auction is gone.
 */
const readingFacts = preparedQuery((db: DbOrTx) =>
  db.select({
    kind: offerProjects.kind,
    bidders: sql<string | null>`(select group_concat(p.supplier_id) from ${auctionParticipants} p
      join ${offerProjectSuppliers} i on i.project_id = ${auctions.projectId}
      and i.supplier_id = p.supplier_id where p.auction_id = ${auctions.id})`,
  }).from(auctions).innerJoin(offerProjects, eq(offerProjects.id, auctions.projectId))
    .where(eq(auctions.id, sql.placeholder("auctionId"))).prepare()
);

type ReadingFacts = { kind: ProjectKind; bidders: string | null };
const biddersOf = (f: ReadingFacts) => new Set((f.bidders ?? "").split(",").map(Number));

/** Someone reading an auction's events: the session they connected with and what they read as. */
export type Viewer = { userId: number; sessionId: string; reader: Reader };

/**
 * The viewers who may still read the auction's events, judged as when they connected: the session
 * still holds (not signed out, revoked by a password change or reset, expired; the user active), and
 * the user still may see the project's kind (the buyer) or still belongs to a supplier taking part
 * and invited, with the portal's permission (a bidder). Two statements for any number of viewers.
 */
export async function stillReading<V extends Viewer>(
  deps: Deps,
  auctionId: number,
  viewers: readonly V[],
): Promise<V[]> {
  if (!viewers.length) return [];
  const actors = await sessionActors(deps, viewers.map((v) => v.sessionId));
  const facts = await readingFacts(deps.db).get({ auctionId });
  if (!facts) return [];
  const bidders = biddersOf(facts);
  return viewers.filter((v) => {
    const actor = actors.get(v.sessionId);
    if (!actor || actor.id !== v.userId) return false;
    if (v.reader.kind === "buyer") return maySee(actor, facts.kind);
    return actor.kind === "supplier" && actor.supplierId === v.reader.supplierId &&
      actor.permissions.has(Permissions.SupplierOfferSearch) && bidders.has(v.reader.supplierId);
  });
}

/** Events read per look at the database. */
const PAGE = 500;

/** An event as a page is sent it: its kind and facts, and when (ms). */
type Happening = EventOf & { at: number };

/**
 * What a bidder is sent for one event: an extension, pause, resumption, change of the largest drop
 * or end with its facts; of a bid only that it happened (`mine` says whose); on the last of the
 * events sent together, its own view as of now.
 */
export type BidderEvent =
  & { at: Date; mine: boolean; view?: SupplierAuctionView }
  & (Exclude<EventOf, { type: "bid" }> | { type: "bid" });

/**
 * What the buyer is sent for one event: its facts (a bid's bidder by its label too); on the last of
 * the events sent together, the auction and every line's ranking as of now.
 */
export type BuyerEvent =
  & { at: Date; label: string | null; auction?: AuctionFacts; lines?: BuyerAuctionLine[] }
  & EventOf;

export class AuctionEventsReader {
  private constructor(
    private deps: Deps,
    readonly standings: Standings,
    /** The last event added to the standings. */
    public lastId: number,
  ) {}

  static async open(deps: Deps, a: AuctionRow): Promise<AuctionEventsReader> {
    // The last id first: events after it that the standings already hold are added again
    // harmlessly (a bidder's latest bid is set again, in record order).
    const last = await lastEventId(deps.db, a.id);
    return new AuctionEventsReader(deps, await loadStandings(deps.db, a), last);
  }

  /** The events not added to the standings yet, added now, oldest first. Writes nothing. */
  async readNew(): Promise<AuctionEventRow[]> {
    const a = this.standings.auction;
    const rows = await eventsAfter(this.deps.db, a.id, this.lastId, PAGE);
    let reload = false;
    for (const e of rows) {
      const f = factsOf(e);
      if (f.type === "bid") this.standings.apply({ ...f.data, id: f.data.bidId, kind: "bid" });
      else reload = true;
      this.lastId = e.id;
    }
    if (reload) {
      const fresh = await this.deps.db.query.auctions.findFirst({ where: eq(auctions.id, a.id) });
      if (fresh) this.standings.auction = fresh;
    }
    return rows;
  }

  /** Events after `afterId` up to the last one read, for a page catching up. */
  async missed(afterId: number): Promise<AuctionEventRow[]> {
    const out: AuctionEventRow[] = [];
    for (let from = afterId; from < this.lastId;) {
      const page = await eventsAfter(this.deps.db, this.standings.auction.id, from, PAGE);
      const kept = page.filter((e) => e.id <= this.lastId);
      out.push(...kept);
      if (kept.length < PAGE) break;
      from = kept[kept.length - 1].id;
    }
    return out;
  }

  /**
   * The end by the clock when it has come and is not written yet (the job or a bid writes it, and
   * its "ended" event follows): an event without a row, at the closing time; else null.
   */
  clockEnd(): Happening | null {
    const a = this.standings.auction;
    if (a.status !== "active" || auctionState(a, this.deps.clock.now()) !== "ended") return null;
    return { type: "ended", at: a.closesAt.getTime(), data: { reason: null, early: false } };
  }

  /**
   * What `reader` is sent for event `e`. Events sent together carry the reader's view as of now on
   * the last one only (`last`): the page applies each event's facts, then that view.
   */
  payload(reader: Reader, e: AuctionEventRow | Happening, last = true): BidderEvent | BuyerEvent {
    const h: Happening = "id" in e ? { ...factsOf(e), at: e.at } : e;
    return reader.kind === "supplier"
      ? this.#forBidder(reader.supplierId, h, last && ("id" in e ? e.id : this.lastId))
      : this.#forBuyer(h, last);
  }

  /** `viewAt`: the id of the last event sent, with the bidder's view; false: no view. */
  #forBidder(supplierId: number, e: Happening, viewAt: number | false): BidderEvent {
    const now = this.deps.clock.now();
    const view = viewAt === false
      ? {}
      : { view: this.standings.supplierView(supplierId, now, viewAt) };
    const at = new Date(e.at);
    if (e.type === "bid") {
      return { type: "bid", at, mine: e.data.supplierId === supplierId, ...view };
    }
    return { ...e, at, mine: true, ...view };
  }

  #forBuyer(e: Happening, last: boolean): BuyerEvent {
    const now = this.deps.clock.now();
    const s = this.standings;
    const supplierId = e.type === "bid" ? e.data.supplierId : null;
    const label = s.participants.find((p) => p.supplierId === supplierId)?.label ?? null;
    return {
      ...e,
      at: new Date(e.at),
      label,
      ...(last ? { auction: auctionFacts(s.auction, now), lines: s.buyerLines() } : {}),
    };
  }
}
