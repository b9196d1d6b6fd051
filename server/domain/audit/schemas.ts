// Inputs of the audit-log queries.
import { z } from "zod";
import { id, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { strictDate } from "../shared/dates.ts";
import { isoInstant, pageOf } from "../shared/results.ts";

export const listAuditLogsInput = z.object({
  userName: z.string().trim().max(64).optional().describe("Part of the caller's user name."),
  userId: id.optional().describe("Only calls by the user with this id."),
  startTime: strictDate.optional().describe("Only calls at or after this instant (ISO 8601)."),
  endTime: strictDate.optional().describe("Only calls at or before this instant (ISO 8601)."),
  serviceName: z.string().trim().max(100).optional().describe(
    "Part of the controller's name (OfferProjectManager).",
  ),
  methodName: z.string().trim().max(100).optional().describe("Part of the call's name (GetAll)."),
  httpStatus: wholeNumber(100, 599).optional().describe("Only calls answered with this status."),
  hasException: z.stringbool().optional().describe(
    "Only calls that failed (true) or succeeded (false).",
  ),
  ...pagedInput,
});

/** One API call as the audit log keeps it. */
export const auditLogDto = z.object({
  id: z.int().describe("The entry's id."),
  userId: z.int().nullable().describe("The caller's user id; null when not signed in."),
  userName: z.string().nullable().describe("The caller's user name; null when not signed in."),
  serviceName: z.string().describe("The controller called (OfferProjectManager)."),
  methodName: z.string().describe("The call's name (GetAll)."),
  httpMethod: z.string().describe("The HTTP method (GET, POST, PUT, DELETE)."),
  path: z.string().describe("The path called."),
  parameters: z.string().nullable().describe(
    "The call's input as JSON (secrets as ***, sealed quote fields by their size, long text cut at 500 characters, the whole at 4,000), or null.",
  ),
  executionTime: isoInstant.describe("When the call was made."),
  executionDuration: z.int().describe("How long it took, in milliseconds."),
  clientIp: z.string().nullable().describe("The caller's address, or null."),
  browserInfo: z.string().nullable().describe("The caller's browser (User-Agent), or null."),
  httpStatus: z.int().describe("The status answered."),
  exception: z.string().nullable().describe("The failure's message, or null when it succeeded."),
});
export const auditLogPage = pageOf(auditLogDto, "entries, newest first");
