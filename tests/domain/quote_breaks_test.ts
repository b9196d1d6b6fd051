// Quantity breaks, MOQ and packing multiple priced at the planned quantity, each boundary computed
// by hand; the line rules refusing bad breaks and a validity ending before the deadline; the matrix
// pricing lines so (break used, rounding, flags, a validity ending before the award day) in two
// currencies with exact decimals; alternatives apart until accepted.
import assert from "node:assert/strict";
import { breakAt, orderQuantity, priceAt, roundUpTo } from "../../server/domain/quotes/breaks.ts";
import { dec, normalize } from "../../server/domain/shared/decimal.ts";
import { checkLineFields } from "../../server/domain/quotes/schemas.ts";
import { buildMatrix } from "../../server/domain/comparison/matrix.ts";
import type { QuoteLine } from "../../server/domain/quotes/lines.ts";
import { dateInUtc8 } from "../../server/domain/shared/time.ts";
import { fixedClock } from "../../server/domain/context.ts";

const n = (d: { n: bigint; s: number }) => normalize(d);
const breaks = [
  { fromQty: "100", unitPrice: "10" },
  { fromQty: "500", unitPrice: "9.5" },
  { fromQty: "1000", unitPrice: "9.25" },
];

Deno.test("the break that applies is the last whose from-quantity the quantity reaches", () => {
  assert.equal(breakAt(breaks, dec("99.999")), 0);
  assert.equal(breakAt(breaks, dec("100")), 0);
  assert.equal(breakAt(breaks, dec("499.999999")), 0);
  assert.equal(breakAt(breaks, dec("500")), 1);
  assert.equal(breakAt(breaks, dec("999")), 1);
  assert.equal(breakAt(breaks, dec("1000")), 2);
  assert.equal(breakAt(breaks, dec("1000000")), 2);
});

Deno.test("the quantity is at least the MOQ, then rounded up to whole packs", () => {
  assert.equal(n(roundUpTo(dec("1"), dec("25"))), "25");
  assert.equal(n(roundUpTo(dec("25"), dec("25"))), "25");
  assert.equal(n(roundUpTo(dec("25.000001"), dec("25"))), "50");
  assert.equal(n(roundUpTo(dec("1.1"), dec("0.5"))), "1.5");
  // Planned 80 under the MOQ of 100 → 100, then packs of 30 → 120.
  assert.equal(n(orderQuantity(dec("80"), { moq: "100", packMultiple: "30" })), "120");
  // Above the MOQ: packs only.
  assert.equal(n(orderQuantity(dec("481"), { moq: "100", packMultiple: "20" })), "500");
  assert.equal(n(orderQuantity(dec("480"), { moq: "100", packMultiple: "20" })), "480");
  assert.equal(n(orderQuantity(dec("7"), { moq: null, packMultiple: null })), "7");
  // The rounding can reach the next break: 481 → 500 is priced at 9.5.
  const line = { unitPrice: "10", moq: "100", packMultiple: "20", breaks };
  const p = priceAt(line, dec("481"));
  assert.deepEqual([n(p.quantity), n(p.unitPrice), p.breakIndex], ["500", "9.5", 1]);
  // Nothing planned: priced at the MOQ, the first break.
  const q = priceAt(line, null);
  assert.deepEqual([n(q.quantity), n(q.unitPrice), q.breakIndex], ["100", "10", 0]);
});

const codes = {
  currencies: [{ code: "CNY" }, { code: "USD" }],
  tradeTerms: [{ code: "DDP" }],
  paymentMethods: [{ code: "TT" }],
};
const base = {
  unitPrice: "10",
  taxRate: "13",
  currency: "CNY",
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: "60",
  leadTimeDays: "14",
};
const clock = fixedClock("2026-11-23T02:00:00.000Z");
const today = dateInUtc8(clock.now());

Deno.test("the line rules refuse descending, repeated and misplaced breaks, naming the field", () => {
  const check = (extra: Record<string, unknown>) =>
    checkLineFields({ ...base, ...extra }, "FR-4", codes, today, "2026-11-30");
  const ok = check({ moq: "100", packMultiple: "20", breaks });
  assert.deepEqual(ok.problems, []);
  assert.deepEqual(ok.line?.breaks, breaks);
  assert.equal(ok.line?.moq, "100");
  const keys = (extra: Record<string, unknown>) =>
    check(extra).problems.map((p) => [p.field, p.key]);
  assert.deepEqual(
    keys({ moq: "100", breaks: [breaks[0], breaks[2], breaks[1]] }),
    [["breaks", "quoteBreaks.descending"]],
  );
  assert.deepEqual(
    keys({ moq: "100", breaks: [breaks[0], { fromQty: "100.0", unitPrice: "9" }] }),
    [["breaks", "quoteBreaks.duplicate"]],
  );
  assert.deepEqual(keys({ moq: "50", breaks }), [["breaks", "quoteBreaks.firstAtMoq"]]);
  assert.deepEqual(keys({ breaks }), [["moq", "quoteBreaks.moqForBreaks"]]);
  assert.deepEqual(keys({ moq: "100", unitPrice: "11", breaks }), [[
    "breaks",
    "quoteBreaks.firstAtUnitPrice",
  ]]);
  assert.deepEqual(
    keys({
      moq: "1",
      breaks: Array.from({ length: 6 }, (_, i) => ({ fromQty: i + 1, unitPrice: 1 })),
    })
      .map(([f]) => f),
    ["breaks"],
  );
  assert.deepEqual(keys({ moq: "0", packMultiple: "-1" }), [
    ["moq", "quoteBreaks.bad.moq"],
    ["packMultiple", "quoteBreaks.bad.packMultiple"],
  ]);
  // A price that rises with the quantity is taken (the matrix flags it).
  assert.deepEqual(keys({ moq: "100", breaks: [breaks[0], { fromQty: 200, unitPrice: 12 }] }), []);
});

Deno.test("a validity ending before the quoting deadline is refused; on the deadline's day it holds", () => {
  const check = (validUntil: string) =>
    checkLineFields({ ...base, validUntil }, "FR-4", codes, today, "2026-11-30").problems
      .map((p) => [p.field, p.key]);
  assert.deepEqual(check("2026-11-22"), [["validUntil", "quoteLines.validityPast"]]);
  assert.deepEqual(check("2026-11-29"), [["validUntil", "quoteBreaks.validityBeforeDeadline"]]);
  assert.deepEqual(check("2026-11-30"), []);
});

const line = (itemId: number, extra: Partial<QuoteLine>): QuoteLine => ({
  itemId,
  unitPrice: "10",
  taxRate: "13",
  currency: "CNY",
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: 60,
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
  ...extra,
});
const items = [
  { id: 1, materialCode: null, itemName: "FR-4", unit: "sheet", estimateYearAmount: "481" },
];
const suppliers = [1, 2].map((id) => ({ id, code: `S${id}`, abbrName: `S${id}`, fullName: "" }));
const rates = [{ currency: "USD", effectiveDate: "2026-11-01", rate: "7.1234" }];
const quote = (supplierId: number, lines: QuoteLine[]) => ({
  supplierId,
  round: 0,
  quoteId: supplierId,
  submittedAt: clock.now(),
  date: today,
  lines,
});

Deno.test("the matrix prices each line at its planned quantity with the break that applies, in two currencies", () => {
  const m = buildMatrix({
    items,
    suppliers,
    rates,
    awardDay: today,
    quotes: [
      // S1 in CNY: 481 → MOQ 100, packs of 20 → 500, the 500 break at 9.5: 4750.
      quote(1, [line(1, { moq: "100", packMultiple: "20", breaks, validUntil: "2026-11-22" })]),
      // S2 in USD: 1.33 at any quantity → 1.33 × 7.1234 = 9.474122 CNY; 481 × that = 4557.05.
      quote(2, [line(1, { unitPrice: "1.33", currency: "USD", validUntil: "2026-12-31" })]),
    ],
  });
  const [c1, c2] = m.rows[0].cells;
  assert.deepEqual(
    [c1.cny, c1.amount, c1.quantity, c1.breakFromQty, c1.roundedUp, c1.expired],
    ["9.5000", "4750.00", "500", "500", true, true],
  );
  assert.deepEqual(
    [c2.cny, c2.amount, c2.quantity, c2.breakFromQty, c2.roundedUp, c2.expired],
    ["9.4741", "4557.05", "481", null, false, false],
  );
  assert.equal(m.rows[0].lowestSupplierIds[0], 2);
  assert.deepEqual(m.suppliers.map((s) => [s.total, s.rank]), [["4750.00", 2], ["4557.05", 1]]);
});

Deno.test("a price rising with quantity is flagged; an alternative stays apart until accepted", () => {
  const rising = [breaks[0], { fromQty: "400", unitPrice: "10.5" }];
  const quotes = [
    quote(1, [
      line(1, { moq: "100", breaks: rising }),
      line(1, { alternative: true, altBrand: "Kingboard", unitPrice: "8" }),
    ]),
    quote(2, [line(1, { unitPrice: "9" })]),
  ];
  const m = buildMatrix({ items, suppliers, rates, quotes });
  const row = m.rows[0];
  assert.equal(row.cells[0].pricesRise, true);
  assert.equal(row.cells[0].cny, "10.5000");
  assert.equal(row.alternatives.length, 1);
  assert.deepEqual([row.alternatives[0].accepted, row.alternatives[0].lowest], [false, false]);
  assert.deepEqual(row.lowestSupplierIds, [2]);
  assert.deepEqual(m.suppliers.map((s) => s.total), ["5050.50", "4329.00"]);
  const accepted = buildMatrix({
    items,
    suppliers,
    rates,
    quotes,
    accepted: [{ supplierId: 1, itemId: 1, reason: "Same grade", acceptedAt: clock.now() }],
  });
  const r = accepted.rows[0];
  assert.deepEqual([r.alternatives[0].accepted, r.alternatives[0].lowest], [true, true]);
  assert.deepEqual(r.lowestSupplierIds, [1]);
  // S1 now totals 481 × 8 = 3848 and ranks first.
  assert.deepEqual(accepted.suppliers.map((s) => [s.total, s.rank]), [["3848.00", 1], [
    "4329.00",
    2,
  ]]);
});
