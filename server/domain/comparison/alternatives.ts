// The suppliers' alternatives in the matrix: each priced like a line (linePrice.ts) and shown apart
// from the line items as asked. Until the buyer accepts one for comparison it stays out of the
// row's lowest, the totals and the ranks; once accepted it competes: the row's lowest may be an
// alternative, and a supplier's total takes the cheaper of its line as asked and its alternative.
import { cmp, type Dec, mul, toFixed } from "../shared/decimal.ts";
import { BASE_CURRENCY, type RateRow } from "../dictionary/commercial.ts";
import type { QuoteLine } from "../quotes/lines.ts";
import { costOf, lineFacts, type Priced, priceInCny } from "./linePrice.ts";

/** An alternative the buyer accepted for comparison. */
export type AcceptedAlternative = {
  supplierId: number;
  itemId: number;
  reason: string;
  acceptedAt: Date;
};

export type AltCell = {
  supplierId: number;
  line: QuoteLine;
  rate: string | null;
  rateDate: string | null;
  /** Unit price before tax in CNY of the break used (4 decimals); null without a rate. */
  cny: string | null;
  /** cny × the quantity priced (2 decimals); null without usage or rate. */
  amount: string | null;
  /** Accepted for comparison (ranked), with the buyer's reason; else shown as not accepted. */
  accepted: boolean;
  acceptedReason: string | null;
  acceptedAt: Date | null;
  lowest: boolean;
  awarded: boolean;
  quantity: string | null;
  breakFromQty: string | null;
  pricesRise: boolean;
  expired: boolean;
  roundedUp: boolean;
};

type AltInput = {
  suppliers: { id: number }[];
  rates: RateRow[];
  accepted?: AcceptedAlternative[];
  awarded?: Map<number, number>;
  awardedAlternatives?: Set<number>;
};

type AltOffer = { cell: AltCell; cost: Dec | null; unitCny: Dec | null; accepted: boolean };

/**
 * The alternatives of the latest quote of each supplier, by line item, in the suppliers' order;
 * and `withAccepted`, a supplier's priced lines with each accepted alternative in place of its line
 * as asked where it costs less (or where the line as asked is missing).
 */
export function alternativeCells(
  input: AltInput,
  latest: Map<number, { date: string; lines: QuoteLine[] }>,
  usage: Map<number, Dec | null>,
  awardDay: string,
) {
  const rows = new Map<number, AltOffer[]>();
  const acceptedPriced = new Map<number, Map<number, Priced>>();
  for (const s of input.suppliers) {
    const q = latest.get(s.id);
    for (const line of q?.lines.filter((l) => l.alternative) ?? []) {
      const u = usage.get(line.itemId);
      if (u === undefined) continue;
      const p = priceInCny(line, q!, input.rates, u);
      const ok = input.accepted?.find((a) => a.supplierId === s.id && a.itemId === line.itemId);
      if (ok) {
        const mine = acceptedPriced.get(s.id) ?? new Map<number, Priced>();
        acceptedPriced.set(s.id, mine.set(line.itemId, p));
      }
      const cell: AltCell = {
        supplierId: s.id,
        line,
        rate: p.rate?.rate ?? null,
        rateDate: p.rate && line.currency !== BASE_CURRENCY ? p.rate.effectiveDate : null,
        cny: p.cny ? toFixed(p.cny, 4) : null,
        amount: p.cny && u ? toFixed(mul(p.cny, p.quantity), 2) : null,
        accepted: !!ok,
        acceptedReason: ok?.reason ?? null,
        acceptedAt: ok?.acceptedAt ?? null,
        lowest: false,
        awarded: input.awarded?.get(line.itemId) === s.id &&
          !!input.awardedAlternatives?.has(line.itemId),
        ...lineFacts(p, u, awardDay),
      };
      const offer = { cell, cost: costOf(p, u), unitCny: p.cny, accepted: !!ok };
      rows.set(line.itemId, [...(rows.get(line.itemId) ?? []), offer]);
    }
  }
  const withAccepted = (supplierId: number, asked: Map<number, Priced>) => {
    const mine = acceptedPriced.get(supplierId);
    if (!mine) return asked;
    const out = new Map(asked);
    for (const [itemId, alt] of mine) {
      const u = usage.get(itemId) ?? null;
      const a = costOf(alt, u);
      const b = costOf(asked.get(itemId), u);
      if (a && (!b || cmp(a, b) < 0)) out.set(itemId, alt);
    }
    return out;
  };
  return { rows, withAccepted };
}
