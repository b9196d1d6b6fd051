// Clarifications: suppliers' questions about a project and the buyer's answers. The buyer's calls
// sit with the project calls (OfferProjectManager), the supplier's with the portal's
// (SupplierOffer); each answer to a supplier holds only its own questions and the public answers.
import { Permissions, ProjectPublish, ProjectSearch } from "../../domain/auth/permissions.ts";
import { answerQuestion, packAnswer, projectQuestionList } from "../../domain/questions/buyer.ts";
import { askQuestion, supplierQuestions } from "../../domain/questions/supplier.ts";
import {
  answeredQuestion,
  answerInput,
  askQuestionForm,
  packAnswerInput,
  packedAnswer,
  projectQuestionsInput,
  projectQuestionsResult,
  supplierQuestionDto,
  supplierQuestionsResult,
} from "../../domain/questions/schemas.ts";
import { offProIdInput } from "../../domain/quotes/schemas.ts";
import { defineRoute } from "../route.ts";

export const questionRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetQuestions",
    access: ProjectSearch,
    summary:
      "A project's questions from suppliers, oldest first (open=true: unanswered only): who asked, when, the text and attachment, the answer and to whom; with when questions close.",
    query: projectQuestionsInput,
    result: projectQuestionsResult,
    handler: ({ deps, actor, query }) => projectQuestionList(deps, actor, query),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/AnswerQuestion",
    access: ProjectPublish,
    summary:
      "Answer a question once: questionId, answer, visibility 'private' (the asker only) or 'public' (every invited supplier, the asker not named; publicText rewords the question), revisePack (public: also the next request pack version; offerEndTime when the deadline is under 24 h away). The suppliers it goes to are mailed.",
    body: answerInput,
    result: answeredQuestion,
    errors: [409],
    handler: ({ deps, actor, body }) => answerQuestion(deps, actor, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/AddAnswerToRequestPack",
    access: ProjectPublish,
    summary:
      "Add a public answer given earlier to the request pack as its next version (once): questionId, offerEndTime when the deadline is under 24 h away. Suppliers are told; older quotes are marked.",
    body: packAnswerInput,
    result: packedAnswer,
    errors: [409],
    handler: ({ deps, actor, body }) => packAnswer(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetQuestions",
    access: Permissions.SupplierOfferSearch,
    audience: "supplier",
    summary:
      "My questions on a project with their answers, and the public answers to other suppliers' questions (never who asked); whether I may ask now, until when (server clock), and the attachment limit.",
    query: offProIdInput,
    result: supplierQuestionsResult,
    handler: ({ deps, actor, query }) => supplierQuestions(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/AskQuestion",
    access: Permissions.SupplierOfferSearch,
    audience: "supplier",
    summary:
      "Ask a question about a project published to me while quoting is open and before its question deadline: multipart offProId, text and an optional file (checked as any upload). The buyer is mailed.",
    form: askQuestionForm,
    result: supplierQuestionDto,
    errors: [409],
    handler: ({ deps, actor, body }) => askQuestion(deps, actor, body),
  }),
];
