// Accepting a supplier's alternative for comparison on the matrix (and taking it back).
import { ProjectPublish } from "../../domain/auth/permissions.ts";
import {
  acceptAlternative,
  acceptAlternativeInput,
  acceptedResult,
} from "../../domain/comparison/acceptAlternative.ts";
import { defineRoute } from "../route.ts";

export const alternativeRoutes = [
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/AcceptAlternative",
    access: ProjectPublish,
    summary:
      "Accept a supplier's alternative for a line item for comparison (accept true), or take it back (accept false), with a reason; audit-logged. An accepted alternative is ranked in the matrix and can be awarded. Answers the accepted alternatives.",
    body: acceptAlternativeInput,
    result: acceptedResult,
    errors: [403],
    handler: ({ deps, actor, body, meta }) =>
      acceptAlternative(deps, actor, body, { ...meta, via: "http" }),
  }),
];
