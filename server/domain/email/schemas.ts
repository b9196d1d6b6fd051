// Inputs of the email operations (templates, email log, manual and scheduled sending); shared by
// the HTTP routes, the CLI and the client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { EMAIL_MECHANISMS, EMAIL_RECIPIENTS } from "../../../db/enums.ts";

export const MECHANISMS = [...EMAIL_MECHANISMS];
export const NOTIFY_OBJECTS = [...EMAIL_RECIPIENTS];

/** The names a template may use as {{name}}, each filled in where the email is made. */
export const PLACEHOLDERS = [
  "projectCode",
  "projectName",
  "deadline",
  "supplierName",
  "portalLink",
  "round",
  "recipientName",
  "reason",
  "packVersion",
  "submittedAt",
  "contentHash",
  "recordNo",
  "recordHash",
  "awardedItems",
  "awardAmount",
  "proposedBy",
  "approver",
  "decision",
  "comment",
  "approvalLink",
  "closedBy",
  "certificateType",
  "certificateNumber",
  "expiryDate",
  "questionText",
  "answerText",
  "auctionStart",
  "auctionEnd",
  "auctionRules",
  "auctionRank",
] as const;

const required = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max);
const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => v || null);

const templateFields = {
  code: required("email.codeRequired", 64).regex(/^[A-Za-z0-9_.-]+$/, {
    error: "email.codeFormat",
  }),
  subject: required("email.subjectRequired", 300),
  content: multiLine(z.string().trim().max(20_000).default("")),
  /** English text; when left empty the Chinese text is used for English readers too. */
  subjectEn: optionalText(300),
  contentEn: multiLine(optionalText(20_000)),
  mechanism: z.enum(MECHANISMS as [string, ...string[]], { error: "email.mechanismRequired" }),
  mechanismDescription: multiLine(optionalText(500)),
  notifyObject: z.enum(NOTIFY_OBJECTS as [string, ...string[]]).nullish(),
  isActive: z.boolean().default(true),
  /** Reminders: hours before the deadline, e.g. [24, 2]. */
  hoursBefore: z.array(wholeNumber(1, 24 * 30)).max(10).nullish(),
};

export const createTemplateInput = z.object(templateFields);
export const updateTemplateInput = z.object({
  id,
  ...templateFields,
});
export const listTemplatesInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  mechanism: z.enum(MECHANISMS as [string, ...string[]]).optional(),
  isActive: z.stringbool().optional(),
  ...pagedInput,
});

const OUTBOX_STATUSES = ["pending", "sent", "failed", "notConfigured"] as const;
export const listOutboxInput = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  projectId: id.optional(),
  templateCode: z.string().trim().max(64).optional(),
  recipient: z.string().trim().max(256).optional(),
  ...pagedInput,
});
export const resendInput = z.object({ id });

/** SendEmailManual and `reminders send`: a template to chosen (default: all invited) suppliers. */
export const sendManualInput = z.object({
  offProManagerId: id.optional(),
  projectCode: z.string().trim().min(1).max(64).optional(),
  templateCode: required("email.codeRequired", 64),
  supplierIds: z.array(id).max(500).optional(),
  supplierCodes: z.array(z.string().trim().min(1).max(64)).max(500).optional(),
}).refine((v) => v.offProManagerId || v.projectCode, {
  error: "email.projectRequired",
  path: ["offProManagerId"],
});

export type CreateTemplateInput = z.input<typeof createTemplateInput>;
export type UpdateTemplateInput = z.input<typeof updateTemplateInput>;
export type ListTemplatesInput = z.infer<typeof listTemplatesInput>;
export type ListOutboxInput = z.infer<typeof listOutboxInput>;
export type SendManualInput = z.input<typeof sendManualInput>;
