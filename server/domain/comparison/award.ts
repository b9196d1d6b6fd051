// Awarding a project: the buyer proposes the supplier for the whole project or for chosen lines,
// with a reason. Every proposal is kept with the matrix it was made on; when the system resource
// `awardApproval` asks for it, the proposal waits for the buyer's person in charge (approval.ts),
// else it is the award at once. Recording an award supersedes the one in force and mails the
// suppliers in the same transaction; nothing reaches a supplier before an approval.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import { auctions, awardLines, awardProposals, awards, offerProjects } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, forbidden, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { roundsOf } from "../projects/access.ts";
import {
  effectiveStatus,
  openRound,
  publishPermissionOf,
  searchPermissionOf,
} from "../projects/rules.ts";
import { quotableItems } from "../quotes/lines.ts";
import { assertPricesOpen } from "../quotes/sealed.ts";
import { enqueue } from "../email/outbox.ts";
import { getSetting } from "../settings/service.ts";
import {
  type AwardDto,
  awardedSuppliers,
  currentAward,
  invitedSuppliers,
  matrixOf,
  matrixQuotes,
} from "./service.ts";
import { awardedAmount, needsApproval, ruleText, snapshotOf } from "./approvalRules.ts";
import { approverOf, auditTrail, writeTrail } from "./approvalTrail.ts";
import { approvalsByIds, type AwardApprovalDto } from "./approvalRead.ts";
import { awardInput } from "./schemas.ts";
import { acceptedOf } from "./acceptedRead.ts";
import { transaction } from "../../../db/client.ts";
import { snapshotTotalCost } from "./costTerms.ts";
import { add, cmp, dec, isZero, ZERO } from "../shared/decimal.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/**
 * A line split between suppliers: each part names its quantity, above zero, and together they make
 * the line's expected yearly usage. A line given once takes no quantity (the whole line).
 */
function checkSplit(
  parts: { quantity?: string | null }[],
  item: { itemName: string; estimateYearAmount: string | null },
  member: string,
) {
  if (parts.length === 1) {
    if (parts[0].quantity) throw fieldError(member, "scenarios.quantityOnlySplit");
    return;
  }
  const usage = item.estimateYearAmount;
  if (!usage || parts.some((p) => !p.quantity || isZero(dec(p.quantity)))) {
    throw fieldError(member, "scenarios.splitQuantities", {
      item: item.itemName,
      usage: usage ?? "",
    });
  }
  const sum = parts.reduce((a, p) => add(a, dec(p.quantity!)), ZERO);
  if (cmp(sum, dec(usage)) !== 0) {
    throw fieldError(member, "scenarios.splitQuantities", { item: item.itemName, usage });
  }
}
type Proposal = typeof awardProposals.$inferSelect;

/**
 * Refused unless quoting has ended (no optimisation round open, no reverse auction still to come or
 * running) and the project is not closed.
 */
export async function assertAwardable(tx: DbOrTx, p: ProjectRow, now: Date) {
  if (p.status === "closed") throw conflict("award.closed");
  assertPricesOpen(p);
  const rounds = await roundsOf(tx, [p.id]);
  if (effectiveStatus(p, now) !== "ended" || openRound(rounds, now)) {
    throw conflict("award.notEnded");
  }
  if (await auctionEndNotWritten(tx, p.id)) throw conflict("award.auctionRunning");
}

/**
 * Whether the project has a reverse auction whose end is not written yet (the end the clock has
 * decided is written before an award: auction/award.ts).
 */
async function auctionEndNotWritten(tx: DbOrTx, projectId: number): Promise<boolean> {
  const [row] = await tx.select({ id: auctions.id }).from(auctions)
    .where(and(eq(auctions.projectId, projectId), ne(auctions.status, "ended"))).limit(1);
  return row !== undefined;
}

/** The matrix of a project as a proposal keeps it: the snapshot, its hash and the quotes shown. */
export async function matrixSnapshotOf(tx: DbOrTx, p: ProjectRow) {
  const quotes = await matrixQuotes(tx, p.id);
  const latest = new Map<number, { round: number; quoteId: number }>();
  for (const q of quotes) {
    const l = latest.get(q.supplierId);
    if (!l || q.round > l.round) latest.set(q.supplierId, q);
  }
  const ids = new Map([...latest].map(([s, q]) => [s, q.quoteId]));
  const m = await matrixOf(tx, p);
  return snapshotOf(m, ids, await snapshotTotalCost(tx, m));
}

/** The version of a matrix within its project: the one of an earlier proposal with the same hash. */
async function matrixVersionOf(tx: DbOrTx, projectId: number, hash: string): Promise<number> {
  const rows = await tx.select({ v: awardProposals.matrixVersion, h: awardProposals.matrixHash })
    .from(awardProposals).where(eq(awardProposals.projectId, projectId));
  return rows.find((r) => r.h === hash)?.v ?? Math.max(0, ...rows.map((r) => r.v)) + 1;
}

/**
 * Records a proposal as the award in force: the one before is superseded (and kept), the suppliers
 * awarded are mailed (`AWARD_NOTICE`), and those the earlier award named and this one leaves out
 * are told it is withdrawn. The award is the proposer's, dated now.
 */
export async function recordAward(
  tx: DbOrTx,
  deps: Deps,
  p: ProjectRow,
  proposal: Proposal,
): Promise<number> {
  const now = deps.clock.now();
  const items = await quotableItems(tx, p.id);
  const before = await awardedSuppliers(tx, p.id);
  await tx.update(awards).set({ supersededAt: now })
    .where(and(eq(awards.projectId, p.id), isNull(awards.supersededAt)));
  const [row] = await tx.insert(awards).values({
    projectId: p.id,
    scope: proposal.scope,
    supplierId: proposal.scope === "project" ? proposal.supplierId : null,
    reason: proposal.reason,
    awardedAt: now,
    awardedBy: proposal.proposedBy,
  }).returning({ id: awards.id });
  const chosen = proposal.lines;
  if (proposal.scope === "lines" && chosen.length) {
    await tx.insert(awardLines).values(chosen.map((c) => ({ awardId: row.id, ...c })));
  }
  const given = proposal.scope === "project"
    ? items.map((i) => ({ supplierId: proposal.supplierId!, itemName: i.itemName }))
    : items.flatMap((i) =>
      chosen.filter((c) => c.itemId === i.id).map((c) => ({
        supplierId: c.supplierId,
        itemName: i.itemName,
      }))
    );
  await enqueue(tx, deps, {
    kind: "awarded",
    projectId: p.id,
    awardId: row.id,
    reason: proposal.reason,
    supplierIds: proposal.scope === "project"
      ? [proposal.supplierId!]
      : [...new Set(chosen.map((c) => c.supplierId))],
    projectWide: proposal.scope === "project",
    items: given,
  });
  const awardedNow = new Set(given.map((g) => g.supplierId));
  const withdrawn = [...before].filter((id) => !awardedNow.has(id));
  if (withdrawn.length) {
    await enqueue(tx, deps, {
      kind: "awardWithdrawn",
      projectId: p.id,
      awardId: row.id,
      supplierIds: withdrawn,
    });
  }
  await tx.update(awardProposals).set({ awardId: row.id })
    .where(eq(awardProposals.id, proposal.id));
  return row.id;
}

export type AwardOutcome = {
  /** "awarded": in force now, suppliers mailed; "pendingApproval": waits for the approver. */
  status: "awarded" | "pendingApproval";
  /** The award in force after the call (the earlier one while the proposal waits). */
  award: AwardDto | null;
  proposal: AwardApprovalDto;
};

/**
 * AwardOfferProject, once the project's auction (if any) has its end written (auction/award.ts
 * writes an end the clock has decided, then calls this): once quoting has ended (and no
 * optimisation round is open), the buyer with the project's publish permission proposes the
 * supplier for the whole project or for chosen lines, with a reason. Only suppliers that quoted can be chosen, and not for a line their latest priced
 * quote leaves out. While a proposal of the project waits for approval, no other is taken. When
 * the award needs approval it goes to the proposer's person in charge (mailed with a link);
 * otherwise it replaces the award in force at once and the suppliers are mailed.
 */
export async function proposeAward(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof awardInput>,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
): Promise<AwardOutcome> {
  const input = awardInput.parse(raw);
  const setting = await getSetting(deps, "awardApproval");
  const proposalId = await transaction(deps.db, async (tx) => {
    const p = await tx.query.offerProjects.findFirst({
      where: eq(offerProjects.id, input.offProId),
    });
    if (!p) throw notFound("project", input.offProId);
    if (actor.kind !== "staff" || !actor.permissions.has(searchPermissionOf(p.kind))) {
      throw forbidden();
    }
    if (!actor.permissions.has(publishPermissionOf(p.kind))) {
      throw forbidden("projects.noPublishPermission");
    }
    const now = deps.clock.now();
    await assertAwardable(tx, p, now);
    const items = await quotableItems(tx, p.id);
    const quotes = await matrixQuotes(tx, p.id);
    const invited = await invitedSuppliers(tx, p.id);
    const latest = (supplierId: number) =>
      quotes.filter((q) => q.supplierId === supplierId).sort((a, b) => b.round - a.round)[0];
    const checkSupplier = (supplierId: number, member: string) => {
      const s = invited.find((x) => x.id === supplierId);
      if (!s) throw fieldError(member, "award.notInvited", { id: supplierId });
      if (!latest(supplierId)) throw fieldError(member, "award.notQuoted", { code: s.code });
      return s;
    };
    let chosen: { itemId: number; supplierId: number; quantity?: string | null }[] = [];
    if (input.scope === "project") {
      if (!input.supplierId) throw fieldError("supplierId", "award.chooseSupplier");
      checkSupplier(input.supplierId, "supplierId");
    } else {
      if (!input.lines.length) throw fieldError("lines", "award.chooseLines");
      const seen = new Set<string>();
      const accepted = await acceptedOf(tx, p.id);
      input.lines.forEach((l, i) => {
        const item = items.find((x) => x.id === l.itemId);
        if (!item) throw fieldError(`lines.${i}.itemId`, "award.unknownItem", { id: l.itemId });
        const split = input.lines.filter((x) => x.itemId === l.itemId);
        if (seen.has(`${l.itemId} ${l.supplierId}`) || (split.length > 1 && !l.quantity)) {
          throw fieldError(`lines.${i}.itemId`, "award.duplicateItem", { item: item.itemName });
        }
        seen.add(`${l.itemId} ${l.supplierId}`);
        checkSplit(split, item, `lines.${i}.quantity`);
        const s = checkSupplier(l.supplierId, `lines.${i}.supplierId`);
        const q = latest(l.supplierId);
        if (q.lines.length && !q.lines.some((x) => x.itemId === l.itemId)) {
          throw fieldError(`lines.${i}.supplierId`, "award.lineNotQuoted", {
            code: s.code,
            item: item.itemName,
          });
        }
        if (
          l.alternative &&
          !accepted.some((x) => x.supplierId === l.supplierId && x.itemId === l.itemId)
        ) {
          throw fieldError(`lines.${i}.alternative`, "alternatives.notAcceptedForAward", {
            code: s.code,
            item: item.itemName,
          });
        }
      });
      chosen = input.lines.map((l) => ({ ...l, quantity: l.quantity ?? null }));
    }
    const waiting = await tx.query.awardProposals.findFirst({
      where: and(eq(awardProposals.projectId, p.id), eq(awardProposals.status, "pending")),
    });
    if (waiting) throw conflict("approval.alreadyPending");

    const { snapshot, hash } = await matrixSnapshotOf(tx, p);
    const awarded = input.scope === "project"
      ? items.map((i) => ({ itemId: i.id, supplierId: input.supplierId! }))
      : chosen;
    const amount = awardedAmount(snapshot, awarded, p.estimatedAmount);
    const needed = needsApproval(setting, amount.amountCny);
    const approver = needed ? await approverOf(tx, actor.id) : null;
    const [proposal] = await tx.insert(awardProposals).values({
      projectId: p.id,
      scope: input.scope,
      supplierId: input.scope === "project" ? input.supplierId : null,
      lines: chosen,
      reason: input.reason,
      proposedBy: actor.id,
      proposedAt: now,
      ...amount,
      rule: ruleText(setting),
      matrixVersion: await matrixVersionOf(tx, p.id, hash),
      matrixHash: hash,
      matrixSnapshot: snapshot,
      status: needed ? "pending" : "notRequired",
      approverId: approver?.id ?? null,
    }).returning();
    if (!needed) await recordAward(tx, deps, p, proposal);
    await writeTrail(tx, deps, {
      proposal,
      project: p,
      action: needed ? "proposed" : "awarded",
      actor,
      toUserId: approver?.id ?? null,
    });
    return proposal.id;
  });
  const [proposal] = await approvalsByIds(deps.db, [proposalId]);
  await auditTrail(deps, actor, proposal, meta);
  return {
    status: proposal.status === "pending" ? "pendingApproval" : "awarded",
    award: await currentAward(deps.db, input.offProId),
    proposal,
  };
}
