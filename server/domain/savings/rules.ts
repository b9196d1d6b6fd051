// The savings of a project and of a set of projects, pure: from each supplier's offers (totals in
// CNY before tax, from whatever round sources there are), the awarded total and the buyer's
// baselines, the first quote, the best quote, the final figure and the savings against the first
// quote, the budget and the last purchase price. The definitions are in docs/decisions.md.
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

const AMOUNT_PLACES = 2;
const PERCENT_PLACES = 2;

/**
 * One supplier's total in one round, in CNY before tax (null: the round's quote is not fully
 * priced). Rounds order the offers: 0 is the first quote, 1 and 2 the optimisation rounds; a later
 * source (an auction's final bids) takes a higher number. `source` names where it came from.
 */
export type Offer = { supplierId: number; round: number; source: string; total: string | null };

export type SavingsInput = {
  offers: Offer[];
  /** The project has an award in force, and its total in CNY (null when not fully priced). */
  hasAward: boolean;
  awarded: string | null;
  /** Closed: without an award nothing was bought, so there is no final figure. */
  closed: boolean;
  budget: string | null;
  lastPurchasePrice: string | null;
};

/** A saving: baseline − final figure, and that as a percentage of the baseline. */
export type Saving = { amount: string; percent: string | null };

/** awarded: the final figure is the awarded total; best: not awarded yet, the best quote stands. */
type Basis = "awarded" | "best";

export type ProjectFigures = {
  /** noPrices: no priced total at all ("no priced quotes"). */
  priced: boolean;
  /** The lowest first-round total among the suppliers. */
  first: string | null;
  /** The lowest of each supplier's latest total, and the round (and source) it came from. */
  best: string | null;
  bestRound: number | null;
  bestSource: string | null;
  awarded: string | null;
  final: string | null;
  basis: Basis | null;
  budget: string | null;
  lastPurchasePrice: string | null;
  vsFirst: Saving | null;
  vsBudget: Saving | null;
  vsLastPrice: Saving | null;
};

const money = (d: Dec) => toFixed(d, AMOUNT_PLACES);

function percentOf(part: Dec, whole: Dec): string | null {
  return isZero(whole)
    ? null
    : toFixed(div(mul(part, dec(100)), whole, PERCENT_PLACES), PERCENT_PLACES);
}

function saving(base: string | null, final: string | null): Saving | null {
  if (base === null || final === null) return null;
  const amount = sub(dec(base), dec(final));
  return { amount: money(amount), percent: percentOf(amount, dec(base)) };
}

const lowest = <T extends { total: string | null }>(list: T[]): T | null =>
  list.filter((o) => o.total !== null)
    .reduce<T | null>((m, o) => (!m || cmp(dec(o.total!), dec(m.total!)) < 0 ? o : m), null);

/** Each supplier's latest offer: its highest round (at the same round, the later one given). */
function latestOffers(offers: Offer[]): Offer[] {
  const latest = new Map<number, Offer>();
  for (const o of offers) {
    const l = latest.get(o.supplierId);
    if (!l || o.round >= l.round) latest.set(o.supplierId, o);
  }
  return [...latest.values()];
}

/** The figures of one project. */
export function projectFigures(input: SavingsInput): ProjectFigures {
  const first = lowest(input.offers.filter((o) => o.round === 0));
  const best = lowest(latestOffers(input.offers));
  const awarded = input.hasAward ? input.awarded : null;
  const basis: Basis | null = input.hasAward
    ? (awarded === null ? null : "awarded")
    : !input.closed && best
    ? "best"
    : null;
  const final = basis === "awarded" ? awarded : basis === "best" ? best!.total : null;
  return {
    priced: !!(first || best || awarded !== null),
    first: first ? money(dec(first.total!)) : null,
    best: best ? money(dec(best.total!)) : null,
    bestRound: best?.round ?? null,
    bestSource: best?.source ?? null,
    awarded: awarded === null ? null : money(dec(awarded)),
    final: final === null ? null : money(dec(final)),
    basis,
    budget: input.budget,
    lastPurchasePrice: input.lastPurchasePrice,
    vsFirst: saving(first?.total ?? null, final),
    vsBudget: saving(input.budget, final),
    vsLastPrice: saving(input.lastPurchasePrice, final),
  };
}

/** A saving summed over the projects that have it: baselines, final figures, amount and %. */
export type SavingSum = {
  projects: number;
  base: string;
  final: string;
  amount: string;
  percent: string | null;
};

/**
 * Projects rolled up (a category, a month, all): counts, sums and the savings' sums. Like is
 * compared with like: the sums cover the awarded projects only (a project not awarded yet, on its
 * best quote, is in no sum), so the first quotes summed are those of the awarded totals summed.
 */
export type RollUp = {
  projects: number;
  /** Projects with some priced total. */
  priced: number;
  /** The awarded projects with a first quote: those `first`, `best` and `awarded` sum. */
  awardedProjects: number;
  /** Sums over those projects (null when there is none). */
  first: string | null;
  best: string | null;
  awarded: string | null;
  vsFirst: SavingSum | null;
  vsBudget: SavingSum | null;
  vsLastPrice: SavingSum | null;
};

function sumSaving(
  figures: ProjectFigures[],
  base: (f: ProjectFigures) => string | null,
  of: (f: ProjectFigures) => Saving | null,
): SavingSum | null {
  const counted = figures.filter((f) => of(f) !== null);
  if (!counted.length) return null;
  let b = ZERO;
  let fin = ZERO;
  for (const f of counted) {
    b = add(b, dec(base(f)!));
    fin = add(fin, dec(f.final!));
  }
  const amount = sub(b, fin);
  return {
    projects: counted.length,
    base: money(b),
    final: money(fin),
    amount: money(amount),
    percent: percentOf(amount, b),
  };
}

/** The sum of the values given, or null when none is. */
function sumOf(values: (string | null)[]): string | null {
  const given = values.filter((v) => v !== null);
  return given.length ? money(given.reduce<Dec>((s, v) => add(s, dec(v!)), ZERO)) : null;
}

/**
 * The roll-up of projects (sealed ones are left out by the caller), over the awarded ones only:
 * the first quote, best quote and awarded total are summed over the awarded projects with a first
 * quote, each saving over the awarded projects that have it, and its percentage is of the summed
 * baselines.
 */
export function rollUp(figures: ProjectFigures[], projects = figures.length): RollUp {
  const awarded = figures.filter((f) => f.basis === "awarded");
  const compared = awarded.filter((f) => f.first !== null);
  return {
    projects,
    priced: figures.filter((f) => f.priced).length,
    awardedProjects: compared.length,
    first: sumOf(compared.map((f) => f.first)),
    best: sumOf(compared.map((f) => f.best)),
    awarded: sumOf(compared.map((f) => f.awarded)),
    vsFirst: sumSaving(awarded, (f) => f.first, (f) => f.vsFirst),
    vsBudget: sumSaving(awarded, (f) => f.budget, (f) => f.vsBudget),
    vsLastPrice: sumSaving(awarded, (f) => f.lastPurchasePrice, (f) => f.vsLastPrice),
  };
}
