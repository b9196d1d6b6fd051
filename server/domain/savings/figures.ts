// A project's savings as read from the database: whether they may be shown yet (the first quotation
// over, no round sealed), and its figures from the comparison matrix, the offer sources and the
// award in force. The one place the savings of a project are figured, for the result page, the
// report, the dashboard and the CLI alike.
import { eq } from "drizzle-orm";
import { awardProposals, type offerProjects } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { effectiveStatus, quotesSealed, type RoundTiming, sealOpensAt } from "../projects/rules.ts";
import { matrixOf, type ProjectMatrix } from "../comparison/service.ts";
import { awardedAmount, type MatrixSnapshot, snapshotOf } from "../comparison/approvalRules.ts";
import { offersOf } from "./offers.ts";
import { savingsTotalCost } from "../comparison/costTerms.ts";
import { type ProjectFigures, projectFigures } from "./rules.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/**
 * notOver: the first quotation is not over yet (nothing to figure); sealed: some round's quotes are
 * sealed now, so no figure may show; open: the figures show.
 */
export type SavingsState = "notOver" | "sealed" | "open";

/** Whether a project's savings may show at `now`, and when a seal opens. */
export function savingsState(
  p: ProjectRow,
  rounds: RoundTiming[],
  now: Date,
): { state: SavingsState; sealOpensAt: Date | null } {
  if (
    p.status === "unpublished" || (p.status !== "closed" && effectiveStatus(p, now) !== "ended")
  ) {
    return { state: "notOver", sealOpensAt: null };
  }
  const sealed = [0, 1, 2].find((r) => quotesSealed(p, rounds, r, now));
  if (sealed !== undefined) return { state: "sealed", sealOpensAt: sealOpensAt(p, rounds, sealed) };
  return { state: "open", sealOpensAt: null };
}

/** Why an award in force has no total: it leaves items out, or some awarded line has no price. */
type AwardNote = "partial" | "unpriced" | null;

/**
 * The awarded total in CNY, reusing the award approval's rule (approvalRules.ts awardedAmount) on
 * the matrix the award was made on (its proposal's snapshot; the current matrix for an award made
 * before proposals were kept). Only items with a yearly usage count, as in every total; an award
 * that leaves one of them out (lines awarded in part) is not comparable with the quotes' totals.
 */
async function awardedTotal(
  db: DbOrTx,
  m: ProjectMatrix,
): Promise<{ total: string | null; note: AwardNote; snapshot: MatrixSnapshot }> {
  const award = m.award!;
  const proposal = await db.query.awardProposals.findFirst({
    where: eq(awardProposals.awardId, award.id),
  });
  const snapshot = (proposal?.matrixSnapshot as MatrixSnapshot | undefined) ??
    snapshotOf(m, new Map()).snapshot;
  const counted = snapshot.rows.filter((r) => r.usage !== null).map((r) => r.itemId);
  const lines = award.lines.filter((l) => counted.includes(l.itemId))
    .map((l) => ({ itemId: l.itemId, supplierId: l.supplierId }));
  if (!counted.length) return { total: null, note: "unpriced", snapshot };
  if (lines.length < counted.length) return { total: null, note: "partial", snapshot };
  const { amountCny } = awardedAmount(snapshot, lines, null);
  return { total: amountCny, note: amountCny === null ? "unpriced" : null, snapshot };
}

/** Beside the price basis: the lowest total cost and the award's, with the buyer's cost terms. */
type TotalCostFigures = { bestTotalCost: string | null; awardedTotalCost: string | null };
export type Figures = ProjectFigures & { awardNote: AwardNote } & TotalCostFigures;

/** The figures of a project with no priced line at all: only the baselines. */
export const unpricedFigures = (p: ProjectRow): Figures => ({
  ...projectFigures({
    offers: [],
    hasAward: false,
    awarded: null,
    closed: p.status === "closed",
    budget: p.budget,
    lastPurchasePrice: p.lastPurchasePrice,
  }),
  awardNote: null,
  bestTotalCost: null,
  awardedTotalCost: null,
});

/** The figures of a project whose quotes may be read (savingsState "open"). */
export async function figuresOf(db: DbOrTx, p: ProjectRow): Promise<Figures> {
  const m = await matrixOf(db, p);
  const award = m.award ? await awardedTotal(db, m) : { total: null, note: null, snapshot: null };
  return {
    ...projectFigures({
      offers: await offersOf(db, p, m),
      hasAward: !!m.award,
      awarded: award.total,
      closed: p.status === "closed",
      budget: p.budget,
      lastPurchasePrice: p.lastPurchasePrice,
    }),
    awardNote: award.note,
    ...await savingsTotalCost(db, m, award.snapshot),
  };
}
