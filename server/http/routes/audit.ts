// The audit log (spec §2 /systemManager/logManager).
import { z } from "zod";
import { id } from "../../domain/shared/input.ts";
import { Permissions } from "../../domain/auth/permissions.ts";
import { getAuditLog, listAuditLogs } from "../../domain/audit/service.ts";
import { auditLogDto, auditLogPage, listAuditLogsInput } from "../../domain/audit/schemas.ts";
import { verifyReport } from "../../domain/quotes/results.ts";
import { verifyChain } from "../../domain/quotes/chain.ts";
import { defineRoute } from "../route.ts";

export const auditRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/AuditLog/GetAll",
    access: Permissions.LogSearch,
    summary:
      "Audit log, newest first; filter by user, time range, service, method, status, exception.",
    query: listAuditLogsInput,
    result: auditLogPage,
    handler: ({ deps, query }) => listAuditLogs(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/AuditLog/Get",
    access: Permissions.LogSearch,
    summary: "One audit log entry with its parameters and error.",
    query: z.object({ id: id.describe("The entry's id.") }),
    result: auditLogDto,
    handler: ({ deps, query }) => getAuditLog(deps, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/QuoteRecord/Verify",
    access: Permissions.LogSearch,
    summary:
      "Checks the tamper-evident record of quote submissions (as `cli audit verify`): every entry's hash, each naming the one before, each matching its quote; bytes=true also rehashes the stored files.",
    query: z.object({
      bytes: z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).optional()
        .transform((v) => v === true || v === "true" || v === "1")
        .describe("Also read every stored quote file again and compare its SHA-256 (slower)."),
    }),
    result: verifyReport,
    handler: ({ deps, query }) => verifyChain(deps, { bytes: query.bytes }),
  }),
];
