// Supplier qualifications (certificates), supplier performance, and the integrity signals of a
// project's quotes: the buyer's view of whom to invite and what to look at twice.
import { Permissions, ProjectSearch } from "../../domain/auth/permissions.ts";
import * as certificates from "../../domain/suppliers/certificates.ts";
import * as performance from "../../domain/comparison/supplierPerformance.ts";
import { integritySignals } from "../../domain/comparison/integrity.ts";
import {
  certificateIdInput,
  certificateInput,
  expiringInput,
  performanceInput,
  performanceListInput,
  supplierIdQuery,
  updateCertificateInput,
} from "../../domain/suppliers/schemas.ts";
import {
  certificateDto,
  certificateList,
  certificateTypes,
  expiringCertificates,
  performancePage,
  supplierPerformance,
} from "../../domain/suppliers/results.ts";
import { integritySignalsResult } from "../../domain/quotes/results.ts";
import { noResult } from "../../domain/shared/results.ts";
import { projectIdInput } from "../../domain/projects/schemas.ts";
import { defineRoute } from "../route.ts";

const access = Permissions.SupplierSearch;

export const qualificationRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/SupplierCertificate/GetTypes",
    access: [
      Permissions.SupplierSearch,
      Permissions.OfferProjectTypeSearch,
      ...ProjectSearch,
    ],
    summary: "The certificate types (the data dictionary's CertificateType codes, active ones).",
    result: certificateTypes,
    handler: async ({ deps }) => {
      const items = await certificates.certificateTypes(deps.db);
      return { items, totalCount: items.length };
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierCertificate/GetAll",
    access,
    summary:
      "A supplier's certificates (SupplierId) with status valid / expiring (30 days) / expired and days left.",
    query: supplierIdQuery,
    result: certificateList,
    handler: ({ deps, query }) => certificates.listCertificates(deps, query.supplierId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierCertificate/Create",
    access,
    summary:
      "Add a certificate: supplierId, type (CertificateType code), number, issuedOn, expiresOn (YYYY-MM-DD, empty: no expiry), fileId (from FileService/Upload), remark.",
    body: certificateInput,
    result: certificateDto,
    handler: ({ deps, actor, body }) => certificates.createCertificate(deps, actor, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/SupplierCertificate/Update",
    access,
    summary: "Change a certificate (same fields and its id); a new expiry date is warned again.",
    body: updateCertificateInput,
    result: certificateDto,
    handler: ({ deps, actor, body }) => certificates.updateCertificate(deps, actor, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/SupplierCertificate/Delete",
    access,
    summary: "Delete a certificate and its file.",
    query: certificateIdInput,
    result: noResult,
    handler: ({ deps, query }) => certificates.deleteCertificate(deps, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierCertificate/GetExpiring",
    access,
    summary: "Certificates expiring from today to Days ahead (default 30), soonest first.",
    query: expiringInput,
    result: expiringCertificates,
    handler: async ({ deps, query }) => {
      const items = await certificates.expiringCertificates(deps, query.days);
      return { items, totalCount: items.length };
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierPerformance/GetAll",
    access,
    summary:
      "Every supplier invited in the period (From, To on the invitation time) with invitations, response rate, on-time rate and average rank; Sorting invitations | responseRate | onTimeRate | averageRank | code.",
    query: performanceListInput,
    result: performancePage,
    handler: ({ deps, query }) => performance.listPerformance(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierPerformance/Get",
    access,
    summary:
      "One supplier's performance (SupplierId, optional From, To): summary, each invitation's outcome and rank (projects of the kinds you may see), invitations and quotes per month.",
    query: performanceInput,
    result: supplierPerformance,
    handler: ({ deps, actor, query }) => performance.supplierPerformance(deps, actor, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetIntegritySignals",
    access: [Permissions.OfferProjectManagerSearch, Permissions.AmsOfferProjectManagerSearch],
    summary:
      "Hints on a project's quotes: the same attachment (SHA-256) or the same client address from different suppliers, and near-identical priced lines (within 0.5 %; once no round is sealed).",
    query: projectIdInput,
    result: integritySignalsResult,
    handler: ({ deps, actor, query, meta }) => integritySignals(deps, actor, query.offProId, meta),
  }),
];
