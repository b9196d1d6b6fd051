// The comparison of a project's quotes (matrix and its .xlsx), the award, and the exchange rates of
// the data dictionary that turn prices into CNY.
import { Permissions, ProjectPublish, ProjectSearch } from "../../domain/auth/permissions.ts";
import * as comparison from "../../domain/comparison/service.ts";
import { awardProject } from "../../domain/auction/award.ts";
import { exportMatrix } from "../../domain/comparison/export.ts";
import { awardInput, matrixInput } from "../../domain/comparison/schemas.ts";
import { awardDto, awardOutcome } from "../../domain/comparison/results.ts";
import { matrixInView } from "../../domain/comparison/costTerms.ts";
import { matrixViewInput, matrixWithTotalCost } from "../../domain/comparison/costTermSchemas.ts";
import * as rates from "../../domain/dictionary/commercial.ts";
import {
  createRateInput,
  listRatesInput,
  rateDto,
  rateIdInput,
  ratePage,
  updateRateInput,
} from "../../domain/dictionary/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import { defineRoute } from "../route.ts";

const search = ProjectSearch;
const publish = ProjectPublish;

export const comparisonRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetComparisonMatrix",
    access: search,
    summary:
      "The comparison matrix: line items × suppliers, prices in CNY at the rate of each quote's date, lowest per row, totals by yearly usage, ranks, each supplier's commercial terms, change from the first quote, the award; and the total cost with the buyer's cost terms (view=total: lowest marks and ranks by total cost).",
    query: matrixViewInput,
    result: matrixWithTotalCost,
    handler: ({ deps, actor, query }) => matrixInView(deps, actor, query.offProId, query.view),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/ExportComparisonMatrix",
    access: search,
    summary: "The comparison matrix as an .xlsx file (matrix sheet and every priced line).",
    query: matrixInput,
    binary: true,
    handler: async ({ deps, actor, query, lang }) => {
      const file = await exportMatrix(deps, actor, query.offProId, lang);
      return downloadResponse(file.bytes, file.fileName);
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/AwardOfferProject",
    access: publish,
    summary:
      "Award an ended project: scope 'project' with supplierId, or 'lines' with [{ itemId, supplierId }]; a reason. Answers { status, award, proposal }: 'awarded' (in force, the suppliers are mailed) or 'pendingApproval' (sent to the buyer's person in charge, nothing mailed to suppliers before approval).",
    body: awardInput,
    result: awardOutcome,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      awardProject(deps, actor, body, { ...meta, via: "http" }),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetAward",
    access: search,
    summary: "The award in force for a project (null when none).",
    query: matrixInput,
    result: awardDto.nullable().describe("The award in force, or null when none."),
    handler: ({ deps, actor, query }) => comparison.getAward(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SystemCodeType/GetExchangeRates",
    access: "signedIn",
    audience: "staff",
    summary: "Exchange rates to CNY (per currency, from a date on), paged; filter by currency.",
    query: listRatesInput,
    result: ratePage,
    handler: ({ deps, query }) => rates.listRates(deps, query),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SystemCodeType/CreateExchangeRate",
    access: Permissions.SystemCodeTypeSearch,
    summary:
      "Add a rate: currency (a dictionary currency), effectiveDate YYYY-MM-DD, rate (CNY per unit).",
    body: createRateInput,
    result: rateDto,
    handler: ({ deps, actor, body }) => rates.createRate(deps, actor, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/SystemCodeType/UpdateExchangeRate",
    access: Permissions.SystemCodeTypeSearch,
    summary: "Change a rate.",
    body: updateRateInput,
    result: rateDto,
    handler: ({ deps, actor, body }) => rates.updateRate(deps, actor, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/SystemCodeType/DeleteExchangeRate",
    access: Permissions.SystemCodeTypeSearch,
    summary: "Delete a rate.",
    query: rateIdInput,
    result: noResult,
    handler: ({ deps, query }) => rates.deleteRate(deps, query.id),
  }),
];
