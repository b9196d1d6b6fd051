// The buyer's cost terms on a project's suppliers (freight, duty, payment-term financing, a one-off
// qualification or switching cost, another named term): staff only, never shown to suppliers.
import { ProjectPublish, ProjectSearch } from "../../domain/auth/permissions.ts";
import {
  createCostTerm,
  deleteCostTerm,
  listCostTerms,
  updateCostTerm,
} from "../../domain/comparison/costTerms.ts";
import {
  costTermDto,
  costTermIdInput,
  costTermList,
  costTermsInput,
  createCostTermInput,
  updateCostTermInput,
} from "../../domain/comparison/costTermSchemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

export const costTermRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetCostTerms",
    access: ProjectSearch,
    summary: "The buyer's cost terms of a project (by supplier, then as added).",
    query: costTermsInput,
    result: costTermList,
    handler: ({ deps, actor, query }) => listCostTerms(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/CreateCostTerm",
    access: ProjectPublish,
    summary:
      "Add a cost term on an invited supplier (its whole offer, or one line with itemId): kind freight, duty, financing, qualification or other (with a name); basis amount (value in currency) or percent (of the price; for financing the annual rate, applied for the days of the payment term). Refused (409) once the project is closed.",
    body: createCostTermInput,
    result: costTermDto,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      createCostTerm(deps, actor, body, { ...meta, via: "http" }),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/OfferProjectManager/UpdateCostTerm",
    access: ProjectPublish,
    summary: "Change a cost term (its line, kind, name, basis, value, currency).",
    body: updateCostTermInput,
    result: costTermDto,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      updateCostTerm(deps, actor, body, { ...meta, via: "http" }),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/OfferProjectManager/DeleteCostTerm",
    access: ProjectPublish,
    summary: "Remove a cost term.",
    query: costTermIdInput,
    result: noResult,
    errors: [409],
    handler: async ({ deps, actor, query, meta }) => {
      await deleteCostTerm(deps, actor, query, { ...meta, via: "http" });
    },
  }),
];
