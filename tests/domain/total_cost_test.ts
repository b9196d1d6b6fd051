// The total cost against cases computed by hand: payment-term financing (annual rate × days of the
// payment term / 365), amounts in two currencies at the rate in force on each supplier's quote date,
// percentages of the price, lump sums on a line or on the whole offer, the ranks of the total-cost
// view, and the total cost of an award split between suppliers. Exact decimals throughout.
import assert from "node:assert/strict";
import { buildMatrix, type MatrixQuote } from "../../server/domain/comparison/matrix.ts";
import {
  type CostTerm,
  perUnitCost,
  withTotalCost,
} from "../../server/domain/comparison/totalCost.ts";
import { awardedTotalCost, figuresOf } from "../../server/domain/shared/awardTotals.ts";
import { dec, normalize } from "../../server/domain/shared/decimal.ts";
import type { QuoteLine } from "../../server/domain/quotes/lines.ts";

const items = [
  {
    id: 1,
    materialCode: "CCL-16",
    itemName: "FR-4 1.6mm",
    unit: "sheet",
    estimateYearAmount: "1000",
  },
  { id: 2, materialCode: null, itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "200" },
  { id: 3, materialCode: null, itemName: "Copper foil", unit: "kg", estimateYearAmount: null },
];
const suppliers = ["S1", "S2"].map((code, i) => ({
  id: i + 1,
  code,
  abbrName: code,
  fullName: `${code} Co.`,
}));
const rates = [
  { currency: "USD", effectiveDate: "2026-11-01", rate: "7.1" },
  { currency: "USD", effectiveDate: "2026-11-20", rate: "7.2" },
  { currency: "EUR", effectiveDate: "2026-11-01", rate: "7.7" },
];
const line = (itemId: number, unitPrice: string, currency: string, days: number): QuoteLine => ({
  itemId,
  unitPrice,
  taxRate: "13",
  currency,
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: days,
  leadTimeDays: 14,
  validUntil: null,
  remark: null,
  moq: null,
  packMultiple: null,
  breaks: null,
  alternative: false,
  altBrand: null,
  altGrade: null,
  altSpec: null,
  altDatasheetFileId: null,
});
const quote = (supplierId: number, date: string, lines: QuoteLine[]): MatrixQuote => ({
  supplierId,
  round: 0,
  quoteId: supplierId,
  submittedAt: new Date(`${date}T10:00:00+08:00`),
  date,
  lines,
});
// S1 quotes on 11-19 (USD at 7.1) with a 60-day payment term: 10.5 CNY, 2 USD (14.2), 1 CNY.
// S2 quotes on 11-23 (USD at 7.2) with 90 days: 1.5 USD (10.8), 14.2 CNY; no copper foil.
// Price totals: S1 10,500 + 2,840 = 13,340 (rank 1); S2 10,800 + 2,840 = 13,640 (rank 2).
const matrix = () =>
  buildMatrix({
    items,
    suppliers,
    rates,
    quotes: [
      quote(1, "2026-11-19", [
        line(1, "10.5", "CNY", 60),
        line(2, "2", "USD", 60),
        line(3, "1", "CNY", 60),
      ]),
      quote(2, "2026-11-23", [line(1, "1.5", "USD", 90), line(2, "14.2", "CNY", 90)]),
    ],
  });
let nextId = 1;
const term = (
  t: Partial<CostTerm> & Pick<CostTerm, "supplierId" | "kind" | "basis" | "value">,
) => ({
  id: nextId++,
  itemId: null,
  name: null,
  currency: null,
  ...t,
});
const terms: CostTerm[] = [
  // S1: freight 100 USD on the whole offer, at S1's quote date's 7.1 = 710 CNY.
  term({ supplierId: 1, kind: "freight", basis: "amount", value: "100", currency: "USD" }),
  // S1: financing at 7.3 % a year on 60 days = 1.2 % of each price: 126 + 34.08 = 160.08.
  term({ supplierId: 1, kind: "financing", basis: "percent", value: "7.3" }),
  // S1: duty 5 % on prepreg only: 14.2 × 5 % × 200 = 142.
  term({ supplierId: 1, kind: "duty", basis: "percent", value: "5", itemId: 2 }),
  // S2: a one-off qualification of 50 EUR = 385 CNY; freight 30 USD on the laminate line at S2's
  // date's 7.2 = 216 CNY, spread over its 1,000 sheets (0.216 a sheet).
  term({ supplierId: 2, kind: "qualification", basis: "amount", value: "50", currency: "EUR" }),
  term({
    supplierId: 2,
    kind: "freight",
    basis: "amount",
    value: "30",
    currency: "USD",
    itemId: 1,
  }),
];

Deno.test("payment-term financing is the price × the annual rate × the days of the term / 365", () => {
  const financing = (value: string) =>
    term({ supplierId: 1, kind: "financing", basis: "percent", value });
  assert.equal(normalize(perUnitCost(financing("5"), dec("36.5"), 30)), "0.15");
  assert.equal(normalize(perUnitCost(financing("7.3"), dec("10.5"), 60)), "0.126");
  // 1 CNY at 10 % for one day: 0.000273972602739… kept to 10 decimals, half away from zero.
  assert.equal(normalize(perUnitCost(financing("10"), dec("1"), 1)), "0.0002739726");
  assert.equal(normalize(perUnitCost(financing("10"), dec("1000"), 0)), "0");
  // A percentage of the price ignores the payment term.
  const duty = term({ supplierId: 1, kind: "duty", basis: "percent", value: "12.5" });
  assert.equal(normalize(perUnitCost(duty, dec("8.8"), 60)), "1.1");
});

Deno.test("terms in two currencies at each supplier's quote date change the rank in the total view", () => {
  const m = matrix();
  assert.deepEqual(m.suppliers.map((s) => [s.total, s.rank]), [["13340.00", 1], ["13640.00", 2]]);
  const { view, totalCost } = withTotalCost(m, terms, rates, "total");
  assert.equal(view, "total");
  // S1: 13,340 + 710 + 160.08 + 142 = 14,352.08; S2: 13,640 + 385 + 216 = 14,241.00.
  assert.deepEqual(
    totalCost.suppliers.map((s) => [s.priceTotal, s.termsTotal, s.total, s.rank, s.priceRank]),
    [["13340.00", "1012.08", "14352.08", 2, 1], ["13640.00", "601.00", "14241.00", 1, 2]],
  );
  assert.deepEqual(
    totalCost.terms.map((t) => [t.kind, t.cny]),
    [["freight", "710.00"], ["financing", "160.08"], ["duty", "142.00"], [
      "qualification",
      "385.00",
    ], ["freight", "216.00"]],
  );
  // Per unit: laminate S1 10.5 + 0.126 = 10.626, S2 10.8 + 0.216 = 11.016 (S1 lowest); prepreg
  // S1 14.2 + 0.1704 + 0.71 = 15.0804, S2 14.2 (S2 lowest); copper foil S1 1 + 0.012, no usage.
  assert.deepEqual(
    totalCost.rows.map((r) => r.cells.map((c) => [c.totalCny, c.totalAmount])),
    [
      [["10.6260", "10626.00"], ["11.0160", "11016.00"]],
      [["15.0804", "3016.08"], ["14.2000", "2840.00"]],
      [["1.0120", null], [null, null]],
    ],
  );
  assert.deepEqual(totalCost.rows.map((r) => r.lowestSupplierIds), [[1], [2], [1]]);
  // The matrix's own marks follow the view shown.
  assert.deepEqual(m.suppliers.map((s) => s.rank), [2, 1]);
  assert.deepEqual(m.rows.map((r) => r.cells.map((c) => c.lowest)), [[true, false], [
    false,
    true,
  ], [true, false]]);
  assert.deepEqual(m.suppliers.map((s) => s.lowestCount), [2, 1]);

  // The price view keeps the price's marks and ranks, with the same figures beside them.
  const p = matrix();
  const priced = withTotalCost(p, terms, rates, "price");
  assert.deepEqual(p.suppliers.map((s) => s.rank), [1, 2]);
  assert.equal(priced.totalCost.suppliers[1].total, "14241.00");
});

Deno.test("an award split between suppliers counts each line's total and each one's lump sums once", () => {
  const costs = figuresOf(withTotalCost(matrix(), terms, rates, "price").totalCost);
  // Laminate from S1 (10,626) and prepreg from S2 (2,840), with S1's 710 and S2's 385 once each.
  assert.equal(
    awardedTotalCost(costs, [{ itemId: 1, supplierId: 1 }, { itemId: 2, supplierId: 2 }]),
    "14561.00",
  );
  assert.equal(
    awardedTotalCost(costs, [{ itemId: 1, supplierId: 2 }, { itemId: 2, supplierId: 2 }]),
    "14241.00",
  );
  // A line the supplier did not price has no total cost.
  assert.equal(awardedTotalCost(costs, [{ itemId: 3, supplierId: 2 }]), null);
});

Deno.test("a term whose currency has no rate on the quote date leaves the total without a rank", () => {
  const m = matrix();
  const gbp = term({ supplierId: 2, kind: "duty", basis: "amount", value: "10", currency: "GBP" });
  const { totalCost } = withTotalCost(m, [gbp], rates, "total");
  assert.deepEqual(
    totalCost.suppliers.map((s) => [s.total, s.rank, s.rankNote]),
    [["13340.00", 1, null], [null, null, "noRate"]],
  );
  assert.equal(totalCost.terms[0].cny, null);
  // No terms at all: the total cost is the price.
  const none = withTotalCost(matrix(), [], rates, "total").totalCost;
  assert.deepEqual(none.suppliers.map((s) => [s.total, s.termsTotal, s.rank]), [
    ["13340.00", "0.00", 1],
    ["13640.00", "0.00", 2],
  ]);
});
