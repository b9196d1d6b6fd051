// Award scenarios: the mixed-integer program's answers against brute force over every way to share
// small projects' lines in quarters, and the rules that bind or cannot be met.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type CostTable,
  evaluate,
  type ScenarioRules,
  solveTable,
} from "../../server/domain/comparison/scenarioModel.ts";
import { evaluated } from "../../server/domain/comparison/scenarios.ts";

const NONE: ScenarioRules = { maxSuppliers: null, excluded: [], required: [], secondSources: [] };
const GRID = 4;
/** Quantities are rounded to 4 decimals: shares of value meet their minimum within this. */
const TOL = 1e-3;

/** Whether shares (line × supplier, in 1/GRID) meet every rule; independent of the model. */
function meets(t: CostTable, r: ScenarioRules, x: number[][]): boolean {
  const S = t.supplierIds.length;
  const cost = (l: number, s: number) =>
    Number(t.lines[l].unitCost[s]) * Number(t.lines[l].quantity);
  const eps = 1e-6;
  for (let l = 0; l < t.lines.length; l++) {
    if (Math.abs(x[l].reduce((a, b) => a + b, 0) - 1) > eps) return false;
    for (let s = 0; s < S; s++) {
      if (
        x[l][s] > eps && (t.lines[l].unitCost[s] === null || r.excluded.includes(t.supplierIds[s]))
      ) {
        return false;
      }
    }
  }
  const used = [...Array(S).keys()].filter((s) => x.some((row) => row[s] > eps));
  if (r.maxSuppliers !== null && used.length > r.maxSuppliers) return false;
  for (const id of r.required) {
    const s = t.supplierIds.indexOf(id);
    if (x.reduce((a, row) => a + row[s], 0) < 1 - eps) return false;
  }
  for (const rule of r.secondSources) {
    const k = rule.minPercent / 100;
    if (rule.itemId === null) {
      if (used.length < 2) return false;
      const measure = (l: number, s: number) =>
        rule.basis === "quantity" ? Number(t.lines[l].quantity) * x[l][s] : cost(l, s) * x[l][s];
      const whole = t.lines.reduce(
        (a, _, l) => a + x[l].reduce((b, _, s) => b + measure(l, s), 0),
        0,
      );
      for (const s of used) {
        if (t.lines.reduce((a, _, l) => a + measure(l, s), 0) < k * whole * (1 - TOL)) return false;
      }
    } else {
      const l = t.lines.findIndex((line) => line.itemId === rule.itemId);
      const parts = [...Array(S).keys()].filter((s) => x[l][s] > eps);
      if (parts.length < 2) return false;
      const whole = parts.reduce((a, s) => a + cost(l, s) * x[l][s], 0);
      for (const s of parts) {
        if (rule.basis === "quantity" && x[l][s] < k - eps) return false;
        if (rule.basis === "value" && cost(l, s) * x[l][s] < k * whole * (1 - TOL)) return false;
      }
    }
  }
  return true;
}

/** Every way to split `left` quarters among `n` suppliers. */
const splitsOf = (n: number, left = GRID): number[][] =>
  n === 1
    ? [[left]]
    : [...Array(left + 1).keys()].flatMap((k) => splitsOf(n - 1, left - k).map((r) => [k, ...r]));

/** The least cost over every share in quarters that meets the rules, or null. */
function bruteForce(t: CostTable, r: ScenarioRules): number | null {
  const S = t.supplierIds.length;
  const options = splitsOf(S).map((r) => r.map((v) => v / GRID));
  let best: number | null = null;
  const x: number[][] = [];
  const walk = (l: number) => {
    if (l === t.lines.length) {
      if (!meets(t, r, x)) return;
      const c = x.reduce(
        (a, row, i) =>
          a + row.reduce((b, v, s) => b + (v ? v * Number(t.lines[i].unitCost[s]) : 0), 0) *
            Number(t.lines[i].quantity),
        0,
      );
      if (best === null || c < best) best = c;
      return;
    }
    for (const o of options) {
      if (o.some((v, s) => v > 0 && t.lines[l].unitCost[s] === null)) continue;
      x[l] = o;
      walk(l + 1);
    }
  };
  walk(0);
  return best;
}

const table = fc.integer({ min: 2, max: 3 }).chain((S) =>
  fc.record({
    supplierIds: fc.constant([...Array(S).keys()].map((i) => 11 + i)),
    lines: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 5 }).map(String),
        unitCost: fc.array(
          fc.option(fc.integer({ min: 1, max: 30 }).map(String), { freq: 5, nil: null }),
          { minLength: S, maxLength: S },
        ),
      }),
      { minLength: 1, maxLength: 3 },
    ).map((ls) => ls.map((l, i) => ({ itemId: 101 + i, ...l }))),
  })
);

const rules = (exactOnly: boolean) =>
  fc.record({
    maxSuppliers: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    excluded: fc.subarray([11, 12, 13], { maxLength: 1 }),
    required: fc.subarray([11, 12, 13], { maxLength: 1 }),
    secondSources: fc.option(
      fc.record({
        itemId: exactOnly ? fc.constantFrom(101, 102) : fc.constantFrom(101, 102, null),
        minPercent: fc.constantFrom(25, 50),
        basis: exactOnly ? fc.constant("quantity" as const) : fc.constantFrom(
          "quantity" as const,
          "value" as const,
        ),
      }),
      { nil: null },
    ).map((s) => (s ? [s] : [])),
  }).filter((r) => !r.required.some((id) => r.excluded.includes(id)));

const usable = (t: CostTable, r: ScenarioRules) =>
  r.secondSources.every((s) => s.itemId === null || t.lines.some((l) => l.itemId === s.itemId)) &&
  r.required.every((id) => t.supplierIds.includes(id)) &&
  r.excluded.every((id) => t.supplierIds.includes(id));

/** Shares of a solved scenario, line × supplier. */
function sharesOf(t: CostTable, solved: Awaited<ReturnType<typeof solveTable>>): number[][] {
  assert.ok(solved.feasible);
  return t.lines.map((line, l) =>
    t.supplierIds.map((id) => {
      const p = solved.lines[l].parts.find((x) => x.supplierId === id);
      return p ? Number(p.quantity) / Number(line.quantity) : 0;
    })
  );
}

Deno.test("scenarios: where shares in quarters are exact, the solver's total is brute force's least", async () => {
  await fc.assert(
    fc.asyncProperty(table, rules(true), async (t, r) => {
      fc.pre(usable(t, r));
      const solved = await solveTable(t, r);
      const brute = bruteForce(t, r);
      assert.equal(solved.feasible, brute !== null, JSON.stringify({ t, r }));
      if (!solved.feasible) return;
      assert.ok(meets(t, r, sharesOf(t, solved)), JSON.stringify({ t, r, solved }));
      assert.ok(
        Math.abs(Number(solved.total) - brute!) < 0.011,
        JSON.stringify({ t, r, solved, brute }),
      );
    }),
    { numRuns: 150, seed: 32 },
  );
});

Deno.test("scenarios: with every rule, the answer meets them and is no dearer than brute force's best", async () => {
  await fc.assert(
    fc.asyncProperty(table, rules(false), async (t, r) => {
      fc.pre(usable(t, r));
      const solved = await solveTable(t, r);
      const brute = bruteForce(t, r);
      if (brute !== null) assert.ok(solved.feasible, JSON.stringify({ t, r }));
      if (!solved.feasible) return;
      assert.ok(meets(t, r, sharesOf(t, solved)), JSON.stringify({ t, r, solved }));
      if (brute !== null) assert.ok(Number(solved.total) <= brute + 0.011);
    }),
    { numRuns: 150, seed: 33 },
  );
});

const three: CostTable = {
  supplierIds: [1, 2, 3],
  lines: [
    { itemId: 10, quantity: "100", unitCost: ["1.00", "2.00", "3.00"] },
    { itemId: 20, quantity: "100", unitCost: ["5.00", "2.00", "4.00"] },
    { itemId: 30, quantity: "10", unitCost: ["9.00", null, "1.00"] },
  ],
};

Deno.test("scenarios: lowest per line, at most one supplier, required and excluded suppliers", async () => {
  const free = await evaluate(three, NONE);
  assert.ok(free.feasible);
  assert.equal(free.total, "310.00");
  assert.deepEqual(free.lines.map((l) => l.parts[0].supplierId), [1, 2, 3]);
  assert.deepEqual(free.binding, []);

  const single = await evaluate(three, { ...NONE, maxSuppliers: 1 });
  assert.ok(single.feasible);
  assert.equal(single.total, "690.00"); // supplier 3: 300 + 400 + 10; supplier 1: 100 + 500 + 90
  assert.deepEqual(single.supplierIds, [1]);
  assert.deepEqual(single.binding, [{ kind: "maxSuppliers" }]);

  const noOne = await evaluate(three, { ...NONE, excluded: [1], required: [3] });
  assert.ok(noOne.feasible);
  assert.equal(noOne.total, "410.00");
  assert.deepEqual(noOne.binding, [{ kind: "excluded", supplierId: 1 }]);
});

Deno.test("scenarios: a second source with 30 % of a line's quantity splits it by quantity", async () => {
  const r = await evaluate(three, {
    ...NONE,
    secondSources: [{ itemId: 10, minPercent: 30, basis: "quantity" }],
  });
  assert.ok(r.feasible);
  assert.deepEqual(r.lines[0].parts, [
    { supplierId: 1, quantity: "70.0000", percent: "70.00", amount: "70.00" },
    { supplierId: 2, quantity: "30.0000", percent: "30.00", amount: "60.00" },
  ]);
  assert.equal(r.total, "340.00");
  assert.deepEqual(r.binding, [{ kind: "secondSource", itemId: 10 }]);
});

Deno.test("scenarios: an impossible scenario names the rule that cannot be met", async () => {
  // Supplier 2 has not priced line 30; only 1 or 3 alone could take everything, both excluded.
  const r = await evaluate(three, { ...NONE, maxSuppliers: 1, excluded: [1, 3] });
  assert.equal(r.feasible, false);
  assert.deepEqual(!r.feasible && r.blocking, [
    { kind: "excluded", supplierId: 1 },
    { kind: "excluded", supplierId: 3 },
  ]);
  const line = await evaluate(three, {
    ...NONE,
    secondSources: [{ itemId: 30, minPercent: 20, basis: "quantity" }],
    excluded: [3],
  });
  assert.equal(line.feasible, false);
  assert.deepEqual(!line.feasible && line.blocking, [
    { kind: "excluded", supplierId: 3 },
    { kind: "secondSource", itemId: 30 },
  ]);
});

Deno.test("scenarios: a large scenario is solved in a worker, with the answer found here", async () => {
  let seed = 5;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const big: CostTable = {
    supplierIds: Array.from({ length: 25 }, (_, s) => s + 1),
    lines: Array.from({ length: 100 }, (_, l) => ({
      itemId: l + 1,
      quantity: String(1 + Math.floor(rnd() * 100)),
      unitCost: Array.from({ length: 25 }, () => (10 + rnd() * 90).toFixed(2)),
    })),
  };
  const rules: ScenarioRules = {
    ...NONE,
    excluded: [3],
    secondSources: [{ itemId: 1, minPercent: 30, basis: "quantity" }],
  };
  const here = await evaluate(big, rules);
  const there = await evaluated(big, rules);
  assert.ok(here.feasible && there.feasible);
  assert.equal(there.total, here.total);
  assert.deepEqual(there.lines, here.lines);
  assert.deepEqual(there.binding, here.binding);
  assert.ok(there.binding.some((r) => r.kind === "secondSource"));
});
