// Clarifications over HTTP: a supplier asks (text and an attachment taken like any upload), the buyer
// is mailed and answers privately or to all; a public answer never names the asker, to other
// suppliers' API answers or emails; the rest of the rules (deadline, sealed projects, permissions,
// the request pack) are in questions_rules_test.ts.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs, emailOutbox, files, projectQuestions } from "../../db/schema.ts";
import { call } from "../helpers.ts";
import {
  answer,
  ask,
  buyerView,
  pdf,
  PM,
  questionsSetUp,
  supplierView,
} from "./questions_fixtures.ts";

Deno.test("a supplier asks with an attachment; the buyer sees who asked, is mailed, and the others see nothing yet", async () => {
  const { env, admin, s1, s2, p } = await questionsSetUp();
  await using _ = env;
  const asked = await ask(
    env,
    s1.token,
    p.id,
    "Is Tg170 required\nfor every layer?",
    pdf("stackup"),
  );
  assert.equal(asked.status, 200, JSON.stringify(asked.json));
  assert.equal(asked.json.result.mine, true);
  assert.equal(asked.json.result.file.fileName, "drawing.pdf");

  // The buyer: who asked, when, the text and the attachment (downloadable).
  const list = await buyerView(env, admin, p.id);
  assert.equal(list.status, 200, JSON.stringify(list.json));
  const [q] = list.json.result.items;
  assert.equal(q.supplierCode, "S1");
  assert.equal(q.text, "Is Tg170 required\nfor every layer?");
  assert.equal(q.visibility, null);
  assert.equal(list.json.result.unanswered, 1);
  assert.equal(list.json.result.accepting, true);
  assert.equal(
    list.json.result.closesAt,
    "2026-11-29T09:00:00.000Z",
    "24 hours before the deadline",
  );
  const got = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: admin,
    query: { id: q.file.id },
  });
  assert.equal(got.status, 200);
  assert.match(await got.res.text(), /stackup/);

  // The buyer is mailed in their language, with the supplier and the question.
  const mails = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "QUESTION_ASKED"));
  assert.deepEqual(mails.map((m) => m.recipient), ["buyer@qmo.test"]);
  assert.match(mails[0].subject, /^\[Supplier question\] .+ Full name S1$/);
  assert.match(mails[0].body, /Is Tg170 required\nfor every layer\?/);

  // Another supplier sees neither the unanswered question nor its attachment.
  const other = await supplierView(env, s2.token, p.id);
  assert.equal(other.status, 200);
  assert.deepEqual(other.json.result.items, []);
  const peek = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: s2.token,
    query: { id: q.file.id },
  });
  assert.equal(peek.status, 404);
  const own = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: s1.token,
    query: { id: q.file.id },
  });
  assert.equal(own.status, 200, "the asker reads its own attachment");
  // Nor can the buyer make it part of the request pack every supplier reads.
  const leak = await call(env, "post", `${PM}/ReviseRequestPack`, {
    token: admin,
    body: {
      offProId: p.id,
      opiList: [{ itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "1000" }],
      attList: [q.file.id],
    },
  });
  assert.equal(leak.status, 404);
  assert.equal((await supplierView(env, s2.token, p.id)).json.result.items.length, 0);

  // Every call is in the audit log, as other calls are.
  const audited = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.methodName, "AskQuestion"));
  assert.equal(audited.length, 1);
  assert.equal(audited[0].serviceName, "SupplierOffer");
  assert.equal(audited[0].httpStatus, 200);
});

Deno.test("a private answer reaches the asker alone", async () => {
  const { env, admin, s1, s2, s3, p } = await questionsSetUp();
  await using _ = env;
  const asked = await ask(env, s1.token, p.id, "Can we deliver in two lots?");
  const r = await answer(env, admin, {
    questionId: asked.json.result.id,
    answer: "Yes, for your plant only.",
    visibility: "private",
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.visibility, "private");

  const mine = await supplierView(env, s1.token, p.id);
  assert.equal(mine.json.result.items[0].answer, "Yes, for your plant only.");
  assert.equal(mine.json.result.items[0].visibility, "private");
  for (const s of [s2, s3]) {
    assert.deepEqual((await supplierView(env, s.token, p.id)).json.result.items, []);
  }
  const mails = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "QUESTION_ANSWERED"));
  assert.deepEqual(mails.map((m) => m.recipient), ["s1@example.com"]);

  // Answered once: a second answer is refused.
  const again = await answer(env, admin, {
    questionId: asked.json.result.id,
    answer: "Now to all.",
    visibility: "public",
  });
  assert.equal(again.status, 409);
  assert.equal(again.json.error.message, "This question has already been answered");
});

Deno.test("a public answer reaches every invited supplier and never names the asker", async () => {
  const { env, admin, s1, s2, s3, s4, p } = await questionsSetUp();
  await using _ = env;
  const asked = await ask(
    env,
    s1.token,
    p.id,
    "We (Full name S1) stock 1080 prepreg: may we offer it?",
    pdf("S1 catalogue", "S1-catalogue.pdf"),
  );
  const r = await answer(env, admin, {
    questionId: asked.json.result.id,
    answer: "Yes: 1080 or 2116 prepreg are both accepted.",
    visibility: "public",
    publicText: "May suppliers offer 1080 prepreg?",
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.publicText, "May suppliers offer 1080 prepreg?");

  const view = await supplierView(env, s2.token, p.id);
  assert.equal(view.status, 200);
  const [item] = view.json.result.items;
  assert.deepEqual(item, {
    id: asked.json.result.id,
    mine: false,
    askedAt: null,
    text: "May suppliers offer 1080 prepreg?",
    file: null,
    answer: "Yes: 1080 or 2116 prepreg are both accepted.",
    answeredAt: r.json.result.answeredAt,
    visibility: "public",
    packVersion: null,
  });
  const raw = JSON.stringify(view.json);
  for (const leak of ["S1", "s1@", "catalogue", "supplierId", "supplierCode", "askedBy"]) {
    assert.ok(!raw.includes(leak), `the answer to S2 holds ${leak}: ${raw}`);
  }
  // The asker still reads its own question as asked.
  const mine = (await supplierView(env, s1.token, p.id)).json.result.items[0];
  assert.equal(mine.mine, true);
  assert.match(mine.text, /Full name S1/);

  // Every invited supplier is mailed the reworded question and the answer, never the asker's name.
  const mails = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "QUESTION_ANSWERED"));
  assert.deepEqual(
    mails.map((m) => m.recipient).sort(),
    ["s1@example.com", "s2@example.com", "s3@example.com"],
  );
  for (const m of mails.filter((m) => m.recipient !== "s1@example.com")) {
    assert.match(m.body, /May suppliers offer 1080 prepreg\?/);
    assert.match(m.body, /1080 or 2116/);
    assert.ok(!m.body.includes("S1") && !m.subject.includes("S1"), m.body);
  }
  // A supplier not invited reads nothing of the project.
  assert.equal((await supplierView(env, s4.token, p.id)).status, 404);
  assert.equal((await supplierView(env, s3.token, p.id)).json.result.items.length, 1);
});

Deno.test("an attachment is checked like any upload: a wrong type or an oversized file leaves nothing behind", async () => {
  const { env, s1, p } = await questionsSetUp({ env: { MAX_UPLOAD_MB: "1" } });
  await using _ = env;
  const script = new File(["#!/bin/sh\necho hi\n"], "run.sh", { type: "text/plain" });
  const refused = await ask(env, s1.token, p.id, "See the script", script);
  assert.equal(refused.status, 415);
  const big = new File([new Uint8Array(2 * 1024 * 1024).fill(0x25)], "big.pdf");
  const tooBig = await ask(env, s1.token, p.id, "See the drawing", big);
  assert.equal(tooBig.status, 413);
  const empty = await ask(env, s1.token, p.id, "   ");
  assert.equal(empty.status, 400);
  assert.equal(empty.json.error.validationErrors[0].message, "Please enter your question");
  assert.equal((await env.db.select().from(projectQuestions)).length, 0);
  const stored = await env.db.select().from(files).where(and(eq(files.purpose, "question")));
  assert.ok(stored.every((f) => f.deletedAt !== null), "no question file stays in a list");
});

Deno.test("the dashboard counts the questions waiting for an answer on open projects", async () => {
  const { env, admin, s1, s2, p } = await questionsSetUp();
  await using _ = env;
  await ask(env, s1.token, p.id, "First question");
  const second = await ask(env, s2.token, p.id, "Second question");
  const dash = async () =>
    (await call(env, "get", `${PM}/GetDashboard`, { token: admin, query: { kind: "material" } }))
      .json.result.questions;
  const before = await dash();
  assert.equal(before.count, 2);
  assert.deepEqual(
    before.items.map((i: { text: string; supplierName: string }) => [i.text, i.supplierName]),
    [["Second question", "Abbr S2"], ["First question", "Abbr S1"]],
  );
  assert.equal(before.items[0].projectId, p.id);
  await answer(env, admin, {
    questionId: second.json.result.id,
    answer: "Answered.",
    visibility: "private",
  });
  assert.equal((await dash()).count, 1);
  assert.equal((await buyerView(env, admin, p.id, true)).json.result.items.length, 1);
});
