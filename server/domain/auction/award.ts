// AwardOfferProject waits for the project's reverse auction: an auction the clock has ended is
// written ended first (its "ended" event, the bidders' result emails, its audit row), so its final
// bids are the last round of the matrix the award is made on; one not over refuses the award
// (comparison/award.ts). The doors call this.
import type { z } from "zod";
import type { Actor, Deps } from "../context.ts";
import type { ClientMeta } from "../auth/service.ts";
import { type AwardOutcome, proposeAward } from "../comparison/award.ts";
import { awardInput } from "../comparison/schemas.ts";
import { finishedAuctionOf } from "./finish.ts";

/** AwardOfferProject (comparison/award.ts `proposeAward`) once the auction's end is written. */
export async function awardProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof awardInput>,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
): Promise<AwardOutcome> {
  const input = awardInput.parse(raw);
  await finishedAuctionOf(deps, input.offProId);
  return await proposeAward(deps, actor, raw, meta);
}
