// The weighted evaluation's arithmetic, pure: each criterion's points, the total and the rank of
// each supplier. Exact decimals throughout (shared/decimal.ts), each criterion's points rounded
// half away from zero to 2 places and the total their sum, so the total always adds up on paper.
//   non-price criterion: mean of the evaluators' scores (0–10) / 10 × weight
//   price:               lowest complete total / this total × weight (0 without a complete total)
import { add, cmp, type Dec, dec, div, mul, toFixed, ZERO } from "../shared/decimal.ts";
import { WEIGHT_TOTAL } from "./schemas.ts";

const POINT_PLACES = 2;

export type Criterion = { id: number; name: string; weight: number; isPrice: boolean };
export type Candidate = { id: number; total: string | null };
export type Score = { evaluatorId: number; supplierId: number; criterionId: number; score: number };

type CriterionPoints = {
  criterionId: number;
  /** The mean score (non-price, 2 places) or null (price, or nobody scored). */
  mean: string | null;
  points: string;
};

export type WeightedRow = {
  supplierId: number;
  criteria: CriterionPoints[];
  total: string;
  /** 1 is best; equal totals share a rank (1, 1, 3). */
  rank: number;
  /** Price criterion without a complete total: no price points. */
  priceMissing: boolean;
};

/** The field-level problem of a set of criteria, or null: weights add up to 100, one price at most. */
export function criteriaProblem(criteria: { weight: number; isPrice?: boolean }[]): string | null {
  if (!criteria.length) return "evaluation.noCriteria";
  if (criteria.reduce((s, c) => s + c.weight, 0) !== WEIGHT_TOTAL) {
    return "evaluation.weightsNot100";
  }
  if (criteria.filter((c) => c.isPrice).length > 1) return "evaluation.onePrice";
  if (criteria.every((c) => c.isPrice)) return "evaluation.nothingToScore";
  return null;
}

const ranked = (totals: Dec[]) => totals.map((t) => 1 + totals.filter((o) => cmp(o, t) > 0).length);

/** Each candidate's points per criterion, total and rank. */
export function weightedResult(
  criteria: Criterion[],
  candidates: Candidate[],
  scores: Score[],
): WeightedRow[] {
  const complete = candidates.flatMap((
    c,
  ) => (c.total !== null && cmp(dec(c.total), ZERO) > 0 ? [dec(c.total)] : []));
  const lowest = complete.reduce<Dec | null>((m, t) => (m === null || cmp(t, m) < 0 ? t : m), null);
  const rows = candidates.map((c) => {
    let total = ZERO;
    let priceMissing = false;
    const points = criteria.map((k): CriterionPoints => {
      const weight = dec(k.weight);
      if (k.isPrice) {
        const own = c.total === null ? null : dec(c.total);
        if (!own || !lowest || cmp(own, ZERO) <= 0) {
          priceMissing = true;
          return { criterionId: k.id, mean: null, points: toFixed(ZERO, POINT_PLACES) };
        }
        const p = div(mul(lowest, weight), own, POINT_PLACES);
        total = add(total, p);
        return { criterionId: k.id, mean: null, points: toFixed(p, POINT_PLACES) };
      }
      const given = scores.filter((s) => s.supplierId === c.id && s.criterionId === k.id);
      if (!given.length) {
        return { criterionId: k.id, mean: null, points: toFixed(ZERO, POINT_PLACES) };
      }
      const sum = dec(given.reduce((s, g) => s + g.score, 0));
      const p = div(mul(sum, weight), dec(given.length * 10), POINT_PLACES);
      total = add(total, p);
      return {
        criterionId: k.id,
        mean: toFixed(div(sum, dec(given.length), POINT_PLACES), POINT_PLACES),
        points: toFixed(p, POINT_PLACES),
      };
    });
    return { supplierId: c.id, criteria: points, total, priceMissing };
  });
  const ranks = ranked(rows.map((r) => r.total));
  return rows.map((r, i) => ({
    supplierId: r.supplierId,
    criteria: r.criteria,
    total: toFixed(r.total, POINT_PLACES),
    rank: ranks[i],
    priceMissing: r.priceMissing,
  })).sort((a, b) => a.rank - b.rank || a.supplierId - b.supplierId);
}
