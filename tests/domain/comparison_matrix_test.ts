// The comparison matrix against cases computed by hand: conversion to CNY at the rate in force on
// each quote's date, ties, missing lines, lines without a rate, totals by yearly usage, ranks and
// the change from the first quote to an optimisation round.
import assert from "node:assert/strict";
import { buildMatrix, type MatrixQuote } from "../../server/domain/comparison/matrix.ts";
import { dec, div, normalize, toFixed } from "../../server/domain/shared/decimal.ts";
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
const suppliers = ["S1", "S2", "S3", "S4"].map((code, i) => ({
  id: i + 1,
  code,
  abbrName: code,
  fullName: `${code} Co.`,
}));
const rates = [
  { currency: "USD", effectiveDate: "2026-11-01", rate: "7.1" },
  { currency: "USD", effectiveDate: "2026-11-20", rate: "7.2" },
  { currency: "USD", effectiveDate: "2026-11-24", rate: "7.0" },
  { currency: "EUR", effectiveDate: "2026-11-01", rate: "7.7" },
];

const line = (itemId: number, unitPrice: string, currency = "CNY"): QuoteLine => ({
  itemId,
  unitPrice,
  taxRate: "13",
  currency,
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
});
let nextId = 1;
const quote = (supplierId: number, date: string, lines: QuoteLine[], round = 0): MatrixQuote => ({
  supplierId,
  round,
  quoteId: nextId++,
  submittedAt: new Date(`${date}T10:00:00+08:00`),
  date,
  lines,
});

// S1 quotes on 11-19 (USD at 7.1), S2 and S3 on 11-23 (USD at 7.2); S4 does not quote.
const firstRound = [
  quote(1, "2026-11-19", [line(1, "10.5"), line(2, "2", "USD"), line(3, "1")]),
  quote(2, "2026-11-23", [line(1, "1.5", "USD"), line(2, "14.2")]),
  quote(3, "2026-11-23", [line(1, "1.3", "EUR")]),
];

const cell = (m: ReturnType<typeof buildMatrix>, itemId: number, supplierId: number) =>
  m.rows.find((r) => r.item.id === itemId)!.cells.find((c) => c.supplierId === supplierId)!;
const col = (m: ReturnType<typeof buildMatrix>, supplierId: number) =>
  m.suppliers.find((s) => s.id === supplierId)!;

Deno.test("prices are converted to CNY at the rate in force on each quote's date", () => {
  const m = buildMatrix({ items, suppliers, quotes: firstRound, rates });
  // 2 USD on 11-19: the 11-20 rate is not yet in force, so 2 × 7.1 = 14.2.
  assert.deepEqual(
    [cell(m, 2, 1).cny, cell(m, 2, 1).rate, cell(m, 2, 1).rateDate],
    ["14.2000", "7.1", "2026-11-01"],
  );
  // 1.5 USD on 11-23: 1.5 × 7.2 = 10.8; 1.3 EUR: 1.3 × 7.7 = 10.01.
  assert.equal(cell(m, 1, 2).cny, "10.8000");
  assert.equal(cell(m, 1, 2).rateDate, "2026-11-20");
  assert.equal(cell(m, 1, 3).cny, "10.0100");
  // CNY needs no rate.
  assert.deepEqual([cell(m, 1, 1).cny, cell(m, 1, 1).rate, cell(m, 1, 1).rateDate], [
    "10.5000",
    "1",
    null,
  ]);
  // Amounts: price in CNY × expected yearly usage.
  assert.equal(cell(m, 1, 1).amount, "10500.00");
  assert.equal(cell(m, 2, 1).amount, "2840.00");
  // An item without yearly usage has prices but no amount and stays out of the totals.
  assert.equal(cell(m, 3, 1).cny, "1.0000");
  assert.equal(cell(m, 3, 1).amount, null);
  assert.equal(m.rows[2].inTotals, false);
});

Deno.test("the lowest price of each row is marked; a shared lowest is a tie for all who share it", () => {
  const m = buildMatrix({ items, suppliers, quotes: firstRound, rates });
  const a = m.rows[0];
  assert.deepEqual([a.lowestCny, a.lowestSupplierIds, a.tie], ["10.0100", [3], false]);
  assert.deepEqual(a.cells.map((c) => c.lowest), [false, false, true, false]);
  // Prepreg: S1's 2 USD (14.2 CNY) and S2's 14.2 CNY are equal to the last decimal.
  const b = m.rows[1];
  assert.deepEqual([b.lowestCny, b.lowestSupplierIds, b.tie], ["14.2000", [1, 2], true]);
  assert.deepEqual(b.cells.map((c) => [c.lowest, c.tie]), [
    [true, true],
    [true, true],
    [false, false],
    [false, false],
  ]);
  // S1 is lowest (shared) on prepreg and alone on the copper foil, which only it priced.
  assert.deepEqual(m.rows[2].lowestSupplierIds, [1]);
  assert.deepEqual(m.suppliers.map((s) => s.lowestCount), [2, 1, 1, 0]);
});

Deno.test("missing lines and missing quotes are shown as such and leave the supplier unranked", () => {
  const m = buildMatrix({ items, suppliers, quotes: firstRound, rates });
  // S3 priced only the laminate: prepreg is missing, so no total and no rank.
  assert.equal(cell(m, 2, 3).status, "missing");
  assert.deepEqual(
    [col(m, 3).complete, col(m, 3).total, col(m, 3).rank, col(m, 3).rankNote],
    [false, null, null, "incomplete"],
  );
  assert.deepEqual(col(m, 3).missingItemIds, [2]);
  // S2 left out the copper foil, which has no usage: it is still complete.
  assert.equal(cell(m, 3, 2).status, "missing");
  assert.equal(col(m, 2).complete, true);
  // S4 has not quoted.
  assert.deepEqual(m.rows.map((r) => r.cells[3].status), ["noQuote", "noQuote", "noQuote"]);
  assert.deepEqual([col(m, 4).quoted, col(m, 4).rank, col(m, 4).rankNote], [
    false,
    null,
    "noQuote",
  ]);
  // Totals: S1 10.5×1000 + 14.2×200 = 13340; S2 10.8×1000 + 14.2×200 = 13640.
  assert.deepEqual(
    m.suppliers.map((s) => [s.code, s.total, s.rank]),
    [["S1", "13340.00", 1], ["S2", "13640.00", 2], ["S3", null, null], ["S4", null, null]],
  );
});

Deno.test("a price in a currency without a rate on its date is not compared", () => {
  const m = buildMatrix({
    items,
    suppliers,
    quotes: [
      quote(1, "2026-11-19", [line(1, "150", "JPY"), line(2, "14")]),
      // USD rates start on 11-01: a quote dated before that has none.
      quote(2, "2026-10-30", [line(1, "1", "USD"), line(2, "15")]),
    ],
    rates,
  });
  assert.deepEqual([cell(m, 1, 1).status, cell(m, 1, 1).cny, cell(m, 1, 1).lowest], [
    "noRate",
    null,
    false,
  ]);
  assert.equal(cell(m, 1, 2).status, "noRate");
  assert.equal(m.rows[0].lowestCny, null);
  assert.deepEqual(m.rows[1].lowestSupplierIds, [1]);
  assert.deepEqual(m.suppliers.slice(0, 2).map((s) => [s.rank, s.rankNote, s.missingItemIds]), [
    [null, "incomplete", [1]],
    [null, "incomplete", [1]],
  ]);
});

Deno.test("equal totals share a rank and the next rank is skipped", () => {
  const m = buildMatrix({
    items: items.slice(0, 2),
    suppliers,
    quotes: [
      // 10×1000 + 15×200 = 13000
      quote(1, "2026-11-23", [line(1, "10"), line(2, "15")]),
      // 11×1000 + 10×200 = 13000
      quote(2, "2026-11-23", [line(1, "11"), line(2, "10")]),
      // 12×1000 + 10×200 = 14000
      quote(3, "2026-11-23", [line(1, "12"), line(2, "10")]),
      // 1 USD × 7.2 = 7.2; 7.2×1000 + 20×200 = 11200
      quote(4, "2026-11-23", [line(1, "1", "USD"), line(2, "20")]),
    ],
    rates,
  });
  assert.deepEqual(m.suppliers.map((s) => [s.code, s.total, s.rank, s.rankTie]), [
    ["S1", "13000.00", 2, true],
    ["S2", "13000.00", 2, true],
    ["S3", "14000.00", 4, false],
    ["S4", "11200.00", 1, false],
  ]);
  // Prepreg: S2 and S3 tie at 10.
  assert.deepEqual(m.rows[1].lowestSupplierIds, [2, 3]);
});

Deno.test("an optimisation round replaces the first quote and the change is shown per line and in total", () => {
  const m = buildMatrix({
    items,
    suppliers,
    quotes: [
      ...firstRound,
      // S1 in round 1 on 11-25, when USD is at 7.0: 10 CNY, 2 USD = 14.0 CNY.
      quote(1, "2026-11-25", [line(1, "10"), line(2, "2", "USD")], 1),
    ],
    rates,
  });
  const a = cell(m, 1, 1);
  assert.deepEqual([a.round, a.cny, a.firstCny, a.change, a.changePercent], [
    1,
    "10.0000",
    "10.5000",
    "-0.5000",
    "-4.76",
  ]);
  // The same 2 USD is worth less on the later date: 14.2 -> 14.0, -0.2 / 14.2 = -1.41 %.
  const b = cell(m, 2, 1);
  assert.deepEqual([b.cny, b.firstCny, b.change, b.changePercent], [
    "14.0000",
    "14.2000",
    "-0.2000",
    "-1.41",
  ]);
  // The first quote of S2 has nothing to compare with.
  assert.deepEqual([cell(m, 1, 2).firstCny, cell(m, 1, 2).change], [null, null]);
  // Totals: 10×1000 + 14×200 = 12800 against 13340 first: -540, -540 / 13340 = -4.05 %.
  const s1 = col(m, 1);
  assert.deepEqual([s1.round, s1.total, s1.firstTotal, s1.change, s1.changePercent, s1.rank], [
    1,
    "12800.00",
    "13340.00",
    "-540.00",
    "-4.05",
    1,
  ]);
  // Lowest rows follow the latest prices: S1's 10.0 now beats S3's 10.01; prepreg is S1's alone.
  assert.deepEqual(m.rows[0].lowestSupplierIds, [1]);
  assert.deepEqual([m.rows[1].lowestSupplierIds, m.rows[1].tie], [[1], false]);
  assert.equal(m.hasRounds, true);
});

Deno.test("a latest quote without priced lines shows as such, not as the earlier prices", () => {
  const m = buildMatrix({
    items,
    suppliers,
    quotes: [...firstRound, quote(2, "2026-11-25", [], 1)],
    rates,
  });
  assert.deepEqual(m.rows.map((r) => r.cells[1].status), ["noLines", "noLines", "noLines"]);
  assert.deepEqual([col(m, 2).round, col(m, 2).rank, col(m, 2).rankNote], [1, null, "incomplete"]);
});

Deno.test("money is exact: sub-cent prices and rates are multiplied without binary floats", () => {
  const m = buildMatrix({
    items: [{ ...items[0], estimateYearAmount: "12000" }, {
      ...items[1],
      estimateYearAmount: "3",
    }],
    suppliers: suppliers.slice(0, 1),
    quotes: [quote(1, "2026-11-23", [line(1, "0.0035", "USD"), line(2, "0.1")])],
    rates: [{ currency: "USD", effectiveDate: "2026-11-01", rate: "7.1234" }],
  });
  // 0.0035 × 7.1234 = 0.0249319 -> 0.0249 shown; × 12000 = 299.1828 -> 299.18.
  assert.equal(cell(m, 1, 1).cny, "0.0249");
  assert.equal(cell(m, 1, 1).amount, "299.18");
  // 0.1 × 3 is 0.30, not 0.30000000000000004; total 299.1828 + 0.3 = 299.4828 -> 299.48.
  assert.equal(cell(m, 2, 1).amount, "0.30");
  assert.equal(col(m, 1).total, "299.48");
  assert.equal(toFixed(dec("1.005"), 2), "1.01");
  assert.equal(toFixed(dec("-1.005"), 2), "-1.01");
  assert.equal(toFixed(div(dec("2"), dec("3"), 4), 4), "0.6667");
  assert.equal(normalize(dec("012.500")), "12.5");
});

Deno.test("each supplier's commercial terms are summed up beside its total, each value once, named from the dictionary", () => {
  const terms = (l: QuoteLine, t: Partial<QuoteLine>): QuoteLine => ({ ...l, ...t });
  const codeNames = {
    tradeTerms: [{ code: "DDP", name: "完税后交货 DDP", nameEn: "Delivered duty paid (DDP)" }],
    paymentMethods: [{ code: "TT", name: "电汇", nameEn: "Telegraphic transfer" }],
  };
  const m = buildMatrix({
    items,
    suppliers,
    rates,
    codeNames,
    quotes: [
      quote(1, "2026-11-23", [
        line(1, "10"),
        terms(line(2, "2"), { taxRate: "9", leadTimeDays: 30, paymentTermDays: 30 }),
        // A code the dictionary no longer has is shown as it is.
        terms(line(3, "1"), { tradeTerms: "FOB2", leadTimeDays: 7 }),
      ]),
      quote(2, "2026-11-23", []),
    ],
  });
  assert.deepEqual(col(m, 1).terms, {
    taxRates: ["9", "13"],
    tradeTerms: [
      { code: "DDP", name: "完税后交货 DDP", nameEn: "Delivered duty paid (DDP)" },
      { code: "FOB2", name: "FOB2", nameEn: null },
    ],
    payments: [
      { code: "TT", name: "电汇", nameEn: "Telegraphic transfer", days: 60 },
      { code: "TT", name: "电汇", nameEn: "Telegraphic transfer", days: 30 },
    ],
    leadTimeDays: { min: 7, max: 30 },
  });
  // No priced lines, or no quote: no terms.
  assert.equal(col(m, 2).terms, null);
  assert.equal(col(m, 4).terms, null);
});
