// Reminders before a deadline (scheduled) and emails sent by hand (SendEmailManual, `reminders send`).
import { and, eq, gt, inArray, lte, ne } from "drizzle-orm";
import {
  emailOutbox,
  emailTemplates,
  offerProjects,
  offerProjectSuppliers,
  offerRounds,
  suppliers,
} from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { fieldError, notFound } from "../errors.ts";
import { closedByClock } from "../shared/closing.ts";
import { suppliersQuoted } from "../shared/quoted.ts";
import { enqueue, supplierAddresses } from "./outbox.ts";
import { flushOutbox } from "./mailer.ts";
import { type SendManualInput, sendManualInput } from "./schemas.ts";
import { formatUtc8 } from "../shared/time.ts";
import { getSetting } from "../settings/service.ts";
import { transaction } from "../../../db/client.ts";

export type DueReminder = {
  projectId: number;
  projectCode: string;
  projectName: string;
  /** 0 = first quote, 1 and 2 = optimisation rounds. */
  round: number;
  deadline: Date;
  deadlineUtc8: string;
  templateCode: string;
  hours: number;
  suppliers: { id: number; code: string; name: string; emails: string[] }[];
};

type Target = {
  projectId: number;
  code: string;
  name: string;
  round: number;
  deadline: Date;
  /** The request pack version in force: a first quote that answered an older one is not enough. */
  packVersion: number | null;
};

/**
 * The reminders the schedule would send now. A template with hours [24, 2] reminds at 24 hours and
 * at 2 hours before the deadline; when the schedule missed a point, only the latest one due is sent.
 * Suppliers who have quoted (in that round) or were already reminded for that point are left out; a
 * supplier whose latest first quote answered an older request pack (the buyer revised it since) is
 * reminded like one that has not quoted.
 */
export async function dueReminders(deps: Deps): Promise<DueReminder[]> {
  const { db, clock } = deps;
  const now = clock.now();
  const templates = await db.select().from(emailTemplates).where(
    and(eq(emailTemplates.mechanism, "beforeDeadline"), eq(emailTemplates.isActive, true)),
  );
  if (!templates.length) return [];
  // A template's own hours, else the system's reminder hours (System resources, 24 and 2 by default).
  const systemHours = await getSetting(deps, "reminderHours");
  const hoursOf = (tpl: typeof templates[number]) =>
    (tpl.hoursBefore?.length ? tpl.hoursBefore : systemHours).slice().sort((a, b) => a - b);
  const maxHours = Math.max(...templates.flatMap(hoursOf));
  const horizon = new Date(now.getTime() + maxHours * 3600_000);

  const targets: Target[] = [];
  const open = await db.select().from(offerProjects).where(
    and(
      eq(offerProjects.status, "published"),
      gt(offerProjects.offerEndTime, now),
      lte(offerProjects.offerEndTime, horizon),
    ),
  );
  for (const p of open) {
    if (closedByClock(p, now)) continue;
    targets.push({
      projectId: p.id,
      code: p.code,
      name: p.name,
      round: 0,
      deadline: p.offerEndTime!,
      packVersion: p.packVersion,
    });
  }
  const rounds = await db.select({ r: offerRounds, p: offerProjects }).from(offerRounds)
    .innerJoin(offerProjects, eq(offerProjects.id, offerRounds.projectId)).where(
      and(
        ne(offerProjects.status, "closed"),
        lte(offerRounds.openedAt, now),
        gt(offerRounds.endTime, now),
        lte(offerRounds.endTime, horizon),
      ),
    );
  for (const { r, p } of rounds) {
    targets.push({
      projectId: p.id,
      code: p.code,
      name: p.name,
      round: r.round,
      deadline: r.endTime,
      packVersion: p.packVersion,
    });
  }

  const out: DueReminder[] = [];
  for (const target of targets) {
    for (const tpl of templates) {
      const hours = hoursOf(tpl).find((h) =>
        target.deadline.getTime() - h * 3600_000 <= now.getTime()
      );
      if (hours === undefined) continue;
      const pending = await notQuotedSuppliers(deps, target);
      const key =
        `reminder:${target.projectId}:r${target.round}:${tpl.code}:${hours}h:${target.deadline.getTime()}`;
      const already = await db.selectDistinct({ supplierId: emailOutbox.supplierId })
        .from(emailOutbox).where(eq(emailOutbox.eventKey, key));
      const list = pending.filter((s) => !already.some((a) => a.supplierId === s.id));
      if (!list.length) continue;
      out.push({
        projectId: target.projectId,
        projectCode: target.code,
        projectName: target.name,
        round: target.round,
        deadline: target.deadline,
        deadlineUtc8: formatUtc8(target.deadline),
        templateCode: tpl.code,
        hours,
        suppliers: list,
      });
    }
  }
  return out;
}

async function notQuotedSuppliers(deps: Deps, target: Target) {
  const rows = await deps.db.select({ s: suppliers, link: offerProjectSuppliers })
    .from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(eq(offerProjectSuppliers.projectId, target.projectId));
  const quoted = await suppliersQuoted(
    deps.db,
    { id: target.projectId, packVersion: target.packVersion },
    target.round,
  );
  return rows
    .filter(({ link }) => target.round === 0 || (target.round === 1 ? link.round1 : link.round2))
    .filter(({ s }) => !quoted.has(s.id))
    // A supplier that declined to quote is not reminded of the first quotation.
    .filter(({ link }) => target.round !== 0 || link.declinedAt == null)
    .map(({ s }) => ({ id: s.id, code: s.code, name: s.fullName, emails: supplierAddresses(s) }))
    .filter((s) => s.emails.length > 0);
}

/** Writes the due reminders into the outbox (one transaction per project and template). */
export async function sendDueReminders(deps: Deps): Promise<{ queued: number }> {
  let queued = 0;
  for (const due of await dueReminders(deps)) {
    queued += (await transaction(deps.db, (tx) =>
      enqueue(tx, deps, {
        kind: "reminder",
        projectId: due.projectId,
        templateCode: due.templateCode,
        round: due.round,
        hours: due.hours,
        deadline: due.deadline,
        supplierIds: due.suppliers.map((s) => s.id),
      }))).length;
  }
  return { queued };
}

/** What became of one chosen supplier's email. */
export type ManualOutcome = {
  supplierId: number;
  code: string;
  name: string;
  outcome: "sent" | "retrying" | "failed" | "notConfigured" | "skipped";
  /** Why it was skipped: it has quoted (the template is for those who have not), no address… */
  reason: "quoted" | "declined" | "noAddress" | "alreadySent" | null;
  /** The SMTP server's answer to a failed or retried email. */
  error: string | null;
};

type OutboxRow = typeof emailOutbox.$inferSelect;

/** One supplier's outcome from its emails (one per address): the worst of them counts. */
function outcomeOf(rows: OutboxRow[]): Pick<ManualOutcome, "outcome" | "error"> {
  const failed = rows.find((r) => r.status === "failed");
  if (failed) return { outcome: "failed", error: failed.lastError };
  const retrying = rows.find((r) => r.status === "pending");
  if (retrying) return { outcome: "retrying", error: retrying.lastError };
  if (rows.some((r) => r.status === "notConfigured")) {
    return { outcome: "notConfigured", error: null };
  }
  return { outcome: "sent", error: null };
}

/** Each chosen supplier (default: every invited one) with what became of its email. */
async function outcomes(
  deps: Deps,
  project: { id: number; packVersion: number | null },
  templateCode: string,
  chosen: number[] | undefined,
  emailIds: number[],
): Promise<ManualOutcome[]> {
  const invited = await deps.db.select({ s: suppliers, link: offerProjectSuppliers })
    .from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(and(
      eq(offerProjectSuppliers.projectId, project.id),
      chosen ? inArray(offerProjectSuppliers.supplierId, chosen) : undefined,
    )).orderBy(suppliers.code);
  const tpl = await deps.db.query.emailTemplates.findFirst({
    where: eq(emailTemplates.code, templateCode),
  });
  const quoted = tpl?.notifyObject === "suppliersNotQuoted"
    ? await suppliersQuoted(deps.db, project, 0)
    : new Set<number>();
  const rows = emailIds.length
    ? await deps.db.select().from(emailOutbox).where(inArray(emailOutbox.id, emailIds))
    : [];
  const notQuotedOnly = tpl?.notifyObject === "suppliersNotQuoted";
  return invited.map(({ s, link }) => {
    const mine = rows.filter((r) => r.supplierId === s.id);
    const base = { supplierId: s.id, code: s.code, name: s.fullName };
    if (mine.length) return { ...base, ...outcomeOf(mine), reason: null };
    const reason = quoted.has(s.id)
      ? "quoted"
      : notQuotedOnly && link.declinedAt
      ? "declined"
      : supplierAddresses(s).length
      ? "alreadySent"
      : "noAddress";
    return { ...base, outcome: "skipped", reason, error: null };
  });
}

/**
 * Sends a chosen template to chosen suppliers of a project now (default: every invited supplier):
 * written to the outbox, then delivered at once. Answers how many were queued and sent, and what
 * became of each chosen supplier's email.
 */
export async function sendManual(deps: Deps, raw: SendManualInput) {
  const input = sendManualInput.parse(raw);
  const project = await deps.db.query.offerProjects.findFirst({
    where: input.offProManagerId
      ? eq(offerProjects.id, input.offProManagerId)
      : eq(offerProjects.code, input.projectCode!),
  });
  if (!project) throw notFound("project", input.offProManagerId ?? input.projectCode);
  let supplierIds = input.supplierIds;
  if (input.supplierCodes?.length) {
    const rows = await deps.db.select({ id: suppliers.id, code: suppliers.code }).from(suppliers)
      .where(inArray(suppliers.code, input.supplierCodes));
    const missing = input.supplierCodes.find((c) => !rows.some((r) => r.code === c));
    if (missing) throw fieldError("supplierCodes", "email.noSuchSupplier", { code: missing });
    supplierIds = [...new Set([...(supplierIds ?? []), ...rows.map((r) => r.id)])];
  }
  const ids = await transaction(deps.db, (tx) =>
    enqueue(tx, deps, {
      kind: "manual",
      projectId: project.id,
      templateCode: input.templateCode,
      supplierIds,
    }));
  // Delivered after the commit; what fails stays in the outbox for the schedule to retry.
  const flushed = ids.length
    ? await flushOutbox(deps, { ids })
    : { sent: 0, retrying: 0, failed: 0, notConfigured: 0 };
  return {
    queued: ids.length,
    ...flushed,
    suppliers: await outcomes(deps, project, input.templateCode, supplierIds, ids),
  };
}
