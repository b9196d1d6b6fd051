// Savings against cases computed by hand (savings_fixtures.ts): two currencies at the rates in
// force on each quote's day, an optimisation round, an award above the first quote, budgets and
// last purchase prices, a project without priced lines, a sealed project, roll-ups by category, in
// total and by month (UTC+8), and the budget fields' validation.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { everything, P, staff } from "./projects_fixtures.ts";
import { savingsData } from "./savings_fixtures.ts";
import { projectSavings, savingsReport, savingsSummary } from "../../server/domain/savings/read.ts";
import { projectFigures } from "../../server/domain/savings/rules.ts";
import { createProject, updateProject } from "../../server/domain/projects/edit.ts";
import { awardProject } from "../../server/domain/auction/award.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { ZodError } from "zod";

const admin = everything();

Deno.test("an asset project in USD and CNY: first quote, best quote after round 1 at the new rate, awarded total, savings", async () => {
  await using env = await testEnv();
  const { b } = await savingsData(env);
  const s = await projectSavings(env, admin, b.id);
  assert.equal(s.state, "open");
  assert.equal(s.note, "awarded");
  const f = s.figures!;
  // First quotes: S1 100,000 USD × 7.2 × 2 = 1,440,000; S2 700,000 × 2 = 1,400,000 (lowest).
  assert.equal(f.first, "1400000.00");
  // Round 1 on 2026-11-26, USD at 7.1: S1 95,000 × 7.1 × 2 = 1,349,000; S2 1,380,000.
  assert.deepEqual([f.best, f.bestRound, f.bestSource], ["1349000.00", 1, "quotes"]);
  assert.deepEqual([f.awarded, f.final, f.basis], ["1349000.00", "1349000.00", "awarded"]);
  // 1,400,000 − 1,349,000 = 51,000 = 3.642…% of the first quote.
  assert.deepEqual(f.vsFirst, { amount: "51000.00", percent: "3.64" });
  assert.equal(f.vsBudget, null, "no budget was given");
  // 1,500,000 − 1,349,000 = 151,000 = 10.066…%.
  assert.deepEqual(f.vsLastPrice, { amount: "151000.00", percent: "10.07" });
  assert.equal(s.date?.toISOString(), "2026-12-01T02:00:00.000Z", "dated by its award");
});

Deno.test("an award above the first quote saves less than nothing against it; budget and last purchase price", async () => {
  await using env = await testEnv();
  const { a, a2 } = await savingsData(env);
  const f = (await projectSavings(env, admin, a.id)).figures!;
  // S1: 30 USD × 7.2 × 1000 + 10 × 100 = 217,000; S2: 205 × 1000 + 12 × 100 = 206,200.
  assert.deepEqual([f.first, f.best, f.bestRound, f.awarded], [
    "206200.00",
    "206200.00",
    0,
    "217000.00",
  ]);
  // 206,200 − 217,000 = −10,800 = −5.237…%; 250,000 − 217,000 = 33,000 = 13.2%;
  // 210,000 − 217,000 = −7,000 = −3.333…%.
  assert.deepEqual(f.vsFirst, { amount: "-10800.00", percent: "-5.24" });
  assert.deepEqual(f.vsBudget, { amount: "33000.00", percent: "13.20" });
  assert.deepEqual(f.vsLastPrice, { amount: "-7000.00", percent: "-3.33" });
  assert.deepEqual([f.budget, f.lastPurchasePrice], ["250000", "210000"]);

  // Not awarded: the best quote stands; 600 − 500 = 100 = 16.666…% of the budget.
  const s2 = await projectSavings(env, admin, a2.id);
  assert.equal(s2.note, "best");
  assert.deepEqual([s2.figures!.first, s2.figures!.final, s2.figures!.basis], [
    "500.00",
    "500.00",
    "best",
  ]);
  assert.deepEqual(s2.figures!.vsFirst, { amount: "0.00", percent: "0.00" });
  assert.deepEqual(s2.figures!.vsBudget, { amount: "100.00", percent: "16.67" });
  assert.equal(s2.date?.toISOString(), "2026-10-12T09:00:00.000Z", "dated by its end");
});

Deno.test("a project without priced lines shows 'no priced quotes' rather than a figure", async () => {
  await using env = await testEnv();
  const { c } = await savingsData(env);
  const s = await projectSavings(env, admin, c.id);
  assert.equal(s.state, "open");
  assert.equal(s.note, "noPrices");
  const f = s.figures!;
  assert.equal(f.priced, false);
  assert.deepEqual([f.first, f.best, f.awarded, f.final], [null, null, null, null]);
  assert.deepEqual([f.vsFirst, f.vsBudget, f.vsLastPrice], [null, null, null]);
  assert.equal(s.budget, "1000", "the buyer's baseline still shows");
});

Deno.test("a sealed project shows no figure until the seal opens", async () => {
  await using env = await testEnv();
  const { d } = await savingsData(env);
  let s = await projectSavings(env, admin, d.id);
  assert.deepEqual([s.state, s.note, s.figures], ["sealed", "sealed", null]);
  assert.equal(s.sealOpensAt?.toISOString(), "2026-12-05T09:00:00.000Z");
  const report = await savingsReport(env, admin, {});
  const row = report.rows.find((r) => r.projectId === d.id)!;
  assert.deepEqual([row.state, row.figures], ["sealed", null]);
  assert.doesNotMatch(JSON.stringify(row), /100\.00/);
  // Round 1 ends at 17:00 UTC+8 on 2026-12-05: from then on it shows.
  env.clock.set("2026-12-05T09:00:00.000Z");
  s = await projectSavings(env, admin, d.id);
  assert.deepEqual([s.state, s.note, s.figures?.first, s.figures?.best], [
    "open",
    "best",
    "100.00",
    "100.00",
  ]);
});

Deno.test("the report rolls up by category and in total; period and category filters", async () => {
  await using env = await testEnv();
  const { a, a2, b, c, d, laminate } = await savingsData(env);
  const report = await savingsReport(env, admin, {});
  // Newest first: A and B awarded on 12-01, D ended 11-20, C 11-15, A2 10-12.
  assert.deepEqual(report.rows.map((r) => r.projectId), [b.id, a.id, d.id, c.id, a2.id]);
  const [equipment, lam, none] = report.categories;
  assert.deepEqual(
    [equipment.categoryName, lam.categoryName, none.categoryName],
    ["Equipment", "Laminate", null],
  );
  // Equipment: B, and D (sealed: counted, summed nowhere).
  assert.deepEqual(
    [
      equipment.projects,
      equipment.sealed,
      equipment.priced,
      equipment.awardedProjects,
      equipment.first,
      equipment.awarded,
    ],
    [2, 1, 1, 1, "1400000.00", "1349000.00"],
  );
  assert.deepEqual(equipment.vsFirst, {
    projects: 1,
    base: "1400000.00",
    final: "1349000.00",
    amount: "51000.00",
    percent: "3.64",
  });
  // Laminate: A (awarded 217,000) and A2 (not awarded: in no sum). Against the first quote:
  // 206,200 − 217,000 = −10,800 = −5.24%; budget 250,000 − 217,000 = 33,000 = 13.20%;
  // last purchase price 210,000 − 217,000 = −7,000.
  assert.deepEqual([lam.projects, lam.awardedProjects, lam.first, lam.best, lam.awarded], [
    2,
    1,
    "206200.00",
    "206200.00",
    "217000.00",
  ]);
  assert.deepEqual(lam.vsFirst, {
    projects: 1,
    base: "206200.00",
    final: "217000.00",
    amount: "-10800.00",
    percent: "-5.24",
  });
  assert.deepEqual(lam.vsBudget, {
    projects: 1,
    base: "250000.00",
    final: "217000.00",
    amount: "33000.00",
    percent: "13.20",
  });
  assert.deepEqual([lam.vsLastPrice?.amount, lam.vsLastPrice?.percent], ["-7000.00", "-3.33"]);
  // No category: C, without prices.
  assert.deepEqual([none.projects, none.priced, none.vsFirst, none.vsBudget], [1, 0, null, null]);
  // Total (A and B): first quotes 1,606,200 − awarded 1,566,000 = 40,200 = 2.50%; last purchase
  // prices 1,710,000 − 1,566,000 = 144,000 = 8.42%.
  const t = report.total;
  assert.deepEqual([t.projects, t.priced, t.sealed, t.awardedProjects], [5, 3, 1, 2]);
  assert.deepEqual([t.first, t.awarded], ["1606200.00", "1566000.00"]);
  assert.deepEqual([t.vsFirst?.amount, t.vsFirst?.percent], ["40200.00", "2.50"]);
  assert.deepEqual([t.vsBudget?.amount, t.vsBudget?.percent], ["33000.00", "13.20"]);
  assert.deepEqual([t.vsLastPrice?.amount, t.vsLastPrice?.percent], ["144000.00", "8.42"]);

  // November (UTC+8 days, both included): C and D only.
  const nov = await savingsReport(env, admin, { from: "2026-11-01", to: "2026-11-30" });
  assert.deepEqual(nov.rows.map((r) => r.projectId), [d.id, c.id]);
  // A project awarded at 10:00 on 12-01 is in a period ending that day, not in one ending the day before.
  const day = await savingsReport(env, admin, { from: "2026-12-01", to: "2026-12-01" });
  assert.deepEqual(day.rows.map((r) => r.projectId), [b.id, a.id]);
  const lamOnly = await savingsReport(env, admin, { category: laminate.id });
  assert.deepEqual(lamOnly.rows.map((r) => r.projectId), [a.id, a2.id]);
  assert.equal(lamOnly.total.vsFirst?.amount, "-10800.00");
});

Deno.test("only the kinds the user may see, and staff without either are refused", async () => {
  await using env = await testEnv();
  const { a, a2, c } = await savingsData(env);
  const material = await staff(env, "mat", [P.OfferProjectManagerSearch]);
  const report = await savingsReport(env, material.actor, {});
  assert.deepEqual(report.rows.map((r) => r.projectId), [a.id, c.id, a2.id]);
  const nobody = await staff(env, "nobody", []);
  await assert.rejects(
    () => savingsReport(env, nobody.actor, {}),
    (e) => e instanceof DomainError && e.kind === "forbidden",
  );
});

Deno.test("the dashboard: the last 12 months by month in UTC+8", async () => {
  await using env = await testEnv();
  await savingsData(env);
  const s = await savingsSummary(env, admin);
  assert.deepEqual(s.months.map((m) => m.month), [
    "2026-01",
    "2026-02",
    "2026-03",
    "2026-04",
    "2026-05",
    "2026-06",
    "2026-07",
    "2026-08",
    "2026-09",
    "2026-10",
    "2026-11",
    "2026-12",
  ]);
  const month = (m: string) => s.months.find((x) => x.month === m)!;
  // December: A (−10,800) and B (51,000); October: A2 (not awarded: no saving summed);
  // November: C (no prices), D (sealed).
  assert.equal(month("2026-12").vsFirst?.amount, "40200.00");
  assert.deepEqual([month("2026-10").projects, month("2026-10").vsFirst], [1, null]);
  assert.deepEqual(
    [month("2026-11").projects, month("2026-11").sealed, month("2026-11").vsFirst],
    [2, 1, null],
  );
  assert.equal(month("2026-09").projects, 0);
  assert.equal(s.total.vsFirst?.amount, "40200.00");
  // A project that ended at 23:30 UTC+8 on the last day of a month belongs to that month, though it
  // is the next month in UTC.
  await env.db.update(offerProjects).set({ endedAt: new Date("2026-09-30T15:30:00Z") })
    .where(eq(offerProjects.name, "Solder mask"));
  const again = await savingsSummary(env, admin);
  assert.equal(again.months.find((m) => m.month === "2026-09")!.projects, 1);
  assert.equal(again.months.find((m) => m.month === "2026-10")!.projects, 0);
});

Deno.test("an award that leaves out line items is not compared with the quotes' totals", async () => {
  await using env = await testEnv();
  const { a, s2 } = await savingsData(env);
  await awardProject(env, admin, {
    offProId: a.id,
    scope: "lines",
    lines: [{ itemId: a.items[0], supplierId: s2.id }],
    reason: "Laminate only",
  });
  const s = await projectSavings(env, admin, a.id);
  assert.equal(s.note, "awardPartial");
  assert.deepEqual([s.figures!.first, s.figures!.awarded, s.figures!.vsFirst], [
    "206200.00",
    null,
    null,
  ]);
});

Deno.test("the best quote is each supplier's latest offer, and a later round's source counts after the optimisation rounds", () => {
  const f = projectFigures({
    offers: [
      { supplierId: 1, round: 0, source: "quotes", total: "100.00" },
      { supplierId: 2, round: 0, source: "quotes", total: "90.00" },
      // Supplier 2 was not invited to round 1 and keeps its first quote; supplier 1 lowers.
      { supplierId: 1, round: 1, source: "quotes", total: "95.00" },
      // An auction's final bid, after the rounds.
      { supplierId: 1, round: 3, source: "auction", total: "80.00" },
    ],
    hasAward: false,
    awarded: null,
    closed: false,
    budget: null,
    lastPurchasePrice: null,
  });
  assert.deepEqual([f.first, f.best, f.bestRound, f.bestSource], ["90.00", "80.00", 3, "auction"]);
  assert.deepEqual(f.vsFirst, { amount: "10.00", percent: "11.11" });
  // A project closed without an award bought nothing: no saving.
  const closed = projectFigures({
    offers: [{ supplierId: 1, round: 0, source: "quotes", total: "100.00" }],
    hasAward: false,
    awarded: null,
    closed: true,
    budget: "120",
    lastPurchasePrice: null,
  });
  assert.deepEqual([closed.priced, closed.final, closed.vsFirst, closed.vsBudget], [
    true,
    null,
    null,
    null,
  ]);
});

Deno.test("budget and last purchase price: decimals in CNY, kept when an edit leaves them out", async () => {
  await using env = await testEnv();
  const input = { name: "Copper foil", kind: "material" as const, opiList: [{ itemName: "Foil" }] };
  for (const bad of ["12.345", "abc", "-5", "1e5"]) {
    await assert.rejects(() => createProject(env, admin, { ...input, budget: bad }), (e) => {
      assert.ok(e instanceof ZodError, String(e));
      assert.equal(e.issues[0].message, "projects.badCnyAmount");
      assert.deepEqual(e.issues[0].path, ["budget"]);
      return true;
    });
  }
  const p = await createProject(env, admin, {
    ...input,
    budget: "12000.50",
    lastPurchasePrice: 9800,
  });
  assert.deepEqual([p.budget, p.lastPurchasePrice], ["12000.5", "9800"]);
  const kept = await updateProject(env, admin, { ...input, id: p.id, name: "Copper foil 18um" });
  assert.deepEqual([kept.budget, kept.lastPurchasePrice], ["12000.5", "9800"]);
  const cleared = await updateProject(env, admin, { ...input, id: p.id, budget: "" });
  assert.deepEqual([cleared.budget, cleared.lastPurchasePrice], [null, "9800"]);
});
