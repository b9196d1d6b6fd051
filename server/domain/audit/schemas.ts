// Inputs of the audit-log queries.
import { z } from "zod";
import { id, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { strictDate } from "../shared/dates.ts";

export const listAuditLogsInput = z.object({
  userName: z.string().trim().max(64).optional(),
  userId: id.optional(),
  startTime: strictDate.optional(),
  endTime: strictDate.optional(),
  serviceName: z.string().trim().max(100).optional(),
  methodName: z.string().trim().max(100).optional(),
  httpStatus: wholeNumber(100, 599).optional(),
  hasException: z.stringbool().optional(),
  ...pagedInput,
});
