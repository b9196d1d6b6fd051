// Inputs of the weighted evaluation (two envelopes); shared by HTTP, the CLI and the client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";

/** The weights of a project's criteria add up to exactly this. */
export const WEIGHT_TOTAL = 100;
const MAX_CRITERIA = 12;
const MAX_TEAM = 20;
const CRITERION_NAME_MAX = 100;
export const ANSWER_MAX = 4000;
const COMMENT_MAX = 1000;
/** A score is a whole number from 0 to this. */
const SCORE_MAX = 10;
/** Attachments a supplier may give to one criterion. */
export const MAX_ANSWER_FILES = 5;

/** Free text of several lines; a form's CR LF line breaks are kept as LF. */
const text = (max: number, description: string) =>
  multiLine(
    z.string().trim().max(max).transform((v) => v.replace(/\r\n?/g, "\n")).describe(description),
  );

const criterionInput = z.object({
  name: z.string({ error: "evaluation.nameRequired" }).trim()
    .min(1, { error: "evaluation.nameRequired" }).max(CRITERION_NAME_MAX)
    .describe("What is judged, e.g. technical fit."),
  weight: wholeNumber(1, WEIGHT_TOTAL).describe("Its weight, a whole number; all add up to 100."),
  isPrice: z.boolean().optional().describe(
    "The price criterion (at most one): scored lowest total / this total × weight, not by the team.",
  ),
});

/** SetUpEvaluation: a weighted evaluation chosen for an unpublished project (or price again). */
export const setUpEvaluationInput = z.object({
  offProId: id.describe("The project's id."),
  evaluation: z.enum(["price", "weighted"]).describe(
    "price: the matrix decides as usual; weighted: criteria scored by a team, prices sealed until sign-off.",
  ),
  criteria: z.array(criterionInput).max(MAX_CRITERIA).optional().describe(
    "The criteria (weighted only), weights adding up to 100.",
  ),
  team: z.array(id).max(MAX_TEAM).optional().describe(
    "The evaluation team (weighted only): ids of active staff users.",
  ),
});

export const evaluationProjectInput = z.object({
  offProId: id.describe("The project's id."),
});

const scoreInput = z.object({
  supplierId: id.describe("The supplier scored."),
  criterionId: id.describe("A non-price criterion."),
  score: wholeNumber(0, SCORE_MAX).describe("0 to 10."),
  comment: text(COMMENT_MAX, "Why (up to 1000 characters).").optional(),
});

/** SaveEvaluationScores: an evaluator's scores, kept as a draft until submitted. */
export const saveScoresInput = z.object({
  offProId: id.describe("The project's id."),
  scores: z.array(scoreInput).min(1).max(2000).describe("Scores to keep (replacing earlier ones)."),
});

/** AnswerEvaluationCriterion (portal): a supplier's answer to one non-price criterion. */
export const answerCriterionForm = z.object({
  offProId: id.describe("The project's id."),
  criterionId: id.describe("The criterion answered."),
  text: text(ANSWER_MAX, "The answer (up to 4000 characters).").optional(),
  file: z.instanceof(File, { message: "files.missing" }).optional().describe(
    "An attachment to add, or none.",
  ),
  removeFileId: id.optional().describe("An attachment of this answer to take away, or none."),
});

/** GetStaffOptions: the team's candidates, by name or user name. */
export const staffOptionsInput = z.object({
  keyword: z.string().trim().max(64).optional().describe("Part of a name or user name."),
});
