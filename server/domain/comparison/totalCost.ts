// The total cost of each supplier's offer: its prices in CNY (the matrix) plus the buyer's cost
// terms (freight, duty, payment-term financing, a one-off qualification or switching cost, or another
// named term), each an amount in a currency or a percentage of the price. Exact decimals throughout;
// rounded only where shown. Pure: the loader (costTerms.ts) hands it the matrix, the terms and rates.
//
// How a term counts:
// - amount (in its currency, turned into CNY at the rate in force on the supplier's quote date): a
//   lump sum, on the supplier's whole offer (itemId null) or on one line's planned quantity;
// - percent: that percentage of the price of each line it applies to;
// - financing: `value` is an annual rate in percent: price × rate × days of the line's payment term
//   / 365 on each line it applies to.
import {
  add,
  cmp,
  type Dec,
  dec,
  div,
  isZero,
  mul,
  sub,
  toFixed,
  ZERO,
} from "../shared/decimal.ts";
import { BASE_CURRENCY, rateOn, type RateRow } from "../dictionary/commercial.ts";
import { dateInUtc8 } from "../shared/time.ts";
import type { Matrix, MatrixCell, MatrixColumn, MatrixRow } from "./matrix.ts";
import type { COST_TERM_KINDS } from "../shared/costTermKinds.ts";

const UNIT_PLACES = 4;
const AMOUNT_PLACES = 2;
/** Decimals kept for the divisions inside (financing ÷ 365, a line's cost ÷ its quantity). */
const INNER_PLACES = 10;

type CostTermKind = (typeof COST_TERM_KINDS)[number];
export type MatrixView = "price" | "total";

export type CostTerm = {
  id: number;
  supplierId: number;
  itemId: number | null;
  kind: CostTermKind;
  name: string | null;
  basis: "amount" | "percent";
  value: string;
  currency: string | null;
};

/** A term with what it adds to the supplier's total in CNY (null: no rate for its currency). */
type CostTermFigure = CostTerm & { cny: string | null };

type TotalCell = {
  supplierId: number;
  /** Total cost per unit in CNY: the price and every term on it, lump sums spread on the quantity. */
  totalCny: string | null;
  /** The line's total cost over its planned quantity; null without usage or price. */
  totalAmount: string | null;
  lowest: boolean;
};
type TotalRow = { itemId: number; cells: TotalCell[]; lowestSupplierIds: number[] };
type TotalNote = "noQuote" | "incomplete" | "noUsage" | "noRate" | null;
type TotalColumn = {
  supplierId: number;
  /** The price total (the matrix's), the terms on it, and the sum: complete columns only. */
  priceTotal: string | null;
  termsTotal: string | null;
  total: string | null;
  /** Rank by total cost (1 is lowest), competition ranking; null with the note why. */
  rank: number | null;
  rankTie: boolean;
  rankNote: TotalNote;
  priceRank: number | null;
  /** The lump sums on the whole offer in CNY (null: a term without a rate). */
  lumpSum: string | null;
};
export type TotalCost = { terms: CostTermFigure[]; rows: TotalRow[]; suppliers: TotalColumn[] };

/** Exact figures of one supplier. */
type SupplierCost = {
  /** Item id -> the line's total cost over its quantity (exact). */
  lines: Map<number, Dec>;
  /** Item id -> total cost per unit (exact). */
  units: Map<number, Dec>;
  /** The supplier-wide lump sums (exact), null when one has no rate. */
  wide: Dec | null;
  /** Term id -> its effect in CNY, null when it has no rate. */
  effects: Map<number, Dec | null>;
};

const usageOf = (row: MatrixRow): Dec | null => {
  const u = row.item.estimateYearAmount;
  if (!u || isZero(dec(u))) return null;
  return dec(u);
};

/** An amount term in CNY at the rate in force on `date`; null without a rate. */
function amountInCny(term: CostTerm, date: string, rates: RateRow[]): Dec | null {
  const currency = term.currency ?? BASE_CURRENCY;
  const rate = rateOn(rates, currency, date);
  return rate ? mul(dec(term.value), dec(rate.rate)) : null;
}

/** What a percent or financing term adds to one unit priced `unit` CNY, on `days` of payment term. */
export function perUnitCost(term: CostTerm, unit: Dec, days: number): Dec {
  if (term.kind === "financing") {
    return div(mul(mul(unit, dec(term.value)), dec(days)), dec(36500), INNER_PLACES);
  }
  return div(mul(unit, dec(term.value)), dec(100), INNER_PLACES);
}

function supplierCost(
  m: Matrix,
  col: MatrixColumn,
  terms: CostTerm[],
  rates: RateRow[],
): SupplierCost {
  const index = m.suppliers.indexOf(col);
  const date = col.submittedAt ? dateInUtc8(col.submittedAt) : "9999-12-31";
  const effects = new Map<number, Dec | null>(terms.map((t) => [t.id, ZERO]));
  const bump = (t: CostTerm, v: Dec | null) => {
    const was = effects.get(t.id);
    effects.set(t.id, v === null || was === null || was === undefined ? null : add(was, v));
  };
  let wide: Dec | null = ZERO;
  for (const t of terms.filter((t) => t.itemId === null && t.basis === "amount")) {
    const v = amountInCny(t, date, rates);
    bump(t, v);
    wide = v && wide ? add(wide, v) : null;
  }
  const lines = new Map<number, Dec>();
  const units = new Map<number, Dec>();
  for (const row of m.rows) {
    const cell: MatrixCell = row.cells[index];
    if (cell.status !== "priced" || !cell.line || !cell.rate) continue;
    const unit = mul(dec(cell.line.unitPrice), dec(cell.rate));
    const u = usageOf(row);
    const applying = terms.filter((t) => t.itemId === null || t.itemId === row.item.id);
    let perUnit = unit;
    let lump: Dec | null = ZERO;
    for (const t of applying) {
      if (t.basis === "percent") {
        const add1 = perUnitCost(t, unit, cell.line.paymentTermDays);
        perUnit = add(perUnit, add1);
        if (u) bump(t, mul(add1, u));
      } else if (t.itemId !== null) {
        const v = amountInCny(t, date, rates);
        if (u) bump(t, v);
        lump = v && lump ? add(lump, v) : null;
      }
    }
    if (u) {
      if (lump === null) continue; // a line term without a rate: no total for this line
      const amount = add(mul(perUnit, u), lump);
      lines.set(row.item.id, amount);
      units.set(row.item.id, div(amount, u, INNER_PLACES));
    } else units.set(row.item.id, perUnit);
  }
  return { lines, units, wide, effects };
}

/** Competition ranking ("1, 1, 3") of the given values, lowest first. */
function ranksOf(values: Map<number, Dec>): Map<number, { rank: number; tie: boolean }> {
  const sorted = [...values].sort((a, b) => cmp(a[1], b[1]));
  const out = new Map<number, { rank: number; tie: boolean }>();
  sorted.forEach(([id, v], i) => {
    const prev = sorted[i - 1];
    const next = sorted[i + 1];
    const same = !!prev && cmp(prev[1], v) === 0;
    out.set(id, {
      rank: same ? out.get(prev[0])!.rank : i + 1,
      tie: same || (!!next && cmp(next[1], v) === 0),
    });
  });
  return out;
}

/** Every supplier's exact figures. */
function supplierCosts(
  m: Matrix,
  terms: CostTerm[],
  rates: RateRow[],
): Map<number, SupplierCost> {
  return new Map(
    m.suppliers.map((col) => [
      col.id,
      supplierCost(m, col, terms.filter((t) => t.supplierId === col.id), rates),
    ]),
  );
}

/**
 * The total-cost figures of a matrix; with `view` "total" the matrix's own marks (each row's lowest,
 * each supplier's rank and count of lowest lines) follow the total cost instead of the price.
 */
export function withTotalCost(
  m: Matrix,
  terms: CostTerm[],
  rates: RateRow[],
  view: MatrixView,
): { view: MatrixView; totalCost: TotalCost } {
  const costs = supplierCosts(m, terms, rates);
  const anyUsage = m.rows.some((r) => usageOf(r));
  const rows: TotalRow[] = m.rows.map((row) => {
    const units = m.suppliers.map((s) => costs.get(s.id)!.units.get(row.item.id) ?? null);
    const lowest = units.reduce<Dec | null>(
      (lo, v) => (v && (!lo || cmp(v, lo) < 0) ? v : lo),
      null,
    );
    const lowestSupplierIds = lowest
      ? m.suppliers.filter((_, i) => units[i] && cmp(units[i]!, lowest) === 0).map((s) => s.id)
      : [];
    return {
      itemId: row.item.id,
      cells: m.suppliers.map((s, i) => {
        const amount = costs.get(s.id)!.lines.get(row.item.id);
        return {
          supplierId: s.id,
          totalCny: units[i] ? toFixed(units[i]!, UNIT_PLACES) : null,
          totalAmount: amount ? toFixed(amount, AMOUNT_PLACES) : null,
          lowest: lowestSupplierIds.includes(s.id),
        };
      }),
      lowestSupplierIds,
    };
  });
  const totals = new Map<number, Dec>();
  const notes = new Map<number, TotalNote>();
  for (const s of m.suppliers) {
    const c = costs.get(s.id)!;
    // A line priced in CNY but without a total: one of its terms has no rate.
    const missingRate = c.wide === null ||
      m.rows.some((r) => usageOf(r) && !c.lines.has(r.item.id));
    const note: TotalNote = !s.quoted
      ? "noQuote"
      : !anyUsage
      ? "noUsage"
      : !s.total
      ? "incomplete"
      : missingRate
      ? "noRate"
      : null;
    notes.set(s.id, note);
    if (note) continue;
    // Each line's total cost and the lump sums to the cent, as shown; the total is their sum (so
    // the total of an award, shared/awardTotals.ts, adds up to the same figure).
    const cents = (v: Dec) => dec(toFixed(v, AMOUNT_PLACES));
    let sum = cents(c.wide!);
    for (const v of c.lines.values()) sum = add(sum, cents(v));
    totals.set(s.id, sum);
  }
  const ranks = ranksOf(totals);
  const suppliers: TotalColumn[] = m.suppliers.map((s) => {
    const total = totals.get(s.id);
    return {
      supplierId: s.id,
      priceTotal: s.total,
      termsTotal: total && s.total ? toFixed(sub(total, dec(s.total)), AMOUNT_PLACES) : null,
      total: total ? toFixed(total, AMOUNT_PLACES) : null,
      rank: ranks.get(s.id)?.rank ?? null,
      rankTie: ranks.get(s.id)?.tie ?? false,
      rankNote: notes.get(s.id) ?? null,
      priceRank: s.rank,
      lumpSum: costs.get(s.id)!.wide ? toFixed(costs.get(s.id)!.wide!, AMOUNT_PLACES) : null,
    };
  });
  const figures: CostTermFigure[] = terms.map((t) => {
    const v = costs.get(t.supplierId)?.effects.get(t.id);
    return { ...t, cny: v ? toFixed(v, AMOUNT_PLACES) : v === null ? null : "0.00" };
  });
  if (view === "total") {
    m.rows.forEach((row, i) => {
      const ids = rows[i].lowestSupplierIds;
      row.lowestSupplierIds = ids;
      row.tie = ids.length > 1;
      for (const cell of row.cells) {
        cell.lowest = ids.includes(cell.supplierId);
        cell.tie = row.tie && cell.lowest;
      }
    });
    m.suppliers.forEach((s, i) => {
      s.rank = suppliers[i].rank;
      s.rankTie = suppliers[i].rankTie;
      s.lowestCount = rows.filter((r) => r.lowestSupplierIds.includes(s.id)).length;
    });
  }
  return { view, totalCost: { terms: figures, rows, suppliers } };
}

/** One supplier on one line of the matrix as the view shows it: its figure and its rank there. */
type LinePlace = { supplierId: number; figure: string | null; rank: number | null };

/**
 * Each line's suppliers with the figure of the view (unit price or total cost per unit, in CNY)
 * and their rank on that line (competition ranking, lowest first), for the command line.
 */
export function linePlaces(
  m: Matrix,
  totalCost: TotalCost,
  view: MatrixView,
): { itemId: number; places: LinePlace[] }[] {
  return m.rows.map((row, r) => {
    const figures = row.cells.map((c, i) =>
      view === "total" ? totalCost.rows[r].cells[i].totalCny : c.cny
    );
    const ranks = ranksOf(
      new Map(
        row.cells.flatMap((c, i) => (figures[i] ? [[c.supplierId, dec(figures[i]!)]] : [])),
      ),
    );
    return {
      itemId: row.item.id,
      places: row.cells.map((c, i) => ({
        supplierId: c.supplierId,
        figure: figures[i],
        rank: ranks.get(c.supplierId)?.rank ?? null,
      })),
    };
  });
}
