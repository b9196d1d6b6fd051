// Results of the evaluation calls, beside the input schemas of schemas.ts: the OpenAPI document
// describes them and the handlers answer them.
import { z } from "zod";
import { decimal, isoInstant } from "../shared/results.ts";

const criterion = z.object({
  id: z.int().describe("The criterion's id."),
  name: z.string().describe("What is judged."),
  weight: z.int().describe("Its weight; all add up to 100."),
  isPrice: z.boolean().describe("The price criterion: scored from the totals, not by the team."),
});

export const evaluationSetUpResult = z.object({
  offProId: z.int().describe("The project's id."),
  evaluation: z.enum(["price", "weighted"]).describe("How the suppliers are chosen."),
  criteria: z.array(criterion).describe("The criteria, in order (weighted only)."),
  team: z.array(z.object({
    userId: z.int().describe("The evaluator's user id."),
    name: z.string().describe("Their name."),
    userName: z.string().describe("Their user name."),
  })).describe("The evaluation team (weighted only)."),
});

const answerFile = z.object({
  id: z.int().describe("The attachment's file id."),
  fileName: z.string().describe("Its name."),
  size: z.int().describe("Its size in bytes."),
});

const score = z.object({
  evaluatorId: z.int().describe("Who scored."),
  supplierId: z.int().describe("The supplier scored."),
  criterionId: z.int().describe("The criterion."),
  score: z.int().describe("0 to 10."),
  comment: z.string().nullable().describe("Why, or null."),
});

const weightedRow = z.object({
  supplierId: z.int().describe("The supplier."),
  code: z.string().describe("Its code."),
  criteria: z.array(z.object({
    criterionId: z.int().describe("The criterion."),
    mean: decimal.nullable().describe("The team's mean score (2 places); null for the price."),
    points: decimal.describe("Its points: mean / 10 × weight, or lowest total / this × weight."),
  })).describe("Points per criterion."),
  total: decimal.describe("The sum of the points (2 places)."),
  rank: z.int().describe("1 is best; equal totals share a rank."),
  priceMissing: z.boolean().describe("No complete total: no price points."),
});

export const evaluationViewResult = z.object({
  project: z.object({
    id: z.int().describe("The project's id."),
    code: z.string().describe("Its number."),
    name: z.string().describe("Its name."),
    kind: z.enum(["material", "asset"]).describe("material or asset."),
    quotingOver: z.boolean().describe("Whether the first quotation is over (scoring may start)."),
    signedOffAt: isoInstant.nullable().describe("When it was signed off; null: prices sealed."),
  }).describe("The project."),
  criteria: z.array(criterion).describe("The criteria."),
  team: z.array(z.object({
    userId: z.int().describe("The evaluator."),
    name: z.string().describe("Their name."),
    submittedAt: isoInstant.nullable().describe("When they submitted; null: not yet."),
  })).describe("The team and who has submitted."),
  me: z.object({
    evaluator: z.boolean().describe("I am in the team."),
    leader: z.boolean().describe("I am the project's person in charge (I sign off)."),
    submittedAt: isoInstant.nullable().describe("When I submitted, or null."),
    mayScore: z.boolean().describe("I may change my scores now."),
    maySignOff: z.boolean().describe("I may sign off now (everyone has submitted)."),
  }).describe("My part in the evaluation."),
  suppliers: z.array(z.object({
    id: z.int().describe("The supplier."),
    code: z.string().describe("Its code."),
    name: z.string().describe("Its short name."),
    answers: z.array(z.object({
      criterionId: z.int().describe("The criterion answered."),
      text: z.string().nullable().describe("The answer's text."),
      files: z.array(answerFile).describe("Its attachments."),
    })).describe("Its answers to the non-price criteria."),
  })).describe("The quoting suppliers (once quoting is over)."),
  myScores: z.array(score).describe("My scores."),
  scores: z.array(score).describe(
    "The others' submitted scores: only once I have submitted (outside the team, once all have).",
  ),
  result: z.array(weightedRow).nullable().describe("The weighted result; null until signed off."),
});

export const supplierCriteriaResult = z.object({
  weighted: z.boolean().describe("Whether the project is chosen by a weighted evaluation."),
  maxUploadMb: z.int().describe("The largest attachment taken, in MB."),
  mayAnswer: z.boolean().describe("Whether answers are taken now (quoting is open)."),
  criteria: z.array(z.object({
    id: z.int().describe("The criterion."),
    name: z.string().describe("What is judged."),
    weight: z.int().describe("Its weight."),
    text: z.string().nullable().describe("My answer's text, or null."),
    files: z.array(answerFile).describe("My answer's attachments."),
  })).describe("The non-price criteria and my answers."),
});

export const staffOptionsResult = z.array(z.object({
  id: z.int().describe("The user's id."),
  name: z.string().describe("Their name."),
  userName: z.string().describe("Their user name."),
})).describe("Active staff users, at most 50, by user name.");
