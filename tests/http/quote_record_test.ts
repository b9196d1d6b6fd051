// The tamper-evident record of submissions: each quote appends an entry hashing the one before,
// the supplier gets the hashes as a receipt (answer, page call and email), the canonical form the
// docs/decisions.md documents is recomputed here by hand, and edits made directly in the database are found
// at the link where they were made.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, offerProjectItems, quoteChain, quoteLines, quotes } from "../../db/schema.ts";
import { GENESIS_HASH, verifyChain } from "../../server/domain/quotes/chain.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import {
  agree,
  pdfFile,
  publishedProject,
  submit,
  submitForm,
  supplierWithLogin,
} from "./quotes_fixtures.ts";

const sha256 = (s: string | Uint8Array) => createHash("sha256").update(s).digest("hex");

/** Three submissions on one project: S1, S2, then S1 again. */
async function threeQuotes(env: TestEnv) {
  const s1 = await supplierWithLogin(env, "S1");
  const s2 = await supplierWithLogin(env, "S2");
  const p = await publishedProject(env, [s1.supplier.id, s2.supplier.id]);
  await agree(env, s1.token, p.id);
  await agree(env, s2.token, p.id);
  const answers = [];
  for (const [who, text] of [[s1, "first"], [s2, "second"], [s1, "third"]] as const) {
    const r = await submit(env, who.token, p.id, pdfFile(`quote ${text}`));
    assert.equal(r.status, 200, JSON.stringify(r.json));
    answers.push(r.json.result);
    env.clock.advance(60_000);
  }
  return { s1, s2, p, answers };
}

Deno.test("each submission is chained, and its receipt (answer, page, email) carries the hashes in the documented form", async () => {
  await using env = await testEnv();
  const { s1, s2, p, answers } = await threeQuotes(env);
  assert.deepEqual(answers.map((a) => a.receipt.recordNo), [1, 2, 3]);
  assert.equal(answers[0].receipt.prevHash, GENESIS_HASH);
  assert.equal(answers[1].receipt.prevHash, answers[0].receipt.recordHash);
  assert.equal(answers[2].receipt.prevHash, answers[1].receipt.recordHash);

  // The documented canonical form, written out by hand for the first entry.
  const first = answers[0];
  const bytes = new TextEncoder().encode("%PDF-1.4\n% quote first\n%%EOF\n");
  assert.equal(first.sha256, sha256(bytes));
  const content = sha256(`{"fileSha256":"${first.sha256}","lines":null}`);
  assert.equal(first.receipt.contentHash, content);
  const at = Date.parse("2026-11-23T02:00:00.000Z");
  const entry = `{"contentHash":"${content}","fileId":${first.fileId},` +
    `"fileSha256":"${first.sha256}","linesHash":null,"packHash":null,"packVersion":null,` +
    `"prevHash":"${GENESIS_HASH}","projectId":${p.id},"round":0,"seq":1,"submittedAt":${at},` +
    `"supplierId":${s1.supplier.id},"v":1}`;
  assert.equal(first.receipt.recordHash, sha256(entry));

  // The portal reads the receipt again; another supplier's quote is "not found".
  const again = await call(env, "get", "/QMO/SupplierOffer/GetQuoteReceipt", {
    token: s1.token,
    query: { quoteId: first.id },
  });
  assert.equal(again.status, 200);
  assert.deepEqual(again.json.result.receipt, first.receipt);
  const theirs = await call(env, "get", "/QMO/SupplierOffer/GetQuoteReceipt", {
    token: s2.token,
    query: { quoteId: first.id },
  });
  assert.equal(theirs.status, 404);
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s1.token,
    query: { offProId: p.id },
  });
  assert.deepEqual(
    mine.json.result.items.map((q: { receipt: { recordNo: number } }) => q.receipt.recordNo),
    [3, 1],
  );

  // The receipt email, through the outbox, to the supplier only.
  const mails = await env.db.select().from(emailOutbox).where(
    eq(emailOutbox.templateCode, "QUOTE_RECEIPT"),
  );
  assert.deepEqual(mails.map((m) => m.recipient).sort(), [
    "s1@example.com",
    "s1@example.com",
    "s2@example.com",
  ]);
  const mail = mails.find((m) => m.eventKey === `receipt:${first.id}:QUOTE_RECEIPT`)!;
  assert.match(mail.body, new RegExp(first.receipt.contentHash));
  assert.match(mail.body, new RegExp(first.receipt.recordHash));
  assert.match(mail.body, /存证记录：第 1 条/, "written in the supplier's language (Chinese)");

  const report = await verifyChain(env);
  assert.equal(report.ok, true, JSON.stringify(report));
  assert.equal(report.entries, 3);
  assert.equal(report.head.entryHash, answers[2].receipt.recordHash);
});

Deno.test("the record refuses changes, and a row edited directly in the database is named at its link", async () => {
  await using env = await testEnv();
  const { answers } = await threeQuotes(env);
  await assert.rejects(
    env.db.run(sql`update quote_chain set submitted_at = submitted_at + 1 where seq = 2`),
    "the database itself refuses an update",
  );
  await assert.rejects(env.db.run(sql`delete from quote_chain where seq = 3`));

  // Someone with the file drops the guard and edits entry 2.
  await env.db.run(sql`drop trigger quote_chain_no_update`);
  await env.db.run(sql`update quote_chain set submitted_at = submitted_at - 3600000 where seq = 2`);
  let report = await verifyChain(env);
  assert.equal(report.ok, false);
  assert.deepEqual(report.firstBroken, { seq: 2, quoteId: answers[1].id, reason: "entryHash" });

  // Even with entry 2's hash recomputed, entry 3 no longer names it.
  const [e2] = await env.db.select().from(quoteChain).where(eq(quoteChain.seq, 2));
  const { entryHash } = await import("../../server/domain/quotes/chain.ts");
  await env.db.update(quoteChain).set({ entryHash: entryHash(e2) }).where(eq(quoteChain.seq, 2));
  report = await verifyChain(env);
  assert.deepEqual(report.firstBroken, { seq: 3, quoteId: answers[2].id, reason: "prevHash" });
  // The back-office runs the same check (the log manager's permission).
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const viaApi = await call(env, "get", "/QMO/QuoteRecord/Verify", { token: admin });
  assert.equal(viaApi.status, 200);
  assert.equal(viaApi.json.result.ok, false);
  assert.deepEqual(viaApi.json.result.firstBroken, report.firstBroken);
  const supplierToken = (await supplierWithLogin(env, "S9")).token;
  const refused = await call(env, "get", "/QMO/QuoteRecord/Verify", { token: supplierToken });
  assert.equal(refused.status, 403);
  // And the entry no longer matches its quote either.
  assert.deepEqual(report.mismatches, [{ seq: 2, quoteId: answers[1].id, reason: "quoteChanged" }]);
});

Deno.test("a changed quote, file hash or removed entry is found too", async () => {
  await using env = await testEnv();
  const { answers } = await threeQuotes(env);
  await env.db.update(quotes).set({ submittedAt: new Date("2026-11-22T00:00:00Z") })
    .where(eq(quotes.id, answers[0].id));
  await env.db.run(
    sql`update files set sha256 = ${"f".repeat(64)} where id = ${answers[2].fileId}`,
  );
  let report = await verifyChain(env);
  assert.equal(report.firstBroken, null, "the chain itself still holds");
  assert.deepEqual(report.mismatches, [
    { seq: 1, quoteId: answers[0].id, reason: "quoteChanged" },
    { seq: 3, quoteId: answers[2].id, reason: "fileChanged" },
  ]);

  await env.db.run(sql`drop trigger quote_chain_no_delete`);
  await env.db.delete(quoteChain).where(and(eq(quoteChain.seq, 2)));
  report = await verifyChain(env);
  assert.deepEqual(report.firstBroken, { seq: 2, quoteId: null, reason: "gap" });
  assert.ok(
    report.mismatches.some((m) => m.quoteId === answers[1].id && m.reason === "noEntry"),
    "the quote whose entry went is named",
  );
});

Deno.test("priced lines are part of the content hash, and a price changed in the database is found", async () => {
  await using env = await testEnv();
  const s1 = await supplierWithLogin(env, "S1");
  const p = await publishedProject(env, [s1.supplier.id]);
  await agree(env, s1.token, p.id);
  const [item] = await env.db.select().from(offerProjectItems)
    .where(eq(offerProjectItems.projectId, p.id));
  const form = submitForm(p.id, pdfFile("priced"));
  form.set(
    "lines",
    JSON.stringify([{
      itemId: item.id,
      unitPrice: "12.5",
      taxRate: "13",
      currency: "CNY",
      tradeTerms: "DDP",
      paymentMethod: "TT",
      paymentTermDays: 60,
      leadTimeDays: 14,
      validUntil: "2026-12-31",
    }]),
  );
  const r = await call(env, "post", "/QMO/SupplierOffer/Submit", { token: s1.token, body: form });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const q = r.json.result;
  const lines = `[{"currency":"CNY","itemId":${item.id},"leadTimeDays":14,"paymentMethod":"TT",` +
    `"paymentTermDays":60,"remark":null,"taxRate":"13","tradeTerms":"DDP","unitPrice":"12.5",` +
    `"validUntil":"2026-12-31"}]`;
  assert.equal(q.receipt.linesHash, sha256(lines));
  assert.equal(q.receipt.contentHash, sha256(`{"fileSha256":"${q.sha256}","lines":${lines}}`));
  assert.equal((await verifyChain(env)).ok, true);

  await env.db.update(quoteLines).set({ unitPrice: "11.5" }).where(eq(quoteLines.quoteId, q.id));
  const report = await verifyChain(env);
  assert.equal(report.firstBroken, null);
  assert.deepEqual(report.mismatches, [{ seq: 1, quoteId: q.id, reason: "linesChanged" }]);
});
