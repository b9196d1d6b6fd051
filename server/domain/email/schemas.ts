// Inputs of the email operations (templates, email log, manual and scheduled sending); shared by
// the HTTP routes, the CLI and the client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { isoInstant, pageOf } from "../shared/results.ts";
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
  "backupTime",
  "backupError",
  "accountName",
  "resetBy",
] as const;

const required = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max);
const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => v || null);

const mechanismText =
  "When the template is sent: an event (published, ended, awarded …), beforeDeadline (reminders) or manual (sent by hand).";
const hoursBeforeText = "Reminders: hours before the deadline to send at, e.g. [24, 2].";
const templateFields = {
  code: required("email.codeRequired", 64).regex(/^[A-Za-z0-9_.-]+$/, {
    error: "email.codeFormat",
  }).describe("The template's code: letters, digits, _ . -; unique."),
  subject: required("email.subjectRequired", 300).describe(
    "The subject in Chinese; {{placeholder}} names are filled in.",
  ),
  content: multiLine(
    z.string().trim().max(20_000).default("").describe(
      "The text in Chinese (up to 20,000 characters); {{placeholder}} names are filled in.",
    ),
  ),
  /** English text; when left empty the Chinese text is used for English readers too. */
  subjectEn: optionalText(300).describe(
    "The subject in English; when empty the Chinese one is sent to English readers too.",
  ),
  contentEn: multiLine(
    optionalText(20_000).describe(
      "The text in English; when empty the Chinese one is sent to English readers too.",
    ),
  ),
  mechanism: z.enum(MECHANISMS as [string, ...string[]], { error: "email.mechanismRequired" })
    .describe(mechanismText),
  mechanismDescription: multiLine(
    optionalText(500).describe("A note on when it is sent, for the administrators, or none."),
  ),
  notifyObject: z.enum(NOTIFY_OBJECTS as [string, ...string[]]).nullish().describe(
    "Who receives it: suppliers, suppliersNotQuoted, buyer, buyerAndLeader or approver.",
  ),
  isActive: z.boolean().default(true).describe("Whether it is sent (true)."),
  /** Reminders: hours before the deadline, e.g. [24, 2]. */
  hoursBefore: z.array(wholeNumber(1, 24 * 30)).max(10).nullish().describe(hoursBeforeText),
};

export const createTemplateInput = z.object(templateFields);
export const updateTemplateInput = z.object({
  id: id.describe("The template's id."),
  ...templateFields,
});
export const templateIdInput = z.object({ id: id.describe("The template's id.") });
export const listTemplatesInput = z.object({
  keyword: z.string().trim().max(100).optional().describe("Part of the code or subject."),
  mechanism: z.enum(MECHANISMS as [string, ...string[]]).optional().describe(
    "Only templates sent on this mechanism.",
  ),
  isActive: z.stringbool().optional().describe("Only active (true) or inactive (false) ones."),
  ...pagedInput,
});

const OUTBOX_STATUSES = ["pending", "sent", "failed", "notConfigured"] as const;
const outboxStatusText =
  "pending (waiting to be sent or retried), sent, failed (given up after its attempts) or notConfigured (no SMTP server set up).";
export const listOutboxInput = z.object({
  status: z.enum(OUTBOX_STATUSES).optional().describe(
    `Only emails in this status: ${outboxStatusText}`,
  ),
  projectId: id.optional().describe("Only emails about the project with this id."),
  templateCode: z.string().trim().max(64).optional().describe("Only emails of this template."),
  recipient: z.string().trim().max(256).optional().describe("Part of the recipient's address."),
  ...pagedInput,
});
export const resendInput = z.object({ id: id.describe("The email's id in the log.") });

/** SendEmailManual and `reminders send`: a template to chosen (default: all invited) suppliers. */
export const sendManualInput = z.object({
  offProManagerId: id.optional().describe("The project's id (or give projectCode)."),
  projectCode: z.string().trim().min(1).max(64).optional().describe(
    "The project's code (or give offProManagerId).",
  ),
  templateCode: required("email.codeRequired", 64).describe("The template's code."),
  supplierIds: z.array(id).max(500).optional().describe(
    "The invited suppliers to mail, by id (all invited when left out).",
  ),
  supplierCodes: z.array(z.string().trim().min(1).max(64)).max(500).optional().describe(
    "The invited suppliers to mail, by code (all invited when left out).",
  ),
}).refine((v) => v.offProManagerId || v.projectCode, {
  error: "email.projectRequired",
  path: ["offProManagerId"],
});

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** An email template with the placeholders it may use. */
export const emailTemplateDto = z.object({
  id: z.int().describe("The template's id."),
  code: z.string().describe("The template's code."),
  subject: z.string().describe("The subject in Chinese."),
  content: z.string().describe("The text in Chinese."),
  subjectEn: z.string().describe("The subject in English; empty: the Chinese one is used."),
  contentEn: z.string().describe("The text in English; empty: the Chinese one is used."),
  mechanism: z.enum(EMAIL_MECHANISMS).describe(mechanismText),
  mechanismDescription: z.string().nullable().describe("A note on when it is sent, or null."),
  notifyObject: z.enum(EMAIL_RECIPIENTS).describe(
    "Who receives it: suppliers, suppliersNotQuoted, buyer, buyerAndLeader or approver.",
  ),
  isActive: z.boolean().describe("Whether it is sent."),
  hoursBefore: z.array(z.int()).nullable().describe(`${hoursBeforeText} Null otherwise.`),
  createdAt: isoInstant.describe("When the template was created."),
  updatedAt: isoInstant.nullable().describe("When it was last changed, or null."),
  placeholders: z.array(z.string()).describe("The {{placeholder}} names a template may use."),
});
export const emailTemplatePage = pageOf(emailTemplateDto, "templates");

/** An email of the log (outbox). */
export const outboxDto = z.object({
  id: z.int().describe("The email's id."),
  status: z.enum(OUTBOX_STATUSES).describe(outboxStatusText),
  eventKey: z.string().describe(
    "What the email is about: with the recipient, unique, so one event never mails one person twice.",
  ),
  templateCode: z.string().describe("The template it was written from."),
  recipient: z.string().describe("The recipient's address."),
  recipientName: z.string().nullable().describe("The recipient's name, or null."),
  language: z.enum(["zh", "en"]).describe("The language it is written in."),
  subject: z.string().describe("The subject as sent."),
  body: z.string().describe("The text as sent."),
  projectId: z.int().nullable().describe("The project it is about, or null."),
  projectCode: z.string().nullable().describe("That project's code, or null."),
  supplierId: z.int().nullable().describe("The supplier it was sent to, or null."),
  userId: z.int().nullable().describe("The user it was sent to, or null."),
  attempts: z.int().describe("How many times sending was tried."),
  nextAttemptAt: isoInstant.describe("When it is tried next while pending."),
  lastError: z.string().nullable().describe("Why the last attempt failed, or null."),
  sentAt: isoInstant.nullable().describe("When it was sent, or null."),
  creationTime: isoInstant.describe("When it was written."),
});
/** A page of the email log, each with its status as people read it. */
export const outboxPage = pageOf(
  outboxDto.extend({
    statusText: z.string().describe("The status in the caller's language."),
  }),
  "emails, newest first",
);

export type CreateTemplateInput = z.input<typeof createTemplateInput>;
export type UpdateTemplateInput = z.input<typeof updateTemplateInput>;
export type ListTemplatesInput = z.infer<typeof listTemplatesInput>;
export type ListOutboxInput = z.infer<typeof listOutboxInput>;
export type SendManualInput = z.input<typeof sendManualInput>;
