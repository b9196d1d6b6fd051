// Closing a project cancels the award proposal of it still waiting for approval: a closed project
// can no longer be awarded, so the approver has nothing left to decide. The proposal ends
// "cancelled" with the closing's reason, the step joins its trail, the approver is emailed, and
// (once the closing is committed) the audit log has its row as every other step does.
import { and, eq } from "drizzle-orm";
import { awardProposals, type offerProjects } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import type { ClientMeta } from "../auth/service.ts";
import { auditTrail, writeTrail } from "./approvalTrail.ts";
import { approvalsByIds } from "./approvalRead.ts";
import { mailCancellation } from "./approvalMail.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/**
 * In the closing's transaction: cancels the project's pending proposal, if any, recording who
 * closed the project and why. Answers the proposal's id (null when none was pending).
 */
export async function cancelPendingApproval(
  tx: DbOrTx,
  deps: Deps,
  project: ProjectRow,
  actor: Actor,
  reason: string,
): Promise<number | null> {
  const [cancelled] = await tx.update(awardProposals).set({
    status: "cancelled",
    decidedBy: actor.id || null,
    decidedAt: deps.clock.now(),
    decisionComment: reason,
  }).where(and(eq(awardProposals.projectId, project.id), eq(awardProposals.status, "pending")))
    .returning();
  if (!cancelled) return null;
  await writeTrail(tx, deps, {
    proposal: cancelled,
    project,
    action: "cancelled",
    actor,
    comment: reason,
  });
  await mailCancellation(tx, deps, cancelled, project, actor.name || actor.userName, reason);
  return cancelled.id;
}

/** The audit log row of a cancellation, written once the closing is committed. */
export async function auditCancellation(
  deps: Deps,
  actor: Actor,
  proposalId: number,
  meta: ClientMeta & { via?: "http" | "cli" },
) {
  const [dto] = await approvalsByIds(deps.db, [proposalId]);
  await auditTrail(deps, actor, dto, meta);
}
