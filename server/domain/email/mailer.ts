// Delivery: sends the outbox over SMTP with nodemailer (which does the MIME encoding of Chinese
// subjects and names), retries temporary failures with backoff, and keeps the last error.
// nodemailer ships no types, and @types/nodemailer would pull in a second copy of the Node types.
import nodemailer from "nodemailer";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { DomainError, fromZod } from "../errors.ts";
import { z } from "zod";

/** A row is given up after this many attempts. */
const MAX_ATTEMPTS = 8;
/** How long a row is held by the sender that claimed it (a crash mid-send retries after this). */
const CLAIM_MS = 10 * 60_000;
const BATCH = 200;

/** Minutes to wait before attempt n+1 after n failed ones: 1, 2, 4, … at most 60. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** 4xx replies and connection trouble are worth retrying; 5xx replies are not. */
function isTemporary(err: unknown): boolean {
  const e = err as SmtpError;
  if (typeof e?.responseCode === "number") return e.responseCode < 500;
  return true;
}

const describe = (err: unknown) => {
  const e = err as SmtpError;
  return String(e?.response ?? e?.message ?? err).slice(0, 1000);
};

/** The part of nodemailer's message options used here. */
type MailMessage = {
  from: string;
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  headers?: Record<string, string>;
};

type Transport = {
  sendMail(msg: MailMessage): Promise<unknown>;
  close(): void;
};

function createTransport(smtpUrl: string): Transport {
  const mailer = nodemailer as unknown as {
    createTransport(options: Record<string, unknown>): Transport;
  };
  // Settings in the URL (e.g. ?tls.rejectUnauthorized=false) win over these.
  return mailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/**
 * A one-time secret in a link (`?token=…`, a password-reset link): the email log never shows it,
 * and the outbox forgets it once the email is sent.
 */
const ONE_TIME_TOKEN = /([?&#]token=)[A-Za-z0-9_-]{16,}/g;

/** An email's text with any one-time secret in its links left out. */
export const withoutSecrets = (body: string) => body.replace(ONE_TIME_TOKEN, "$1…");

export type FlushReport = { sent: number; retrying: number; failed: number; notConfigured: number };

/**
 * Sends every due row (pending, or waiting for SMTP to be configured). Without SMTP_URL rows are
 * kept and marked "not configured"; configuring SMTP later sends them. `ids` limits the run to
 * those rows (resend).
 */
export async function flushOutbox(deps: Deps, opts: { ids?: number[] } = {}): Promise<FlushReport> {
  const { db, clock, config } = deps;
  const report: FlushReport = { sent: 0, retrying: 0, failed: 0, notConfigured: 0 };
  const now = clock.now();
  const due = and(
    inArray(emailOutbox.status, ["pending", "notConfigured"]),
    lte(emailOutbox.nextAttemptAt, now),
    opts.ids ? inArray(emailOutbox.id, opts.ids) : undefined,
  );
  if (!config.smtpUrl) {
    const rows = await db.update(emailOutbox).set({ status: "notConfigured" }).where(due)
      .returning({ id: emailOutbox.id });
    report.notConfigured = rows.length;
    return report;
  }
  const rows = await db.select().from(emailOutbox).where(due).orderBy(asc(emailOutbox.id))
    .limit(BATCH);
  if (!rows.length) return report;
  const transport = createTransport(config.smtpUrl);
  try {
    for (const row of rows) {
      // Claim the row, so a sender running at the same time skips it.
      const claimed = await db.update(emailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(and(eq(emailOutbox.id, row.id), due)).returning({ id: emailOutbox.id });
      if (!claimed.length) continue;
      const attempts = row.attempts + 1;
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: { name: row.recipientName ?? "", address: row.recipient },
          subject: row.subject,
          text: row.body,
          headers: { "X-QMO-Event": row.eventKey },
        });
        await db.update(emailOutbox).set({
          status: "sent",
          // Sent: a link's one-time secret is of no more use here, and must not be read here.
          body: withoutSecrets(row.body),
          attempts,
          sentAt: clock.now(),
          nextAttemptAt: clock.now(),
        }).where(eq(emailOutbox.id, row.id));
        report.sent++;
      } catch (err) {
        const giveUp = !isTemporary(err) || attempts >= MAX_ATTEMPTS;
        await db.update(emailOutbox).set({
          status: giveUp ? "failed" : "pending",
          attempts,
          lastError: describe(err),
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        }).where(eq(emailOutbox.id, row.id));
        if (giveUp) report.failed++;
        else report.retrying++;
      }
    }
  } finally {
    transport.close();
  }
  return report;
}

/** Sends one test message now, outside the outbox; any SMTP failure is a 503 with its text. */
const testMailInput = z.object({ address: z.email() });

export async function sendTestMail(deps: Deps, to: string): Promise<{ to: string }> {
  const checked = testMailInput.safeParse({ address: to.trim() });
  if (!checked.success) throw fromZod(checked.error);
  if (!deps.config.smtpUrl) throw new DomainError("unavailable", "email.notConfigured");
  const transport = createTransport(deps.config.smtpUrl);
  try {
    await transport.sendMail({
      from: deps.config.mailFrom,
      to,
      subject: "QMO 测试邮件 / test email",
      text: "这是一封来自 QMO 报价管理系统的测试邮件。\nThis is a test email from QMO.",
    });
  } catch (err) {
    throw new DomainError("unavailable", "email.sendFailed", { error: describe(err) });
  } finally {
    transport.close();
  }
  return { to };
}
