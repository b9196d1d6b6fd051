// The bidder's calls of the auction (QMO/SupplierOffer), typed by the server's answers.
import type { z } from "zod";
import { api } from "../shared/api.ts";
import type { Wire } from "../shared/wire.ts";
import type { supplierAuction } from "../../server/domain/auction/read.ts";
import type { BidOutcome } from "../../server/domain/auction/bid.ts";
import type { bidInput } from "../../server/domain/auction/schemas.ts";

/** The auction as this bidder sees it: times, its own bid and rank per line, the best if shown. */
export type MyAuction = Wire<Awaited<ReturnType<typeof supplierAuction>>>;
export type MyLine = MyAuction["lines"][number];
/** What each event of the stream carries for a bidder. */
export type MyEvent = {
  type: string;
  at: string;
  mine: boolean;
  /** What an extension, pause, resumption or end says (closesAt, reason). */
  data?: { closesAt?: number; reason?: string | null };
  /** My view as of the last of the events sent together. */
  view?: Omit<MyAuction, "projectCode" | "projectName">;
};

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
