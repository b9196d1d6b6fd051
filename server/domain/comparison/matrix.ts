// The comparison matrix: line items as rows, invited suppliers as columns, each priced line turned
// into CNY at the exchange rate in force on its quote's date, the lowest of each row marked, totals
// by expected yearly usage, each supplier's rank, and the change from the first quote to the
// latest optimisation round. Pure: the loader (service.ts) hands it rows read from the database.
import { cmp, type Dec, dec, div, isZero, mul, sub, toFixed } from "../shared/decimal.ts";
import { BASE_CURRENCY, type RateRow } from "../dictionary/commercial.ts";
import type { QuoteLine } from "../quotes/lines.ts";
import { costOf, lineFacts, priceInCny, totalOf, usageOf } from "./linePrice.ts";
import { type AcceptedAlternative, type AltCell, alternativeCells } from "./alternatives.ts";
import type { NamedCode, SupplierTerms } from "../shared/terms.ts";

/** Decimals shown: unit prices in CNY, amounts (line totals, totals), percentages. */
const UNIT_PLACES = 4;
const AMOUNT_PLACES = 2;
const PERCENT_PLACES = 2;

export type MatrixItem = {
  id: number;
  materialCode: string | null;
  itemName: string;
  unit: string | null;
  estimateYearAmount: string | null;
};
type MatrixSupplierIn = { id: number; code: string; abbrName: string; fullName: string };
/** The current (last) submission of a supplier in a round, with its priced lines. */
export type MatrixQuote = {
  supplierId: number;
  round: number;
  quoteId: number;
  submittedAt: Date;
  /** The quote's date in UTC+8 (YYYY-MM-DD): the exchange rate in force that day is used. */
  date: string;
  lines: QuoteLine[];
};
/** The names of the trade terms and payment methods of the data dictionary. */
type CodeNames = { tradeTerms: NamedCode[]; paymentMethods: NamedCode[] };

export type MatrixInput = {
  items: MatrixItem[];
  suppliers: MatrixSupplierIn[];
  quotes: MatrixQuote[];
  rates: RateRow[];
  /** Item id -> awarded supplier id (the award in force), if any. */
  awarded?: Map<number, number>;
  /** The items whose award in force is the awarded supplier's alternative. */
  awardedAlternatives?: Set<number>;
  /** The names of the trade terms and payment methods the lines use. */
  codeNames?: CodeNames;
  /** The alternatives the buyer accepted for comparison: ranked from then on. */
  accepted?: AcceptedAlternative[];
  /** The award's day (UTC+8; today without one): a validity ending before it is marked. */
  awardDay?: string;
};

/**
 * priced: a price in CNY; noRate: a price, but no exchange rate for its currency on its date;
 * missing: the supplier's latest quote leaves this line out; noLines: the latest quote has no
 * priced lines at all (attachment only); noQuote: the supplier has not quoted.
 */
type CellStatus = "priced" | "noRate" | "missing" | "noLines" | "noQuote";

export type MatrixCell = {
  supplierId: number;
  status: CellStatus;
  /** The round of the quote the price comes from (0 first quote, 1/2 optimisation). */
  round: number | null;
  line: QuoteLine | null;
  rate: string | null;
  rateDate: string | null;
  /** Unit price before tax in CNY (UNIT_PLACES decimals). */
  cny: string | null;
  /** cny × expected yearly usage (AMOUNT_PLACES decimals); null without usage. */
  amount: string | null;
  lowest: boolean;
  /** The lowest price is shared with another supplier. */
  tie: boolean;
  /** The same line in the first quote, in CNY, when the price comes from a later round. */
  firstCny: string | null;
  change: string | null;
  changePercent: string | null;
  awarded: boolean;
  /** The quantity priced (planned, at least the MOQ, whole packs); null without usage. */
  quantity: string | null;
  /** The from-quantity of the break used, or null without breaks. */
  breakFromQty: string | null;
  /** A later break's price is above an earlier one's. */
  pricesRise: boolean;
  /** The price's validity ends before the award's day. */
  expired: boolean;
  /** The quantity was rounded up to the MOQ or packing multiple. */
  roundedUp: boolean;
};

export type MatrixRow = {
  item: MatrixItem;
  /** Expected yearly usage counts in the totals only when it is set and above zero. */
  inTotals: boolean;
  cells: MatrixCell[];
  lowestCny: string | null;
  lowestSupplierIds: number[];
  tie: boolean;
  awardedSupplierId: number | null;
  /** The suppliers' alternatives for this line, shown apart; ranked once accepted. */
  alternatives: AltCell[];
};

type RankNote = "noQuote" | "incomplete" | "noUsage" | null;

export type MatrixColumn = MatrixSupplierIn & {
  quoted: boolean;
  /** Latest round quoted and when (the quote whose prices the column shows). */
  round: number | null;
  submittedAt: Date | null;
  pricedLines: number;
  /** Items with usage that this supplier has not priced in CNY (missing or without a rate). */
  missingItemIds: number[];
  complete: boolean;
  /** Sum of amounts over the items with usage; complete columns only. */
  total: string | null;
  /** The same total from the first quote, when the column shows a later round. */
  firstTotal: string | null;
  change: string | null;
  changePercent: string | null;
  rank: number | null;
  /** Shares its rank with another supplier. */
  rankTie: boolean;
  rankNote: RankNote;
  lowestCount: number;
  /** The commercial terms of the quote the column shows; null without priced lines. */
  terms: SupplierTerms | null;
};

export type Matrix = {
  baseCurrency: string;
  rows: MatrixRow[];
  suppliers: MatrixColumn[];
  /** Whether any quote of the project came from an optimisation round. */
  hasRounds: boolean;
};

function percent(change: Dec, base: Dec): string | null {
  return isZero(base)
    ? null
    : toFixed(div(mul(change, dec(100)), base, PERCENT_PLACES), PERCENT_PLACES);
}

const distinct = <T>(xs: T[], key: (x: T) => string) => [
  ...new Map(xs.map((x) => [key(x), x])).values(),
];

/** The terms of a quote's lines (those of the matrix's items), or null without any. */
function termsOf(lines: QuoteLine[], names: CodeNames): SupplierTerms | null {
  if (!lines.length) return null;
  const named = (list: NamedCode[], code: string) =>
    list.find((c) => c.code === code) ?? { code, name: code, nameEn: null };
  const days = lines.map((l) => l.leadTimeDays);
  return {
    taxRates: distinct(lines.map((l) => l.taxRate), (x) => x)
      .sort((a, b) => cmp(dec(a), dec(b))),
    tradeTerms: distinct(lines.map((l) => named(names.tradeTerms, l.tradeTerms)), (x) => x.code),
    payments: distinct(
      lines.map((l) => ({
        ...named(names.paymentMethods, l.paymentMethod),
        days: l.paymentTermDays,
      })),
      (x) => `${x.code} ${x.days}`,
    ),
    leadTimeDays: { min: Math.min(...days), max: Math.max(...days) },
  };
}

export function buildMatrix(input: MatrixInput): Matrix {
  const { items, rates } = input;
  const awarded = input.awarded ?? new Map<number, number>();
  const latest = new Map<number, MatrixQuote>();
  const first = new Map<number, MatrixQuote>();
  for (const q of input.quotes) {
    const l = latest.get(q.supplierId);
    if (!l || q.round > l.round) latest.set(q.supplierId, q);
    if (q.round === 0) first.set(q.supplierId, q);
  }
  const usage = new Map(items.map((i) => [i.id, usageOf(i)]));
  const pricedOf = (q: MatrixQuote | undefined) =>
    new Map(
      (q?.lines ?? []).filter((l) => !l.alternative).map((l) => [
        l.itemId,
        priceInCny(l, q!, rates, usage.get(l.itemId) ?? null),
      ]),
    );
  const awardDay = input.awardDay ?? "0000-00-00";
  const alts = alternativeCells(input, latest, usage, awardDay);
  const latestPriced = new Map(input.suppliers.map((s) => [s.id, pricedOf(latest.get(s.id))]));
  const firstPriced = new Map(input.suppliers.map((s) => [s.id, pricedOf(first.get(s.id))]));
  const anyUsage = items.some((i) => usageOf(i));

  const rows: MatrixRow[] = items.map((item) => {
    const u = usageOf(item);
    // What each offer costs at the planned quantity (the unit price without one); an accepted
    // alternative competes with the lines as asked.
    const costs = input.suppliers.map((s) => costOf(latestPriced.get(s.id)!.get(item.id), u));
    const altRow = alts.rows.get(item.id) ?? [];
    const altCosts = altRow.map((a) => (a.accepted ? a.cost : null));
    let lowest: Dec | null = null;
    for (const c of [...costs, ...altCosts]) if (c && (!lowest || cmp(c, lowest) < 0)) lowest = c;
    const isLowest = (c: Dec | null | undefined) => !!c && !!lowest && cmp(c, lowest) === 0;
    altRow.forEach((a, i) => a.cell.lowest = isLowest(altCosts[i]));
    const lowestIds = input.suppliers.filter((s, i) =>
      isLowest(costs[i]) ||
      altRow.some((a, j) => a.cell.supplierId === s.id && isLowest(altCosts[j]))
    ).map((s) => s.id);
    const tie = lowestIds.length > 1;
    const cells = input.suppliers.map((s): MatrixCell => {
      const q = latest.get(s.id);
      const p = latestPriced.get(s.id)!.get(item.id);
      const status: CellStatus = !q
        ? "noQuote"
        : !q.lines.length
        ? "noLines"
        : !p
        ? "missing"
        : p.cny
        ? "priced"
        : "noRate";
      const f = q && q.round > 0 ? firstPriced.get(s.id)!.get(item.id) : undefined;
      const change = p?.cny && f?.cny ? sub(p.cny, f.cny) : null;
      return {
        supplierId: s.id,
        status,
        round: q?.round ?? null,
        line: p?.line ?? null,
        rate: p?.rate?.rate ?? null,
        rateDate: p?.rate && p.line.currency !== BASE_CURRENCY ? p.rate.effectiveDate : null,
        cny: p?.cny ? toFixed(p.cny, UNIT_PLACES) : null,
        amount: p?.cny && u ? toFixed(mul(p.cny, p.quantity), AMOUNT_PLACES) : null,
        firstCny: f?.cny ? toFixed(f.cny, UNIT_PLACES) : null,
        change: change ? toFixed(change, UNIT_PLACES) : null,
        changePercent: change && f?.cny ? percent(change, f.cny) : null,
        awarded: awarded.get(item.id) === s.id && !input.awardedAlternatives?.has(item.id),
        ...lineFacts(p, u, awardDay),
        lowest: isLowest(costs[input.suppliers.indexOf(s)]),
        tie: tie && isLowest(costs[input.suppliers.indexOf(s)]),
      };
    });
    return {
      item,
      inTotals: !!u,
      cells,
      lowestCny: lowestUnit(lowest, u, [...costs, ...altCosts], [
        ...input.suppliers.map((s) => latestPriced.get(s.id)!.get(item.id)?.cny ?? null),
        ...altRow.map((a) => a.unitCny),
      ]),
      lowestSupplierIds: lowestIds,
      tie,
      awardedSupplierId: awarded.get(item.id) ?? null,
      alternatives: altRow.map((a) => a.cell),
    };
  });

  const totals = new Map<number, Dec | null>();
  const columns: MatrixColumn[] = input.suppliers.map((s) => {
    const q = latest.get(s.id);
    const priced = alts.withAccepted(s.id, latestPriced.get(s.id)!);
    const missing = items.filter((i) => usageOf(i) && !priced.get(i.id)?.cny).map((i) => i.id);
    const total = q ? totalOf(items, priced) : null;
    totals.set(s.id, anyUsage ? total : null);
    const firstTotal = q && q.round > 0 && first.has(s.id)
      ? totalOf(items, firstPriced.get(s.id)!)
      : null;
    const change = total && firstTotal && anyUsage ? sub(total, firstTotal) : null;
    return {
      ...s,
      quoted: !!q,
      round: q?.round ?? null,
      submittedAt: q?.submittedAt ?? null,
      pricedLines: [...priced.values()].filter((p) => items.some((i) => i.id === p.line.itemId))
        .length,
      missingItemIds: q ? missing : items.filter((i) => usageOf(i)).map((i) => i.id),
      complete: !!q && missing.length === 0,
      total: total && anyUsage ? toFixed(total, AMOUNT_PLACES) : null,
      firstTotal: firstTotal && anyUsage ? toFixed(firstTotal, AMOUNT_PLACES) : null,
      change: change ? toFixed(change, AMOUNT_PLACES) : null,
      changePercent: change && firstTotal ? percent(change, firstTotal) : null,
      rank: null,
      rankTie: false,
      rankNote: !q ? "noQuote" : !anyUsage ? "noUsage" : total ? null : "incomplete",
      lowestCount: rows.filter((r) => r.lowestSupplierIds.includes(s.id)).length,
      terms: termsOf(
        (q?.lines ?? []).filter((l) => items.some((i) => i.id === l.itemId)),
        input.codeNames ?? { tradeTerms: [], paymentMethods: [] },
      ),
    };
  });

  // Competition ranking ("1, 1, 3") over the complete columns, lowest total first.
  const ranked = columns.filter((c) => totals.get(c.id))
    .sort((a, b) => cmp(totals.get(a.id)!, totals.get(b.id)!));
  ranked.forEach((c, i) => {
    const prev = ranked[i - 1];
    const same = prev && cmp(totals.get(prev.id)!, totals.get(c.id)!) === 0;
    c.rank = same ? prev.rank : i + 1;
    const next = ranked[i + 1];
    c.rankTie = !!same || (!!next && cmp(totals.get(next.id)!, totals.get(c.id)!) === 0);
  });

  return {
    baseCurrency: BASE_CURRENCY,
    rows,
    suppliers: columns,
    hasRounds: input.quotes.some((q) => q.round > 0),
  };
}

/** The row's lowest unit price in CNY: that of the offer costing least (ties: the first such). */
function lowestUnit(
  lowest: Dec | null,
  u: Dec | null,
  costs: (Dec | null)[],
  units: (Dec | null)[],
): string | null {
  if (!lowest) return null;
  if (!u) return toFixed(lowest, UNIT_PLACES);
  const i = costs.findIndex((c) => c && cmp(c, lowest) === 0);
  return units[i] ? toFixed(units[i]!, UNIT_PLACES) : null;
}
