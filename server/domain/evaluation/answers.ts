// The supplier's side of a weighted evaluation: the non-price criteria of a project published to
// it, and its answer to each (text and attachments, taken like any upload with purpose
// "evaluation"), given beside its quote while quoting is open. A supplier sees its own answers
// only, and never a weight's score or another supplier's anything.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { evaluationAnswers } from "../../../db/schema.ts";
import { transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import { storeUpload } from "../files/service.ts";
import { loadProject, roundsOf } from "../projects/access.ts";
import { quoteRefusal } from "../projects/rules.ts";
import { invitationOf, supplierIdOf } from "../quotes/service.ts";
import { uploadLimitMb } from "../settings/service.ts";
import { auditEvaluation, criteriaOf, type Meta } from "./access.ts";
import { answersOf } from "./read.ts";
import { answerCriterionForm, MAX_ANSWER_FILES } from "./schemas.ts";

/** GetEvaluationCriteria (portal): the criteria to answer and my answers; empty when by price. */
export async function supplierCriteria(deps: Deps, actor: Actor, projectId: number) {
  const supplierId = supplierIdOf(actor);
  const { project: p } = await invitationOf(deps.db, supplierId, projectId);
  const rounds = await roundsOf(deps.db, [p.id]);
  const weighted = p.evaluation === "weighted";
  const criteria = weighted ? (await criteriaOf(deps.db, p.id)).filter((c) => !c.isPrice) : [];
  const answers = weighted ? await answersOf(deps.db, p.id, [supplierId]) : [];
  return {
    weighted,
    maxUploadMb: await uploadLimitMb(deps),
    mayAnswer: weighted && quoteRefusal(p, rounds, 0, true, deps.clock.now()) === null,
    criteria: criteria.map((c) => {
      const a = answers.find((x) => x.criterionId === c.id);
      return {
        id: c.id,
        name: c.name,
        weight: c.weight,
        text: a?.text ?? null,
        files: a?.files ?? [],
      };
    }),
  };
}

/**
 * AnswerEvaluationCriterion (portal): my answer to a non-price criterion while quoting is open
 * (judged before the attachment is read and again when the answer is written); an attachment is
 * added, one named by removeFileId taken away.
 */
export async function answerCriterion(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof answerCriterionForm>,
  meta: Meta = {},
) {
  const supplierId = supplierIdOf(actor);
  const input = answerCriterionForm.parse(raw);
  const { project } = await invitationOf(deps.db, supplierId, input.offProId);
  const refusal = async (p: typeof project) =>
    quoteRefusal(p, await roundsOf(deps.db, [p.id]), 0, true, deps.clock.now());
  if (project.evaluation !== "weighted") throw conflict("evaluation.notWeighted");
  const early = await refusal(project);
  if (early) throw conflict(early);
  const criterion = (await criteriaOf(deps.db, project.id))
    .find((c) => c.id === input.criterionId && !c.isPrice);
  if (!criterion) {
    throw fieldError("criterionId", "evaluation.notScored", { id: input.criterionId });
  }
  const key = and(
    eq(evaluationAnswers.projectId, project.id),
    eq(evaluationAnswers.supplierId, supplierId),
    eq(evaluationAnswers.criterionId, criterion.id),
  );
  const before = await deps.db.query.evaluationAnswers.findFirst({ where: key });
  let fileIds = (before?.fileIds ?? []).filter((id) => id !== input.removeFileId);
  if (input.file && fileIds.length >= MAX_ANSWER_FILES) {
    throw fieldError("file", "evaluation.tooManyFiles", { max: MAX_ANSWER_FILES });
  }
  if (input.file) {
    const limit = await uploadLimitMb(deps);
    const stored = await storeUpload(
      { ...deps, config: { ...deps.config, maxUploadMb: limit } },
      { file: input.file, purpose: "evaluation", projectId: project.id, uploadedBy: actor.id },
    );
    fileIds = [...fileIds, stored.id];
  }
  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    const p = await loadProject(tx, project.id);
    const late = quoteRefusal(p, await roundsOf(tx, [p.id]), 0, true, now);
    if (late) throw conflict(late);
    const text = input.text === undefined ? before?.text ?? null : input.text || null;
    await tx.insert(evaluationAnswers).values({
      projectId: p.id,
      supplierId,
      criterionId: criterion.id,
      text,
      fileIds,
      updatedAt: now,
      updatedBy: actor.id,
    }).onConflictDoUpdate({
      target: [
        evaluationAnswers.projectId,
        evaluationAnswers.supplierId,
        evaluationAnswers.criterionId,
      ],
      set: { text, fileIds, updatedAt: now, updatedBy: actor.id },
    });
  });
  await auditEvaluation(deps, actor, "Answer", project.id, {
    supplierId,
    criterionId: criterion.id,
    fileIds,
  }, meta);
  return await supplierCriteria(deps, actor, project.id);
}
