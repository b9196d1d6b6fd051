// The weighted evaluation (two envelopes): the set-up chosen at publishing, the evaluators' scores,
// the sign-off that opens the prices, its export; and the suppliers' answers in the portal.
import { Permissions, ProjectPublish } from "../../domain/auth/permissions.ts";
import {
  answerCriterionForm,
  evaluationProjectInput,
  saveScoresInput,
  setUpEvaluationInput,
  staffOptionsInput,
} from "../../domain/evaluation/schemas.ts";
import {
  evaluationSetUpResult,
  evaluationViewResult,
  staffOptionsResult,
  supplierCriteriaResult,
} from "../../domain/evaluation/results.ts";
import { readSetUp, setUpEvaluation, staffOptions } from "../../domain/evaluation/setup.ts";
import { evaluationView } from "../../domain/evaluation/read.ts";
import { saveScores, signOff, submitScores } from "../../domain/evaluation/scoring.ts";
import { answerCriterion, supplierCriteria } from "../../domain/evaluation/answers.ts";
import { exportEvaluation } from "../../domain/evaluation/export.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

export const evaluationRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/Evaluation/GetStaffOptions",
    access: ProjectPublish,
    summary:
      "Active staff users to choose an evaluation team from, by name or user name (at most 50).",
    query: staffOptionsInput,
    result: staffOptionsResult,
    handler: ({ deps, query }) => staffOptions(deps, query.keyword),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Evaluation/GetSetUp",
    access: ProjectPublish,
    summary: "A project's evaluation set-up: price, or weighted with its criteria and team.",
    query: evaluationProjectInput,
    result: evaluationSetUpResult,
    handler: ({ deps, actor, query }) => readSetUp(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Evaluation/SetUp",
    access: ProjectPublish,
    summary:
      "Choose how an unpublished project's suppliers are chosen: price, or weighted (criteria whose weights add up to 100, at most one of them the price; a team of active staff users). A bad set-up is a 400 naming the field; nothing is saved.",
    body: setUpEvaluationInput,
    result: evaluationSetUpResult,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      setUpEvaluation(deps, actor, body, { ...meta, via: "http" }),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Evaluation/Get",
    access: "signedIn",
    audience: "staff",
    summary:
      "The evaluation page of a weighted project (team, person in charge or staff who see its kind): the criteria, the team, the suppliers' answers, my scores, the others' scores once I have submitted, the weighted result once signed off.",
    query: evaluationProjectInput,
    result: evaluationViewResult,
    errors: [403, 409],
    handler: ({ deps, actor, query }) => evaluationView(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Evaluation/SaveScores",
    access: "signedIn",
    audience: "staff",
    summary:
      "An evaluator's scores (0–10 with a comment) of the quoting suppliers on the non-price criteria, once quoting is over and until submitted.",
    body: saveScoresInput,
    result: noResult,
    errors: [403, 409],
    handler: async ({ deps, actor, body, meta }) => {
      await saveScores(deps, actor, body, { ...meta, via: "http" });
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Evaluation/Submit",
    access: "signedIn",
    audience: "staff",
    summary:
      "Submit my scores (every supplier on every non-price criterion): fixed from then on, entered in the evaluation record; the others' scores show to me.",
    body: evaluationProjectInput,
    result: noResult,
    errors: [403, 409],
    handler: async ({ deps, actor, body, meta }) => {
      await submitScores(deps, actor, body.offProId, { ...meta, via: "http" });
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Evaluation/SignOff",
    access: "signedIn",
    audience: "staff",
    summary:
      "The project's person in charge signs the technical evaluation off once every evaluator has submitted: the prices open, the weighted result is entered in the evaluation record.",
    body: evaluationProjectInput,
    result: noResult,
    errors: [403, 409],
    handler: async ({ deps, actor, body, meta }) => {
      await signOff(deps, actor, body.offProId, { ...meta, via: "http" });
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Evaluation/Export",
    access: "signedIn",
    audience: "staff",
    summary:
      "The signed-off evaluation as .xlsx: every score by evaluator, criterion and supplier, and the weighted result (403 before the sign-off).",
    query: evaluationProjectInput,
    binary: true,
    errors: [403, 409],
    handler: async ({ deps, actor, query, lang }) => {
      const file = await exportEvaluation(deps, actor, query.offProId, lang);
      return downloadResponse(file.stream, file.fileName);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetEvaluationCriteria",
    access: Permissions.SupplierOfferSearch,
    audience: "supplier",
    summary:
      "The non-price criteria of a weighted project published to me, with my answers (none when the project is chosen by price).",
    query: evaluationProjectInput,
    result: supplierCriteriaResult,
    handler: ({ deps, actor, query }) => supplierCriteria(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/AnswerEvaluationCriterion",
    access: Permissions.SupplierOfferSearch,
    audience: "supplier",
    summary:
      "My answer to a non-price criterion while quoting is open: multipart offProId, criterionId, text, an optional file to add (checked as any upload) and an optional removeFileId.",
    form: answerCriterionForm,
    result: supplierCriteriaResult,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      answerCriterion(deps, actor, body, { ...meta, via: "http" }),
  }),
];
