// The result page's award scenario calls, typed by the server's answers.
import type { z } from "zod";
import { api } from "../../../../shared/api.ts";
import type { Wire } from "../../../../shared/wire.ts";
import type { ScenarioDto } from "../../../../../server/domain/comparison/scenarios.ts";
import type { createScenarioInput } from "../../../../../server/domain/comparison/scenarioSchemas.ts";
import type { AwardOutcome } from "../../../../../server/domain/comparison/award.ts";

/** A saved scenario solved on the matrix in force. */
export type Scenario = Wire<ScenarioDto>;

const PM = "/QMO/OfferProjectManager";

export const scenariosApi = {
  list: (projectId: number) =>
    api.get<Scenario[]>(`${PM}/GetAwardScenarios`, { offProId: projectId }, { silent: true }),
  create: (input: z.input<typeof createScenarioInput>) =>
    api.post<Scenario>(`${PM}/CreateAwardScenario`, input, { silent: true }),
  remove: (id: number) => api.delete<null>(`${PM}/DeleteAwardScenario`, { id }, { silent: true }),
  /** Awarded at once, or sent to the buyer's person in charge for approval. */
  award: (id: number, reason: string) =>
    api.post<Wire<AwardOutcome>>(`${PM}/AwardFromScenario`, { id, reason }, { silent: true }),
};
