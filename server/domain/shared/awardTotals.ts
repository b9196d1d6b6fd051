// The total cost of an award from the figures the matrix shows (its total-cost view or a
// proposal's snapshot): each awarded line's total cost over its yearly usage, and the lump sums on
// each awarded supplier's whole offer once. Pure and free of the database: the client uses it too.
import { add, dec, toFixed, ZERO } from "./decimal.ts";

type Figures = {
  /** The suppliers, in the order of the columns below. */
  supplierIds: number[];
  /** Item id -> each supplier's total cost of the line over its yearly usage (null: none). */
  lineTotals: Map<number, (string | null)[]>;
  /** Each supplier's lump sums on its whole offer in CNY (null: a term without a rate). */
  lumpSums: (string | null)[];
};

/** The awarded lines' total cost in CNY (2 decimals), or null when one of them has no figure. */
export function awardedTotalCost(
  f: Figures,
  lines: { itemId: number; supplierId: number }[],
): string | null {
  if (!lines.length) return null;
  let total = ZERO;
  for (const l of lines) {
    const at = f.supplierIds.indexOf(l.supplierId);
    const v = at < 0 ? null : f.lineTotals.get(l.itemId)?.[at] ?? null;
    if (v === null) return null;
    total = add(total, dec(v));
  }
  for (const s of new Set(lines.map((l) => l.supplierId))) {
    const lump = f.lumpSums[f.supplierIds.indexOf(s)];
    if (lump === null || lump === undefined) return null;
    total = add(total, dec(lump));
  }
  return toFixed(total, 2);
}

/**
 * The total cost of a proposal's lines from its matrix snapshot (approvalRules.ts), or null when
 * the snapshot keeps none (made before cost terms) or a line has no figure.
 */
export function snapshotTotalCostOf(
  s: {
    suppliers: { id: number }[];
    rows: { itemId: number; usage: string | null }[];
    totalCost?: { lineTotals: (string | null)[][]; lumpSums: (string | null)[] };
  },
  lines: { itemId: number; supplierId: number }[],
): string | null {
  if (!s.totalCost) return null;
  const counted = lines.filter((l) => s.rows.find((r) => r.itemId === l.itemId)?.usage);
  return awardedTotalCost({
    supplierIds: s.suppliers.map((x) => x.id),
    lineTotals: new Map(s.rows.map((r, i) => [r.itemId, s.totalCost!.lineTotals[i]])),
    lumpSums: s.totalCost.lumpSums,
  }, counted);
}

/** The figures of a matrix's total-cost block, for awardedTotalCost. */
export function figuresOf(totalCost: {
  rows: { itemId: number; cells: { totalAmount: string | null }[] }[];
  suppliers: { supplierId: number; lumpSum: string | null }[];
}): Figures {
  return {
    supplierIds: totalCost.suppliers.map((s) => s.supplierId),
    lineTotals: new Map(totalCost.rows.map((r) => [r.itemId, r.cells.map((c) => c.totalAmount)])),
    lumpSums: totalCost.suppliers.map((s) => s.lumpSum),
  };
}
