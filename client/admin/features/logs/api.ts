// The audit log calls and the quote record's check, typed by the server's answers.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { AuditLogDto } from "../../../../server/domain/audit/service.ts";
import type { VerifyReport as ServerVerifyReport } from "../../../../server/domain/quotes/chain.ts";

export const AUDIT_LOG = "/QMO/AuditLog";

export type AuditLog = Wire<AuditLogDto>;
export type VerifyReport = Wire<ServerVerifyReport>;

export const logsApi = {
  get: (id: number) => api.get<AuditLog>(`${AUDIT_LOG}/Get`, { id }),
  verifyQuoteRecord: () => api.get<VerifyReport>("/QMO/QuoteRecord/Verify"),
};
