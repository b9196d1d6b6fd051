// The evaluation calls (QMO/Evaluation), typed by the server's answers and input schemas.
import type { z } from "zod";
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { EvaluationView } from "../../../../server/domain/evaluation/read.ts";
import type { saveScoresInput } from "../../../../server/domain/evaluation/schemas.ts";

export type View = Wire<EvaluationView>;
export type ScoreIn = z.input<typeof saveScoresInput>["scores"][number];

const base = "/QMO/Evaluation";
const quiet = { silent: true };

export const evaluationApi = {
  get: (offProId: number) => api.get<View>(`${base}/Get`, { offProId }, quiet),
  save: (offProId: number, scores: ScoreIn[]) =>
    api.post<null>(`${base}/SaveScores`, { offProId, scores }, quiet),
  submit: (offProId: number) => api.post<null>(`${base}/Submit`, { offProId }, quiet),
  signOff: (offProId: number) => api.post<null>(`${base}/SignOff`, { offProId }, quiet),
  export: (offProId: number) => api.download(`${base}/Export`, { offProId }),
};

/** The evaluation page of a project. */
export const evaluationPage = (offProId: number) =>
  `/offerProjectManager/evaluation?id=${offProId}`;
