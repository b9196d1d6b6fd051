// A quote line priced for the matrix: at the line item's planned quantity (its yearly usage), with
// the quantity break that applies, the quantity at least the MOQ and rounded up to the packing
// multiple (quotes/breaks.ts), turned into CNY at the rate in force on its quote's date.
import { add, cmp, type Dec, dec, isZero, mul, normalize, ZERO } from "../shared/decimal.ts";
import { rateOn, type RateRow } from "../dictionary/commercial.ts";
import type { QuoteLine } from "../quotes/lines.ts";
import { endsBefore, priceAt, pricesRise } from "../quotes/breaks.ts";

type UsageItem = { id: number; estimateYearAmount: string | null };

export type Priced = {
  line: QuoteLine;
  rate: RateRow | null;
  /** The unit price in CNY of the break used (null without a rate). */
  cny: Dec | null;
  /** The quantity priced: the planned quantity, at least the MOQ, in whole packs. */
  quantity: Dec;
  /** The break used (0 the first), null without breaks. */
  breakIndex: number | null;
};

/** The planned quantity of an item counted in totals: its yearly usage when above zero. */
export const usageOf = (item: UsageItem): Dec | null => {
  if (!item.estimateYearAmount) return null;
  const u = dec(item.estimateYearAmount);
  return isZero(u) ? null : u;
};

/**
 * A priced line in CNY at the rate in force on its quote's date (null without a rate), at the
 * planned quantity `planned` (null: at its MOQ, one pack, or the first break).
 */
export function priceInCny(
  line: QuoteLine,
  q: { date: string },
  rates: RateRow[],
  planned: Dec | null = null,
): Priced {
  const rate = rateOn(rates, line.currency, q.date);
  const at = priceAt(line, planned);
  return {
    line,
    rate,
    cny: rate ? mul(at.unitPrice, dec(rate.rate)) : null,
    quantity: at.quantity,
    breakIndex: at.breakIndex,
  };
}

/** What a priced line costs: its CNY price × the quantity priced when planned, else the unit price. */
export const costOf = (p: Priced | undefined, planned: Dec | null): Dec | null =>
  p?.cny ? (planned ? mul(p.cny, p.quantity) : p.cny) : null;

/**
 * Sum of what each item with usage costs at its planned quantity, or null when one of them has no
 * price in CNY.
 */
export function totalOf(items: UsageItem[], priced: Map<number, Priced>): Dec | null {
  let total = ZERO;
  for (const item of items) {
    const u = usageOf(item);
    if (!u) continue;
    const p = priced.get(item.id);
    if (!p?.rate) return null;
    const at = priceAt(p.line, u);
    total = add(total, mul(mul(at.unitPrice, dec(p.rate.rate)), at.quantity));
  }
  return total;
}

/** The figures a cell shows beside its price: the break used, the quantity, the flags. */
export function lineFacts(p: Priced | undefined, planned: Dec | null, awardDay: string) {
  return {
    quantity: p && planned ? normalize(p.quantity) : null,
    breakFromQty: p && p.breakIndex !== null ? p.line.breaks![p.breakIndex].fromQty : null,
    pricesRise: !!p && pricesRise(p.line.breaks),
    expired: !!p && endsBefore(p.line.validUntil, awardDay),
    roundedUp: !!p && !!planned && cmp(p.quantity, planned) > 0,
  };
}
