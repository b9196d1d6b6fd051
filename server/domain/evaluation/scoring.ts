// Scoring a weighted evaluation once quoting is over: each evaluator scores each quoting supplier on
// each non-price criterion (0–10 with a comment), keeps a draft, then submits (the scores are fixed
// from then on and written to the evaluation record). The project's person in charge signs the
// evaluation off once the whole team has submitted: the prices open (projects/rules.ts
// awaitsEvaluation) and the weighted result, price points included, is written to the record.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { evaluationScores, evaluationSubmissions, offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, forbidden } from "../errors.ts";
import { loadProject, type ProjectRow } from "../projects/access.ts";
import { matrixOf } from "../comparison/service.ts";
import {
  auditEvaluation,
  candidatesOf,
  criteriaOf,
  type Meta,
  quotingOver,
  roleIn,
  teamOf,
} from "./access.ts";
import { appendEvaluationEntry } from "./chain.ts";
import { weightedResult } from "./rules.ts";
import { saveScoresInput } from "./schemas.ts";

export const scoresOf = (db: DbOrTx, projectId: number) =>
  db.select().from(evaluationScores).where(eq(evaluationScores.projectId, projectId));

/** Refuses unless the actor is an evaluator who may still change its scores now. */
async function assertMayScore(deps: Deps, actor: Actor, projectId: number) {
  const role = await roleIn(deps.db, actor, projectId);
  if (!role.evaluator) throw forbidden("evaluation.notEvaluator");
  const p = role.project;
  if (!quotingOver(p, deps.clock.now())) throw conflict("evaluation.quotingOpen");
  if (p.evaluationSignedOffAt) throw conflict("evaluation.signedOff");
  const sent = await deps.db.query.evaluationSubmissions.findFirst({
    where: and(
      eq(evaluationSubmissions.projectId, p.id),
      eq(evaluationSubmissions.evaluatorId, actor.id),
    ),
  });
  if (sent) throw conflict("evaluation.alreadySubmitted");
  return p;
}

/** SaveEvaluationScores: an evaluator's draft scores (replacing its earlier ones). */
export async function saveScores(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof saveScoresInput>,
  meta: Meta = {},
) {
  const input = saveScoresInput.parse(raw);
  const p = await assertMayScore(deps, actor, input.offProId);
  const criteria = (await criteriaOf(deps.db, p.id)).filter((c) => !c.isPrice);
  const candidates = await candidatesOf(deps.db, p.id);
  input.scores.forEach((s, i) => {
    if (!candidates.some((c) => c.id === s.supplierId)) {
      throw fieldError(`scores.${i}.supplierId`, "evaluation.notCandidate", { id: s.supplierId });
    }
    if (!criteria.some((c) => c.id === s.criterionId)) {
      throw fieldError(`scores.${i}.criterionId`, "evaluation.notScored", { id: s.criterionId });
    }
  });
  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    for (const s of input.scores) {
      const row = {
        projectId: p.id,
        evaluatorId: actor.id,
        supplierId: s.supplierId,
        criterionId: s.criterionId,
        score: s.score,
        comment: s.comment || null,
        updatedAt: now,
      };
      await tx.insert(evaluationScores).values(row).onConflictDoUpdate({
        target: [
          evaluationScores.projectId,
          evaluationScores.evaluatorId,
          evaluationScores.supplierId,
          evaluationScores.criterionId,
        ],
        set: { score: row.score, comment: row.comment, updatedAt: now },
      });
    }
  });
  await auditEvaluation(deps, actor, "SaveScores", p.id, { scores: input.scores }, meta);
}

/**
 * SubmitEvaluationScores: every supplier scored on every non-price criterion, the evaluator's
 * scores are fixed and entered in the evaluation record; from then on it sees the others' scores.
 */
export async function submitScores(deps: Deps, actor: Actor, projectId: number, meta: Meta = {}) {
  const p = await assertMayScore(deps, actor, projectId);
  const criteria = (await criteriaOf(deps.db, p.id)).filter((c) => !c.isPrice);
  const candidates = await candidatesOf(deps.db, p.id);
  const now = deps.clock.now();
  const mine = await transaction(deps.db, async (tx) => {
    const scores = (await scoresOf(tx, p.id)).filter((s) => s.evaluatorId === actor.id);
    const missing = candidates.length * criteria.length -
      scores.filter((s) =>
        candidates.some((c) => c.id === s.supplierId) &&
        criteria.some((c) => c.id === s.criterionId)
      ).length;
    if (missing > 0) throw conflict("evaluation.incomplete", { missing });
    await tx.insert(evaluationSubmissions).values({
      projectId: p.id,
      evaluatorId: actor.id,
      submittedAt: now,
    });
    const data = scores
      .sort((a, b) => a.supplierId - b.supplierId || a.criterionId - b.criterionId)
      .map((s) => ({
        supplierId: s.supplierId,
        criterionId: s.criterionId,
        score: s.score,
        comment: s.comment,
      }));
    await appendEvaluationEntry(tx, {
      projectId: p.id,
      kind: "submitted",
      userId: actor.id,
      at: now.getTime(),
      data: { scores: data },
    });
    return data;
  });
  await auditEvaluation(deps, actor, "Submit", p.id, { scores: mine }, meta);
}

/** The weighted result of a project: the team's scores and the matrix's totals (price view). */
export async function weightedOf(db: DbOrTx, p: ProjectRow) {
  const criteria = await criteriaOf(db, p.id);
  const candidates = await candidatesOf(db, p.id);
  const hasPrice = criteria.some((c) => c.isPrice);
  const totals = hasPrice
    ? new Map((await matrixOf(db, p)).suppliers.map((s) => [s.id, s.total]))
    : new Map<number, string | null>();
  const submitted = new Set(
    (await teamOf(db, p.id)).filter((m) => m.submittedAt).map((m) => m.userId),
  );
  const scores = (await scoresOf(db, p.id)).filter((s) => submitted.has(s.evaluatorId));
  return weightedResult(
    criteria,
    candidates.map((c) => ({ id: c.id, total: totals.get(c.id) ?? null })),
    scores,
  ).map((r) => ({ ...r, code: candidates.find((c) => c.id === r.supplierId)!.code }));
}

/**
 * SignOffEvaluation: the project's person in charge, once every evaluator has submitted, signs the
 * technical evaluation off: the prices open, the weighted result is entered in the record.
 */
export async function signOff(deps: Deps, actor: Actor, projectId: number, meta: Meta = {}) {
  const role = await roleIn(deps.db, actor, projectId);
  if (!role.leader) throw forbidden("evaluation.notLeader");
  const now = deps.clock.now();
  const result = await transaction(deps.db, async (tx) => {
    const p = await loadProject(tx, projectId);
    if (p.evaluationSignedOffAt) throw conflict("evaluation.signedOff");
    if (!quotingOver(p, now)) throw conflict("evaluation.quotingOpen");
    const waiting = (await teamOf(tx, p.id)).filter((m) => !m.submittedAt);
    if (waiting.length) {
      throw conflict("evaluation.notAllSubmitted", {
        names: waiting.map((m) => m.name).join(", "),
      });
    }
    const rows = await weightedOf(tx, p);
    await tx.update(offerProjects).set({
      evaluationSignedOffAt: now,
      evaluationSignedOffBy: actor.id,
    }).where(eq(offerProjects.id, p.id));
    await appendEvaluationEntry(tx, {
      projectId: p.id,
      kind: "signedOff",
      userId: actor.id,
      at: now.getTime(),
      data: {
        result: rows.map((r) => ({
          supplierId: r.supplierId,
          total: r.total,
          rank: r.rank,
          criteria: r.criteria.map((c) => ({ criterionId: c.criterionId, points: c.points })),
        })),
      },
    });
    return rows;
  });
  await auditEvaluation(deps, actor, "SignOff", projectId, {
    result: result.map((r) => ({ supplierId: r.supplierId, total: r.total, rank: r.rank })),
  }, meta);
}
