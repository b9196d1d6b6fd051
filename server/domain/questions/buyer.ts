// The buyer's side of clarifications: a project's questions (who asked, what, the attachment) for
// staff who may see its kind, and the answer — to the asker only or to every invited supplier — by
// staff who may publish it. A public answer can join the request pack as its next version in the
// same step, by the revision rules of projects/publish.ts. Nothing here reads a quote, so a sealed
// project stays sealed.
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { files, projectQuestions, suppliers, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import {
  assertMayPublish,
  loadProject,
  projectForActor,
  type ProjectRow,
} from "../projects/access.ts";
import { reviseInTx } from "../projects/publish.ts";
import { enqueue } from "../email/outbox.ts";
import { type QuestionRefusal, questionRefusal, questionsCloseAt } from "./rules.ts";
import { type AnswerInput, answerInput, packAnswerInput } from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

export type QuestionDto = {
  id: number;
  projectId: number;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  supplierFullName: string;
  askedAt: Date;
  askedByName: string | null;
  text: string;
  file: { id: number; fileName: string; size: number } | null;
  answer: string | null;
  answeredAt: Date | null;
  answeredByName: string | null;
  visibility: "private" | "public" | null;
  /** The question as every supplier reads it, when the buyer reworded it. */
  publicText: string | null;
  /** The request pack version the answer joined, if it did. */
  packVersion: number | null;
};

const asker = alias(users, "asker");
const answerer = alias(users, "answerer");

/** Questions of one project (or one question), with the supplier, people and attachment. */
async function readQuestions(
  db: DbOrTx,
  where: { projectId?: number; questionId?: number; open?: boolean },
): Promise<QuestionDto[]> {
  const rows = await db.select({
    q: projectQuestions,
    s: { code: suppliers.code, abbrName: suppliers.abbrName, fullName: suppliers.fullName },
    askedByName: asker.name,
    answeredByName: answerer.name,
    file: { id: files.id, fileName: files.fileName, size: files.size },
  }).from(projectQuestions)
    .innerJoin(suppliers, eq(suppliers.id, projectQuestions.supplierId))
    .leftJoin(asker, eq(asker.id, projectQuestions.askedBy))
    .leftJoin(answerer, eq(answerer.id, projectQuestions.answeredBy))
    .leftJoin(files, eq(files.id, projectQuestions.fileId))
    .where(and(
      where.projectId === undefined ? undefined : eq(projectQuestions.projectId, where.projectId),
      where.questionId === undefined ? undefined : eq(projectQuestions.id, where.questionId),
      where.open ? isNull(projectQuestions.answeredAt) : undefined,
    ))
    .orderBy(asc(projectQuestions.id));
  return rows.map(({ q, s, askedByName, answeredByName, file }) => ({
    id: q.id,
    projectId: q.projectId,
    supplierId: q.supplierId,
    supplierCode: s.code,
    supplierName: s.abbrName,
    supplierFullName: s.fullName,
    askedAt: q.askedAt,
    askedByName,
    text: q.text,
    file: file?.id ? file : null,
    answer: q.answer,
    answeredAt: q.answeredAt,
    answeredByName,
    visibility: q.visibility,
    publicText: q.publicText,
    packVersion: q.packVersion,
  }));
}

export type ProjectQuestionsDto = {
  /** When questions close (the buyer's question deadline, else 24 hours before the deadline). */
  closesAt: Date | null;
  /** The question deadline the buyer set; null: the default. */
  questionEndTime: Date | null;
  /** Whether suppliers may ask now, and why not. */
  accepting: boolean;
  refusal: QuestionRefusal | null;
  unanswered: number;
  items: QuestionDto[];
};

/** GetQuestions (back-office): a project's questions, oldest first; `open`: unanswered only. */
export async function projectQuestionList(
  deps: Deps,
  actor: Actor,
  input: { offProId: number; open?: boolean },
): Promise<ProjectQuestionsDto> {
  const project = await projectForActor(deps, actor, input.offProId);
  const refusal = questionRefusal(project, deps.clock.now());
  const [{ n }] = await deps.db.select({ n: count() }).from(projectQuestions)
    .where(and(eq(projectQuestions.projectId, project.id), isNull(projectQuestions.answeredAt)));
  return {
    closesAt: questionsCloseAt(project),
    questionEndTime: project.questionEndTime,
    accepting: refusal === null,
    refusal,
    unanswered: n,
    items: await readQuestions(deps.db, { projectId: project.id, open: input.open }),
  };
}

/** A question and its project, for someone who may publish the project's kind. */
async function questionToAnswer(tx: DbOrTx, actor: Actor, questionId: number) {
  const q = await tx.query.projectQuestions.findFirst({
    where: eq(projectQuestions.id, questionId),
  });
  if (!q) throw notFound("question", questionId);
  const project = await loadProject(tx, q.projectId);
  assertMayPublish(actor, project.kind);
  return { q, project };
}

/** Adds a public answer to the request pack as its next version (the revision rules apply). */
async function packInTx(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  project: ProjectRow,
  questionId: number,
  offerEndTime: Date | null,
) {
  const version = await reviseInTx(deps, tx, actor, project, offerEndTime, async (now) => {
    await tx.update(projectQuestions).set({ packedAt: now })
      .where(eq(projectQuestions.id, questionId));
  });
  await tx.update(projectQuestions).set({ packVersion: version.version })
    .where(eq(projectQuestions.id, questionId));
  return version.version;
}

/**
 * AnswerQuestion: the buyer's answer, once per question and before the project is closed. Private:
 * only the asker reads it (and is mailed it). Public: every invited supplier reads it and is mailed
 * it, with the question as asked or as the buyer reworded it, and without the asker's name; with
 * `revisePack` it also joins the request pack as its next version in the same transaction.
 */
export async function answerQuestion(
  deps: Deps,
  actor: Actor,
  raw: AnswerInput,
): Promise<QuestionDto & { revisedTo: number | null }> {
  const input = answerInput.parse(raw);
  const isPublic = input.visibility === "public";
  if (!isPublic && input.revisePack) throw fieldError("revisePack", "questions.packNeedsPublic");
  const revisedTo = await transaction(deps.db, async (tx) => {
    const { q, project } = await questionToAnswer(tx, actor, input.questionId);
    if (project.status === "closed") throw conflict("questions.projectClosed");
    if (q.answeredAt) throw conflict("questions.alreadyAnswered");
    const now = deps.clock.now();
    const publicText = isPublic && input.publicText !== q.text ? input.publicText : null;
    await tx.update(projectQuestions).set({
      answer: input.answer,
      answeredAt: now,
      answeredBy: actor.id,
      visibility: input.visibility,
      publicText,
    }).where(eq(projectQuestions.id, q.id));
    const version = input.revisePack
      ? await packInTx(deps, tx, actor, project, q.id, input.offerEndTime)
      : null;
    await enqueue(tx, deps, {
      kind: "questionAnswered",
      projectId: project.id,
      questionId: q.id,
      question: publicText ?? q.text,
      answer: input.answer,
      supplierIds: isPublic ? undefined : [q.supplierId],
    });
    return version;
  });
  const [dto] = await readQuestions(deps.db, { questionId: input.questionId });
  return { ...dto, revisedTo };
}

/**
 * AddAnswerToRequestPack: a public answer given earlier joins the request pack as its next version
 * (once), by the revision rules: suppliers are told, older quotes are marked.
 */
export async function packAnswer(
  deps: Deps,
  actor: Actor,
  raw: { questionId: number | string; offerEndTime?: unknown },
): Promise<QuestionDto & { revisedTo: number }> {
  const input = packAnswerInput.parse(raw);
  const revisedTo = await transaction(deps.db, async (tx) => {
    const { q, project } = await questionToAnswer(tx, actor, input.questionId);
    if (q.visibility !== "public") throw conflict("questions.packNeedsPublic");
    if (q.packedAt) throw conflict("questions.alreadyPacked", { version: q.packVersion ?? "" });
    return await packInTx(deps, tx, actor, project, q.id, input.offerEndTime);
  });
  const [dto] = await readQuestions(deps.db, { questionId: input.questionId });
  return { ...dto, revisedTo };
}
