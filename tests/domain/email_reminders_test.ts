import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox, emailTemplates, offerProjects } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { dueReminders } from "../../server/domain/email/service.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { acquireLease } from "../../server/jobs/leases.ts";
import {
  addQuote,
  openRound,
  publishedProject,
  setTemplateActive,
  startSmtp,
} from "../email_fixtures.ts";

const HOUR = 3600_000;
const MINUTE = 60_000;

Deno.test("deadline reminders go 24 h and 2 h before, only to invited suppliers that have not quoted, once each", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env, { deadlineHours: 30 });
  await addQuote(env, f.projectId, f.supplierA);

  // 30 hours before: outside every window.
  await runDueJobs(env);
  assert.equal(smtp.received.length, 0);
  assert.deepEqual(await dueReminders(env), []);

  // 23 h 59 min before: the 24-hour reminder, to supplier B only (A has quoted; C is not invited).
  env.clock.set(new Date(f.deadline.getTime() - 24 * HOUR + MINUTE));
  const due = await dueReminders(env);
  assert.equal(due.length, 1);
  assert.equal(due[0].hours, 24);
  assert.deepEqual(due[0].suppliers.map((s) => s.code), ["S002"]);
  const outcomes = await runDueJobs(env);
  // Every job due ran (the daily ones ran at the first call, 6 hours earlier), none failed.
  assert.deepEqual(outcomes.filter((o) => o.status === "failed" || o.status === "busy"), []);
  assert.equal(outcomes.find((o) => o.job === "reminders")?.status, "done");
  assert.equal(smtp.received.length, 1);
  assert.deepEqual(smtp.received[0].to, ["bids@acme.test"]);
  // B's portal user reads English; NOW+30h is 2026-11-24 16:00 UTC+8.
  assert.equal(
    smtp.received[0].subject,
    "[Reminder] P20261123001 多层板采购 closes at 2026-11-24 16:00:00",
  );

  // The job again a minute later, and a cron run on top: nothing new.
  env.clock.advance(MINUTE);
  await runDueJobs(env);
  await runDueJobs(env, { force: true });
  assert.equal(smtp.received.length, 1);
  assert.deepEqual(await dueReminders(env), []);

  // 1 h 59 min before: the 2-hour reminder.
  env.clock.set(new Date(f.deadline.getTime() - 2 * HOUR + MINUTE));
  await runDueJobs(env);
  assert.equal(smtp.received.length, 2);
  assert.match(smtp.received[1].subject, /^\[Reminder\]/);

  // Once B has quoted there is no one left to remind.
  await addQuote(env, f.projectId, f.supplierB);
  env.clock.advance(MINUTE);
  assert.deepEqual(await dueReminders(env), []);
});

Deno.test("when the schedule missed the 24 h point, only the latest reminder due is sent", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  await publishedProject(env, { deadlineHours: 1 });
  await runDueJobs(env);
  const rows = await env.db.select().from(emailOutbox);
  // Supplier A's two addresses and B's one, each once, all for the 2-hour point.
  assert.equal(rows.length, 3);
  assert.ok(rows.every((r) => r.eventKey.includes(":2h:")));
  assert.equal(smtp.received.length, 3);
  assert.ok(smtp.received.some((m) => m.subject.startsWith("【报价提醒】")));
});

Deno.test("an inactive reminder template sends no reminder", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  await publishedProject(env, { deadlineHours: 1 });
  await setTemplateActive(env, "DEADLINE_REMINDER", false);
  assert.deepEqual(await dueReminders(env), []);
  await runDueJobs(env);
  assert.equal(smtp.received.length, 0);
});

Deno.test("the reminder hours are the system's (System resources) unless the template has its own", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const saved = await call(env, "put", "/QMO/SystemResource/Update", {
    token: admin,
    body: { items: [{ key: "reminderHours", value: [72, 12] }] },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const f = await publishedProject(env, { deadlineHours: 71 });
  let due = await dueReminders(env);
  assert.deepEqual(due.map((d) => [d.projectCode, d.hours]), [[f.projectCode, 72]]);
  env.clock.advance(60 * HOUR); // 11 hours left: the 12-hour point
  due = await dueReminders(env);
  assert.deepEqual(due.map((d) => d.hours), [12]);
});

Deno.test("the reminder hours are taken from the template", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  await env.db.update(emailTemplates).set({ hoursBefore: [48] })
    .where(eq(emailTemplates.code, "DEADLINE_REMINDER"));
  const f = await publishedProject(env, { deadlineHours: 47 });
  const due = await dueReminders(env);
  assert.equal(due.length, 1);
  assert.equal(due[0].hours, 48);
  assert.equal(due[0].projectCode, f.projectCode);
});

Deno.test("an optimisation round reminds only the suppliers invited to it that have not quoted in it", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env, { deadlineHours: 1 });
  env.clock.advance(2 * HOUR);
  await openRound(env, f.projectId, 1, [f.supplierA], 1);
  const due = await dueReminders(env);
  assert.equal(due.length, 1);
  assert.equal(due[0].round, 1);
  assert.deepEqual(due[0].suppliers.map((s) => s.code), ["S001"]);
  await addQuote(env, f.projectId, f.supplierA, 1);
  assert.deepEqual(await dueReminders(env), []);
});

Deno.test("the job records projects past their deadline as ended and tells the buyer and the person in charge once", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env, { deadlineHours: 3 });
  env.clock.set(new Date(f.deadline.getTime() + 5 * MINUTE));
  const first = await runDueJobs(env);
  assert.deepEqual(first.find((o) => o.job === "endProjects")?.result, { ended: [f.projectCode] });
  const [p] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, f.projectId));
  assert.equal(p.status, "ended");
  assert.equal(p.endReason, "deadline");
  assert.equal(p.endedAt?.getTime(), f.deadline.getTime());
  const ended = smtp.received.filter((m) => m.subject.startsWith("【报价结束】"));
  assert.deepEqual(ended.map((m) => m.to[0]).sort(), ["li.na@qmo.test", "zhang.wei@qmo.test"]);
  assert.match(ended[0].text, /已过截止时间/);

  env.clock.advance(MINUTE);
  await runDueJobs(env);
  await runDueJobs(env, { force: true });
  assert.equal(smtp.received.filter((m) => m.subject.startsWith("【报价结束】")).length, 2);
});

Deno.test("a project whose suppliers all quoted ends 30 minutes after the last quote", async () => {
  await using env = await testEnv();
  const f = await publishedProject(env, { deadlineHours: 48 });
  await env.db.update(offerProjects).set({ allQuotedAt: env.clock.now() })
    .where(eq(offerProjects.id, f.projectId));
  env.clock.advance(29 * MINUTE);
  await runDueJobs(env);
  let [p] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, f.projectId));
  assert.equal(p.status, "published");
  env.clock.advance(MINUTE);
  await runDueJobs(env);
  [p] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, f.projectId));
  assert.equal(p.status, "ended");
  assert.equal(p.endReason, "allQuoted");
});

Deno.test("a job whose lease another runner holds is skipped until the lease expires", async () => {
  await using env = await testEnv();
  await publishedProject(env, { deadlineHours: 1 });
  assert.ok(await acquireLease(env.db, "reminders", "the-server", env.clock.now(), 10 * MINUTE));
  const busy = await runDueJobs(env, { holder: "cron" });
  assert.equal(busy.find((o) => o.job === "reminders")?.status, "busy");
  assert.equal((await env.db.select().from(emailOutbox)).length, 0);
  env.clock.advance(11 * MINUTE);
  const later = await runDueJobs(env, { holder: "cron" });
  assert.equal(later.find((o) => o.job === "reminders")?.status, "done");
  assert.equal((await env.db.select().from(emailOutbox)).length, 3);
});
