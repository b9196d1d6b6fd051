// The supplier's side of clarifications: asking a question about a project published to it (text and
// an optional attachment, taken like any upload) while questions are open, and reading its own
// questions with their answers and the public answers to other suppliers — which never say who
// asked: no supplier, no asking time, no attachment.
import { and, asc, eq, or } from "drizzle-orm";
import { files, projectQuestions } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict } from "../errors.ts";
import { storeUpload } from "../files/service.ts";
import { loadProject } from "../projects/access.ts";
import { invitationOf, supplierIdOf } from "../quotes/service.ts";
import { uploadLimitMb } from "../settings/service.ts";
import { enqueue } from "../email/outbox.ts";
import { formatUtc8 } from "../shared/time.ts";
import {
  type QuestionRefusal,
  questionRefusal,
  questionsCloseAt,
  type QuestionTiming,
} from "./rules.ts";
import { askQuestionForm } from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

type QuestionFile = { id: number; fileName: string; size: number };

export type SupplierQuestionDto = {
  id: number;
  /** Asked by this supplier; the others' questions are shown only once answered publicly. */
  mine: boolean;
  /** Own questions only. */
  askedAt: Date | null;
  /** Own questions as asked; the others' as the buyer published them. */
  text: string;
  /** Own questions only. */
  file: QuestionFile | null;
  answer: string | null;
  answeredAt: Date | null;
  visibility: "private" | "public" | null;
  /** The request pack version the answer joined, if it did. */
  packVersion: number | null;
};

export type SupplierQuestionsDto = {
  /** Whether a question is taken now, and why not (the server's message key). */
  canAsk: boolean;
  refusal: QuestionRefusal | null;
  /** When questions close (server clock), and the seconds left. */
  closesAt: Date | null;
  secondsLeft: number;
  /** The attachment's size limit, as for quotes. */
  maxUploadMb: number;
  items: SupplierQuestionDto[];
};

/** 409 with the refusal's message; past the question deadline it names the deadline. */
function refuse(key: QuestionRefusal, p: QuestionTiming): never {
  throw conflict(key, { time: formatUtc8(questionsCloseAt(p)) });
}

/** GetQuestions (portal): my questions and the public answers of a project published to me. */
export async function supplierQuestions(
  deps: Deps,
  actor: Actor,
  offProId: number,
): Promise<SupplierQuestionsDto> {
  const supplierId = supplierIdOf(actor);
  const { project } = await invitationOf(deps.db, supplierId, offProId);
  const now = deps.clock.now();
  const rows = await deps.db.select({
    q: projectQuestions,
    file: { id: files.id, fileName: files.fileName, size: files.size },
  }).from(projectQuestions)
    .leftJoin(files, eq(files.id, projectQuestions.fileId))
    .where(and(
      eq(projectQuestions.projectId, project.id),
      or(eq(projectQuestions.supplierId, supplierId), eq(projectQuestions.visibility, "public")),
    ))
    .orderBy(asc(projectQuestions.id));
  const refusal = questionRefusal(project, now);
  const closesAt = questionsCloseAt(project);
  return {
    canAsk: refusal === null,
    refusal,
    closesAt,
    secondsLeft: refusal === null && closesAt
      ? Math.max(0, Math.floor((closesAt.getTime() - now.getTime()) / 1000))
      : 0,
    maxUploadMb: await uploadLimitMb(deps),
    items: rows.map(({ q, file }) => toSupplierDto(q, file, supplierId)),
  };
}

function toSupplierDto(
  q: typeof projectQuestions.$inferSelect,
  file: QuestionFile | null,
  supplierId: number,
): SupplierQuestionDto {
  const mine = q.supplierId === supplierId;
  return {
    id: q.id,
    mine,
    askedAt: mine ? q.askedAt : null,
    text: mine ? q.text : q.publicText ?? q.text,
    file: mine && file?.id ? file : null,
    answer: q.answer,
    answeredAt: q.answeredAt,
    visibility: q.visibility,
    packVersion: q.packVersion,
  };
}

/**
 * AskQuestion: a question about a project published to me, while its first quotation is open and
 * before the question deadline (judged by the server's clock, before the attachment is read and
 * again when the question is written). The attachment is checked and stored as any upload (size
 * limit, accepted types); the buyer is told by email.
 */
export async function askQuestion(
  deps: Deps,
  actor: Actor,
  raw: { offProId: number | string; text: string; file?: File },
): Promise<SupplierQuestionDto> {
  const supplierId = supplierIdOf(actor);
  const input = askQuestionForm.parse(raw);
  const { project } = await invitationOf(deps.db, supplierId, input.offProId);
  const early = questionRefusal(project, deps.clock.now());
  if (early) refuse(early, project);
  let file: QuestionFile | null = null;
  if (input.file) {
    const limit = await uploadLimitMb(deps);
    const stored = await storeUpload(
      { ...deps, config: { ...deps.config, maxUploadMb: limit } },
      { file: input.file, purpose: "question", projectId: project.id, uploadedBy: actor.id },
    );
    file = { id: stored.id, fileName: stored.fileName, size: stored.size };
  }
  try {
    const row = await transaction(deps.db, async (tx) => {
      const p = await loadProject(tx, project.id);
      const now = deps.clock.now();
      const refusal = questionRefusal(p, now);
      if (refusal) refuse(refusal, p);
      const [q] = await tx.insert(projectQuestions).values({
        projectId: p.id,
        supplierId,
        askedBy: actor.id,
        askedAt: now,
        text: input.text,
        fileId: file?.id ?? null,
      }).returning();
      await enqueue(tx, deps, {
        kind: "questionAsked",
        projectId: p.id,
        questionId: q.id,
        supplierId,
        text: q.text,
      });
      return q;
    });
    return toSupplierDto(row, file, supplierId);
  } catch (err) {
    // A refused question leaves no attachment in any list.
    if (file) {
      await deps.db.update(files).set({ deletedAt: deps.clock.now() })
        .where(eq(files.id, file.id)).catch(() => {});
    }
    throw err;
  }
}
