// The rules of award approval, pure: the compact snapshot of the comparison matrix a proposal is
// decided on (with its hash), the amount of an award in CNY, how it compares with the lowest
// prices, and whether the system resource `awardApproval` asks for the approval of the buyer's
// person in charge.
import {
  add,
  cmp,
  type Dec,
  dec,
  div,
  isZero,
  mul,
  normalize,
  sub,
  toFixed,
  ZERO,
} from "../shared/decimal.ts";
import type { SupplierTerms } from "../shared/terms.ts";
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
  /**
   * The commercial terms of that quote (snapshots made before they were kept have none). Left out
   * of the hash, which they cannot change without changing the quote.
   */
  terms?: SupplierTerms | null;
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
  /** The accepted alternatives' amounts by supplier id (only when the row has one). */
  altAmount?: Record<string, string | null>;
};
/** What a proposal's approver sees of the matrix: prices in CNY, totals and ranks, no award. */
export type MatrixSnapshot = {
  baseCurrency: string;
  suppliers: SnapshotSupplier[];
  rows: SnapshotRow[];
  /**
   * The total cost with the buyer's cost terms (shared/awardTotals.ts): each row's line totals per
   * supplier and each supplier's lump sums. Snapshots made before it was kept have none; left out
   * of the hash (the terms are the buyer's, not the quotes').
   */
  totalCost?: { lineTotals: (string | null)[][]; lumpSums: (string | null)[] };
};

/** The snapshot of a matrix, and the SHA-256 of its canonical JSON (the same matrix, the same hash). */
export function snapshotOf(
  m: Matrix,
  quoteIds: Map<number, number>,
  totalCost?: MatrixSnapshot["totalCost"],
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
      terms: s.terms,
    })),
    rows: m.rows.map((r) => ({
      itemId: r.item.id,
      itemName: r.item.itemName,
      unit: r.item.unit,
      usage: r.inTotals ? r.item.estimateYearAmount : null,
      cny: r.cells.map((c) => c.cny),
      amount: r.cells.map((c) => c.amount),
      lowest: r.lowestSupplierIds,
      ...acceptedAmounts(r.alternatives),
    })),
  };
  const hashed = { ...snapshot, suppliers: snapshot.suppliers.map(({ terms: _, ...x }) => x) };
  if (totalCost) snapshot.totalCost = totalCost;
  return { snapshot, hash: sha256Hex(canonicalJson(hashed)) };
}

/** An awarded line: the line as asked or its accepted alternative; a split line names its quantity. */
export type AwardedLine = {
  itemId: number;
  supplierId: number;
  alternative?: boolean;
  quantity?: string | null;
};

/** A row's accepted alternatives' amounts, left out when there is none (earlier hashes hold). */
function acceptedAmounts(alts: Matrix["rows"][number]["alternatives"]) {
  const accepted = alts.filter((a) => a.accepted);
  return accepted.length
    ? { altAmount: Object.fromEntries(accepted.map((a) => [String(a.supplierId), a.amount])) }
    : {};
}

/** A line's amount in the snapshot, or that of the quantity awarded when the line is split. */
function amountOf(row: SnapshotRow, at: number, l: AwardedLine): string | null {
  if (l.alternative) return row.altAmount?.[String(l.supplierId)] ?? null;
  if (!l.quantity) return row.amount[at];
  const cny = row.cny[at];
  return cny === null ? null : normalize(mul(dec(cny), dec(l.quantity)));
}
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
    const amount = row && at >= 0 ? amountOf(row, at, l) : null;
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

/**
 * How an award compares with the lowest prices of the matrix it was proposed on. A whole-project
 * award is compared with the lowest complete total (rank 1); an award by line with each line's
 * lowest price, over the amounts (price × yearly usage) of the lines it awards.
 */
export type VersusLowest = {
  /** What the award costs and the lowest for the same lines, in CNY; null when not known. */
  awardedCny: string | null;
  lowestCny: string | null;
  /** How much more the award costs, and that in percent of the lowest; null when not known. */
  differenceCny: string | null;
  differencePercent: string | null;
  /** Who quoted the lowest (rank 1; by line, the lowest of the lines awarded to someone else). */
  lowestNames: string[];
  /** An award by line: the lines awarded to someone other than their lowest price. */
  items: string[];
};

const AMOUNT_PLACES = 2;

function versus(
  awarded: Dec | null,
  lowest: Dec | null,
  names: string[],
  items: string[],
): VersusLowest {
  const diff = awarded && lowest ? sub(awarded, lowest) : null;
  return {
    awardedCny: awarded && toFixed(awarded, AMOUNT_PLACES),
    lowestCny: lowest && toFixed(lowest, AMOUNT_PLACES),
    differenceCny: diff && toFixed(diff, AMOUNT_PLACES),
    differencePercent: diff && lowest && !isZero(lowest)
      ? toFixed(div(mul(diff, dec(100)), lowest, AMOUNT_PLACES), AMOUNT_PLACES)
      : null,
    lowestNames: [...new Set(names)],
    items,
  };
}

/** How an award compares with the lowest prices; null when it is the lowest or nothing compares. */
export function versusLowest(
  s: MatrixSnapshot,
  award: { scope: "project" | "lines"; supplierId: number | null; lines: AwardedLine[] },
): VersusLowest | null {
  const abbr = (id: number) => s.suppliers.find((x) => x.id === id)?.abbrName ?? "";
  if (award.scope === "project") {
    const chosen = s.suppliers.find((x) => x.id === award.supplierId);
    const best = s.suppliers.filter((x) => x.rank === 1 && x.total !== null);
    if (!chosen || !best.length || chosen.rank === 1) return null;
    const total = chosen.total === null ? null : dec(chosen.total);
    return versus(total, dec(best[0].total!), best.map((x) => abbr(x.id)), []);
  }
  let awarded: Dec | null = ZERO;
  let lowest: Dec | null = ZERO;
  const names: string[] = [];
  const items: string[] = [];
  for (const l of award.lines) {
    const row = s.rows.find((r) => r.itemId === l.itemId);
    if (!row?.lowest.length) continue;
    if (!row.lowest.includes(l.supplierId)) {
      items.push(row.itemName);
      names.push(...row.lowest.map(abbr));
    }
    const mine = amountOf(row, s.suppliers.findIndex((x) => x.id === l.supplierId), l);
    const least = amountOf(row, s.suppliers.findIndex((x) => x.id === row.lowest[0]), l);
    awarded = awarded && mine ? add(awarded, dec(mine)) : null;
    lowest = lowest && least ? add(lowest, dec(least)) : null;
  }
  if (!items.length) return null;
  return awarded && lowest
    ? versus(awarded, lowest, names, items)
    : versus(null, null, names, items);
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
