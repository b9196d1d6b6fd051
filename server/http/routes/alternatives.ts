// Accepting a supplier's alternative for comparison on the matrix (and taking it back), and a
// supplier's upload of an alternative's datasheet.
import { Permissions, ProjectPublish } from "../../domain/auth/permissions.ts";
import { uploadDatasheet } from "../../domain/quotes/datasheet.ts";
import { datasheetForm } from "../../domain/quotes/schemas.ts";
import { fileDto } from "../../domain/files/schemas.ts";
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
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/UploadDatasheet",
    access: Permissions.SupplierOfferSearch,
    audience: "supplier",
    summary:
      "Upload an alternative's datasheet for one of my projects (multipart offProId and file, checked as any upload); name its id as altDatasheetFileId on the alternative line when submitting.",
    form: datasheetForm,
    auditOmit: ["file"],
    result: fileDto,
    errors: [409],
    handler: ({ deps, actor, body }) => uploadDatasheet(deps, actor, body),
  }),
];
