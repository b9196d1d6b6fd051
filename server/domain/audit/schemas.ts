// Inputs of the audit-log queries.
import { z } from "zod";
import { pagedInput } from "../paging.ts";
import { strictDate } from "../shared/dates.ts";

export const listAuditLogsInput = z.object({
  userName: z.string().trim().max(64).optional(),
  userId: z.coerce.number().int().positive().optional(),
  startTime: strictDate.optional(),
  endTime: strictDate.optional(),
  serviceName: z.string().trim().max(100).optional(),
  methodName: z.string().trim().max(100).optional(),
  httpStatus: z.coerce.number().int().min(100).max(599).optional(),
  hasException: z.stringbool().optional(),
  ...pagedInput,
});
