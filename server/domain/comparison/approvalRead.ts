// Award proposals as the screens, the CLI and the emails show them: what was proposed, by whom,
// for how much, on which matrix version, who must (or did) decide, and the whole trail. The lists:
// the approvals waiting for me, every pending approval (admins), and a project's award trail.
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { awardProposalEvents, awardProposals, offerProjects, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import type { Paged } from "../shared/paging.ts";
import { Permissions } from "../auth/permissions.ts";
import { projectForActor } from "../projects/access.ts";
import { type MatrixSnapshot, type VersusLowest, versusLowest } from "./approvalRules.ts";
import { snapshotTotalCostOf } from "../shared/awardTotals.ts";

type ApprovalAction = (typeof awardProposalEvents.$inferSelect)["action"];

type ApprovalEventDto = {
  action: ApprovalAction;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  /** Reassigned: the approver before; proposed and reassigned: the approver after. */
  fromName: string | null;
  toName: string | null;
  comment: string | null;
};

export type AwardApprovalDto = {
  id: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  projectKind: "material" | "asset";
  status: (typeof awardProposals.$inferSelect)["status"];
  scope: "project" | "lines";
  supplierId: number | null;
  /** Each line awarded and its supplier (for a whole-project award: every line to it). */
  lines: {
    itemId: number;
    itemName: string;
    supplierId: number;
    supplierCode: string;
    supplierAbbr: string;
  }[];
  /** The suppliers awarded, by abbreviation, in code order. */
  supplierNames: string[];
  reason: string;
  amountCny: string | null;
  amountBasis: "quotes" | "estimate" | null;
  /** The award's total cost with the buyer's cost terms as proposed; null when not known. */
  totalCostCny: string | null;
  /** When the award is not the lowest of its matrix: by how much, and who quoted lower. */
  versusLowest: VersusLowest | null;
  rule: string;
  proposedBy: number;
  proposedByName: string | null;
  proposedAt: Date;
  approverId: number | null;
  approverName: string | null;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionComment: string | null;
  matrixVersion: number;
  matrixHash: string;
  awardId: number | null;
  /** The trail, oldest first. */
  events: ApprovalEventDto[];
};

type Row = typeof awardProposals.$inferSelect;

async function toDtos(db: DbOrTx, rows: Row[]): Promise<AwardApprovalDto[]> {
  if (!rows.length) return [];
  const events = await db.select().from(awardProposalEvents)
    .where(inArray(awardProposalEvents.proposalId, rows.map((r) => r.id)))
    .orderBy(asc(awardProposalEvents.id));
  const projects = await db.select({
    id: offerProjects.id,
    code: offerProjects.code,
    name: offerProjects.name,
    kind: offerProjects.kind,
  }).from(offerProjects).where(
    inArray(offerProjects.id, [...new Set(rows.map((r) => r.projectId))]),
  );
  const userIds = new Set<number>();
  for (const r of rows) {
    [r.proposedBy, r.approverId, r.decidedBy].forEach((i) => i && userIds.add(i));
  }
  for (const e of events) [e.actorId, e.fromUserId, e.toUserId].forEach((i) => i && userIds.add(i));
  const people = userIds.size
    ? await db.select({ id: users.id, name: users.name }).from(users)
      .where(inArray(users.id, [...userIds]))
    : [];
  const name = (id: number | null) => (id && people.find((u) => u.id === id)?.name) || null;
  return rows.map((r) => {
    const snapshot = r.matrixSnapshot as MatrixSnapshot;
    const supplier = (id: number) => snapshot.suppliers.find((s) => s.id === id);
    const pairs = r.scope === "project"
      ? snapshot.rows.map((x) => ({ itemId: x.itemId, supplierId: r.supplierId! }))
      : r.lines;
    const lines = pairs.map((l) => ({
      itemId: l.itemId,
      itemName: snapshot.rows.find((x) => x.itemId === l.itemId)?.itemName ?? "",
      supplierId: l.supplierId,
      supplierCode: supplier(l.supplierId)?.code ?? "",
      supplierAbbr: supplier(l.supplierId)?.abbrName ?? "",
    }));
    const named = [...new Set(pairs.map((l) => l.supplierId))].map(supplier)
      .filter((s) => !!s).sort((a, b) => a.code.localeCompare(b.code));
    const project = projects.find((p) => p.id === r.projectId)!;
    return {
      id: r.id,
      projectId: r.projectId,
      projectCode: project.code,
      projectName: project.name,
      projectKind: project.kind,
      status: r.status,
      scope: r.scope,
      supplierId: r.supplierId,
      lines,
      supplierNames: named.map((s) => s.abbrName),
      reason: r.reason,
      amountCny: r.amountCny,
      amountBasis: r.amountBasis,
      totalCostCny: snapshotTotalCostOf(snapshot, pairs),
      versusLowest: versusLowest(snapshot, r),
      rule: r.rule,
      proposedBy: r.proposedBy,
      proposedByName: name(r.proposedBy),
      proposedAt: r.proposedAt,
      approverId: r.approverId,
      approverName: name(r.approverId),
      decidedBy: r.decidedBy,
      decidedByName: name(r.decidedBy),
      decidedAt: r.decidedAt,
      decisionComment: r.decisionComment,
      matrixVersion: r.matrixVersion,
      matrixHash: r.matrixHash,
      awardId: r.awardId,
      events: events.filter((e) => e.proposalId === r.id).map((e) => ({
        action: e.action,
        at: e.at,
        actorId: e.actorId,
        actorName: name(e.actorId),
        fromName: name(e.fromUserId),
        toName: name(e.toUserId),
        comment: e.comment,
      })),
    };
  });
}

/** The proposals with these ids, in the same order (missing ones left out). */
export async function approvalsByIds(db: DbOrTx, ids: number[]): Promise<AwardApprovalDto[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(awardProposals).where(inArray(awardProposals.id, ids));
  const dtos = await toDtos(db, rows);
  return ids.map((id) => dtos.find((d) => d.id === id)).filter((d) => !!d);
}

/** GetMyAwardApprovals: the awards waiting for the actor's decision, oldest first. */
export async function myApprovals(deps: Deps, actor: Actor): Promise<Paged<AwardApprovalDto>> {
  if (actor.kind !== "staff") throw forbidden();
  const rows = await deps.db.select().from(awardProposals)
    .where(and(eq(awardProposals.status, "pending"), eq(awardProposals.approverId, actor.id)))
    .orderBy(asc(awardProposals.proposedAt), asc(awardProposals.id));
  return { items: await toDtos(deps.db, rows), totalCount: rows.length };
}

/** Whether the actor manages persons in charge, and so may see and reassign every approval. */
export const managesApprovals = (actor: Actor) =>
  actor.kind === "staff" && actor.permissions.has(Permissions.LeaderManagerSearch);

/** GetPendingAwardApprovals: every award waiting for approval, oldest first (admins). */
export async function pendingApprovals(
  deps: Deps,
  actor: Actor,
  input: { skipCount: number; maxResultCount: number },
): Promise<Paged<AwardApprovalDto>> {
  if (!managesApprovals(actor)) throw forbidden();
  const pending = eq(awardProposals.status, "pending");
  const [{ total }] = await deps.db.select({ total: count() }).from(awardProposals).where(pending);
  const rows = await deps.db.select().from(awardProposals).where(pending)
    .orderBy(asc(awardProposals.proposedAt), asc(awardProposals.id))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: await toDtos(deps.db, rows), totalCount: total };
}

/** GetAwardTrail: every award proposal of a project the actor may see, newest first. */
export async function projectApprovals(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<{ items: AwardApprovalDto[] }> {
  const p = await projectForActor(deps, actor, projectId);
  const rows = await deps.db.select().from(awardProposals)
    .where(eq(awardProposals.projectId, p.id)).orderBy(desc(awardProposals.id));
  return { items: await toDtos(deps.db, rows) };
}
