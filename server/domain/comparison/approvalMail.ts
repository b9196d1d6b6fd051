// The emails of award approval, written to the outbox in the transaction of their event: the
// request to the approver (on a proposal, and again to whoever an admin reassigns it to) with a
// link to the approval page, the awarded suppliers' terms and how far the award is above the
// lowest prices, the decision to the buyer who proposed, and to the approver that the
// proposal was cancelled when its project was closed. Each in its reader's
// language; only active templates of the mechanism send.
import { cmp, dec } from "../shared/decimal.ts";
import { and, eq } from "drizzle-orm";
import { awardProposals, emailTemplates, offerProjects, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { writeEmail } from "../email/outbox.ts";
import type { PlaceholderValues } from "../email/templates.ts";
import { type MatrixSnapshot, versusLowest } from "./approvalRules.ts";
import { termsInWords } from "../shared/terms.ts";
import { snapshotTotalCostOf } from "../shared/awardTotals.ts";

type Proposal = typeof awardProposals.$inferSelect;
type ProjectRow = typeof offerProjects.$inferSelect;
type Mechanism = "awardApprovalRequested" | "awardApprovalDecided" | "awardApprovalCancelled";

/** 1234567.5 -> "1,234,567.50" (an exact decimal string, never a float). */
function moneyText(amount: string): string {
  const [int, frac = ""] = amount.split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac.padEnd(2, "0")}`;
}

/** The amount as the approval emails and the CLI say it, with where it comes from. */
export function amountText(lang: Lang, p: Pick<Proposal, "amountCny" | "amountBasis">): string {
  if (!p.amountCny) return t(lang, "approval.amountUnknown");
  return t(lang, `approval.amountFrom.${p.amountBasis ?? "quotes"}`, {
    amount: moneyText(p.amountCny),
  });
}

/**
 * "Not the lowest: ¥10,800.00 (5.24%) more than …" on a line of its own after the amount, when the
 * award is not the lowest of its matrix; nothing when it is.
 */
function versusLowestText(lang: Lang, p: Proposal): string {
  const v = versusLowest(p.matrixSnapshot as MatrixSnapshot, p);
  if (!v) return "";
  const names = v.lowestNames.join(", ");
  if (v.differenceCny === null) return "\n" + t(lang, "approval.versusLowest.unknown", { names });
  return "\n" + t(lang, `approval.versusLowest.${p.scope}`, {
    difference: moneyText(v.differenceCny),
    percent: v.differencePercent ?? "—",
    lowest: moneyText(v.lowestCny!),
    names,
    items: v.items.join(", "),
  });
}

/**
 * The award's total cost with the buyer's cost terms, on a line of its own (when kept, and when the
 * terms change it: without terms it is the amount already said).
 */
function totalCostText(lang: Lang, p: Proposal): string {
  const pairs = p.scope === "project"
    ? (p.matrixSnapshot as MatrixSnapshot).rows.map((r) => ({
      itemId: r.itemId,
      supplierId: p.supplierId!,
    }))
    : p.lines;
  const total = snapshotTotalCostOf(p.matrixSnapshot as MatrixSnapshot, pairs);
  if (!total || (p.amountCny && cmp(dec(total), dec(p.amountCny)) === 0)) return "";
  return "\n" + t(lang, "costs.approvalTotal", { amount: moneyText(total) });
}

/** The commercial terms of each supplier a proposal names, one line each (where it has terms). */
function termsText(lang: Lang, p: Proposal): string {
  const s = p.matrixSnapshot as MatrixSnapshot;
  const ids = p.scope === "project" ? [p.supplierId!] : p.lines.map((l) => l.supplierId);
  return s.suppliers.filter((x) => ids.includes(x.id) && x.terms).map((x) =>
    "\n" + t(lang, "commercialTerms.of", {
      supplier: x.abbrName,
      terms: termsInWords(x.terms!, (k, o) => t(lang, k, o), lang)
        .join(t(lang, "commercialTerms.separator")),
    })
  ).join("");
}

/** What a proposal awards, one line each: "· item → supplier" (or the whole project first). */
function awardedText(lang: Lang, p: Proposal): string {
  const s = p.matrixSnapshot as MatrixSnapshot;
  const abbr = (id: number) => s.suppliers.find((x) => x.id === id)?.abbrName ?? "";
  if (p.scope === "project") {
    return `${t(lang, "award.wholeProject")}: ${abbr(p.supplierId!)}`;
  }
  return p.lines.map((l) =>
    `· ${s.rows.find((r) => r.itemId === l.itemId)?.itemName ?? ""} → ${abbr(l.supplierId)}`
  ).join("\n");
}

async function mail(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  mechanism: Mechanism,
  key: string,
  userId: number,
  project: ProjectRow,
  values: (lang: Lang) => PlaceholderValues,
) {
  const templates = await tx.select().from(emailTemplates)
    .where(and(eq(emailTemplates.mechanism, mechanism), eq(emailTemplates.isActive, true)));
  const u = await tx.query.users.findFirst({ where: eq(users.id, userId) });
  const address = u?.emailAddress?.trim();
  if (!templates.length || !u?.isActive || !address?.includes("@")) return;
  const language: Lang = u.language ?? "zh";
  for (const tpl of templates) {
    await writeEmail(
      tx,
      deps,
      `${key}:${tpl.code}`,
      tpl,
      { address, name: u.name, language, supplierId: null, userId: u.id },
      {
        projectCode: project.code,
        projectName: project.name,
        recipientName: u.name,
        ...values(language),
      },
      project.id,
    );
  }
}

const link = (deps: Pick<Deps, "config">, p: Proposal) =>
  `${deps.config.publicUrl}/awardApproval/index?id=${p.id}`;

/** Asks `approverId` to decide on the proposal (`eventId`: each request is its own email). */
export async function mailApprovalRequest(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  p: Proposal,
  project: ProjectRow,
  approverId: number,
  proposerName: string,
  eventId: number,
) {
  await mail(
    tx,
    deps,
    "awardApprovalRequested",
    `award-approval:${p.id}:${eventId}`,
    approverId,
    project,
    (lang) => ({
      proposedBy: proposerName,
      reason: p.reason,
      awardedItems: awardedText(lang, p) + termsText(lang, p),
      awardAmount: amountText(lang, p) + totalCostText(lang, p) + versusLowestText(lang, p),
      approvalLink: link(deps, p),
    }),
  );
}

/** Tells the buyer who proposed how their award was decided, with the approver's comment. */
export async function mailDecision(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  p: Proposal,
  project: ProjectRow,
  decision: "approved" | "rejected",
  approverName: string,
  comment: string | null,
) {
  await mail(
    tx,
    deps,
    "awardApprovalDecided",
    `award-decided:${p.id}`,
    p.proposedBy,
    project,
    (lang) => ({
      approver: approverName,
      decision: t(lang, `approval.decisionWords.${decision}`),
      comment: comment ?? "—",
      reason: p.reason,
      awardedItems: awardedText(lang, p),
      awardAmount: amountText(lang, p),
      approvalLink: link(deps, p),
    }),
  );
}

/** Tells the approver that the proposal waiting for them was cancelled: its project was closed. */
export async function mailCancellation(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  p: Proposal,
  project: ProjectRow,
  closedBy: string,
  reason: string,
) {
  if (!p.approverId) return;
  await mail(
    tx,
    deps,
    "awardApprovalCancelled",
    `award-cancelled:${p.id}`,
    p.approverId,
    project,
    () => ({ closedBy, reason, approvalLink: link(deps, p) }),
  );
}
