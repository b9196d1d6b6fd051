// The rules of award approval, pure: the compact snapshot of the comparison matrix a proposal is
// decided on (with its hash), the amount of an award in CNY, and whether the system resource
// `awardApproval` asks for the approval of the buyer's person in charge.
import { add, cmp, type Dec, dec, normalize, ZERO } from "../shared/decimal.ts";
import type { Matrix } from "./matrix.ts";
import { canonicalJson, sha256Hex } from "../shared/hashing.ts";
import type { SettingValues } from "../settings/schemas.ts";

type SnapshotSupplier = {
  id: number;
  code: string;
  abbrName: string;
  /** The quote whose prices the column shows (its latest round), null without a quote. */
  quoteId: number | null;
  round: number | null;
  total: string | null;
  rank: number | null;
};
type SnapshotRow = {
  itemId: number;
  itemName: string;
  unit: string | null;
  usage: string | null;
  /** Per supplier, in the order of `suppliers`: unit price before tax in CNY, and × usage. */
  cny: (string | null)[];
  amount: (string | null)[];
  lowest: number[];
};
/** What a proposal's approver sees of the matrix: prices in CNY, totals and ranks, no award. */
export type MatrixSnapshot = {
  baseCurrency: string;
  suppliers: SnapshotSupplier[];
  rows: SnapshotRow[];
};

/** The snapshot of a matrix, and the SHA-256 of its canonical JSON (the same matrix, the same hash). */
export function snapshotOf(
  m: Matrix,
  quoteIds: Map<number, number>,
): { snapshot: MatrixSnapshot; hash: string } {
  const snapshot: MatrixSnapshot = {
    baseCurrency: m.baseCurrency,
    suppliers: m.suppliers.map((s) => ({
      id: s.id,
      code: s.code,
      abbrName: s.abbrName,
      quoteId: quoteIds.get(s.id) ?? null,
      round: s.round,
      total: s.total,
      rank: s.rank,
    })),
    rows: m.rows.map((r) => ({
      itemId: r.item.id,
      itemName: r.item.itemName,
      unit: r.item.unit,
      usage: r.inTotals ? r.item.estimateYearAmount : null,
      cny: r.cells.map((c) => c.cny),
      amount: r.cells.map((c) => c.amount),
      lowest: r.lowestSupplierIds,
    })),
  };
  return { snapshot, hash: sha256Hex(canonicalJson(snapshot)) };
}

export type AwardedLine = { itemId: number; supplierId: number };
export type AwardAmount = { amountCny: string | null; amountBasis: "quotes" | "estimate" | null };

/**
 * The amount of an award in CNY: the sum of each awarded line's amount in the matrix (unit price in
 * CNY × expected yearly usage). When a line has no such amount (no usage, no price, no exchange
 * rate), the project's estimated untaxed amount in CNY stands in; without it the amount is unknown.
 */
export function awardedAmount(
  snapshot: MatrixSnapshot,
  lines: AwardedLine[],
  estimatedAmount: string | null,
): AwardAmount {
  let total: Dec | null = lines.length ? ZERO : null;
  for (const l of lines) {
    const row = snapshot.rows.find((r) => r.itemId === l.itemId);
    const at = snapshot.suppliers.findIndex((s) => s.id === l.supplierId);
    const amount = row && at >= 0 ? row.amount[at] : null;
    if (!amount || !total) {
      total = null;
      break;
    }
    total = add(total, dec(amount));
  }
  if (total) return { amountCny: normalize(total), amountBasis: "quotes" };
  if (estimatedAmount) return { amountCny: estimatedAmount, amountBasis: "estimate" };
  return { amountCny: null, amountBasis: null };
}

type ApprovalSetting = SettingValues["awardApproval"];

/** The rule as stored with a proposal: "all", "none" or "threshold:<CNY>". */
export const ruleText = (s: ApprovalSetting) =>
  s.mode === "threshold" ? `threshold:${s.thresholdCny}` : s.mode;

/** Whether an award of this amount needs approval; an unknown amount does unless none do. */
export function needsApproval(s: ApprovalSetting, amountCny: string | null): boolean {
  if (s.mode === "none") return false;
  if (s.mode === "all" || amountCny === null) return true;
  return cmp(dec(amountCny), dec(s.thresholdCny)) >= 0;
}
