// Sending a reminder by hand (the "Send reminder" dialog's calls): what the dialog lists, the
// server's preview of one supplier's email (in that supplier's language, placeholders filled, the
// very text that is then sent), each supplier's outcome, and the project's Publish permission.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox, offerProjects, offerProjectSuppliers } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { P, staff } from "../domain/projects_fixtures.ts";
import { addQuote, publishedProject, setTemplateActive, startSmtp } from "../email_fixtures.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";

const base = "/QMO/OfferProjectManager";

async function setUp(smtpUrl?: string) {
  const env = await testEnv({
    env: { ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}), PUBLIC_URL: "https://qmo.example.com" },
  });
  const fx = await publishedProject(env);
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  return { env, fx, token };
}

Deno.test("the dialog's data: supplier templates with the deadline reminder first, and each invited supplier's quote, agreement and last reminder", async () => {
  await using smtp = await startSmtp();
  const { env, fx, token } = await setUp(smtp.url);
  await using _ = env;
  const data = async () =>
    (await call(env, "get", `${base}/GetEmailManualData`, {
      token,
      query: { OffProId: fx.projectId },
    })).json.result;
  let d = await data();
  assert.equal(d.defaultTemplate, "DEADLINE_REMINDER");
  assert.equal(d.templates[0].code, "DEADLINE_REMINDER");
  const codes = d.templates.map((t: { code: string }) => t.code);
  assert.ok(codes.includes("PROJECT_PUBLISHED"));
  assert.ok(!codes.includes("PROJECT_ENDED"), "a template for the buyer is not offered");
  assert.deepEqual(
    d.suppliers.map((s: Record<string, unknown>) => [s.code, s.language, s.quoted, s.lastReminder]),
    [["S001", "zh", false, null], ["S002", "en", false, null]],
  );
  assert.deepEqual(d.suppliers[0].emails, ["sales@huaqiang.test", "quote@huaqiang.test"]);

  await addQuote(env, fx.projectId, fx.supplierA);
  await env.db.update(offerProjectSuppliers).set({ agreedAt: env.clock.now() })
    .where(eq(offerProjectSuppliers.supplierId, fx.supplierA));
  const sent = await call(env, "post", `${base}/SendEmailManual`, {
    token,
    body: {
      offProId: fx.projectId,
      templateCode: "DEADLINE_REMINDER",
      supplierIds: [fx.supplierB],
    },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  d = await data();
  const [a, b] = d.suppliers;
  assert.equal(a.quoted, true);
  assert.equal(a.quotedAt, env.clock.now().toISOString());
  assert.equal(a.agreedAt, env.clock.now().toISOString());
  assert.equal(a.lastReminder, null);
  assert.equal(b.quoted, false);
  assert.deepEqual(b.lastReminder, {
    at: env.clock.now().toISOString(),
    templateCode: "DEADLINE_REMINDER",
    status: "sent",
  });
});

Deno.test("the preview is the email as sent: in the supplier's language, placeholders filled, to its addresses", async () => {
  await using smtp = await startSmtp();
  const { env, fx, token } = await setUp(smtp.url);
  await using _ = env;
  const preview = async (supplierId: number, templateCode = "DEADLINE_REMINDER") =>
    await call(env, "get", `${base}/PreviewEmailManual`, {
      token,
      lang: "en",
      query: { offProId: fx.projectId, templateCode, supplierId },
    });
  const en = await preview(fx.supplierB);
  assert.equal(en.status, 200, JSON.stringify(en.json));
  const deadline = formatUtc8(fx.deadline);
  assert.deepEqual(
    { ...en.json.result, body: undefined },
    {
      supplierId: fx.supplierB,
      templateCode: "DEADLINE_REMINDER",
      language: "en",
      to: ["bids@acme.test"],
      subject: `[Reminder] ${fx.projectCode} 多层板采购 closes at ${deadline}`,
      body: undefined,
      skipped: null,
    },
  );
  assert.match(en.json.result.body, /^Dear Acme Laminates Ltd,/);
  assert.ok(
    en.json.result.body.includes(`https://qmo.example.com/portal/projects/${fx.projectId}`),
  );
  assert.doesNotMatch(en.json.result.body, /\{\{/);

  const zh = (await preview(fx.supplierA)).json.result;
  assert.equal(zh.language, "zh");
  assert.deepEqual(zh.to, ["sales@huaqiang.test", "quote@huaqiang.test"]);
  assert.equal(zh.subject, `【报价提醒】${fx.projectCode} 多层板采购 将于 ${deadline} 截止`);
  assert.match(zh.body, /^深圳华强电路有限公司，您好/);
  const invitation = (await preview(fx.supplierB, "PROJECT_PUBLISHED")).json.result;
  assert.equal(invitation.subject, `[Request for quotation] ${fx.projectCode} 多层板采购`);

  // Nothing was written by previewing; sending writes exactly what was shown.
  assert.equal((await env.db.select().from(emailOutbox)).length, 0);
  const r = await call(env, "post", `${base}/SendEmailManual`, {
    token,
    body: {
      offProId: fx.projectId,
      templateCode: "DEADLINE_REMINDER",
      supplierIds: [fx.supplierB],
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const mail = smtp.received.find((m) => m.to[0] === "bids@acme.test");
  assert.equal(mail?.subject, en.json.result.subject);
  assert.equal(mail?.text.trim(), en.json.result.body.trim());
});

Deno.test("sending answers each supplier's outcome: a quoted supplier is skipped by the reminder, a refused address fails, the rest are sent", async () => {
  await using smtp = await startSmtp();
  const { env, fx, token } = await setUp(smtp.url);
  await using _ = env;
  await addQuote(env, fx.projectId, fx.supplierA);
  const skipped = await call(env, "get", `${base}/PreviewEmailManual`, {
    token,
    query: { offProId: fx.projectId, templateCode: "DEADLINE_REMINDER", supplierId: fx.supplierA },
  });
  assert.equal(skipped.json.result.skipped, "quoted");
  let r = await call(env, "post", `${base}/SendEmailManual`, {
    token,
    body: {
      offProId: fx.projectId,
      templateCode: "DEADLINE_REMINDER",
      supplierIds: [fx.supplierA, fx.supplierB],
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.deepEqual(
    r.json.result.suppliers.map((s: Record<string, unknown>) => [s.code, s.outcome, s.reason]),
    [["S001", "skipped", "quoted"], ["S002", "sent", null]],
  );
  // The invitation goes to suppliers that quoted too; a 550 for one address fails that supplier.
  smtp.refuseNext(1, 550);
  r = await call(env, "post", `${base}/SendEmailManual`, {
    token,
    body: {
      offProId: fx.projectId,
      templateCode: "PROJECT_PUBLISHED",
      supplierIds: [fx.supplierA],
    },
  });
  assert.equal(r.json.result.suppliers[0].outcome, "failed");
  assert.match(r.json.result.suppliers[0].error, /Mailbox unavailable/);
});

Deno.test("previewing refuses a template that is unknown, inactive or not for suppliers, and a supplier not invited", async () => {
  const { env, fx, token } = await setUp();
  await using _ = env;
  const preview = (templateCode: string, supplierId = fx.supplierB) =>
    call(env, "get", `${base}/PreviewEmailManual`, {
      token,
      lang: "en",
      query: { offProId: fx.projectId, templateCode, supplierId },
    });
  let r = await preview("NO_SUCH");
  assert.equal(r.status, 400);
  assert.equal(r.json.error.message, 'There is no email template with the code "NO_SUCH"');
  r = await preview("PROJECT_ENDED");
  assert.equal(r.status, 400);
  assert.equal(
    r.json.error.message,
    'The email template "PROJECT_ENDED" is not written to suppliers',
  );
  r = await preview("DEADLINE_REMINDER", fx.supplierC);
  assert.equal(r.status, 400);
  assert.match(r.json.error.message, /is not invited to this project/);
  await setTemplateActive(env, "DEADLINE_REMINDER", false);
  r = await preview("DEADLINE_REMINDER");
  assert.equal(r.status, 409);
  r = await call(env, "get", `${base}/PreviewEmailManual`, {
    token,
    lang: "en",
    query: { offProId: fx.projectId, supplierId: fx.supplierB },
  });
  assert.equal(r.status, 400);
  assert.deepEqual(r.json.error.validationErrors[0].members, ["templateCode"]);
});

Deno.test("only the project's Publish permission may list, preview or send: searching is not enough, nor the other kind's Publish", async () => {
  await using smtp = await startSmtp();
  const { env, fx } = await setUp(smtp.url);
  await using _ = env;
  const searcher = await staff(env, "searcher", [P.OfferProjectManagerSearch]);
  const assetPublisher = await staff(env, "assetpub", [
    P.OfferProjectManagerSearch,
    P.AmsOfferProjectManagerSearch,
    P.AmsOfferProjectManagerPublish,
  ]);
  const publisher = await staff(env, "publisher", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const calls = (token: string) => [
    call(env, "get", `${base}/GetEmailManualData`, {
      token,
      lang: "en",
      query: { offProId: fx.projectId },
    }),
    call(env, "get", `${base}/PreviewEmailManual`, {
      token,
      lang: "en",
      query: {
        offProId: fx.projectId,
        templateCode: "DEADLINE_REMINDER",
        supplierId: fx.supplierB,
      },
    }),
    call(env, "post", `${base}/SendEmailManual`, {
      token,
      lang: "en",
      body: {
        offProId: fx.projectId,
        templateCode: "DEADLINE_REMINDER",
        supplierIds: [fx.supplierB],
      },
    }),
  ];
  for (const r of await Promise.all(calls(searcher.token))) assert.equal(r.status, 403);
  // The material project needs the material Publish permission, whatever the asset one says.
  for (const r of await Promise.all(calls(assetPublisher.token))) {
    assert.equal(r.status, 403);
    assert.match(r.json.error.message, /publish/i);
  }
  assert.equal(smtp.received.length, 0, "nothing was sent");
  assert.equal((await env.db.select().from(emailOutbox)).length, 0);
  for (const r of await Promise.all(calls(publisher.token))) {
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  // The same user on an asset project of the same buyer: refused.
  await env.db.update(offerProjects).set({ kind: "asset" })
    .where(eq(offerProjects.id, fx.projectId));
  for (const r of await Promise.all(calls(publisher.token))) assert.equal(r.status, 403);
});
