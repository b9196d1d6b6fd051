// Email alert management: the templates (with placeholder validation on save) and the email log
// (the outbox as people see it, with resend). Sending lives in outbox.ts, mailer.ts, reminders.ts.
import { and, count, desc, eq, min, ne, or, type SQL } from "drizzle-orm";
import { emailOutbox, emailTemplates, offerProjects } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { conflict, fieldError, notFound, validation } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import {
  type CreateTemplateInput,
  createTemplateInput,
  type ListOutboxInput,
  type ListTemplatesInput,
  PLACEHOLDERS,
  type UpdateTemplateInput,
  updateTemplateInput,
} from "./schemas.ts";
import {
  defaultNotifyObject,
  type Mechanism,
  type NotifyObject,
  placeholderErrors,
} from "./templates.ts";
import { flushOutbox, withoutSecrets } from "./mailer.ts";
import { transaction } from "../../../db/client.ts";

export { enqueue } from "./outbox.ts";
export { flushOutbox, sendTestMail } from "./mailer.ts";
export { dueReminders, sendDueReminders, sendManual } from "./reminders.ts";

export type EmailTemplateDto = typeof emailTemplates.$inferSelect & { placeholders: string[] };

const toDto = (row: typeof emailTemplates.$inferSelect): EmailTemplateDto => ({
  ...row,
  placeholders: [...PLACEHOLDERS],
});

export async function listTemplates(
  deps: Deps,
  input: ListTemplatesInput,
): Promise<Paged<EmailTemplateDto>> {
  const where: SQL[] = [];
  if (input.keyword) {
    where.push(
      or(
        contains(emailTemplates.code, input.keyword),
        contains(emailTemplates.subject, input.keyword),
      )!,
    );
  }
  if (input.mechanism) where.push(eq(emailTemplates.mechanism, input.mechanism as Mechanism));
  if (input.isActive !== undefined) where.push(eq(emailTemplates.isActive, input.isActive));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(emailTemplates).where(cond);
  const rows = await deps.db.select().from(emailTemplates).where(cond)
    .orderBy(...orderBy(input.sorting, {
      code: emailTemplates.code,
      subject: emailTemplates.subject,
      mechanism: emailTemplates.mechanism,
      isActive: emailTemplates.isActive,
      creationTime: emailTemplates.createdAt,
    }, [emailTemplates.id]))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: rows.map(toDto), totalCount: total };
}

export async function getTemplate(deps: Deps, id: number): Promise<EmailTemplateDto> {
  const row = await deps.db.query.emailTemplates.findFirst({ where: eq(emailTemplates.id, id) });
  if (!row) throw notFound("emailTemplate", id);
  return toDto(row);
}

type TemplateFields = ReturnType<typeof createTemplateInput.parse>;

function checked(input: TemplateFields) {
  const errors = placeholderErrors({
    subject: input.subject,
    content: input.content,
    subjectEn: input.subjectEn,
    contentEn: input.contentEn,
  });
  if (errors.length) {
    throw validation(errors[0].messageKey, errors[0].params, errors);
  }
  const mechanism = input.mechanism as Mechanism;
  return {
    code: input.code,
    subject: input.subject,
    content: input.content,
    subjectEn: input.subjectEn ?? "",
    contentEn: input.contentEn ?? "",
    mechanism,
    mechanismDescription: input.mechanismDescription,
    notifyObject: (input.notifyObject as NotifyObject | null | undefined) ??
      defaultNotifyObject[mechanism],
    isActive: input.isActive,
    // A reminder without hours of its own follows the system's reminder hours (System resources).
    hoursBefore: mechanism === "beforeDeadline" && input.hoursBefore?.length
      ? [...new Set(input.hoursBefore)].sort((a, b) => b - a)
      : null,
  };
}

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: number) {
  const cond = eq(emailTemplates.code, code);
  const clash = await db.query.emailTemplates.findFirst({
    where: exceptId ? and(cond, ne(emailTemplates.id, exceptId)) : cond,
  });
  if (clash) throw fieldError("code", "email.codeTaken", { code });
}

export async function createTemplate(
  deps: Deps,
  raw: CreateTemplateInput,
): Promise<EmailTemplateDto> {
  const values = checked(createTemplateInput.parse(raw));
  return await transaction(deps.db, async (tx) => {
    await assertCodeFree(tx, values.code);
    const [row] = await tx.insert(emailTemplates)
      .values({ ...values, createdAt: deps.clock.now() }).returning();
    return toDto(row);
  });
}

export async function updateTemplate(
  deps: Deps,
  raw: UpdateTemplateInput,
): Promise<EmailTemplateDto> {
  const input = updateTemplateInput.parse(raw);
  const values = checked(input);
  return await transaction(deps.db, async (tx) => {
    const existing = await tx.query.emailTemplates.findFirst({
      where: eq(emailTemplates.id, input.id),
    });
    if (!existing) throw notFound("emailTemplate", input.id);
    await assertCodeFree(tx, values.code, input.id);
    const [row] = await tx.update(emailTemplates)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(emailTemplates.id, input.id)).returning();
    return toDto(row);
  });
}

export async function deleteTemplate(deps: Deps, id: number): Promise<void> {
  const rows = await deps.db.delete(emailTemplates).where(eq(emailTemplates.id, id))
    .returning({ id: emailTemplates.id });
  if (!rows.length) throw notFound("emailTemplate", id);
}

// ---------------------------------------------------------------------------------------------
// Email log
// ---------------------------------------------------------------------------------------------

export type OutboxDto = Omit<typeof emailOutbox.$inferSelect, "createdAt"> & {
  projectCode: string | null;
  creationTime: Date;
};

const outboxSelect = {
  row: emailOutbox,
  projectCode: offerProjects.code,
};

const outboxDto = (r: { row: typeof emailOutbox.$inferSelect; projectCode: string | null }) => {
  const { createdAt, ...rest } = r.row;
  // A reset link waiting to be sent is the key to an account: the log shows it without its secret.
  const body = withoutSecrets(rest.body);
  return { ...rest, body, projectCode: r.projectCode, creationTime: createdAt } satisfies OutboxDto;
};

export async function listOutbox(deps: Deps, input: ListOutboxInput): Promise<Paged<OutboxDto>> {
  const where: SQL[] = [];
  if (input.status) where.push(eq(emailOutbox.status, input.status));
  if (input.projectId) where.push(eq(emailOutbox.projectId, input.projectId));
  if (input.templateCode) where.push(eq(emailOutbox.templateCode, input.templateCode));
  if (input.recipient) where.push(contains(emailOutbox.recipient, input.recipient));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(emailOutbox).where(cond);
  const rows = await deps.db.select(outboxSelect).from(emailOutbox)
    .leftJoin(offerProjects, eq(offerProjects.id, emailOutbox.projectId)).where(cond)
    .orderBy(...orderBy(input.sorting, {
      creationTime: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      status: emailOutbox.status,
      recipient: emailOutbox.recipient,
      templateCode: emailOutbox.templateCode,
      attempts: emailOutbox.attempts,
    }, [desc(emailOutbox.id)]))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: rows.map(outboxDto), totalCount: total };
}

async function getOutbox(deps: Deps, id: number): Promise<OutboxDto> {
  const [row] = await deps.db.select(outboxSelect).from(emailOutbox)
    .leftJoin(offerProjects, eq(offerProjects.id, emailOutbox.projectId))
    .where(eq(emailOutbox.id, id));
  if (!row) throw notFound("email", id);
  return outboxDto(row);
}

/** Sends a failed (or not yet sendable) email again now; answers it with its new status. */
export async function resendEmail(deps: Deps, id: number): Promise<OutboxDto> {
  const row = await deps.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
  if (!row) throw notFound("email", id);
  if (row.status === "sent") throw conflict("email.alreadySent");
  await deps.db.update(emailOutbox).set({
    status: deps.config.smtpUrl ? "pending" : "notConfigured",
    attempts: 0,
    nextAttemptAt: deps.clock.now(),
  }).where(eq(emailOutbox.id, id));
  await flushOutbox(deps, { ids: [id] });
  return await getOutbox(deps, id);
}

/** How many emails wait to be sent, and when the oldest of them was written (for the metrics). */
export async function outboxWaiting(db: DbOrTx): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.select({ n: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox).where(eq(emailOutbox.status, "pending"));
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}
