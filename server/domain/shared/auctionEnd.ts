// When a project's reverse auction is over: ended by the buyer or by the clock at its end with the
// extensions, whether or not its end is written yet. The auction's state (auction/rules.ts
// `auctionState`) decides "ended" with this, and the areas below the auction wait for that end
// without importing it: no optimisation round is opened or offered while an auction is not over
// (projects), and an ended auction's final bids are the matrix's last round (comparison).
// Pure: a stored auction's timing and the server's clock.

export type AuctionEndTiming = {
  status: "active" | "paused" | "ended";
  startAt: Date;
  closesAt: Date;
};

/** Whether the auction is over as of `now`: ended, or active and past its start and its end. */
export function auctionOver(a: AuctionEndTiming, now: Date): boolean {
  if (a.status !== "active") return a.status === "ended";
  return now.getTime() >= a.startAt.getTime() && now.getTime() >= a.closesAt.getTime();
}
