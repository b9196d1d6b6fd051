import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv, userWithRoles } from "../helpers.ts";
import { enqueue, flushOutbox } from "../../server/domain/email/service.ts";
import { publishedProject, startSmtp } from "../email_fixtures.ts";
import { transaction } from "../../db/client.ts";

const base = "/QMO/EmailManager";

Deno.test("the seeded templates are listed, in Chinese and English, with the placeholders they may use", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "get", `${base}/GetAll`, { token, query: { MaxResultCount: 50 } });
  assert.equal(r.status, 200);
  const codes = r.json.result.items.map((t: { code: string }) => t.code).sort();
  assert.deepEqual(codes, [
    "AUCTION_INVITATION",
    "AUCTION_REMINDER",
    "AUCTION_RESULT",
    "AWARD_APPROVAL_CANCELLED",
    "AWARD_APPROVAL_DECIDED",
    "AWARD_APPROVAL_REQUEST",
    "AWARD_NOTICE",
    "AWARD_WITHDRAWN",
    "BACKUP_FAILED",
    "CERTIFICATE_EXPIRING",
    "DEADLINE_REMINDER",
    "PACK_REVISED",
    "PROJECT_CLOSED",
    "PROJECT_ENDED",
    "PROJECT_PUBLISHED",
    "QUESTION_ANSWERED",
    "QUESTION_ASKED",
    "QUOTE_DECLINED",
    "QUOTE_RECEIPT",
    "QUOTE_RECEIVED",
    "ROUND_OPENED",
    "TWO_FACTOR_RESET",
  ]);
  const reminder = r.json.result.items.find((t: { code: string }) =>
    t.code === "DEADLINE_REMINDER"
  );
  assert.equal(reminder.hoursBefore, null, "the system's reminder hours apply");
  assert.equal(reminder.notifyObject, "suppliersNotQuoted");
  assert.match(reminder.subject, /报价提醒/);
  assert.match(reminder.subjectEn, /Reminder/);
  assert.ok(reminder.placeholders.includes("portalLink"));
});

Deno.test("saving a template without code, subject or mechanism shows the spec's prompts", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const full = { code: "X1", subject: "主题", content: "内容", mechanism: "manual" };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["code", { ...full, code: undefined }, "Please enter the reminder code", "请输入提醒编码"],
    ["code", { ...full, code: "  " }, "Please enter the reminder code", "请输入提醒编码"],
    ["subject", { ...full, subject: "" }, "Please enter the subject", "请输入主题"],
    [
      "mechanism",
      { ...full, mechanism: undefined },
      "Please enter the sending mechanism",
      "请输入发送机制",
    ],
  ];
  for (const [member, body, en, zh] of cases) {
    const r = await call(env, "post", `${base}/Create`, { token, body, lang: "en" });
    assert.equal(r.status, 400);
    const v = r.json.error.validationErrors.find((e: { members: string[] }) =>
      e.members[0] === member
    );
    assert.equal(v.message, en);
    const rz = await call(env, "post", `${base}/Create`, { token, body, lang: "zh" });
    assert.ok(rz.json.error.validationErrors.some((e: { message: string }) => e.message === zh));
  }
});

Deno.test("an unknown placeholder is refused with a 400 naming it", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "post", `${base}/Create`, {
    token,
    lang: "en",
    body: {
      code: "CUSTOM",
      subject: "{{projectCode}} {{projectNmae}}",
      content: "{{supplierName}}",
      mechanism: "manual",
    },
  });
  assert.equal(r.status, 400);
  assert.match(r.json.error.message, /Unknown placeholder "projectNmae"/);
  assert.deepEqual(r.json.error.validationErrors[0].members, ["subject"]);

  // An unclosed placeholder would reach the email as raw braces: refused, naming where.
  const unclosed = await call(env, "post", `${base}/Create`, {
    token,
    lang: "en",
    body: {
      code: "CUSTOM",
      subject: "{{projectCode}}",
      content: "Dear {{supplierName, please quote",
      mechanism: "manual",
    },
  });
  assert.equal(unclosed.status, 400);
  assert.match(unclosed.json.error.message, /not closed .* near “Dear \{\{supplierName, pl/);
  assert.deepEqual(unclosed.json.error.validationErrors[0].members, ["content"]);
});

Deno.test("a template is created, read, changed and deleted; codes stay unique", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const created = await call(env, "post", `${base}/Create`, {
    token,
    body: {
      Code: "URGENT",
      Subject: "【紧急】{{projectCode}}",
      Content: "{{supplierName}}：请尽快报价 {{portalLink}}",
      Mechanism: "manual",
      MechanismDescription: "手动发送",
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const id = created.json.result.id;
  assert.equal(created.json.result.notifyObject, "suppliers");
  assert.equal(created.json.result.isActive, true);

  const dup = await call(env, "post", `${base}/Create`, {
    token,
    lang: "en",
    body: { code: "URGENT", subject: "x", mechanism: "manual" },
  });
  assert.equal(dup.status, 400);
  assert.match(dup.json.error.message, /already used/);

  const upd = await call(env, "put", `${base}/Update`, {
    token,
    body: { ...created.json.result, isActive: false, subjectEn: "[Urgent] {{projectCode}}" },
  });
  assert.equal(upd.status, 200, JSON.stringify(upd.json));
  const got = await call(env, "get", `${base}/Get`, { token, query: { id } });
  assert.equal(got.json.result.isActive, false);
  assert.equal(got.json.result.subjectEn, "[Urgent] {{projectCode}}");

  assert.equal((await call(env, "delete", `${base}/Delete`, { token, query: { id } })).status, 200);
  assert.equal((await call(env, "get", `${base}/Get`, { token, query: { id } })).status, 404);
});

Deno.test("email management needs the EmailManager permission", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  assert.equal((await call(env, "get", `${base}/GetAll`, { token })).status, 403);
  assert.equal((await call(env, "get", "/QMO/EmailLog/GetAll", { token })).status, 403);
  assert.equal((await call(env, "get", "/QMO/UserLeader/GetAll", { token })).status, 403);
});

Deno.test("the email log shows status, recipient, template, project, attempts and the last error; a failed email is resent", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const f = await publishedProject(env);
  await transaction(
    env.db,
    (tx) =>
      enqueue(tx, env, { kind: "published", projectId: f.projectId, supplierIds: [f.supplierB] }),
  );
  smtp.refuseNext(1, 550);
  await flushOutbox(env);

  const log = await call(env, "get", "/QMO/EmailLog/GetAll", {
    token,
    query: { status: "failed" },
  });
  assert.equal(log.status, 200);
  assert.equal(log.json.result.totalCount, 1);
  const item = log.json.result.items[0];
  assert.equal(item.recipient, "bids@acme.test");
  assert.equal(item.templateCode, "PROJECT_PUBLISHED");
  assert.equal(item.projectCode, f.projectCode);
  assert.equal(item.attempts, 1);
  assert.match(item.lastError, /550/);

  const resent = await call(env, "post", "/QMO/EmailLog/Resend", { token, body: { id: item.id } });
  assert.equal(resent.status, 200, JSON.stringify(resent.json));
  assert.equal(resent.json.result.status, "sent");
  assert.equal(smtp.received.length, 1);
  assert.equal(smtp.received[0].subject, "[Request for quotation] P20261123001 多层板采购");

  const again = await call(env, "post", "/QMO/EmailLog/Resend", {
    token,
    body: { id: item.id },
    lang: "en",
  });
  assert.equal(again.status, 409);
  assert.equal(again.json.error.message, "This email has been sent already");
});

Deno.test("without SMTP the email log lists the emails as not sent: SMTP not configured", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const f = await publishedProject(env);
  await transaction(
    env.db,
    (tx) => enqueue(tx, env, { kind: "published", projectId: f.projectId }),
  );
  const log = await call(env, "get", "/QMO/EmailLog/GetAll", { token, lang: "en" });
  assert.equal(log.json.result.totalCount, 3);
  for (const item of log.json.result.items) {
    assert.equal(item.status, "notConfigured");
    assert.equal(item.statusText, "Not sent: SMTP not configured");
  }
  const rows = await env.db.select().from(emailOutbox).where(
    eq(emailOutbox.projectId, f.projectId),
  );
  assert.equal(rows.length, 3);
});

Deno.test("a buyer's person in charge is set, listed, replaced and removed", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const { user: buyer } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const { user: lead } = await userWithRoles(env, "lead1", ["Buyer"]);
  const { user: lead2 } = await userWithRoles(env, "lead2", ["Buyer"]);

  const self = await call(env, "post", "/QMO/UserLeader/Set", {
    token,
    lang: "en",
    body: { userId: buyer.id, leaderId: buyer.id },
  });
  assert.equal(self.status, 400);
  assert.equal(self.json.error.message, "A user cannot be their own person in charge");

  let r = await call(env, "post", "/QMO/UserLeader/Set", {
    token,
    body: { UserId: buyer.id, LeaderId: lead.id },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  r = await call(env, "post", "/QMO/UserLeader/Set", {
    token,
    body: { userId: buyer.id, leaderId: lead2.id },
  });
  assert.equal(r.json.result.leaderUserName, "lead2");

  const list = await call(env, "get", "/QMO/UserLeader/GetAll", {
    token,
    query: { keyword: "buyer1" },
  });
  assert.equal(list.json.result.totalCount, 1);
  assert.equal(list.json.result.items[0].leaderName, "lead2");

  const del = await call(env, "delete", "/QMO/UserLeader/Delete", {
    token,
    query: { userId: buyer.id },
  });
  assert.equal(del.status, 200);
  const after = await call(env, "get", "/QMO/UserLeader/GetAll", {
    token,
    query: { keyword: "buyer1" },
  });
  assert.equal(after.json.result.items[0].leaderId, null);
  const again = await call(env, "delete", "/QMO/UserLeader/Delete", {
    token,
    query: { userId: buyer.id },
  });
  assert.equal(again.status, 404);
});
