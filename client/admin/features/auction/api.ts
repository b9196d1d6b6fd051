// The buyer's auction calls (QMO/Auction), typed by the server's answers and input schemas.
import type { z } from "zod";
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type {
  auctionSetup,
  buyerAuction,
  BuyerAuctionDto,
} from "../../../../server/domain/auction/read.ts";
import type { setUpAuctionInput } from "../../../../server/domain/auction/schemas.ts";
import type { BuyerEvent as BuyerEventPayload } from "../../../../server/domain/auction/eventsReader.ts";

/** A project's auction as the buyer follows it (null with why none can be set up now). */
export type Found = Wire<Awaited<ReturnType<typeof buyerAuction>>>;
export type Auction = Wire<BuyerAuctionDto>;
export type Line = Auction["lines"][number];
export type Setup = Wire<Awaited<ReturnType<typeof auctionSetup>>>;
/** What each event of the buyer's stream carries, told apart by `type`. */
export type BuyerEvent = Wire<BuyerEventPayload>;

const base = "/QMO/Auction";
const quiet = { silent: true };

export const auctionApi = {
  get: (offProId: number) => api.get<Found>(`${base}/Get`, { offProId }, quiet),
  setup: (offProId: number) => api.get<Setup>(`${base}/GetSetup`, { offProId }, quiet),
  create: (input: z.input<typeof setUpAuctionInput>) =>
    api.post<Found>(`${base}/Create`, input, quiet),
  pause: (offProId: number, reason: string) =>
    api.post<Found>(`${base}/Pause`, { offProId, reason }, quiet),
  resume: (offProId: number) => api.post<Found>(`${base}/Resume`, { offProId }, quiet),
  setMaxDrop: (offProId: number, maxDropKind: "amount" | "percent", maxDrop: string) =>
    api.post<Found>(`${base}/SetMaxDrop`, { offProId, maxDropKind, maxDrop }, quiet),
  end: (offProId: number, reason: string) =>
    api.post<Found>(`${base}/End`, { offProId, reason }, quiet),
  events: `${base}/Events`,
};
