// Award scenarios on a project's matrix: saved, changed, solved, deleted, and awarded from.
import { ProjectPublish } from "../../domain/auth/permissions.ts";
import * as scenarios from "../../domain/comparison/scenarios.ts";
import {
  awardScenarioInput,
  createScenarioInput,
  listScenariosInput,
  scenarioDto,
  scenarioIdInput,
  scenarioList,
  updateScenarioInput,
} from "../../domain/comparison/scenarioSchemas.ts";
import { awardOutcome } from "../../domain/comparison/results.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

const award = ProjectPublish;
const ended = "once quoting has ended (else 400 naming offProId)";

export const scenarioRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetAwardScenarios",
    access: award,
    summary:
      `A project's award scenarios, ${ended}, each solved on the matrix in force: its total, the difference from the unconstrained lowest, each line's suppliers and shares, the rules that bind, or the rules that cannot be met.`,
    query: listScenariosInput,
    result: scenarioList,
    handler: ({ deps, actor, query }) => scenarios.listScenarios(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/CreateAwardScenario",
    access: award,
    summary:
      `Save a named scenario (${ended}): view price or total; rules { maxSuppliers, excluded, required, secondSources: [{ itemId or null, minPercent, basis quantity|value }] }. Answers it solved.`,
    body: createScenarioInput,
    result: scenarioDto,
    handler: ({ deps, actor, body }) => scenarios.createScenario(deps, actor, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/OfferProjectManager/UpdateAwardScenario",
    access: award,
    summary: "Change a scenario's name, view or rules. Answers it solved.",
    body: updateScenarioInput,
    result: scenarioDto,
    handler: ({ deps, actor, body }) => scenarios.updateScenario(deps, actor, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/OfferProjectManager/DeleteAwardScenario",
    access: award,
    summary: "Delete a scenario.",
    query: scenarioIdInput,
    result: noResult,
    handler: ({ deps, actor, query }) => scenarios.deleteScenario(deps, actor, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/SolveAwardScenario",
    access: award,
    summary: "One scenario solved on the matrix in force now.",
    query: scenarioIdInput,
    result: scenarioDto,
    handler: ({ deps, actor, query }) => scenarios.solveScenario(deps, actor, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/AwardFromScenario",
    access: award,
    summary:
      "Award the project as a scenario shares it (a split line to each supplier by quantity), with a reason, through the award's approval rules: answers { status, award, proposal } as AwardOfferProject; 409 when the scenario cannot be met.",
    body: awardScenarioInput,
    result: awardOutcome,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      scenarios.awardFromScenario(deps, actor, body, { ...meta, via: "http" }),
  }),
];
