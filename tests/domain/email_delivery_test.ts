import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { enqueue, flushOutbox } from "../../server/domain/email/service.ts";
import { publishedProject, setTemplateActive, startSmtp } from "../email_fixtures.ts";
import { transaction } from "../../db/client.ts";

const PUBLIC_URL = "https://qmo.example.test";

async function outbox(env: Awaited<ReturnType<typeof testEnv>>) {
  return await env.db.select().from(emailOutbox).orderBy(emailOutbox.id);
}

Deno.test("publishing mails every invited supplier's addresses once, in their language, with the placeholders filled", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "采购部 <rfq@qmo.test>" },
  });
  const f = await publishedProject(env, { deadlineHours: 48 });

  await transaction(
    env.db,
    (tx) => enqueue(tx, env, { kind: "published", projectId: f.projectId }),
  );
  const report = await flushOutbox(env);
  assert.equal(report.sent, 3);

  const byAddress = Object.fromEntries(smtp.received.map((m) => [m.to[0], m]));
  assert.deepEqual(Object.keys(byAddress).sort(), [
    "bids@acme.test",
    "quote@huaqiang.test",
    "sales@huaqiang.test",
  ]);
  const zh = byAddress["sales@huaqiang.test"];
  assert.equal(zh.subject, "【报价邀请】P20261123001 多层板采购");
  assert.match(zh.text, /深圳华强电路有限公司，您好/);
  // NOW is 2026-11-23 10:00 UTC+8; the deadline is 48 hours later.
  assert.match(zh.text, /报价截止时间：2026-11-25 10:00:00（北京时间，UTC\+8）/);
  assert.match(zh.text, /https:\/\/qmo\.example\.test\/portal\/projects\/\d+/);
  assert.doesNotMatch(zh.text, /\{\{/);
  assert.match(zh.raw, /^From: =\?UTF-8\?/m, "the Chinese sender name is MIME-encoded");
  assert.match(zh.raw, /^Subject: =\?UTF-8\?/m, "the Chinese subject is MIME-encoded");
  // A mail client reads the Chinese names back intact.
  assert.equal(zh.fromHeader, `"采购部" <rfq@qmo.test>`);
  assert.equal(zh.toHeader, `"深圳华强电路有限公司" <sales@huaqiang.test>`);
  const en = byAddress["bids@acme.test"];
  assert.equal(en.subject, "[Request for quotation] P20261123001 多层板采购");
  assert.match(en.text, /Dear Acme Laminates Ltd,/);
  assert.match(en.text, /Quotation deadline: 2026-11-25 10:00:00 \(UTC\+8\)/);
  assert.equal(zh.from, "rfq@qmo.test");

  // The same event again (e.g. publish pressed twice, a job re-run): nobody is mailed twice.
  await transaction(
    env.db,
    (tx) => enqueue(tx, env, { kind: "published", projectId: f.projectId }),
  );
  await flushOutbox(env);
  assert.equal(smtp.received.length, 3);
  assert.ok((await outbox(env)).every((r) => r.status === "sent" && r.attempts === 1));
});

Deno.test("an email the server refuses for now is retried after a backoff and then arrives", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env);
  await transaction(
    env.db,
    (tx) =>
      enqueue(tx, env, { kind: "published", projectId: f.projectId, supplierIds: [f.supplierB] }),
  );

  smtp.refuseNext(1, 451);
  assert.deepEqual(await flushOutbox(env), { sent: 0, retrying: 1, failed: 0, notConfigured: 0 });
  let [row] = await outbox(env);
  assert.equal(row.status, "pending");
  assert.equal(row.attempts, 1);
  assert.match(row.lastError!, /451/);
  assert.equal(smtp.received.length, 0);

  // Not before the backoff has passed.
  await flushOutbox(env);
  assert.equal(smtp.received.length, 0);
  env.clock.advance(60_000);
  assert.equal((await flushOutbox(env)).sent, 1);
  [row] = await outbox(env);
  assert.equal(row.status, "sent");
  assert.equal(row.attempts, 2);
  assert.match(row.lastError!, /451/, "the last error is kept");
  assert.deepEqual(smtp.received.map((m) => m.to), [["bids@acme.test"]]);
});

Deno.test("a permanent refusal (5xx) marks the email failed at once", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env);
  await transaction(
    env.db,
    (tx) =>
      enqueue(tx, env, { kind: "published", projectId: f.projectId, supplierIds: [f.supplierB] }),
  );
  smtp.refuseNext(1, 550);
  assert.equal((await flushOutbox(env)).failed, 1);
  const [row] = await outbox(env);
  assert.equal(row.status, "failed");
  assert.match(row.lastError!, /550/);
});

Deno.test("a connection failure is temporary: the email waits and goes once the server is reachable", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
  const f = await publishedProject(env);
  await transaction(
    env.db,
    (tx) =>
      enqueue(tx, env, { kind: "published", projectId: f.projectId, supplierIds: [f.supplierB] }),
  );
  assert.equal((await flushOutbox(env)).retrying, 1);
  const [row] = await outbox(env);
  assert.equal(row.status, "pending");
  assert.ok(row.lastError);
  env.config.smtpUrl = smtp.url;
  env.clock.advance(60_000);
  assert.equal((await flushOutbox(env)).sent, 1);
  assert.equal(smtp.received.length, 1);
});

Deno.test("without SMTP_URL the outbox still fills, shows 'not configured', and sends once SMTP is set", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv();
  const f = await publishedProject(env);
  await transaction(
    env.db,
    (tx) => enqueue(tx, env, { kind: "published", projectId: f.projectId }),
  );
  assert.deepEqual(await flushOutbox(env), { sent: 0, retrying: 0, failed: 0, notConfigured: 3 });
  const rows = await outbox(env);
  assert.equal(rows.length, 3);
  assert.ok(rows.every((r) => r.status === "notConfigured"));

  env.config.smtpUrl = smtp.url;
  assert.equal((await flushOutbox(env)).sent, 3);
  assert.equal(smtp.received.length, 3);
  assert.ok((await outbox(env)).every((r) => r.status === "sent"));
});

Deno.test("an inactive template sends nothing", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env);
  await setTemplateActive(env, "PROJECT_PUBLISHED", false);
  const ids = await transaction(
    env.db,
    (tx) => enqueue(tx, env, { kind: "published", projectId: f.projectId }),
  );
  assert.deepEqual(ids, []);
  await flushOutbox(env);
  assert.equal(smtp.received.length, 0);
});

Deno.test("emails written inside a transaction that fails are never sent", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env);
  await assert.rejects(
    transaction(env.db, async (tx) => {
      await enqueue(tx, env, { kind: "published", projectId: f.projectId });
      throw new Error("the publish failed after writing its emails");
    }),
  );
  await flushOutbox(env);
  assert.equal(smtp.received.length, 0);
  assert.equal((await outbox(env)).length, 0);
});

Deno.test("quote received goes to the buyer; ended and closed go to the buyer and the person in charge", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const f = await publishedProject(env);
  const { addQuote } = await import("../email_fixtures.ts");
  const quoteId = await addQuote(env, f.projectId, f.supplierA);
  await transaction(env.db, (tx) =>
    enqueue(tx, env, {
      kind: "quoteReceived",
      projectId: f.projectId,
      supplierId: f.supplierA,
      quoteId,
    }));
  await flushOutbox(env);
  assert.equal(smtp.received.length, 1);
  assert.deepEqual(smtp.received[0].to, ["zhang.wei@qmo.test"]);
  assert.equal(smtp.received[0].subject, "【收到报价】P20261123001 深圳华强电路有限公司");
  assert.match(smtp.received[0].text, /首轮报价/);

  const { offerProjects } = await import("../../db/schema.ts");
  await env.db.update(offerProjects).set({ status: "closed", closeReason: "需求取消" })
    .where(eq(offerProjects.id, f.projectId));
  await transaction(env.db, (tx) => enqueue(tx, env, { kind: "closed", projectId: f.projectId }));
  await flushOutbox(env);
  const closed = smtp.received.slice(1);
  assert.deepEqual(closed.map((m) => m.to[0]).sort(), ["li.na@qmo.test", "zhang.wei@qmo.test"]);
  assert.ok(closed.every((m) => m.subject === "【项目关闭】P20261123001 多层板采购"));
  assert.match(closed.find((m) => m.to[0] === "li.na@qmo.test")!.text, /李娜，您好/);
  assert.match(closed[0].text, /关闭原因：需求取消/);
});
