// Supplier qualifications (certificates): the buyer's view of whom to invite.
import { Permissions } from "../../domain/auth/permissions.ts";
import * as certificates from "../../domain/suppliers/certificates.ts";
import {
  certificateIdInput,
  certificateInput,
  expiringInput,
  supplierIdQuery,
  updateCertificateInput,
} from "../../domain/suppliers/schemas.ts";
import { defineRoute } from "../route.ts";

const access = Permissions.SupplierSearch;
const cert = "/QMO/SupplierCertificate";

export const qualificationRoutes = [
  defineRoute({
    method: "get",
    path: `${cert}/GetTypes`,
    access: [
      Permissions.SupplierSearch,
      Permissions.OfferProjectTypeSearch,
      Permissions.OfferProjectManagerSearch,
      Permissions.AmsOfferProjectManagerSearch,
    ],
    summary: "The certificate types (the data dictionary's CertificateType codes, active ones).",
    handler: async ({ deps }) => {
      const items = await certificates.certificateTypes(deps.db);
      return { items, totalCount: items.length };
    },
  }),
  defineRoute({
    method: "get",
    path: `${cert}/GetAll`,
    access,
    summary:
      "A supplier's certificates (SupplierId) with status valid / expiring (30 days) / expired and days left.",
    query: supplierIdQuery,
    handler: ({ deps, query }) => certificates.listCertificates(deps, query.supplierId),
  }),
  defineRoute({
    method: "post",
    path: `${cert}/Create`,
    access,
    summary:
      "Add a certificate: supplierId, type (CertificateType code), number, issuedOn, expiresOn (YYYY-MM-DD, empty: no expiry), fileId (from FileService/Upload), remark.",
    body: certificateInput,
    handler: ({ deps, actor, body }) => certificates.createCertificate(deps, actor, body),
  }),
  defineRoute({
    method: "put",
    path: `${cert}/Update`,
    access,
    summary: "Change a certificate (same fields and its id); a new expiry date is warned again.",
    body: updateCertificateInput,
    handler: ({ deps, actor, body }) => certificates.updateCertificate(deps, actor, body),
  }),
  defineRoute({
    method: "delete",
    path: `${cert}/Delete`,
    access,
    summary: "Delete a certificate and its file.",
    query: certificateIdInput,
    handler: ({ deps, query }) => certificates.deleteCertificate(deps, query.id),
  }),
  defineRoute({
    method: "get",
    path: `${cert}/GetExpiring`,
    access,
    summary: "Certificates expiring from today to Days ahead (default 30), soonest first.",
    query: expiringInput,
    handler: async ({ deps, query }) => {
      const items = await certificates.expiringCertificates(deps, query.days);
      return { items, totalCount: items.length };
    },
  }),
];
