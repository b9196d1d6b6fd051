// Inputs of the clarification calls (questions and answers); shared by HTTP, the CLI and the client.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { instant } from "../shared/dates.ts";
import { isoInstant } from "../shared/results.ts";

/** Left unset, questions close this long before the quoting deadline (rules.ts). */
export const QUESTION_LEAD_MS = 24 * 3600_000;

/** A question's text: what the portal's box takes. */
export const QUESTION_MAX = 2000;
export const ANSWER_MAX = 4000;

/** Free text of several lines; a form's CR LF line breaks are kept as LF. */
const words = (max: number, required: string, description: string) =>
  multiLine(
    z.string({ error: required }).trim().min(1, { error: required }).max(max)
      .transform((v) => v.replace(/\r\n?/g, "\n")).describe(description),
  );

/** AskQuestion: a multipart form with the text and, optionally, one attachment. */
export const askQuestionForm = z.object({
  offProId: id.describe("The project's id."),
  text: words(QUESTION_MAX, "questions.textRequired", "The question (up to 2000 characters)."),
  file: z.instanceof(File, { message: "files.missing" }).optional().describe(
    "An attachment, or none.",
  ),
});

/** A project's questions; `open`: only those not answered yet. */
export const projectQuestionsInput = z.object({
  offProId: id.describe("The project's id."),
  open: z.stringbool().optional().describe("true: only the questions not answered yet."),
});

export const visibilities = ["private", "public"] as const;

const questionId = id.describe("The question's id.");
const newDeadline = instant.nullish().transform((v) => v ?? null).describe(
  "A new quoting deadline, needed when the current one is less than 24 hours away; or none.",
);

export const answerInput = z.object({
  questionId,
  answer: words(ANSWER_MAX, "questions.answerRequired", "The answer (up to 4000 characters)."),
  /** private: the asker only; public: every invited supplier, without naming the asker. */
  visibility: z.enum(visibilities, { error: "questions.visibilityRequired" }).describe(
    "private (the asker only) or public (every invited supplier, without naming the asker).",
  ),
  /** The question as every supplier reads it (public only); left empty: as asked. */
  publicText: multiLine(
    z.string().trim().max(QUESTION_MAX).nullish().describe(
      "Public only: the question as every supplier reads it; left empty: as asked.",
    ),
  )
    .transform((v) => v || null),
  /** Public only: add the question and answer to the request pack as its next version. */
  revisePack: z.boolean().default(false).describe(
    "Public only: add the question and answer to the request pack as its next version (false).",
  ),
  /** With revisePack: a new deadline, needed when the current one is less than 24 hours away. */
  offerEndTime: newDeadline,
});

/** A public answer given earlier, added to the request pack now. */
export const packAnswerInput = z.object({
  questionId,
  offerEndTime: newDeadline,
});

export type AnswerInput = z.input<typeof answerInput>;

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

const questionFile = z.object({
  id: z.int().describe("The file's id (download it with GetFileStream)."),
  fileName: z.string().describe("The file's name."),
  size: z.int().describe("Its size in bytes."),
});
const visibility = z.enum(visibilities).nullable().describe(
  "private (to the asker) or public (to every invited supplier); null until answered.",
);
const packVersion = z.int().nullable().describe(
  "The request pack version the answer joined, or null.",
);
const refusal = z.enum([
  "questions.notPublished",
  "questions.closed",
  "questions.quotingEnded",
  "questions.deadlinePassed",
]).nullable().describe("Why no question is taken now (the server's message key), or null.");

/** A question as the buyer sees it. */
const questionDto = z.object({
  id: z.int().describe("The question's id."),
  projectId: z.int().describe("The project's id."),
  supplierId: z.int().describe("The asking supplier's id."),
  supplierCode: z.string().describe("Its code."),
  supplierName: z.string().describe("Its short name."),
  supplierFullName: z.string().describe("Its full name."),
  askedAt: isoInstant.describe("When it was asked."),
  askedByName: z.string().nullable().describe("The name of the supplier user who asked, or null."),
  text: z.string().describe("The question as asked."),
  file: questionFile.nullable().describe("Its attachment, or null."),
  answer: z.string().nullable().describe("The answer, or null."),
  answeredAt: isoInstant.nullable().describe("When it was answered, or null."),
  answeredByName: z.string().nullable().describe("The name of the buyer who answered, or null."),
  visibility,
  publicText: z.string().nullable().describe(
    "The question as every supplier reads it, when the buyer reworded it; or null.",
  ),
  packVersion,
});

/** A project's questions and whether suppliers may ask now. */
export const projectQuestionsResult = z.object({
  closesAt: isoInstant.nullable().describe(
    "When questions close (the buyer's question deadline, else 24 hours before the deadline).",
  ),
  questionEndTime: isoInstant.nullable().describe(
    "The question deadline the buyer set; null: the default.",
  ),
  accepting: z.boolean().describe("Whether suppliers may ask now."),
  refusal,
  unanswered: z.int().describe("How many questions wait for an answer."),
  items: z.array(questionDto).describe("The questions, oldest first."),
});

export const answeredQuestion = questionDto.extend({
  revisedTo: z.int().nullable().describe(
    "The request pack version the answer was added to, or null when it was not.",
  ),
});
export const packedAnswer = questionDto.extend({
  revisedTo: z.int().describe("The request pack version the answer was added to."),
});

/** A question as a supplier sees it. */
export const supplierQuestionDto = z.object({
  id: z.int().describe("The question's id."),
  mine: z.boolean().describe(
    "Asked by this supplier; the others' questions are shown only once answered publicly.",
  ),
  askedAt: isoInstant.nullable().describe("When it was asked (own questions only)."),
  text: z.string().describe("Own questions as asked; the others' as the buyer published them."),
  file: questionFile.nullable().describe("Its attachment (own questions only), or null."),
  answer: z.string().nullable().describe("The answer, or null."),
  answeredAt: isoInstant.nullable().describe("When it was answered, or null."),
  visibility,
  packVersion,
});

export const supplierQuestionsResult = z.object({
  canAsk: z.boolean().describe("Whether a question is taken now."),
  refusal,
  closesAt: isoInstant.nullable().describe("When questions close (server clock), or null."),
  secondsLeft: z.int().describe("Seconds until then; 0 once closed."),
  maxUploadMb: z.number().describe("The attachment's size limit in MiB, as for quotes."),
  items: z.array(supplierQuestionDto).describe("Its own questions and the public answers."),
});
