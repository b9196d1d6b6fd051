// What the evaluation page shows each person: the criteria, the team and who has submitted, the
// suppliers' answers (once quoting is over), the reader's own scores, the others' submitted scores
// only once the reader has submitted (or, outside the team, once everyone has), and the weighted
// result only once signed off. The report (CLI, export) is refused until the sign-off.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { evaluationAnswers, files } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { candidatesOf, criteriaOf, quotingOver, roleIn, teamOf } from "./access.ts";
import { scoresOf, weightedOf } from "./scoring.ts";

type AnswerFile = { id: number; fileName: string; size: number };

/** Each supplier's answers with their live attachments. */
export async function answersOf(db: DbOrTx, projectId: number, supplierIds?: number[]) {
  const rows = await db.select().from(evaluationAnswers).where(and(
    eq(evaluationAnswers.projectId, projectId),
    supplierIds ? inArray(evaluationAnswers.supplierId, supplierIds) : undefined,
  ));
  const ids = rows.flatMap((r) => r.fileIds);
  const found = ids.length
    ? await db.select({ id: files.id, fileName: files.fileName, size: files.size }).from(files)
      .where(and(inArray(files.id, ids), isNull(files.deletedAt)))
    : [];
  return rows.map((r) => ({
    supplierId: r.supplierId,
    criterionId: r.criterionId,
    text: r.text,
    files: r.fileIds.flatMap((id): AnswerFile[] => found.filter((f) => f.id === id)),
    updatedAt: r.updatedAt,
  }));
}

/** GetEvaluation: the evaluation page of a weighted project, as the reader may see it now. */
export async function evaluationView(deps: Deps, actor: Actor, projectId: number) {
  const role = await roleIn(deps.db, actor, projectId);
  const p = role.project;
  const now = deps.clock.now();
  const over = quotingOver(p, now);
  const team = await teamOf(deps.db, p.id);
  const criteria = await criteriaOf(deps.db, p.id);
  const candidates = over ? await candidatesOf(deps.db, p.id) : [];
  const answers = over ? await answersOf(deps.db, p.id) : [];
  const all = await scoresOf(deps.db, p.id);
  const mine = team.find((m) => m.userId === actor.id);
  const submitted = new Set(team.filter((m) => m.submittedAt).map((m) => m.userId));
  const seesOthers = role.evaluator
    ? !!mine?.submittedAt
    : team.length > 0 && submitted.size === team.length;
  const signedOff = !!p.evaluationSignedOffAt;
  const score = (s: (typeof all)[number]) => ({
    evaluatorId: s.evaluatorId,
    supplierId: s.supplierId,
    criterionId: s.criterionId,
    score: s.score,
    comment: s.comment,
  });
  return {
    project: {
      id: p.id,
      code: p.code,
      name: p.name,
      kind: p.kind,
      quotingOver: over,
      signedOffAt: p.evaluationSignedOffAt,
    },
    criteria: criteria.map((c) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      isPrice: c.isPrice,
    })),
    team: team.map((m) => ({ userId: m.userId, name: m.name, submittedAt: m.submittedAt })),
    me: {
      evaluator: role.evaluator,
      leader: role.leader,
      submittedAt: mine?.submittedAt ?? null,
      mayScore: role.evaluator && over && !mine?.submittedAt && !signedOff,
      maySignOff: role.leader && over && !signedOff && team.length > 0 &&
        submitted.size === team.length,
    },
    suppliers: candidates.map((c) => ({
      ...c,
      answers: answers.filter((a) => a.supplierId === c.id).map((a) => ({
        criterionId: a.criterionId,
        text: a.text,
        files: a.files,
      })),
    })),
    myScores: all.filter((s) => s.evaluatorId === actor.id).map(score),
    scores: seesOthers
      ? all.filter((s) => s.evaluatorId !== actor.id && submitted.has(s.evaluatorId)).map(score)
      : [],
    result: signedOff ? await weightedOf(deps.db, p) : null,
  };
}

export type EvaluationView = Awaited<ReturnType<typeof evaluationView>>;

/**
 * The signed-off evaluation in full (CLI `evaluation show`, the export): every submitted score by
 * evaluator, criterion and supplier, and the weighted result. Refused (403) before the sign-off.
 */
export async function evaluationReport(deps: Deps, actor: Actor, projectId: number) {
  const role = await roleIn(deps.db, actor, projectId);
  const p = role.project;
  if (!p.evaluationSignedOffAt) throw forbidden("evaluation.pricesSealed");
  const team = await teamOf(deps.db, p.id);
  const criteria = await criteriaOf(deps.db, p.id);
  const candidates = await candidatesOf(deps.db, p.id);
  const scores = await scoresOf(deps.db, p.id);
  return {
    project: { id: p.id, code: p.code, name: p.name, signedOffAt: p.evaluationSignedOffAt },
    criteria,
    team,
    candidates,
    scores: scores.map((s) => ({
      ...s,
      evaluator: team.find((m) => m.userId === s.evaluatorId)?.name ?? String(s.evaluatorId),
      supplier: candidates.find((c) => c.id === s.supplierId)?.code ?? String(s.supplierId),
      criterion: criteria.find((c) => c.id === s.criterionId)?.name ?? String(s.criterionId),
    })).sort((a, b) =>
      a.evaluator.localeCompare(b.evaluator) || a.criterionId - b.criterionId ||
      a.supplier.localeCompare(b.supplier)
    ),
    result: await weightedOf(deps.db, p),
  };
}

export type EvaluationReport = Awaited<ReturnType<typeof evaluationReport>>;
