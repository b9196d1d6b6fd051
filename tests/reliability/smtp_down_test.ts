// SMTP down: with the mail server stopped, the events people cause (a reminder falling due, a manual
// send, a quote arriving, a project ended by hand) still succeed and fill the outbox. When the mail
// server is back (first refusing some messages for a while), the outbox job delivers every message
// exactly once, even with two senders flushing at the same moment.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox, offerProjectSuppliers, users } from "../../db/schema.ts";
import { call, signIn, testEnv } from "../helpers.ts";
import { publishedProject, startSmtp, type TestSmtp, until } from "../email_fixtures.ts";
import { flushOutbox } from "../../server/domain/email/mailer.ts";
import { sendManual } from "../../server/domain/email/service.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { printTally } from "./support.ts";

const MINUTE = 60_000;

/** The X-QMO-Event header of a received message (headers unfolded). */
function eventOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return head.match(/^X-QMO-Event:\s*(.+)$/im)?.[1].trim() ?? "?";
}

Deno.test("with SMTP down events still fill the outbox; once it is back each email arrives exactly once", async () => {
  // A mail server that was there, then stopped: its port refuses connections.
  const first = await startSmtp();
  const port = Number(new URL(first.url).port);
  await first.close();
  await using env = await testEnv({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const f = await publishedProject(env, { deadlineHours: 1 });

  // 1. The scheduled job: the 2-hour reminder falls due (S001 has two addresses, S002 one).
  const jobs = await runDueJobs(env);
  assert.equal(jobs.find((o) => o.job === "reminders")?.status, "done");
  assert.deepEqual(jobs.find((o) => o.job === "flushOutbox")?.result, {
    sent: 0,
    retrying: 3,
    failed: 0,
    notConfigured: 0,
  });

  // 2. A buyer sends a template by hand: accepted, queued, not delivered.
  const manual = await sendManual(env, {
    projectCode: f.projectCode,
    templateCode: "PROJECT_PUBLISHED",
  });
  assert.deepEqual([manual.queued, manual.sent, manual.retrying], [3, 0, 3]);

  // 3. A supplier quotes through the API: the quote is taken whatever the mail server does.
  await env.db.update(offerProjectSuppliers).set({ agreedAt: env.clock.now() })
    .where(eq(offerProjectSuppliers.supplierId, f.supplierB));
  const supplierToken = await signIn(env, "S002", "Passw0rd!x");
  const form = new FormData();
  form.set("offProId", String(f.projectId));
  form.set("round", "0");
  form.set("file", new File(["%PDF-1.4\n% smtp down\n%%EOF\n"], "quote.pdf"));
  const quote = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: supplierToken,
    body: form,
  });
  assert.equal(quote.status, 200, JSON.stringify(quote.json));

  // 4. The buyer ends the project by hand: the buyer and the person in charge are told.
  const [buyer] = await env.db.select().from(users).where(eq(users.id, f.buyerId));
  const buyerToken = await signIn(env, buyer.userName, "Passw0rd!x");
  const ended = await call(env, "get", "/QMO/OfferProjectManager/EndOfferProject", {
    token: buyerToken,
    query: { OffProId: f.projectId },
  });
  assert.equal(ended.status, 200, JSON.stringify(ended.json));

  // The schedule keeps trying for a while: every row waits, none is given up or sent.
  for (let i = 0; i < 3; i++) {
    env.clock.advance(5 * MINUTE);
    await runDueJobs(env);
  }
  const waiting = await env.db.select().from(emailOutbox);
  const expected = new Set(waiting.map((r) => `${r.recipient} ${r.eventKey}`));
  // Reminder to 3 addresses, manual send to 3, quote received by the buyer, ended to 2 (and the
  // supplier's own receipt of its quote, where the project sends one).
  const kinds = (prefix: string) => waiting.filter((r) => r.eventKey.startsWith(prefix)).length;
  assert.deepEqual(
    [kinds("reminder:"), kinds("manual:"), kinds("quote:"), kinds("ended:")],
    [3, 3, 1, 2],
    JSON.stringify(waiting.map((r) => r.eventKey)),
  );
  assert.equal(expected.size, waiting.length);
  for (const r of waiting) {
    assert.equal(r.status, "pending", `${r.eventKey} ${r.recipient}`);
    assert.ok(r.attempts >= 1);
    assert.match(r.lastError ?? "", /ECONNREFUSED|connect/i);
  }

  // The mail server comes back at the same address, refusing the first two messages for now (451).
  let smtp: TestSmtp | undefined = await startSmtp({ port });
  try {
    smtp.refuseNext(2, 451);
    env.clock.advance(61 * MINUTE);
    // Two senders at once (the server's schedule and a cron-started CLI, say) plus the job.
    await Promise.all([flushOutbox(env), flushOutbox(env), runDueJobs(env, { force: true })]);
    // The refused ones come round after their backoff.
    for (let i = 0; i < 3; i++) {
      env.clock.advance(61 * MINUTE);
      await Promise.all([flushOutbox(env), runDueJobs(env, { force: true })]);
    }
    await until(() => smtp!.received.length >= expected.size, 5000);
    // And nothing more arrives later.
    env.clock.advance(24 * 60 * MINUTE);
    await Promise.all([flushOutbox(env), runDueJobs(env, { force: true })]);
    await new Promise((r) => setTimeout(r, 200));

    const perMessage = new Map<string, number>();
    for (const m of smtp.received) {
      for (const to of m.to) {
        const key = `${to} ${eventOf(m.raw)}`;
        perMessage.set(key, (perMessage.get(key) ?? 0) + 1);
      }
    }
    const missing = [...expected].filter((k) => !perMessage.has(k));
    const twice = [...perMessage].filter(([, n]) => n > 1).map(([k]) => k);
    const unexpected = [...perMessage.keys()].filter((k) => !expected.has(k));
    const rows = await env.db.select().from(emailOutbox);
    printTally("SMTP down", {
      cases: expected.size,
      failures: missing.length + twice.length + unexpected.length,
      rowsLost: missing.length,
      note: `${smtp.received.length} messages received for ${expected.size} outbox rows`,
    });
    assert.deepEqual(missing, []);
    assert.deepEqual(twice, []);
    assert.deepEqual(unexpected, []);
    assert.equal(rows.length, expected.size);
    assert.ok(rows.every((r) => r.status === "sent"), JSON.stringify(rows.map((r) => r.status)));
  } finally {
    await smtp?.close();
    smtp = undefined;
  }
});
