import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects, offerProjectSuppliers } from "../../db/schema.ts";
import { call, NOW, testEnv } from "../helpers.ts";
import {
  agree,
  openRoundFor,
  pdfFile,
  publishedProject,
  submit,
  supplierWithLogin,
} from "./quotes_fixtures.ts";

Deno.test("quoting before agreeing to the instructions is refused; the agreement is recorded with its time", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "S100");
  const p = await publishedProject(env, [s.supplier.id]);

  const early = await submit(env, s.token, p.id, pdfFile("q1"));
  assert.equal(early.status, 409);
  assert.equal(
    (await submit(env, s.token, p.id, pdfFile("q1"))).json.error.message,
    "必须同意报价须知才能报价",
  );
  const en = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s.token,
    lang: "en",
    body: (() => {
      const f = new FormData();
      f.set("offProId", String(p.id));
      f.set("file", pdfFile("q1"));
      return f;
    })(),
  });
  assert.equal(en.json.error.message, "You must agree to the quote instructions in order to quote");
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s.token,
    query: { offProId: p.id },
  });
  assert.equal(mine.json.result.totalCount, 0);

  env.clock.advance(5_000);
  const a = await agree(env, s.token, p.id);
  assert.equal(a.status, 200);
  assert.equal(new Date(a.json.result.agreedAt).getTime(), new Date(NOW).getTime() + 5_000);
  const row = await env.db.query.offerProjectSuppliers.findFirst({
    where: eq(offerProjectSuppliers.projectId, p.id),
  });
  assert.equal(row?.agreedAt?.getTime(), new Date(NOW).getTime() + 5_000);
  // Agreeing again keeps the first time.
  env.clock.advance(60_000);
  const again = await agree(env, s.token, p.id);
  assert.equal(new Date(again.json.result.agreedAt).getTime(), new Date(NOW).getTime() + 5_000);

  assert.equal((await submit(env, s.token, p.id, pdfFile("q1"))).status, 200);
});

Deno.test("every submission is kept with time, size and hash, and only the last one counts", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "S101");
  const other = await supplierWithLogin(env, "S102");
  const p = await publishedProject(env, [s.supplier.id, other.supplier.id]);
  await agree(env, s.token, p.id);

  const first = await submit(env, s.token, p.id, pdfFile("first price 10.5", "first.pdf"));
  assert.equal(first.status, 200);
  env.clock.advance(60_000);
  const second = await submit(env, s.token, p.id, pdfFile("second, lower price 9.8", "second.pdf"));
  assert.equal(second.status, 200);

  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s.token,
    query: { offProId: p.id },
  });
  const items = mine.json.result.items;
  assert.equal(items.length, 2);
  assert.deepEqual(items.map((q: { fileName: string }) => q.fileName), ["second.pdf", "first.pdf"]);
  assert.deepEqual(items.map((q: { isCurrent: boolean }) => q.isCurrent), [true, false]);
  assert.equal(new Date(items[1].submittedAt).toISOString(), NOW);
  assert.equal(
    items[0].size,
    new TextEncoder().encode("%PDF-1.4\n% second, lower price 9.8\n%%EOF\n").length,
  );
  assert.match(items[0].sha256, /^[0-9a-f]{64}$/);
  assert.notEqual(items[0].sha256, items[1].sha256);

  // The old submission's file is still downloadable by its owner.
  const old = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: s.token,
    query: { id: items[1].fileId },
  });
  assert.equal(old.status, 200);
  assert.match(await old.res.text(), /first price 10.5/);

  const list = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: s.token });
  const row = list.json.result.items.find((x: { id: number }) => x.id === p.id);
  assert.equal(row.status, "quoted");
  assert.equal(row.canSubmit, true);
  assert.equal(new Date(row.lastQuoteTime).getTime(), new Date(NOW).getTime() + 60_000);
});

Deno.test("one attachment per submission: two files in one submission are refused, nothing stored", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "S111");
  const p = await publishedProject(env, [s.supplier.id]);
  await agree(env, s.token, p.id);
  const form = new FormData();
  form.set("offProId", String(p.id));
  form.append("file", pdfFile("price list A", "a.pdf"));
  form.append("file", pdfFile("price list B", "b.pdf"));
  const r = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s.token,
    body: form,
    lang: "en",
  });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.message, "One attachment per submission: send a single file");
  assert.deepEqual(r.json.error.validationErrors[0].members, ["file"]);
  const zh = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s.token,
    body: form,
    lang: "zh",
  });
  assert.match(zh.json.error.message, /只能上传一个附件/);
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s.token,
    query: { offProId: p.id },
  });
  assert.equal(mine.json.result.items.length, 0);
  // No temporary file is left behind.
  const tmp = [...Deno.readDirSync(`${env.config.dataDir}/files/tmp`)];
  assert.deepEqual(tmp, []);
});

Deno.test("the deadline is judged by the server clock: one millisecond before is accepted, the instant itself is refused as a waiver", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "S103");
  const deadline = new Date(new Date(NOW).getTime() + 3600_000);
  const p = await publishedProject(env, [s.supplier.id], { offerEndTime: deadline });
  await agree(env, s.token, p.id);

  env.clock.set(new Date(deadline.getTime() - 1));
  const before = await submit(env, s.token, p.id, pdfFile("just in time"));
  assert.equal(before.status, 200);

  env.clock.set(deadline);
  const at = await submit(env, s.token, p.id, pdfFile("too late"));
  assert.equal(at.status, 409);
  assert.match(at.json.error.message, /未提交报价视为放弃/);

  env.clock.set(new Date(deadline.getTime() + 1));
  const after = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s.token,
    lang: "en",
    body: (() => {
      const f = new FormData();
      f.set("offProId", String(p.id));
      f.set("file", pdfFile("too late"));
      return f;
    })(),
  });
  assert.equal(after.status, 409);
  assert.match(after.json.error.message, /failure to submit counts as a waiver/);

  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s.token,
    query: { offProId: p.id },
  });
  assert.equal(mine.json.result.totalCount, 1);
  const list = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: s.token });
  assert.equal(list.json.result.items[0].secondsLeft, 0);
  assert.equal(list.json.result.items[0].canSubmit, false);
});

Deno.test("when the last invited supplier quotes, the early-end window starts", async () => {
  await using env = await testEnv();
  const a = await supplierWithLogin(env, "S104");
  const b = await supplierWithLogin(env, "S105");
  const p = await publishedProject(env, [a.supplier.id, b.supplier.id]);
  await agree(env, a.token, p.id);
  await agree(env, b.token, p.id);

  await submit(env, a.token, p.id, pdfFile("a"));
  env.clock.advance(1000);
  await submit(env, a.token, p.id, pdfFile("a again"));
  let row = await env.db.query.offerProjects.findFirst({ where: eq(offerProjects.id, p.id) });
  assert.equal(row?.allQuotedAt, null);

  env.clock.advance(1000);
  await submit(env, b.token, p.id, pdfFile("b"));
  row = await env.db.query.offerProjects.findFirst({ where: eq(offerProjects.id, p.id) });
  assert.equal(row?.allQuotedAt?.getTime(), new Date(NOW).getTime() + 2000);

  // Half an hour later quoting is over, although the deadline is a day away.
  env.clock.advance(30 * 60_000 - 1);
  assert.equal((await submit(env, a.token, p.id, pdfFile("a third"))).status, 200);
  env.clock.advance(1);
  assert.equal((await submit(env, a.token, p.id, pdfFile("a fourth"))).status, 409);
});

Deno.test("my project list shows what needs action first, with seconds left by the server clock", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "S106");
  const now = new Date(NOW).getTime();
  const later = await publishedProject(env, [s.supplier.id], {
    name: "later",
    offerEndTime: new Date(now + 48 * 3600_000),
  });
  const sooner = await publishedProject(env, [s.supplier.id], {
    name: "sooner",
    offerEndTime: new Date(now + 2 * 3600_000),
  });
  const quoted = await publishedProject(env, [s.supplier.id], {
    name: "quoted",
    offerEndTime: new Date(now + 3600_000),
  });
  const missed = await publishedProject(env, [s.supplier.id], {
    name: "missed",
    offerEndTime: new Date(now - 1000),
  });
  await publishedProject(env, [s.supplier.id], { name: "draft", status: "unpublished" });
  await agree(env, s.token, quoted.id);
  await submit(env, s.token, quoted.id, pdfFile("q"));

  const r = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: s.token });
  assert.equal(r.status, 200);
  const items = r.json.result.items;
  assert.deepEqual(items.map((p: { name: string }) => p.name), [
    "sooner",
    "later",
    "quoted",
    "missed",
  ]);
  assert.deepEqual(items.map((p: { status: string }) => p.status), [
    "canOffer",
    "canOffer",
    "quoted",
    "notQuoted",
  ]);
  assert.equal(items[0].secondsLeft, 2 * 3600);
  assert.equal(items[0].id, sooner.id);
  assert.equal(items[1].id, later.id);
  assert.equal(items[3].id, missed.id);

  const only = await call(env, "get", "/QMO/SupplierOffer/GetAll", {
    token: s.token,
    query: { status: "notQuoted" },
  });
  assert.deepEqual(only.json.result.items.map((p: { name: string }) => p.name), ["missed"]);
});

Deno.test("the instructions come in the caller's language and follow the admin's edits", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "S107");
  const zh = await call(env, "get", "/QMO/SupplierOffer/GetInstruction", { token: s.token });
  assert.match(zh.json.result.content, /以最后一次报价为准/);
  assert.match(zh.json.result.content, /视为放弃/);
  const en = await call(env, "get", "/QMO/SupplierOffer/GetInstruction", {
    token: s.token,
    lang: "en",
  });
  assert.match(en.json.result.content, /Only your last quotation counts/);
  assert.match(en.json.result.content, /unit price before tax/);

  const admin = await (await import("../helpers.ts")).signIn(env, "admin", "Admin@12345");
  const saved = await call(env, "put", "/QMO/SystemResource/Update", {
    token: admin,
    body: { items: [{ key: "quoteInstructionEn", value: "Quote in USD only." }] },
  });
  assert.equal(saved.status, 200);
  const edited = await call(env, "get", "/QMO/SupplierOffer/GetInstruction", {
    token: s.token,
    lang: "en",
  });
  assert.equal(edited.json.result.content, "Quote in USD only.");
});

Deno.test("asset projects: optimisation rounds only while open and only for the invited suppliers", async () => {
  await using env = await testEnv();
  const a = await supplierWithLogin(env, "S108");
  const b = await supplierWithLogin(env, "S109");
  const deadline = new Date(new Date(NOW).getTime() + 3600_000);
  const p = await publishedProject(env, [a.supplier.id, b.supplier.id], {
    kind: "asset",
    offerEndTime: deadline,
  });
  await agree(env, a.token, p.id);
  await agree(env, b.token, p.id);
  assert.equal((await submit(env, a.token, p.id, pdfFile("a0"))).status, 200);
  const tooSoon = await submit(env, a.token, p.id, pdfFile("a1"), 1);
  assert.equal(tooSoon.status, 409);

  // The first round ends; the buyer opens round 1 for supplier a only.
  env.clock.set(new Date(deadline.getTime() + 60_000));
  await env.db.update(offerProjects).set({ status: "ended", endReason: "deadline" })
    .where(eq(offerProjects.id, p.id));
  await openRoundFor(env, p.id, 1, [a.supplier.id], new Date(deadline.getTime() + 7200_000));

  const listA = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: a.token });
  assert.equal(listA.json.result.items[0].round, 1);
  assert.equal(listA.json.result.items[0].status, "canOffer");
  assert.equal((await submit(env, a.token, p.id, pdfFile("a1"), 1)).status, 200);
  assert.equal((await submit(env, a.token, p.id, pdfFile("a0 late"), 0)).status, 409);
  assert.equal((await submit(env, a.token, p.id, pdfFile("a2"), 2)).status, 409);
  const notInvited = await submit(env, b.token, p.id, pdfFile("b1"), 1);
  assert.equal(notInvited.status, 409);

  const listB = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: b.token });
  assert.equal(listB.json.result.items[0].status, "notQuoted");
  const detailB = await call(env, "get", "/QMO/SupplierOffer/Get", {
    token: b.token,
    query: { offProId: p.id },
  });
  assert.deepEqual(detailB.json.result.rounds, []);
});
