// The buyer's clarification calls (suppliers' questions and the answers), typed by the server's
// answers and input schemas.
import type { z } from "zod";
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type {
  ProjectQuestionsDto,
  QuestionDto,
} from "../../../../server/domain/questions/buyer.ts";
import type { answerInput } from "../../../../server/domain/questions/schemas.ts";

export type Question = Wire<QuestionDto>;
export type ProjectQuestions = Wire<ProjectQuestionsDto>;
type Answered = Question & { revisedTo: number | null };

export const questionsApi = {
  list: (projectId: number) =>
    api.get<ProjectQuestions>(`/QMO/OfferProjectManager/GetQuestions`, { OffProId: projectId }, {
      silent: true,
    }),
  answer: (input: z.input<typeof answerInput>) =>
    api.post<Answered>(`/QMO/OfferProjectManager/AnswerQuestion`, input, { silent: true }),
  addToPack: (questionId: number, offerEndTime: string | null) =>
    api.post<Answered>(`/QMO/OfferProjectManager/AddAnswerToRequestPack`, {
      questionId,
      offerEndTime,
    }, {
      silent: true,
    }),
};
