// The pricing rule of a quote line with quantity breaks, a minimum order quantity (MOQ) and a
// packing multiple: the quantity ordered is the planned quantity, at least the MOQ, rounded up to a
// whole number of packs; the unit price is that of the last break whose from-quantity it reaches.
// Pure and exact (decimal.ts): the matrix, the portal and the tests share it.
import { cmp, type Dec, dec, isZero } from "../shared/decimal.ts";

/** A quantity (MOQ, packing multiple, a break's from-quantity): up to 12 digits and 6 decimals. */
export const QTY = /^\d{1,12}(\.\d{1,6})?$/;
/** At most this many quantity breaks on a line. */
export const MAX_BREAKS = 5;

export type PriceBreak = { fromQty: string; unitPrice: string };

/** What a line's price is made of, as stored (exact decimal strings; null or empty when not given). */
export type BreakLine = {
  unitPrice: string;
  moq?: string | null;
  packMultiple?: string | null;
  breaks?: PriceBreak[] | null;
};

/** The priced quantity and the break used for a planned quantity. */
export type PricedQuantity = {
  /** The planned quantity, at least the MOQ, rounded up to the packing multiple. */
  quantity: Dec;
  unitPrice: Dec;
  /** The break used (0 for the first), or null when the line has no breaks. */
  breakIndex: number | null;
};

/** The smallest whole multiple of `pack` that is at least `q` (pack above zero). */
export function roundUpTo(q: Dec, pack: Dec): Dec {
  const s = Math.max(q.s, pack.s);
  const x = q.n * 10n ** BigInt(s - q.s);
  const y = pack.n * 10n ** BigInt(s - pack.s);
  const packs = x <= 0n ? 0n : (x + y - 1n) / y;
  return { n: packs * y, s };
}

/** The quantity ordered for a planned quantity: at least the MOQ, then whole packs. */
export function orderQuantity(planned: Dec, line: Pick<BreakLine, "moq" | "packMultiple">): Dec {
  let q = planned;
  if (line.moq && cmp(dec(line.moq), q) > 0) q = dec(line.moq);
  if (line.packMultiple && !isZero(dec(line.packMultiple))) {
    q = roundUpTo(q, dec(line.packMultiple));
  }
  return q;
}

/** The break that applies at `quantity`: the last one whose from-quantity it reaches (else the first). */
export function breakAt(breaks: PriceBreak[], quantity: Dec): number {
  let found = 0;
  breaks.forEach((b, i) => {
    if (cmp(dec(b.fromQty), quantity) <= 0) found = i;
  });
  return found;
}

/**
 * The unit price and quantity of a line for a planned quantity (null: none planned, priced at the
 * MOQ or one pack).
 */
export function priceAt(line: BreakLine, planned: Dec | null): PricedQuantity {
  const quantity = orderQuantity(planned ?? dec(0), line);
  const breaks = line.breaks ?? [];
  if (!breaks.length) return { quantity, unitPrice: dec(line.unitPrice), breakIndex: null };
  const i = breakAt(breaks, quantity);
  return { quantity, unitPrice: dec(breaks[i].unitPrice), breakIndex: i };
}

/** Whether a later break's price is above an earlier one's (accepted, but worth a look). */
export function pricesRise(breaks: PriceBreak[] | null | undefined): boolean {
  return (breaks ?? []).some((b, i) =>
    i > 0 && cmp(dec(b.unitPrice), dec(breaks![i - 1].unitPrice)) > 0
  );
}

/** Whether a price valid until `validUntil` (a day; null: until the next update) ends before `day`. */
export const endsBefore = (validUntil: string | null | undefined, day: string) =>
  !!validUntil && validUntil < day;
