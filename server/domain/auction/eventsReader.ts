// Reading an auction's events for its open pages: the events after a page's last one, read from the
// database (so a page that reconnects, to any server, gets each event it missed exactly once) and
// added to the auction's standings, and what each page is sent for each event: a bidder its own
// view, the buyer the bid and the ranking with names. Reading the events also writes the clock's
// end when it comes.
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
import { auctionFacts, loadStandings, type Standings } from "./standings.ts";
import { finishAuction } from "./finish.ts";
import { auctionState } from "./rules.ts";
import {
  type AuctionEventRow,
  type AuctionRow,
  eventsAfter,
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

  /** The events not added to the standings yet, added now, oldest first. */
  async readNew(): Promise<AuctionEventRow[]> {
    const a = this.standings.auction;
    if (a.status === "active" && auctionState(a, this.deps.clock.now()) === "ended") {
      await finishAuction(this.deps, a); // its "ended" event comes with the next read
    }
    const rows = await eventsAfter(this.deps.db, a.id, this.lastId, PAGE);
    let reload = false;
    for (const e of rows) {
      if (e.type === "bid") this.standings.apply(bidOf(e));
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
   * What `reader` is sent for event `e`. Events sent together carry the reader's view as of now on
   * the last one only (`last`): the page applies each event's facts, then that view. A bidder is
   * told of another's bid only that it happened; of an extension, pause or end, what it says.
   */
  payload(reader: Reader, e: AuctionEventRow, last = true) {
    const now = this.deps.clock.now();
    const base = { type: e.type, at: new Date(e.at) };
    if (reader.kind === "supplier") {
      const mine = e.type !== "bid" || e.data.supplierId === reader.supplierId;
      return {
        ...base,
        mine,
        ...(e.type === "bid" ? {} : { data: e.data }),
        ...(last ? { view: this.standings.supplierView(reader.supplierId, now, e.id) } : {}),
      };
    }
    const label = this.standings.participants.find((p) => p.supplierId === e.data.supplierId)
      ?.label;
    return {
      ...base,
      data: e.data,
      label: label ?? null,
      ...(last
        ? { auction: auctionFacts(this.standings.auction, now), lines: this.standings.buyerLines() }
        : {}),
    };
  }
}

const bidOf = (e: AuctionEventRow) => ({
  id: Number(e.data.bidId),
  seq: Number(e.data.seq),
  supplierId: Number(e.data.supplierId),
  itemId: (e.data.itemId ?? null) as number | null,
  amount: String(e.data.amount),
  at: Number(e.data.at),
  kind: "bid" as const,
});
