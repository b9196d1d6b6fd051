// The trail of an award proposal: who must approve it (the proposer's person in charge), each step
// kept as an event with its emails in the same transaction, and one audit log row per step (service
// AwardTrail) holding what was decided, on which matrix version, by whom and why.
import { eq } from "drizzle-orm";
import {
  awardProposalEvents,
  awardProposals,
  offerProjects,
  userLeaders,
  users,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { serializeParameters, writeAuditLog } from "../audit/service.ts";
import { mailApprovalRequest, mailDecision } from "./approvalMail.ts";
import type { AwardApprovalDto } from "./approvalRead.ts";

type Proposal = typeof awardProposals.$inferSelect;
type ProjectRow = typeof offerProjects.$inferSelect;
type Action = (typeof awardProposalEvents.$inferSelect)["action"];

/**
 * Who approves the awards of `proposerId`: their person in charge (System settings › Person in
 * charge), who must be an active staff user. Without one the award is refused, saying to ask an
 * administrator to set it (docs/decisions.md).
 */
export async function approverOf(tx: DbOrTx, proposerId: number) {
  const link = await tx.query.userLeaders.findFirst({
    where: eq(userLeaders.userId, proposerId),
  });
  if (!link) throw conflict("approval.noLeader");
  const leader = await tx.query.users.findFirst({ where: eq(users.id, link.leaderId) });
  if (!leader || leader.kind !== "staff" || !leader.isActive) {
    throw conflict("approval.leaderInactive", { name: leader?.name ?? "" });
  }
  return leader;
}

/** Records one step of a proposal's trail and writes the emails it causes. */
export async function writeTrail(
  tx: DbOrTx,
  deps: Deps,
  step: {
    proposal: Proposal;
    project: ProjectRow;
    action: Action;
    actor: Actor;
    fromUserId?: number | null;
    toUserId?: number | null;
    comment?: string | null;
  },
) {
  const { proposal, project, action, actor } = step;
  const [event] = await tx.insert(awardProposalEvents).values({
    proposalId: proposal.id,
    action,
    at: deps.clock.now(),
    actorId: actor.id || null,
    fromUserId: step.fromUserId ?? null,
    toUserId: step.toUserId ?? null,
    comment: step.comment ?? null,
  }).returning({ id: awardProposalEvents.id });
  if ((action === "proposed" || action === "reassigned") && step.toUserId) {
    const proposer = await tx.query.users.findFirst({ where: eq(users.id, proposal.proposedBy) });
    await mailApprovalRequest(
      tx,
      deps,
      proposal,
      project,
      step.toUserId,
      proposer?.name ?? "",
      event.id,
    );
  }
  if (action === "approved" || action === "rejected") {
    await mailDecision(tx, deps, proposal, project, action, actor.name, step.comment ?? null);
  }
}

const METHODS: Record<Action, string> = {
  proposed: "ProposeAward",
  awarded: "AwardWithoutApproval",
  reassigned: "ReassignAwardApproval",
  approved: "ApproveAward",
  rejected: "RejectAward",
  cancelled: "CancelAwardApproval",
};

/**
 * The audit log row of the latest step of a proposal (written once it is committed): the project,
 * the suppliers and lines, the amount and the rule, the matrix version and hash, who proposed, who
 * is to approve, and the comment.
 */
export async function auditTrail(
  deps: Deps,
  actor: Actor,
  p: AwardApprovalDto,
  meta: ClientMeta & { via?: "http" | "cli" },
) {
  const step = p.events[p.events.length - 1];
  await writeAuditLog(deps.db, {
    userId: actor.id || null,
    userName: actor.userName,
    serviceName: "AwardTrail",
    methodName: METHODS[step.action],
    httpMethod: meta.via === "cli" ? "CLI" : "POST",
    path: `awards/proposals/${p.id}`,
    parameters: serializeParameters({
      projectId: p.projectId,
      projectCode: p.projectCode,
      proposalId: p.id,
      action: step.action,
      status: p.status,
      scope: p.scope,
      suppliers: p.supplierNames,
      lines: p.lines.map((l) => `${l.itemName} → ${l.supplierCode}`),
      amountCny: p.amountCny,
      amountBasis: p.amountBasis,
      rule: p.rule,
      matrixVersion: p.matrixVersion,
      matrixHash: p.matrixHash,
      proposedBy: p.proposedByName,
      approver: p.approverName,
      from: step.fromName,
      to: step.toName,
      comment: step.comment,
      reason: p.reason,
    }),
    executionTime: step.at,
    executionDuration: 0,
    clientIp: meta.clientIp ?? null,
    browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
    httpStatus: 200,
    exception: null,
  });
}
