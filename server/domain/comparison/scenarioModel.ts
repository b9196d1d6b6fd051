// Award scenarios as a mixed-integer program, solved by HiGHS (compiled to WebAssembly, loaded
// once). Pure apart from the solver: the input is a cost table (a unit cost per line and supplier,
// and each line's quantity), so the price view and the total-cost view solve alike. Variables:
// x[l,s] the share of line l given to supplier s (0..1, each line's shares add up to 1), use[s] a
// binary (x[l,s] <= use[s]), and per second-source rule on a line a binary per supplier that takes a
// part of it. Which rules bind and which one cannot be met are found by leaving each rule out in
// turn and solving again.
import highsLoader, { type Highs, type ModelData } from "highs";
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

/** A second source: for one line (itemId) or the whole project (itemId null). */
type SecondSource = {
  itemId: number | null;
  /** Each supplier taking part gets at least this percentage (above 0, at most 50). */
  minPercent: number;
  /** Of the quantity, or of the value (cost). */
  basis: "quantity" | "value";
};

export type ScenarioRules = {
  /** At most this many suppliers in all (1: the lowest single supplier); null: no limit. */
  maxSuppliers: number | null;
  excluded: number[];
  /** Each gets at least the equal of one whole line (a line, or shares adding up to one). */
  required: number[];
  secondSources: SecondSource[];
};

/** One rule of a scenario, as named in answers ("which rule binds", "which rule cannot be met"). */
export type RuleRef =
  | { kind: "maxSuppliers" }
  | { kind: "excluded"; supplierId: number }
  | { kind: "required"; supplierId: number }
  | { kind: "secondSource"; itemId: number | null };

/**
 * What a scenario minimises: per line its quantity and, per supplier (in the order of
 * `supplierIds`), the cost of one unit as an exact decimal, null where the supplier cannot supply it.
 */
export type CostTable = {
  supplierIds: number[];
  lines: { itemId: number; quantity: string; unitCost: (string | null)[] }[];
};

type SolvedLine = {
  itemId: number;
  /** Each supplier taking part: its quantity (exact decimal) and share of the line in percent. */
  parts: { supplierId: number; quantity: string; percent: string; amount: string }[];
};

type Solved = {
  feasible: true;
  total: string;
  lines: SolvedLine[];
  /** The suppliers used, in table order. */
  supplierIds: number[];
  /** The solver's objective (for comparing scenarios; the total is the exact figure). */
  objective: number;
  /** Stopped at the time limit: the most this answer may be above the optimum, in percent. */
  gapPercent: string | null;
};
type Outcome = Solved | { feasible: false; timedOut?: boolean };

const PLACES = 2;
const QTY_PLACES = 4;

let solver: Promise<Highs> | null = null;
// The package's types declare an ES default export; as CommonJS its module is the loader itself.
const highs = () => solver ??= (highsLoader as unknown as () => Promise<Highs>)();

/** Every rule of a scenario, each once. */
function rulesOf(r: ScenarioRules): RuleRef[] {
  return [
    ...(r.maxSuppliers !== null ? [{ kind: "maxSuppliers" as const }] : []),
    ...r.excluded.map((supplierId) => ({ kind: "excluded" as const, supplierId })),
    ...r.required.map((supplierId) => ({ kind: "required" as const, supplierId })),
    ...r.secondSources.map((s) => ({ kind: "secondSource" as const, itemId: s.itemId })),
  ];
}

/** The rules without one of them. */
function without(r: ScenarioRules, rule: RuleRef): ScenarioRules {
  switch (rule.kind) {
    case "maxSuppliers":
      return { ...r, maxSuppliers: null };
    case "excluded":
      return { ...r, excluded: r.excluded.filter((id) => id !== rule.supplierId) };
    case "required":
      return { ...r, required: r.required.filter((id) => id !== rule.supplierId) };
    case "secondSource":
      return { ...r, secondSources: r.secondSources.filter((s) => s.itemId !== rule.itemId) };
  }
}

/** A model as columns and rows, handed to the solver as sparse arrays (no text to parse). */
class Builder {
  cost: number[] = [];
  lower: number[] = [];
  upper: number[] = [];
  binary: number[] = [];
  starts = [0];
  indices: number[] = [];
  values: number[] = [];
  rowLower: number[] = [];
  rowUpper: number[] = [];

  col(cost: number, lower = 0, upper = 1, binary = false): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    this.binary.push(binary ? 1 : 0);
    return this.cost.length - 1;
  }

  row(terms: [number, number][], lower: number, upper: number) {
    for (const [c, v] of terms) {
      if (c === 0) continue;
      this.indices.push(v);
      this.values.push(c);
    }
    this.starts.push(this.indices.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
  }

  data(inf: number): ModelData {
    const clip = (xs: number[]) =>
      xs.map((v) => (v === Infinity ? inf : v === -Infinity ? -inf : v));
    return {
      numCols: this.cost.length,
      numRows: this.rowLower.length,
      colCost: this.cost,
      colLower: this.lower,
      colUpper: this.upper,
      rowLower: clip(this.rowLower),
      rowUpper: clip(this.rowUpper),
      matrix: {
        format: "csr",
        numRows: this.rowLower.length,
        numCols: this.cost.length,
        starts: Int32Array.from(this.starts),
        indices: Int32Array.from(this.indices),
        values: Float64Array.from(this.values),
      },
      integrality: Int32Array.from(this.binary),
    };
  }
}

type Model = { build: Builder; x: (l: number, s: number) => number | undefined };

/** The program of a scenario, or null when a rule is plainly impossible (nothing to solve). */
function buildModel(t: CostTable, r: ScenarioRules): Model | null {
  const S = t.supplierIds.length;
  const excluded = new Set(r.excluded);
  const allowed = (l: number, s: number) =>
    t.lines[l].unitCost[s] !== null && !excluded.has(t.supplierIds[s]);
  const cost = t.lines.map((line) => {
    const q = Number(line.quantity);
    return line.unitCost.map((c) => (c === null ? 0 : Number(c) * q));
  });
  const b = new Builder();
  const required = new Set(r.required);
  const u = t.supplierIds.map((id) =>
    b.col(0, required.has(id) ? 1 : 0, excluded.has(id) ? 0 : 1, true)
  );
  const xs = t.lines.map((_, l) =>
    t.supplierIds.map((_, s) => (allowed(l, s) ? b.col(cost[l][s]) : -1))
  );
  const x = (l: number, s: number) => (xs[l][s] >= 0 ? xs[l][s] : undefined);
  const on = (l: number) => [...Array(S).keys()].filter((s) => allowed(l, s));
  for (let l = 0; l < t.lines.length; l++) {
    const suppliers = on(l);
    if (!suppliers.length) return null;
    for (const s of suppliers) b.row([[1, xs[l][s]], [-1, u[s]]], -Infinity, 0);
    b.row(suppliers.map((s) => [1, xs[l][s]]), 1, 1);
  }
  if (r.maxSuppliers !== null) b.row(u.map((v) => [1, v]), -Infinity, r.maxSuppliers);
  for (const id of r.required) {
    const s = t.supplierIds.indexOf(id);
    if (s < 0 || excluded.has(id)) return null;
    const lines = t.lines.map((_, l) => l).filter((l) => allowed(l, s));
    if (!lines.length) return null;
    b.row(lines.map((l) => [1, xs[l][s]]), 1, Infinity);
  }
  for (const rule of r.secondSources) {
    const share = rule.minPercent / 100;
    if (rule.itemId === null) {
      // Each supplier used has at least `share` of the whole; at least two are used.
      b.row(u.map((v) => [1, v]), 2, Infinity);
      b.row(u.map((v) => [1, v]), -Infinity, Math.floor(1 / share + 1e-9));
      const qty = t.lines.map((line) => Number(line.quantity));
      const allQty = qty.reduce((a, c) => a + c, 0);
      const big = share * cost.reduce((a, c) => a + Math.max(...c), 0);
      for (let s = 0; s < S; s++) {
        if (excluded.has(t.supplierIds[s])) continue;
        if (rule.basis === "quantity") {
          const mine = t.lines.map((_, l) => l).filter((l) => allowed(l, s))
            .map((l): [number, number] => [qty[l], xs[l][s]]);
          b.row([...mine, [-share * allQty, u[s]]], 0, Infinity);
        } else {
          const terms: [number, number][] = [];
          for (let l = 0; l < t.lines.length; l++) {
            for (const o of on(l)) {
              terms.push([(o === s ? cost[l][o] : 0) - share * cost[l][o], xs[l][o]]);
            }
          }
          b.row([...terms, [-big, u[s]]], -big, Infinity);
        }
      }
    } else {
      const l = t.lines.findIndex((line) => line.itemId === rule.itemId);
      if (l < 0) return null;
      const suppliers = on(l);
      if (suppliers.length < 2) return null;
      const big = share * Math.max(...suppliers.map((s) => cost[l][s]));
      const z = suppliers.map(() => b.col(0, 0, 1, true));
      suppliers.forEach((s, i) => {
        b.row([[1, xs[l][s]], [-1, z[i]]], -Infinity, 0);
        if (rule.basis === "quantity") b.row([[1, xs[l][s]], [-share, z[i]]], 0, Infinity);
        else {
          const terms = suppliers.map((o): [number, number] => [
            (o === s ? cost[l][s] : 0) - share * cost[l][o],
            xs[l][o],
          ]);
          b.row([...terms, [-big, z[i]]], -big, Infinity);
        }
      });
      b.row(z.map((v) => [1, v]), 2, Infinity);
    }
  }
  return { build: b, x };
}

/** Whether a rule ties lines together (else each line can be solved on its own). */
const couples = (r: ScenarioRules) =>
  r.maxSuppliers !== null || r.required.length > 0 ||
  r.secondSources.some((s) => s.itemId === null);

/**
 * A solve stops after this many seconds: the best answer found by then is given with how far from
 * the optimum it may be (its gap); without one, the scenario is "not solved", never "impossible".
 */
const TIME_LIMIT_S = 5;
/** Large models stop within 0.01 % of the optimum (their gap is then told); small ones at it. */
const LARGE = 2000;
const options = (cols: number) => ({
  output_flag: false,
  mip_rel_gap: cols > LARGE ? 1e-4 : 1e-6,
  time_limit: TIME_LIMIT_S,
});

/** Solves the scenario (the cost table under the rules). */
export async function solveTable(t: CostTable, r: ScenarioRules): Promise<Outcome> {
  if (!t.lines.length) {
    return {
      feasible: true,
      total: "0.00",
      lines: [],
      supplierIds: [],
      objective: 0,
      gapPercent: null,
    };
  }
  // Without a rule across lines, a line without a rule of its own goes to its lowest supplier:
  // only the lines with a rule are left to the solver.
  const ruled = new Set(r.secondSources.map((s) => s.itemId));
  const free = couples(r)
    ? []
    : t.lines.map((_, l) => l).filter((l) => !ruled.has(t.lines[l].itemId));
  const inModel = t.lines.map((_, l) => l).filter((l) => !free.includes(l));
  const shares = t.lines.map(() => t.supplierIds.map(() => 0));
  let objective = 0;
  let gap: number | null = null;
  for (const l of free) {
    let best = -1;
    t.lines[l].unitCost.forEach((c, s) => {
      if (c === null || r.excluded.includes(t.supplierIds[s])) return;
      if (best < 0 || cmp(dec(c), dec(t.lines[l].unitCost[best]!)) < 0) best = s;
    });
    if (best < 0) return { feasible: false };
    shares[l][best] = 1;
    objective += Number(t.lines[l].unitCost[best]) * Number(t.lines[l].quantity);
  }
  if (inModel.length) {
    const part = { ...t, lines: inModel.map((l) => t.lines[l]) };
    const model = buildModel(part, r);
    if (!model) return { feasible: false };
    const h = await highs();
    const m = h.createModel(model.build.data(h.infinity));
    try {
      m.options.set(options(model.build.cost.length));
      m.run();
      const status = m.getModelStatus();
      const found = Number(m.info.get("primal_solution_status")) === 2;
      if (status === h.constants.modelStatus.timeLimit && !found) {
        return { feasible: false, timedOut: true };
      }
      if (
        status !== h.constants.modelStatus.timeLimit && status !== h.constants.modelStatus.optimal
      ) {
        return { feasible: false };
      }
      const mipGap = Number(m.info.get("mip_gap"));
      if (mipGap > 1e-6) gap = mipGap;
      const values = m.getSolution().colValue;
      inModel.forEach((l, i) => {
        t.supplierIds.forEach((_, s) => {
          const col = model.x(i, s);
          if (col !== undefined) shares[l][s] = values[col];
        });
      });
      objective += m.getObjectiveValue();
    } finally {
      m.dispose();
    }
  }
  const share = (l: number, s: number) => shares[l][s];
  let total: Dec = ZERO;
  const used = new Set<number>();
  const lines = t.lines.map((line, l) => {
    const q = dec(line.quantity);
    const shares = line.unitCost.map((_, s) => ({ s, v: share(l, s) }))
      .filter((p) => p.v > 1e-6).sort((a, b) => b.v - a.v);
    // Quantities rounded; the largest part takes what the others leave, so they add up exactly.
    const rest = shares.slice(1).map((p) => ({
      s: p.s,
      qty: dec(toFixed(mul(q, dec(p.v.toFixed(9))), QTY_PLACES)),
    }));
    const first = { s: shares[0].s, qty: rest.reduce((a, p) => sub(a, p.qty), q) };
    const parts = [first, ...rest].map((p) => {
      const amount = mul(dec(line.unitCost[p.s]!), p.qty);
      total = add(total, amount);
      used.add(p.s);
      return {
        supplierId: t.supplierIds[p.s],
        quantity: toFixed(p.qty, QTY_PLACES),
        percent: isZero(q) ? "100.00" : toFixed(div(mul(p.qty, dec(100)), q, PLACES), PLACES),
        amount: toFixed(amount, PLACES),
      };
    });
    return { itemId: line.itemId, parts };
  });
  return {
    feasible: true,
    total: toFixed(total, PLACES),
    lines,
    supplierIds: t.supplierIds.filter((_, s) => used.has(s)),
    objective,
    gapPercent: gap === null ? null : (gap * 100).toFixed(2),
  };
}

/** The lowest cost with no rule at all: each line wholly to its lowest supplier. */
export function unconstrainedTotal(t: CostTable): string {
  let total = ZERO;
  for (const line of t.lines) {
    const least = line.unitCost.filter((c): c is string => c !== null).map(dec)
      .reduce<Dec | null>((m, c) => (m === null || cmp(c, m) < 0 ? c : m), null);
    if (least) total = add(total, mul(least, dec(line.quantity)));
  }
  return toFixed(total, PLACES);
}

export type Evaluation =
  | Solved & { binding: RuleRef[] }
  | {
    feasible: false;
    /** The rules each of which, left out, makes it possible; empty when only several together do. */
    blocking: RuleRef[];
    /** The solver ran out of time: not known to be impossible. */
    timedOut: boolean;
  };

/**
 * Solves a scenario and tells which rules bind (leaving one out lowers the total) or, when it is
 * impossible, which rule cannot be met (leaving it out makes it possible).
 */
export async function evaluate(t: CostTable, r: ScenarioRules): Promise<Evaluation> {
  const solved = await solveTable(t, r);
  const rules = rulesOf(r);
  if (!solved.feasible) {
    if (solved.timedOut) return { feasible: false, blocking: [], timedOut: true };
    const blocking: RuleRef[] = [];
    for (const rule of rules) {
      if ((await solveTable(t, without(r, rule))).feasible) blocking.push(rule);
    }
    return { feasible: false, blocking, timedOut: false };
  }
  const binding: RuleRef[] = [];
  // An answer stopped at the time limit is not the optimum: leaving rules out would tell nothing.
  if (solved.gapPercent !== null) return { ...solved, binding };
  for (const rule of rules) {
    const relaxed = await solveTable(t, without(r, rule));
    const lower = relaxed.feasible &&
      solved.objective - relaxed.objective > 1e-6 * Math.max(1, solved.objective);
    if (lower) binding.push(rule);
  }
  return { ...solved, binding };
}
