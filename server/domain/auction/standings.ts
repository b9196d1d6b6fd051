// The standings of an auction: each bidder's latest bid per line (bids only ever go down, so the
// latest is the lowest), ranked; and what each kind of reader may see of them. Pure and
// incremental: the events reader (eventsReader.ts) adds each new bid without reading the database
// again.
import { and, asc, eq, sql } from "drizzle-orm";
import { auctionBids } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { cmp, dec } from "../shared/decimal.ts";
import { formatUtc8 } from "../shared/time.ts";
import { quotableItems } from "../quotes/lines.ts";
import { type AuctionRow, type Participant, participantsOf } from "./store.ts";
import {
  auctionState,
  highestNextText,
  lowestNextText,
  placesOf,
  rank,
  type Ranked,
  type Standing,
} from "./rules.ts";

export type StandingsBid = {
  id: number;
  seq: number;
  supplierId: number;
  itemId: number | null;
  amount: string;
  at: number;
  kind: "start" | "bid";
};

export type StandingsItem = { id: number; itemName: string; unit: string | null };

const keyOf = (itemId: number | null) => itemId ?? 0;

/** The auction as every reader may see it: its times (server clock) and rules, never a name. */
export function auctionFacts(a: AuctionRow, now: Date) {
  return {
    auctionId: a.id,
    projectId: a.projectId,
    basis: a.basis,
    state: auctionState(a, now),
    startAt: a.startAt,
    endAt: a.endAt,
    closesAt: a.closesAt,
    /** The server's clock when this was answered: pages count down by their offset from it. */
    serverNow: now,
    extensionMinutes: a.extensionMinutes,
    extensionCapMinutes: a.extensionCapMinutes,
    extendedMs: a.extendedMs,
    stepKind: a.stepKind,
    step: a.step,
    maxDropKind: a.maxDropKind,
    maxDrop: a.maxDrop,
    visibility: a.visibility,
    pauseReason: a.status === "paused" ? a.pauseReason : null,
    endReason: a.endReason,
    endedAt: a.endedAt,
  };
}
export type AuctionFacts = ReturnType<typeof auctionFacts>;

export class Standings {
  /** Per line (0 for a total): supplier → its latest bid. */
  #latest = new Map<number, Map<number, Standing & { start: string }>>();
  #ranked = new Map<number, Ranked[]>();
  #rankOf = new Map<number, Map<number, number>>();

  constructor(
    public auction: AuctionRow,
    readonly participants: Participant[],
    readonly items: StandingsItem[],
    bids: StandingsBid[] = [],
  ) {
    for (const b of bids) this.apply(b);
  }

  /** Folds one bid in (bids come in record order). */
  apply(b: StandingsBid) {
    const key = keyOf(b.itemId);
    let line = this.#latest.get(key);
    if (!line) this.#latest.set(key, line = new Map());
    const before = line.get(b.supplierId);
    line.set(b.supplierId, {
      supplierId: b.supplierId,
      amount: b.amount,
      at: b.at,
      seq: b.seq,
      start: before?.start ?? b.amount,
    });
    this.#ranked.delete(key);
    this.#rankOf.delete(key);
  }

  /** The lines bid on: one (item null) for a total, else each item some bidder started on. */
  lineKeys(): (number | null)[] {
    if (this.auction.basis === "total") return [null];
    return this.items.filter((i) => this.#latest.has(i.id)).map((i) => i.id);
  }

  ranking(itemId: number | null): Ranked[] {
    const key = keyOf(itemId);
    let r = this.#ranked.get(key);
    if (!r) {
      r = rank([...(this.#latest.get(key)?.values() ?? [])]);
      this.#ranked.set(key, r);
    }
    return r;
  }

  /** A bidder's rank on a line (0 when it does not bid on it). */
  rankOf(supplierId: number, itemId: number | null): number {
    const key = keyOf(itemId);
    let ranks = this.#rankOf.get(key);
    if (!ranks) {
      ranks = new Map(this.ranking(itemId).map((r) => [r.supplierId, r.rank]));
      this.#rankOf.set(key, ranks);
    }
    return ranks.get(supplierId) ?? 0;
  }

  /** A bidder's latest bid on a line and its starting bid, if it bids on that line. */
  standing(supplierId: number, itemId: number | null) {
    return this.#latest.get(keyOf(itemId))?.get(supplierId) ?? null;
  }

  /**
   * What a bidder sees: its own last bid and rank per line, the best if shown, the most and the least
   * it may bid next.
   */
  supplierView(supplierId: number, now: Date, lastEventId: number) {
    const a = this.auction;
    const places = placesOf(a.basis);
    const me = this.participants.find((p) => p.supplierId === supplierId);
    const lines = this.lineKeys().flatMap((itemId) => {
      const own = this.standing(supplierId, itemId);
      if (!own) return [];
      const ranking = this.ranking(itemId);
      const item = itemId === null ? undefined : this.items.find((i) => i.id === itemId);
      return [{
        itemId,
        itemName: item?.itemName ?? null,
        unit: item?.unit ?? null,
        start: own.start,
        own: {
          amount: own.amount,
          at: new Date(own.at),
          rank: this.rankOf(supplierId, itemId),
        },
        bidders: ranking.length,
        best: a.visibility === "best" ? ranking[0]?.amount ?? null : null,
        maxNext: highestNextText(a, dec(own.amount), places),
        /** The least one may bid next: the largest drop below the last bid. */
        minNext: lowestNextText(a, dec(own.amount), places),
      }];
    });
    return { ...auctionFacts(a, now), label: me?.label ?? "", lines, lastEventId };
  }

  /** What the buyer sees of each line (or of some): every bidder ranked, its label by its name. */
  buyerLines(only?: (number | null)[]) {
    return this.lineKeys().filter((k) => !only || only.includes(k)).map((itemId) => {
      const item = this.items.find((i) => i.id === itemId);
      return {
        itemId,
        itemName: item?.itemName ?? null,
        unit: item?.unit ?? null,
        ranking: this.ranking(itemId).map((r) => {
          const p = this.participants.find((x) => x.supplierId === r.supplierId);
          const start = this.standing(r.supplierId, itemId)!.start;
          return {
            supplierId: r.supplierId,
            code: p?.code ?? "",
            abbrName: p?.abbrName ?? "",
            label: p?.label ?? "",
            amount: r.amount,
            at: new Date(r.at),
            atUtc8: formatUtc8(new Date(r.at)),
            rank: r.rank,
            start,
            improved: cmp(dec(r.amount), dec(start)) < 0,
          };
        }),
      };
    });
  }
}

export type SupplierAuctionView = ReturnType<Standings["supplierView"]>;
export type BuyerAuctionLine = ReturnType<Standings["buyerLines"]>[number];

/**
 * The standings of an auction as stored: the starting bids and each bidder's latest bid per line,
 * applied in record order.
 */
export async function loadStandings(db: DbOrTx, a: AuctionRow): Promise<Standings> {
  const rows = await db.select().from(auctionBids).where(and(
    eq(auctionBids.auctionId, a.id),
    sql`(${auctionBids.kind} = 'start' or ${auctionBids.id} in (select max(id) from ${auctionBids}
      where auction_id = ${a.id} group by supplier_id, item_id))`,
  )).orderBy(asc(auctionBids.seq));
  const items = a.basis === "lines" ? await quotableItems(db, a.projectId) : [];
  return new Standings(a, await participantsOf(db, a.id), items, rows);
}
