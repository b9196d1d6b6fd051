// Deciding on an award that waits for approval: the approver (the buyer's person in charge, or
// whoever an admin reassigned it to) approves it — it becomes the award in force and the suppliers
// are mailed — or rejects it with a comment, and it returns to the buyer, who may propose again.
// Nobody decides on their own proposal. An admin hands a pending approval to someone else.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { awardProposals, offerProjects, users } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, forbidden, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { recordQuoteOpens } from "../quotes/sealed.ts";
import { searchPermissionOf } from "../projects/rules.ts";
import { assertAwardable, matrixSnapshotOf, recordAward } from "./award.ts";
import { auditTrail, writeTrail } from "./approvalTrail.ts";
import { approvalsByIds, type AwardApprovalDto, managesApprovals } from "./approvalRead.ts";
import type { MatrixSnapshot } from "./approvalRules.ts";
import { decideApprovalInput, reassignApprovalInput } from "./schemas.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";

type Meta = ClientMeta & { via?: "http" | "cli" };
type Action = "approve" | "reject" | "reassign";

type Proposal = typeof awardProposals.$inferSelect;

/**
 * Who may open a proposal: its approver (present or past), its proposer, whoever decided it, staff
 * who may see its project, and admins who manage approvals.
 */
async function maySeeProposal(db: DbOrTx, actor: Actor, p: Proposal): Promise<boolean> {
  if ([p.proposedBy, p.approverId, p.decidedBy].includes(actor.id)) return true;
  if (managesApprovals(actor)) return true;
  const project = await db.query.offerProjects.findFirst({
    columns: { kind: true },
    where: eq(offerProjects.id, p.projectId),
  });
  return !!project && actor.permissions.has(searchPermissionOf(project.kind));
}

async function loadProposal(deps: Deps, id: number) {
  const p = await deps.db.query.awardProposals.findFirst({ where: eq(awardProposals.id, id) });
  if (!p) throw notFound("awardApproval", id);
  return p;
}

/** The pending proposal of a project (for the CLI, which names projects by number). */
export async function pendingProposalOf(deps: Deps, projectId: number): Promise<number> {
  const p = await deps.db.query.awardProposals.findFirst({
    where: and(eq(awardProposals.projectId, projectId), eq(awardProposals.status, "pending")),
  });
  if (!p) throw conflict("approval.nonePending");
  return p.id;
}

/**
 * Approves (the award is recorded and mailed to the suppliers) or rejects (a comment is required;
 * the buyer may propose again) a pending award. Only its approver may; never its proposer. An
 * approval is refused when the project can no longer be awarded, or when its quotes or rates
 * changed since the proposal (the matrix is not the one proposed): reject it so that the buyer
 * proposes again on the current matrix.
 */
export async function decideApproval(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof decideApprovalInput>,
  decision: "approved" | "rejected",
  meta: Meta = {},
): Promise<AwardApprovalDto> {
  const input = decideApprovalInput.parse(raw);
  if (actor.kind !== "staff") throw forbidden();
  if (decision === "rejected" && !input.comment) {
    throw fieldError("comment", "approval.commentRequired");
  }
  await transaction(deps.db, async (tx) => {
    const p = await tx.query.awardProposals.findFirst({
      where: eq(awardProposals.id, input.id),
    });
    // Whoever may not open the proposal (GetAwardApproval) learns nothing of it here either: the
    // answer of a proposal that does not exist, neither its state nor the approver's name.
    if (!p || !(await maySeeProposal(tx, actor, p))) throw notFound("awardApproval", input.id);
    if (p.status !== "pending") throw conflict(`approval.already.${p.status}`);
    if (p.proposedBy === actor.id) throw forbidden("approval.selfApproval");
    if (p.approverId !== actor.id) {
      const approver = p.approverId
        ? await tx.query.users.findFirst({ where: eq(users.id, p.approverId) })
        : undefined;
      throw forbidden("approval.notApprover", { name: approver?.name ?? "" });
    }
    const project = (await tx.query.offerProjects.findFirst({
      where: eq(offerProjects.id, p.projectId),
    }))!;
    const now = deps.clock.now();
    if (decision === "approved") {
      await assertAwardable(tx, project, now);
      const { hash } = await matrixSnapshotOf(tx, project);
      if (hash !== p.matrixHash) {
        throw conflict("approval.matrixChanged", { version: p.matrixVersion });
      }
    }
    const [decided] = await tx.update(awardProposals).set({
      status: decision,
      decidedBy: actor.id,
      decidedAt: now,
      decisionComment: input.comment,
    }).where(and(eq(awardProposals.id, p.id), eq(awardProposals.status, "pending"))).returning();
    if (!decided) throw conflict("approval.changed");
    if (decision === "approved") await recordAward(tx, deps, project, decided);
    await writeTrail(tx, deps, {
      proposal: decided,
      project,
      action: decision,
      actor,
      comment: input.comment,
    });
  });
  const [dto] = await approvalsByIds(deps.db, [input.id]);
  await auditTrail(deps, actor, dto, meta);
  return dto;
}

/**
 * ReassignAwardApproval: an admin (who manages persons in charge) hands a pending approval to
 * another active staff user — never the buyer who proposed it — who is mailed the request.
 */
export async function reassignApproval(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof reassignApprovalInput>,
  meta: Meta = {},
): Promise<AwardApprovalDto> {
  const input = reassignApprovalInput.parse(raw);
  if (!managesApprovals(actor)) throw forbidden();
  await transaction(deps.db, async (tx) => {
    const p = await tx.query.awardProposals.findFirst({
      where: eq(awardProposals.id, input.id),
    });
    if (!p) throw notFound("awardApproval", input.id);
    if (p.status !== "pending") throw conflict(`approval.already.${p.status}`);
    const to = await tx.query.users.findFirst({ where: eq(users.id, input.approverId) });
    if (!to) {
      throw fieldError("approverId", "errors.notFound", { entity: "user", id: input.approverId });
    }
    if (to.kind !== "staff" || !to.isActive) {
      throw fieldError("approverId", "leaders.notActiveStaff", { name: to.name });
    }
    if (to.id === p.proposedBy) throw fieldError("approverId", "approval.approverIsProposer");
    if (to.id === p.approverId) throw fieldError("approverId", "approval.sameApprover");
    const [moved] = await tx.update(awardProposals).set({ approverId: to.id })
      .where(and(eq(awardProposals.id, p.id), eq(awardProposals.status, "pending"))).returning();
    if (!moved) throw conflict("approval.changed");
    const project = (await tx.query.offerProjects.findFirst({
      where: eq(offerProjects.id, p.projectId),
    }))!;
    await writeTrail(tx, deps, {
      proposal: moved,
      project,
      action: "reassigned",
      actor,
      fromUserId: p.approverId,
      toUserId: to.id,
      comment: input.comment,
    });
  });
  const [dto] = await approvalsByIds(deps.db, [input.id]);
  await auditTrail(deps, actor, dto, meta);
  return dto;
}

export type AwardApprovalDetail = AwardApprovalDto & {
  /** The matrix the award was proposed on. */
  snapshot: MatrixSnapshot;
  /** While pending: whether the project's matrix differs now from the one proposed. */
  matrixChanged: boolean;
  /** What the actor may do now (the buttons the page shows). */
  actions: Action[];
  /** The actor may open the project's result page. */
  mayOpenProject: boolean;
  /** The actor proposed it (and so may not decide on it). */
  ownProposal: boolean;
};

/**
 * GetAwardApproval: a proposal with its matrix snapshot and trail, for its approver (present or
 * past), its proposer, staff who may see the project, and admins. The quotes whose prices the
 * snapshot shows are written to the audit log as viewed, as the matrix does.
 */
export async function approvalDetail(
  deps: Deps,
  actor: Actor,
  id: number,
): Promise<AwardApprovalDetail> {
  if (actor.kind !== "staff") throw forbidden();
  const row = await loadProposal(deps, id);
  const [dto] = await approvalsByIds(deps.db, [id]);
  const mayOpenProject = actor.permissions.has(searchPermissionOf(dto.projectKind));
  if (!(await maySeeProposal(deps.db, actor, row))) throw forbidden();
  const snapshot = row.matrixSnapshot as MatrixSnapshot;
  let matrixChanged = false;
  if (row.status === "pending") {
    const project = (await deps.db.query.offerProjects.findFirst({
      where: eq(offerProjects.id, row.projectId),
    }))!;
    matrixChanged = (await matrixSnapshotOf(deps.db, project)).hash !== row.matrixHash;
  }
  await recordQuoteOpens(
    deps,
    actor,
    snapshot.suppliers.filter((s) => s.quoteId !== null).map((s) => ({
      quoteId: s.quoteId!,
      how: "view" as const,
    })),
  );
  const actions: Action[] = [];
  if (row.status === "pending") {
    if (row.approverId === actor.id && row.proposedBy !== actor.id) {
      actions.push("approve", "reject");
    }
    if (managesApprovals(actor)) actions.push("reassign");
  }
  return {
    ...dto,
    snapshot,
    matrixChanged,
    actions,
    mayOpenProject,
    ownProposal: row.proposedBy === actor.id,
  };
}
