// The project and quote events send their emails through the outbox: publish, SendEmailManual,
// quote received, end and close, and the early close once every invited supplier has quoted.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox, users } from "../../db/schema.ts";
import { call, testEnv } from "../helpers.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { agree } from "../../server/domain/quotes/service.ts";
import { submitQuote } from "../../server/domain/quotes/submit.ts";
import type { Actor } from "../../server/domain/context.ts";
import { DEADLINE, materialProject, P, staff, supplier } from "../domain/projects_fixtures.ts";
import { startSmtp } from "../email_fixtures.ts";
import { createUser } from "../../server/domain/users/service.ts";

const base = "/QMO/OfferProjectManager";

async function setUp(smtpUrl: string) {
  const env = await testEnv({ env: { SMTP_URL: smtpUrl, TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  await env.db.update(users).set({ emailAddress: "buyer1@qmo.test" })
    .where(eq(users.id, buyer.user.id));
  const s1 = await supplier(env, "S1");
  const s2 = await supplier(env, "S2");
  const p = await materialProject(env, buyer.actor, "覆铜板");
  const r = await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      OffProManagerId: p.id,
      OfferEndTime: DEADLINE,
      supList: [{ id: s1.id, code: s1.code }, { id: s2.id, code: s2.code }],
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return { env, buyer, s1, s2, p };
}

Deno.test("publishing a project mails each invited supplier the invitation; publishing again mails only the new ones", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, s1, s2, p } = await setUp(smtp.url);
  await using _ = env;
  await flushOutbox(env);
  assert.deepEqual(smtp.received.map((m) => m.to[0]).sort(), ["s1@example.com", "s2@example.com"]);
  assert.match(smtp.received[0].subject, /^【报价邀请】.+ 覆铜板$/);
  assert.match(smtp.received[0].text, /2026-11-30 17:00:00/);

  const s3 = await supplier(env, "S3");
  const again = await call(env, "post", `${base}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      OffProManagerId: p.id,
      supList: [s1, s2, s3].map((s) => ({ id: s.id, code: s.code })),
    },
  });
  assert.equal(again.status, 200, JSON.stringify(again.json));
  await flushOutbox(env);
  assert.equal(smtp.received.length, 3);
  assert.deepEqual(smtp.received[2].to, ["s3@example.com"]);
});

Deno.test("SendEmailManual sends a chosen template to chosen suppliers now", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, s2, p } = await setUp(smtp.url);
  await using _ = env;
  const r = await call(env, "post", `${base}/SendEmailManual`, {
    token: buyer.token,
    body: { offProId: p.id, templateCode: "DEADLINE_REMINDER", supplierIds: [s2.id] },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.sent, 1);
  const reminder = smtp.received.find((m) => m.subject.startsWith("【报价提醒】"));
  assert.deepEqual(reminder?.to, ["s2@example.com"]);

  const outsider = await supplier(env, "S9");
  const refused = await call(env, "post", `${base}/SendEmailManual`, {
    token: buyer.token,
    lang: "en",
    body: { offProId: p.id, supplierIds: [outsider.id] },
  });
  assert.equal(refused.status, 400);
  assert.match(refused.json.error.message, /not invited to this project/);
});

Deno.test("a supplier's quote tells the buyer; ending and closing tell the buyer again", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, s1, p } = await setUp(smtp.url);
  await using _ = env;
  const supplierActor: Actor = {
    id: 0,
    userName: "S1",
    name: "S1",
    kind: "supplier",
    supplierId: s1.id,
    roleNames: ["Supplier"],
    permissions: new Set([P.SupplierOfferSearch]),
  };
  await agree(env, supplierActor, p.id);
  await submitQuote(env, supplierActor, {
    offProId: p.id,
    round: 0,
    file: new File(["%PDF-1.4 quote"], "报价.pdf", { type: "application/pdf" }),
  });
  const ended = await call(env, "get", `${base}/EndOfferProject`, {
    token: buyer.token,
    query: { OffProId: p.id },
  });
  assert.equal(ended.status, 200, JSON.stringify(ended.json));
  const closed = await call(env, "post", `${base}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: p.id, closeReason: "需求取消" },
  });
  assert.equal(closed.status, 200, JSON.stringify(closed.json));
  await flushOutbox(env);
  const toBuyer = smtp.received.filter((m) => m.to[0] === "buyer1@qmo.test").map((m) => m.subject);
  assert.equal(toBuyer.length, 3, JSON.stringify(toBuyer));
  assert.match(toBuyer[0], /^【收到报价】.+ S1 Co\., Ltd\.$/);
  assert.match(toBuyer[1], /^【报价结束】/);
  assert.match(toBuyer[2], /^【项目关闭】/);
  const rows = await env.db.select().from(emailOutbox).where(eq(emailOutbox.projectId, p.id));
  assert.ok(rows.every((r) => r.status === "sent"));
});

Deno.test("once every invited supplier has quoted, an email gives the early close with the original deadline and why, in each reader's language", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, s1, s2, p } = await setUp(smtp.url);
  await using _ = env;
  // S2's portal user reads English.
  await createUser(env, {
    userName: "S2",
    name: "S2",
    password: "Portal@2026x",
    roleNames: ["Supplier"],
    kind: "supplier",
    supplierId: s2.id,
  });
  await env.db.update(users).set({ language: "en" }).where(eq(users.userName, "S2"));
  for (const s of [s1, s2]) {
    const actor: Actor = {
      id: 0,
      userName: s.code,
      name: s.code,
      kind: "supplier",
      supplierId: s.id,
      roleNames: ["Supplier"],
      permissions: new Set([P.SupplierOfferSearch]),
    };
    await agree(env, actor, p.id);
    await submitQuote(env, actor, {
      offProId: p.id,
      round: 0,
      file: new File(["%PDF-1.4 quote"], "报价.pdf", { type: "application/pdf" }),
    });
  }
  smtp.received.length = 0;
  // The deadline is 2026-11-30 17:00 UTC+8; the last quote came at 10:00 on 11-23. The buyer sends
  // the invitation again (reminders go only to those that have not quoted: nobody now).
  const r = await call(env, "post", `${base}/SendEmailManual`, {
    token: buyer.token,
    body: { offProId: p.id, templateCode: "PROJECT_PUBLISHED", supplierIds: [s1.id, s2.id] },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.sent, 2);
  const zh = smtp.received.find((m) => m.to[0] === "s1@example.com")!;
  assert.match(
    zh.text,
    /报价截止时间：2026-11-23 10:30:00（所有受邀供应商均已报价，提前结束；原截止时间 2026-11-30 17:00:00）（北京时间，UTC\+8）/,
  );
  const en = smtp.received.find((m) => m.to[0] === "s2@example.com")!;
  assert.match(
    en.text,
    /Quotation deadline: 2026-11-23 10:30:00 \(ends early: every invited supplier has quoted; original deadline 2026-11-30 17:00:00\) \(UTC\+8\)/,
  );
});
