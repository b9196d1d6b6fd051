// The audit log calls and the quote record's check, typed by the server's answers.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listAuditLogsInput } from "../../../../server/domain/audit/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { AuditLogDto } from "../../../../server/domain/audit/service.ts";
import type { VerifyReport as ServerVerifyReport } from "../../../../server/domain/quotes/chain.ts";

const AUDIT_LOG = "/QMO/AuditLog";

export type AuditLog = Wire<AuditLogDto>;
export type VerifyReport = Wire<ServerVerifyReport>;

export const logsApi = {
  list: (params: ListParams<typeof listAuditLogsInput>) =>
    api.get<Paged<AuditLog>>(`${AUDIT_LOG}/GetAll`, params),
  get: (id: number) => api.get<AuditLog>(`${AUDIT_LOG}/Get`, { id }),
  verifyQuoteRecord: () => api.get<VerifyReport>("/QMO/QuoteRecord/Verify"),
};
