// The outbox: every email is rendered and written here inside the transaction of the event that
// caused it, once per event and recipient; the sender (mailer.ts) delivers it later.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  emailOutbox,
  emailTemplates,
  offerProjects,
  offerProjectSuppliers,
  offerRounds,
  quoteChain,
  quotes,
  suppliers,
  userLeaders,
  users,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import { type Lang, t } from "../../i18n.ts";
import { type PlaceholderValues, render } from "./templates.ts";
import { formatUtc8 } from "../shared/time.ts";
import { type Closing, closingOf, endedByHandAt, quoteClosesAt } from "../shared/closing.ts";
import { suppliersQuoted } from "../shared/quoted.ts";

type Template = typeof emailTemplates.$inferSelect;
type Project = typeof offerProjects.$inferSelect;

/** What happened. `supplierIds` narrows the suppliers written to (default: every invited one). */
export type EmailEvent =
  | { kind: "published"; projectId: number; supplierIds?: number[] }
  | { kind: "roundOpened"; projectId: number; round: number; supplierIds?: number[] }
  | {
    kind: "quoteReceived";
    projectId: number;
    supplierId: number;
    quoteId: number;
    round?: number;
  }
  | { kind: "ended"; projectId: number }
  | { kind: "closed"; projectId: number }
  /** The supplier's receipt of a submission, with the hashes of its record. */
  | { kind: "quoteReceipt"; projectId: number; supplierId: number; quoteId: number; round: number }
  /** A published request pack changed: every invited supplier is told. */
  | { kind: "packRevised"; projectId: number; version: number }
  /** An award decision: each awarded supplier is told which items it won. */
  | {
    kind: "awarded";
    projectId: number;
    awardId: number;
    reason: string;
    supplierIds: number[];
    projectWide: boolean;
    items: { supplierId: number; itemName: string }[];
  }
  /** A new award leaves out suppliers an earlier one named: each of them is told. */
  | { kind: "awardWithdrawn"; projectId: number; awardId: number; supplierIds: number[] }
  /** A supplier asked a question: the buyer is told who asked and what. */
  | {
    kind: "questionAsked";
    projectId: number;
    questionId: number;
    supplierId: number;
    text: string;
  }
  /**
   * The buyer answered: a private answer goes to the asker (`supplierIds`), a public one to every
   * invited supplier; `question` is the text all of them may read, and names nobody.
   */
  | {
    kind: "questionAnswered";
    projectId: number;
    questionId: number;
    question: string;
    answer: string;
    supplierIds?: number[];
  }
  | {
    kind: "reminder";
    projectId: number;
    templateCode: string;
    round: number;
    hours: number;
    deadline: Date;
    supplierIds: number[];
  }
  | { kind: "manual"; projectId: number; templateCode: string; supplierIds?: number[] }
  /** A supplier declined to quote: the buyer is told who and why (the reason in each language). */
  | {
    kind: "quoteDeclined";
    projectId: number;
    supplierId: number;
    reason: Record<Lang, string>;
    at: Date;
  };

export type Recipient = {
  address: string;
  name: string;
  language: Lang;
  supplierId: number | null;
  userId: number | null;
  supplierName: string;
};

/** The addresses in a supplier's email 1–3 (each may hold several, split by ; or ,), once each. */
export function supplierAddresses(s: {
  email1: string | null;
  email2: string | null;
  email3: string | null;
}): string[] {
  const out: string[] = [];
  for (const field of [s.email1, s.email2, s.email3]) {
    for (const part of (field ?? "").split(/[;,\s]+/)) {
      const a = part.trim();
      if (a.includes("@") && !out.some((o) => o.toLowerCase() === a.toLowerCase())) out.push(a);
    }
  }
  return out;
}

const roundLabel = (lang: Lang, round: number) =>
  round > 0 ? t(lang, "email.rounds.optimise", { round }) : t(lang, "email.rounds.first");

/**
 * The {{deadline}} of an email: when quoting closes, and when that is not the deadline the buyer
 * set, why (the end by hand, the early end, an optimisation round) and the deadline beside it.
 */
function closingText(lang: Lang, c: Closing<Date>): string {
  const at = formatUtc8(c.at) || "—";
  if (!c.reason) return at;
  const deadline = formatUtc8(c.deadline) || t(lang, "closing.none");
  const key = c.reason === "round"
    ? "closing.emailRound"
    : c.reason === "endedByHand"
    ? "closing.emailEndedByHand"
    : "closing.emailEarlyEnd";
  return t(lang, key, { at, deadline, round: c.round });
}

function eventKey(e: EmailEvent, code: string, now: Date): string {
  switch (e.kind) {
    case "published":
    case "ended":
    case "closed":
      return `${e.kind}:${e.projectId}:${code}`;
    case "roundOpened":
      return `round${e.round}:${e.projectId}:${code}`;
    case "quoteReceived":
      return `quote:${e.quoteId}:${code}`;
    case "quoteReceipt":
      return `receipt:${e.quoteId}:${code}`;
    case "packRevised":
      return `pack${e.version}:${e.projectId}:${code}`;
    case "awarded":
      return `award:${e.awardId}:${code}`;
    case "awardWithdrawn":
      return `award-withdrawn:${e.awardId}:${code}`;
    case "questionAsked":
      return `question:${e.questionId}:${code}`;
    case "questionAnswered":
      return `answer:${e.questionId}:${code}`;
    case "reminder":
      // The deadline is part of the key: a moved deadline earns a new reminder.
      return `reminder:${e.projectId}:r${e.round}:${code}:${e.hours}h:${e.deadline.getTime()}`;
    case "manual":
      return `manual:${e.projectId}:${code}:${now.getTime()}`;
    case "quoteDeclined":
      return `declined:${e.projectId}:${e.supplierId}:${e.at.getTime()}:${code}`;
  }
}

async function templatesFor(db: DbOrTx, e: EmailEvent): Promise<Template[]> {
  if (e.kind === "manual" || e.kind === "reminder") {
    const tpl = await db.query.emailTemplates.findFirst({
      where: eq(emailTemplates.code, e.templateCode),
    });
    if (!tpl) throw fieldError("templateCode", "email.noSuchTemplate", { code: e.templateCode });
    if (!tpl.isActive) {
      if (e.kind === "manual") throw conflict("email.templateInactive", { code: tpl.code });
      return [];
    }
    return [tpl];
  }
  return await db.select().from(emailTemplates).where(
    and(eq(emailTemplates.mechanism, e.kind), eq(emailTemplates.isActive, true)),
  );
}

/**
 * Composing for a preview: every chosen supplier gets its email, also one the sending would skip
 * (it has quoted and the template is for those who have not; it has no address: address "").
 */
type ComposeOptions = { preview?: boolean };

async function supplierRecipients(
  db: DbOrTx,
  project: Project,
  e: EmailEvent,
  notQuotedOnly: boolean,
  opts: ComposeOptions = {},
): Promise<Recipient[]> {
  const round = e.kind === "roundOpened" || e.kind === "reminder" || e.kind === "quoteReceipt"
    ? e.round
    : e.kind === "quoteReceived"
    ? e.round ?? 0
    : 0;
  // A question's email to suppliers (if an admin points one there) goes to its asker only.
  const wanted = e.kind === "quoteReceived" || e.kind === "quoteReceipt" ||
      e.kind === "questionAsked" || e.kind === "quoteDeclined"
    ? [e.supplierId]
    : "supplierIds" in e && e.supplierIds
    ? e.supplierIds
    : undefined;
  // Only the suppliers wanted are read: a receipt to one supplier of a project published to
  // hundreds reads one row (at a deadline rush every submission asks this).
  let invited = await db.select({ s: suppliers, link: offerProjectSuppliers })
    .from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(and(
      eq(offerProjectSuppliers.projectId, project.id),
      wanted ? inArray(offerProjectSuppliers.supplierId, wanted) : undefined,
    ));
  if (round === 1) invited = invited.filter((r) => r.link.round1);
  if (round === 2) invited = invited.filter((r) => r.link.round2);
  if (wanted) {
    const missing = wanted.find((id) => !invited.some((r) => r.s.id === id));
    if (missing && e.kind === "manual") {
      throw fieldError("supplierIds", "email.supplierNotInvited", { id: missing });
    }
    invited = invited.filter((r) => wanted.includes(r.s.id));
  }
  if (notQuotedOnly && invited.length && !opts.preview) {
    const quoted = await suppliersQuoted(db, project, round);
    // Nor is a supplier that declined the first quotation reminded of it.
    invited = invited.filter((r) =>
      !quoted.has(r.s.id) && (round !== 0 || r.link.declinedAt == null)
    );
  }
  if (!invited.length) return [];
  const langs = await db.select({ supplierId: users.supplierId, language: users.language })
    .from(users).where(
      and(
        inArray(users.supplierId, invited.map((r) => r.s.id)),
        isNotNull(users.language),
        eq(users.isActive, true),
      ),
    );
  return invited.flatMap(({ s }) => {
    const language = langs.find((l) => l.supplierId === s.id)?.language ?? "zh";
    const addresses = supplierAddresses(s);
    if (!addresses.length && opts.preview) addresses.push("");
    return addresses.map((address) => ({
      address,
      name: s.fullName,
      language,
      supplierId: s.id,
      userId: null,
      supplierName: s.fullName,
    }));
  });
}

async function staffRecipients(
  db: DbOrTx,
  project: Project,
  withLeader: boolean,
  supplierName: string,
): Promise<Recipient[]> {
  if (!project.creatorId) return [];
  const ids = [project.creatorId];
  if (withLeader) {
    const lead = await db.query.userLeaders.findFirst({
      where: eq(userLeaders.userId, project.creatorId),
    });
    if (lead) ids.push(lead.leaderId);
  }
  const rows = await db.select().from(users).where(
    and(inArray(users.id, ids), eq(users.isActive, true), isNotNull(users.emailAddress)),
  );
  return rows.filter((u) => u.emailAddress?.includes("@")).map((u) => ({
    address: u.emailAddress!.trim(),
    name: u.name,
    language: u.language ?? "zh",
    supplierId: null,
    userId: u.id,
    supplierName,
  }));
}

/** The items an award gives this supplier, one per line (after "the whole project" when it is). */
function awardedItemsText(lang: Lang, e: EmailEvent, supplierId: number | null): string {
  if (e.kind !== "awarded") return "";
  const names = e.items.filter((i) => i.supplierId === supplierId).map((i) => `· ${i.itemName}`);
  return [...(e.projectWide ? [t(lang, "award.wholeProject")] : []), ...names].join("\n");
}

/**
 * What a supplier's receipt shows: the time, the version answered and the hashes of the quote's
 * record — never the file name or a price, since staff read the email log while quotes are sealed.
 */
async function receiptValues(tx: DbOrTx, quoteId: number): Promise<PlaceholderValues> {
  const [row] = await tx.select({ q: quotes, c: quoteChain })
    .from(quotes)
    .leftJoin(quoteChain, eq(quoteChain.quoteId, quotes.id))
    .where(eq(quotes.id, quoteId));
  if (!row) return {};
  return {
    submittedAt: formatUtc8(row.q.submittedAt),
    packVersion: row.q.packVersion == null ? "" : String(row.q.packVersion),
    contentHash: row.c?.contentHash ?? "",
    recordNo: row.c ? String(row.c.seq) : "",
    recordHash: row.c?.entryHash ?? "",
  };
}

/** A question's and its answer's text, for the clarification emails. */
function questionValues(e: EmailEvent): PlaceholderValues {
  if (e.kind === "questionAsked") return { questionText: e.text };
  if (e.kind === "questionAnswered") return { questionText: e.question, answerText: e.answer };
  return {};
}

function reasonText(lang: Lang, project: Project, e: EmailEvent): string {
  if (e.kind === "closed") return project.closeReason ?? "";
  if (e.kind === "awarded") return e.reason;
  if (e.kind === "ended") return t(lang, `email.endReasons.${project.endReason ?? "manual"}`);
  if (e.kind === "quoteDeclined") return e.reason[lang];
  return "";
}

/** One email of an event before it is written: its template, recipient and placeholder values. */
export type EmailDraft = {
  key: string;
  tpl: Template;
  recipient: Recipient;
  values: PlaceholderValues;
  /** The subject's values, when they differ from the text's. */
  subjectValues?: PlaceholderValues;
  projectId: number;
};

/**
 * Writes the emails of `event` into the outbox, using the caller's transaction so the event and its
 * emails commit together. Only active templates of the event's mechanism send; a recipient already
 * written for the same event is skipped. Answers the ids of the emails added.
 */
export async function enqueue(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  event: EmailEvent,
): Promise<number[]> {
  const added: number[] = [];
  for (const d of await composeEmails(tx, deps, event)) {
    added.push(
      ...await writeEmail(
        tx,
        deps,
        d.key,
        d.tpl,
        d.recipient,
        d.values,
        d.projectId,
        d.subjectValues,
      ),
    );
  }
  return added;
}

/**
 * The emails `event` makes, one per template and recipient, with every placeholder filled: what
 * enqueue writes, and (with `preview`) what a buyer sees before sending by hand.
 */
export async function composeEmails(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  event: EmailEvent,
  opts: ComposeOptions = {},
): Promise<EmailDraft[]> {
  const templates = await templatesFor(tx, event);
  if (!templates.length) return [];
  const project = await tx.query.offerProjects.findFirst({
    where: eq(offerProjects.id, event.projectId),
  });
  if (!project) throw notFound("project", event.projectId);
  const now = deps.clock.now();
  let round = 0;
  if (event.kind === "roundOpened" || event.kind === "reminder") round = event.round;
  if (event.kind === "quoteReceived") round = event.round ?? 0;
  if (event.kind === "quoteReceipt") round = event.round;
  const roundRow = round > 0
    ? await tx.query.offerRounds.findFirst({
      where: and(eq(offerRounds.projectId, project.id), eq(offerRounds.round, round)),
    })
    : undefined;
  // When quoting actually closes: the round's end, the end by hand, or early once every invited
  // supplier quoted.
  const closing = closingOf({
    deadline: project.offerEndTime,
    firstClosesAt: quoteClosesAt(project),
    endedByHandAt: endedByHandAt(project),
    round,
    roundEndsAt: roundRow?.endTime ?? (event.kind === "reminder" ? event.deadline : null),
  });
  let quotingSupplier = "";
  if (
    event.kind === "quoteReceived" || event.kind === "questionAsked" ||
    event.kind === "quoteDeclined"
  ) {
    const s = await tx.query.suppliers.findFirst({ where: eq(suppliers.id, event.supplierId) });
    quotingSupplier = s?.fullName ?? "";
  }

  const receipt = event.kind === "quoteReceipt" ? await receiptValues(tx, event.quoteId) : {};
  const drafts: EmailDraft[] = [];
  for (const tpl of templates) {
    // The approver of an award is known only to the approval flow (comparison/approvalMail.ts).
    const recipients = tpl.notifyObject === "approver"
      ? []
      : tpl.notifyObject === "buyer" || tpl.notifyObject === "buyerAndLeader"
      ? await staffRecipients(tx, project, tpl.notifyObject === "buyerAndLeader", quotingSupplier)
      : await supplierRecipients(
        tx,
        project,
        event,
        tpl.notifyObject === "suppliersNotQuoted",
        opts,
      );
    const key = eventKey(event, tpl.code, now);
    for (const r of recipients) {
      const values: PlaceholderValues = {
        projectCode: project.code,
        projectName: project.name,
        deadline: closingText(r.language, closing),
        supplierName: r.supplierName,
        portalLink: `${deps.config.publicUrl}/portal/projects/${project.id}`,
        round: roundLabel(r.language, round),
        recipientName: r.name,
        reason: reasonText(r.language, project, event),
        packVersion: project.packVersion == null ? "" : String(project.packVersion),
        ...receipt,
        awardedItems: awardedItemsText(r.language, event, r.supplierId),
        ...questionValues(event),
      };
      // A subject line keeps to the time; the body says why it is not the deadline.
      const subjectValues = { ...values, deadline: formatUtc8(closing.at) || "—" };
      drafts.push({ key, tpl, recipient: r, values, subjectValues, projectId: project.id });
    }
  }
  return drafts;
}

/**
 * A template's subject and text in `language` (English falls back to the Chinese text); the subject
 * may have values of its own (the deadline without the reason beside it).
 */
export function renderEmail(
  tpl: Template,
  language: Lang,
  values: PlaceholderValues,
  subjectValues: PlaceholderValues = values,
) {
  const en = language === "en";
  return {
    subject: render(en ? tpl.subjectEn || tpl.subject : tpl.subject, subjectValues).slice(0, 998),
    body: render(en ? tpl.contentEn || tpl.content : tpl.content, values),
  };
}

/**
 * Renders a template in the recipient's language and writes it to the outbox, unless this event
 * already wrote to that address. Answers the new email's id (none when it was there already).
 */
export async function writeEmail(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  eventKey: string,
  tpl: Template,
  r: Omit<Recipient, "supplierName">,
  values: PlaceholderValues,
  projectId: number | null = null,
  subjectValues: PlaceholderValues = values,
): Promise<number[]> {
  return await writeRendered(tx, deps, {
    eventKey,
    code: tpl.code,
    recipient: r,
    ...renderEmail(tpl, r.language, values, subjectValues),
    projectId,
  });
}

/** An email written whole (subject and text in its reader's language), for writeRendered. */
export type RenderedEmail = {
  eventKey: string;
  /** Its template's code, or the name of the message the system writes itself. */
  code: string;
  recipient: Omit<Recipient, "supplierName">;
  subject: string;
  body: string;
  projectId?: number | null;
};

/** Writes an email to the outbox unless the event wrote to that address already; answers its id. */
export async function writeRendered(
  tx: DbOrTx,
  deps: Pick<Deps, "clock" | "config">,
  m: RenderedEmail,
): Promise<number[]> {
  const now = deps.clock.now();
  const r = m.recipient;
  const inserted = await tx.insert(emailOutbox).values({
    eventKey: m.eventKey,
    templateCode: m.code,
    recipient: r.address,
    recipientName: r.name,
    language: r.language,
    subject: m.subject.slice(0, 998),
    body: m.body,
    projectId: m.projectId ?? null,
    supplierId: r.supplierId,
    userId: r.userId,
    status: deps.config.smtpUrl ? "pending" : "notConfigured",
    nextAttemptAt: now,
    createdAt: now,
  }).onConflictDoNothing().returning({ id: emailOutbox.id });
  return inserted.map((i) => i.id);
}
