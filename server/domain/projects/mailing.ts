// Mailing a published project's suppliers by hand (the "Send reminder" dialog, SendEmailManual):
// the templates that go to suppliers, where each invited supplier stands (quoted, agreed, reminded),
// a preview of one supplier's email exactly as the outbox would write it, and sending.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  emailOutbox,
  emailTemplates,
  offerProjectSuppliers,
  quotes,
  suppliers,
  users,
} from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { fieldError } from "../errors.ts";
import { composeEmails, renderEmail, supplierAddresses } from "../email/outbox.ts";
import { sendManual } from "../email/reminders.ts";
import { assertMayPublish, loadProject } from "./access.ts";
import type { previewEmailInput, sendEmailInput } from "./schemas.ts";
import { declineOf, suppliersQuoted } from "../shared/quoted.ts";

/** The template a buyer's reminder uses unless another is chosen. */
const REMINDER_TEMPLATE = "DEADLINE_REMINDER";

/** A project the actor may publish (its kind's Publish permission): the only ones mailed by hand. */
async function projectToMail(deps: Deps, actor: Actor, id: number) {
  const row = await loadProject(deps.db, id);
  assertMayPublish(actor, row.kind);
  return row;
}

/** The active templates written to suppliers, the reminder first. */
async function supplierTemplates(deps: Deps) {
  const rows = await deps.db.select().from(emailTemplates).where(and(
    eq(emailTemplates.isActive, true),
    inArray(emailTemplates.notifyObject, ["suppliers", "suppliersNotQuoted"]),
  )).orderBy(emailTemplates.code);
  return rows.sort((a, b) =>
    Number(b.code === REMINDER_TEMPLATE) - Number(a.code === REMINDER_TEMPLATE)
  )
    .map((t) => ({
      code: t.code,
      mechanism: t.mechanism,
      /** "suppliersNotQuoted": a supplier that has quoted is skipped. */
      notifyObject: t.notifyObject,
    }));
}

/**
 * GetEmailManualData: what the dialog offers — the templates for suppliers (the deadline reminder
 * first, the default), and each invited supplier with its addresses, language, whether it has
 * quoted (on the request pack in force), agreed to the quote rules, and its last reminder.
 */
export async function emailManualData(deps: Deps, actor: Actor, offProId: number) {
  const project = await projectToMail(deps, actor, offProId);
  const invited = await deps.db.select({ s: suppliers, link: offerProjectSuppliers })
    .from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(eq(offerProjectSuppliers.projectId, project.id))
    .orderBy(suppliers.code);
  const ids = invited.map((r) => r.s.id);
  const quoted = await suppliersQuoted(deps.db, project, 0);
  const lastQuote = ids.length
    ? await deps.db.select({
      supplierId: quotes.supplierId,
      at: sql<number>`max(${quotes.submittedAt})`,
    })
      .from(quotes)
      .where(and(eq(quotes.projectId, project.id), eq(quotes.round, 0)))
      .groupBy(quotes.supplierId)
    : [];
  // Reminders: the schedule's and those sent by hand; the latest of each supplier.
  const reminders = ids.length
    ? await deps.db.select().from(emailOutbox).where(and(
      eq(emailOutbox.projectId, project.id),
      inArray(emailOutbox.supplierId, ids),
      or(
        sql`${emailOutbox.eventKey} like 'reminder:%'`,
        sql`${emailOutbox.eventKey} like 'manual:%'`,
      ),
    )).orderBy(desc(emailOutbox.id))
    : [];
  const langs = ids.length
    ? await deps.db.select({ supplierId: users.supplierId, language: users.language })
      .from(users).where(and(inArray(users.supplierId, ids), eq(users.isActive, true)))
    : [];
  const templates = await supplierTemplates(deps);
  return {
    projectId: project.id,
    code: project.code,
    name: project.name,
    templates,
    defaultTemplate: templates[0]?.code ?? null,
    suppliers: invited.map(({ s, link }) => {
      const last = reminders.find((r) => r.supplierId === s.id);
      const at = lastQuote.find((q) => q.supplierId === s.id)?.at;
      return {
        id: s.id,
        code: s.code,
        abbrName: s.abbrName,
        fullName: s.fullName,
        emails: supplierAddresses(s),
        language: langs.find((l) => l.supplierId === s.id && l.language)?.language ?? "zh",
        quoted: quoted.has(s.id),
        /** The latest first quote, also one on an older request pack (then `quoted` is false). */
        quotedAt: at == null ? null : new Date(at),
        agreedAt: link.agreedAt,
        decline: declineOf(link),
        lastReminder: last
          ? {
            at: last.sentAt ?? last.createdAt,
            templateCode: last.templateCode,
            status: last.status,
          }
          : null,
      };
    }),
  };
}

/**
 * PreviewEmailManual: one supplier's email of the chosen template as sending would write it (same
 * composition and rendering as the outbox, in the supplier's language), and whether sending would
 * skip it: it has quoted (or declined to quote) and the template is for those who have not, or it
 * has no address.
 */
export async function previewEmailManual(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof previewEmailInput>,
) {
  const project = await projectToMail(deps, actor, input.offProId);
  const drafts = (await composeEmails(deps.db, deps, {
    kind: "manual",
    projectId: project.id,
    templateCode: input.templateCode,
    supplierIds: [input.supplierId],
  }, { preview: true })).filter((d) => d.recipient.supplierId === input.supplierId);
  const first = drafts[0];
  if (!first) {
    throw fieldError("templateCode", "email.notForSuppliers", { code: input.templateCode });
  }
  const notQuotedOnly = first.tpl.notifyObject === "suppliersNotQuoted";
  const quoted = notQuotedOnly &&
    (await suppliersQuoted(deps.db, project, 0)).has(input.supplierId);
  const declined = notQuotedOnly && !quoted &&
    (await deps.db.query.offerProjectSuppliers.findFirst({
        where: and(
          eq(offerProjectSuppliers.projectId, project.id),
          eq(offerProjectSuppliers.supplierId, input.supplierId),
        ),
      }))?.declinedAt != null;
  const to = drafts.map((d) => d.recipient.address).filter(Boolean);
  return {
    supplierId: input.supplierId,
    templateCode: first.tpl.code,
    language: first.recipient.language,
    to,
    ...renderEmail(first.tpl, first.recipient.language, first.values, first.subjectValues),
    skipped: quoted
      ? "quoted" as const
      : declined
      ? "declined" as const
      : to.length
      ? null
      : "noAddress" as const,
  };
}

/**
 * SendEmailManual: a chosen template (default: the invitation) to chosen invited suppliers
 * (default: all of them), written to the outbox and sent now; answers each supplier's outcome.
 */
export async function sendEmailManual(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof sendEmailInput>,
) {
  await projectToMail(deps, actor, input.offProId);
  return await sendManual(deps, {
    offProManagerId: input.offProId,
    templateCode: input.templateCode ?? "PROJECT_PUBLISHED",
    supplierIds: input.supplierIds,
  });
}
