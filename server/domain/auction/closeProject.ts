// Closing a project (CreateOfferProjectCloses) reaches every stage above it: in one transaction the
// project is closed (projects/lifecycle.ts), its reverse auction not over yet ends with it for the
// same reason, and an award waiting for approval is cancelled (a closed project cannot be awarded;
// comparison/approvalCancel.ts). The doors (HTTP, CLI) call this.
import type { z } from "zod";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import type { ClientMeta } from "../auth/service.ts";
import { enqueue } from "../email/outbox.ts";
import { closeInput } from "../projects/schemas.ts";
import { recordClose } from "../projects/lifecycle.ts";
import { getCloseInfo } from "../projects/read.ts";
import { auditCancellation, cancelPendingApproval } from "../comparison/approvalCancel.ts";
import { auctionState } from "./rules.ts";
import { auctionOfProject } from "./store.ts";
import { closeAuction } from "./finish.ts";

/**
 * Close a project with a reason, from any state but closed. An award waiting for approval is
 * cancelled with it, in its trail and the audit log.
 */
export async function closeProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof closeInput>,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
) {
  const input = closeInput.parse(raw);
  const cancelled = await transaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const row = await recordClose(tx, actor, input, now);
    await endWithProject(tx, deps, actor, row.id, input.closeReason, now);
    await enqueue(tx, deps, { kind: "closed", projectId: row.id });
    return await cancelPendingApproval(tx, deps, row, actor, input.closeReason);
  });
  if (cancelled !== null) await auditCancellation(deps, actor, cancelled, meta);
  return await getCloseInfo(deps, actor, input.offProId);
}

/**
 * A reverse auction not over yet ends with the project, for the same reason; one the clock has
 * already ended has that end written (by the clock, at its end).
 */
async function endWithProject(
  tx: DbOrTx,
  deps: Deps,
  actor: Actor,
  projectId: number,
  reason: string,
  now: Date,
) {
  const auction = await auctionOfProject(tx, projectId);
  if (!auction || auction.status === "ended") return;
  const byClock = auctionState(auction, now) === "ended";
  await closeAuction(
    tx,
    deps,
    auction,
    byClock ? auction.closesAt : now,
    byClock ? { by: null, reason: null } : { by: actor.id || null, reason },
  );
}
