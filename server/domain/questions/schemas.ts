// Inputs of the clarification calls (questions and answers); shared by HTTP, the CLI and the client.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { instant } from "../shared/dates.ts";

/** Left unset, questions close this long before the quoting deadline (rules.ts). */
export const QUESTION_LEAD_MS = 24 * 3600_000;

/** A question's text: what the portal's box takes. */
export const QUESTION_MAX = 2000;
export const ANSWER_MAX = 4000;

/** Free text of several lines; a form's CR LF line breaks are kept as LF. */
const words = (max: number, required: string) =>
  multiLine(
    z.string({ error: required }).trim().min(1, { error: required }).max(max)
      .transform((v) => v.replace(/\r\n?/g, "\n")),
  );

/** AskQuestion: a multipart form with the text and, optionally, one attachment. */
export const askQuestionForm = z.object({
  offProId: id,
  text: words(QUESTION_MAX, "questions.textRequired"),
  file: z.instanceof(File, { message: "files.missing" }).optional(),
});

/** A project's questions; `open`: only those not answered yet. */
export const projectQuestionsInput = z.object({
  offProId: id,
  open: z.stringbool().optional(),
});

export const visibilities = ["private", "public"] as const;

export const answerInput = z.object({
  questionId: id,
  answer: words(ANSWER_MAX, "questions.answerRequired"),
  /** private: the asker only; public: every invited supplier, without naming the asker. */
  visibility: z.enum(visibilities, { error: "questions.visibilityRequired" }),
  /** The question as every supplier reads it (public only); left empty: as asked. */
  publicText: multiLine(z.string().trim().max(QUESTION_MAX).nullish())
    .transform((v) => v || null),
  /** Public only: add the question and answer to the request pack as its next version. */
  revisePack: z.boolean().default(false),
  /** With revisePack: a new deadline, needed when the current one is less than 24 hours away. */
  offerEndTime: instant.nullish().transform((v) => v ?? null),
});

/** A public answer given earlier, added to the request pack now. */
export const packAnswerInput = z.object({
  questionId: id,
  offerEndTime: instant.nullish().transform((v) => v ?? null),
});

export type AnswerInput = z.input<typeof answerInput>;
