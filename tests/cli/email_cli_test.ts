// jobs run, reminders due/send and mail flush/test as real subprocesses (with the system clock)
// against the test's database file, delivering to the SMTP server in this test process.
import assert from "node:assert/strict";
import { emailOutbox } from "../../db/schema.ts";
import { type TestEnv, testEnv } from "../helpers.ts";
import { publishedProject, startSmtp } from "../email_fixtures.ts";
import { runCli } from "./run.ts";

async function cli(env: TestEnv, args: string[], extraEnv: Record<string, string> = {}) {
  return await runCli(env.dataDir, args, {
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    ...extraEnv,
  });
}

Deno.test("cli: reminders due --dry-run lists, jobs run sends once, a second run sends nothing more", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv();
  // The subprocess judges time by the system clock.
  env.clock.set(new Date());
  await publishedProject(env, { deadlineHours: 1 });

  const dry = await cli(env, ["reminders", "due", "--dry-run"], { SMTP_URL: smtp.url });
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /P20261123001 多层板采购 \(First quote\)/);
  assert.match(dry.stdout, /2 h reminder "DEADLINE_REMINDER"/);
  assert.match(
    dry.stdout,
    /S001 深圳华强电路有限公司 <sales@huaqiang\.test, quote@huaqiang\.test>/,
  );
  assert.match(dry.stdout, /S002 Acme Laminates Ltd <bids@acme\.test>/);
  assert.equal(smtp.received.length, 0);
  assert.equal((await env.db.select().from(emailOutbox)).length, 0);

  const run = await cli(env, ["jobs", "run"], { SMTP_URL: smtp.url });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Deadline reminders: done/);
  assert.match(run.stdout, /Send the outbox: done \{"sent":3/);
  assert.equal(smtp.received.length, 3);

  const again = await cli(env, ["jobs", "run", "--force"], { SMTP_URL: smtp.url });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(smtp.received.length, 3);
});

Deno.test("cli: reminders send mails a chosen template to chosen suppliers now", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv();
  env.clock.set(new Date());
  await publishedProject(env, { deadlineHours: 48 });
  const r = await cli(env, [
    "reminders",
    "send",
    "--project",
    "P20261123001",
    "--template",
    "PROJECT_PUBLISHED",
    "--suppliers",
    "S001",
  ], { SMTP_URL: smtp.url });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2 emails written to the outbox; sent 2/);
  // Each chosen supplier with what became of its email.
  assert.match(r.stdout, /^ {2}S001 深圳华强电路有限公司: Sent$/m);
  assert.deepEqual(smtp.received.map((m) => m.to[0]).sort(), [
    "quote@huaqiang.test",
    "sales@huaqiang.test",
  ]);
  assert.equal(smtp.received[0].subject, "【报价邀请】P20261123001 多层板采购");

  const notInvited = await cli(env, [
    "reminders",
    "send",
    "--project",
    "P20261123001",
    "--template",
    "PROJECT_PUBLISHED",
    "--suppliers",
    "S003",
  ], { SMTP_URL: smtp.url });
  assert.equal(notInvited.code, 2);
  assert.match(notInvited.stderr, /is not invited to this project/);
});

Deno.test("cli: mail flush without SMTP keeps the emails; mail test reaches the server", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv();
  env.clock.set(new Date());
  await publishedProject(env, { deadlineHours: 1 });
  await cli(env, ["jobs", "run"]);
  const flush = await cli(env, ["mail", "flush"]);
  assert.equal(flush.code, 0, flush.stderr);
  assert.match(flush.stdout, /waiting for SMTP 3/);
  const rows = await env.db.select().from(emailOutbox);
  assert.ok(rows.length === 3 && rows.every((r) => r.status === "notConfigured"));

  const sent = await cli(env, ["mail", "flush"], { SMTP_URL: smtp.url });
  assert.match(sent.stdout, /Sent 3/);
  assert.equal(smtp.received.length, 3);

  const test = await cli(env, ["mail", "test", "it@qmo.test"], { SMTP_URL: smtp.url });
  assert.equal(test.code, 0, test.stderr);
  assert.match(test.stdout, /Test email sent to it@qmo\.test/);
  assert.equal(smtp.received[3].subject, "QMO 测试邮件 / test email");

  const unconfigured = await cli(env, ["mail", "test", "it@qmo.test"]);
  assert.equal(unconfigured.code, 1);
  assert.match(unconfigured.stderr, /SMTP not configured/);

  // A mistyped address is bad input (exit 2), found before anything is sent.
  const typo = await cli(env, ["mail", "test", "it.qmo.test"], { SMTP_URL: smtp.url });
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /address must be a valid email address/);
  assert.equal(smtp.received.length, 4);
});
