// The rules of clarifications over HTTP: the question deadline (server clock, set by the buyer when
// publishing), sealed projects, who may read and answer, and a public answer turned into the next
// request pack version (suppliers told, older quotes marked).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { emailOutbox, offerProjects } from "../../db/schema.ts";
import { call } from "../helpers.ts";
import { DEADLINE, P, staff } from "../domain/projects_fixtures.ts";
import { agree, pdfFile, submit } from "./quotes_fixtures.ts";
import {
  answer,
  ask,
  buyerView,
  pdf,
  PM,
  questionsSetUp,
  SO,
  supplierView,
} from "./questions_fixtures.ts";

type SetUp = Awaited<ReturnType<typeof questionsSetUp>>;

/** The publish page's call again, with the suppliers already invited and a question deadline. */
const publishAgain = (
  { env, admin, s1, s2, s3, p }: SetUp,
  questionEndTime?: string | null,
) =>
  call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: admin,
    lang: "en",
    body: {
      offProManagerId: p.id,
      supList: [s1, s2, s3].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
      questionEndTime,
    },
  });

Deno.test("questions close at the question deadline by the server clock: 24 hours before the deadline, or as the buyer sets it", async () => {
  const setUp = await questionsSetUp();
  const { env, admin, s1, p } = setUp;
  await using _ = env;
  env.clock.set("2026-11-29T08:59:59.999Z");
  assert.equal((await ask(env, s1.token, p.id, "Just in time")).status, 200);
  env.clock.set("2026-11-29T09:00:00.000Z");
  const late = await ask(env, s1.token, p.id, "Too late", pdf("late"));
  assert.equal(late.status, 409);
  assert.equal(
    late.json.error.message,
    "The question deadline (2026-11-29 17:00:00, UTC+8) has passed: no more questions are taken",
  );
  const zh = await ask(env, s1.token, p.id, "太晚了", undefined, "zh");
  assert.match(zh.json.error.message, /提问截止时间（2026-11-29 17:00:00，北京时间）已过/);
  const view = (await supplierView(env, s1.token, p.id)).json.result;
  assert.equal(view.canAsk, false);
  assert.equal(view.refusal, "questions.deadlinePassed");

  // The buyer reopens questions until Monday noon, through the publish page's call.
  const tooLate = await publishAgain(setUp, "2026-11-30 18:00:00");
  assert.equal(tooLate.status, 400);
  assert.equal(tooLate.json.error.validationErrors[0].members[0], "questionEndTime");
  assert.equal(
    tooLate.json.error.validationErrors[0].message,
    "The question deadline may not be after the quotation deadline (2026-11-30 17:00:00, UTC+8)",
  );
  const past = await publishAgain(setUp, "2026-11-29 16:00:00");
  assert.equal(past.status, 400);
  assert.equal(
    past.json.error.validationErrors[0].message,
    "The question deadline must be in the future",
  );
  const set = await publishAgain(setUp, "2026-11-30 12:00:00");
  assert.equal(set.status, 200, JSON.stringify(set.json));
  assert.equal(set.json.result.questionEndTime, "2026-11-30T04:00:00.000Z");
  assert.equal((await ask(env, s1.token, p.id, "Reopened")).status, 200);
  // Publishing again without it leaves it as it is.
  assert.equal((await publishAgain(setUp)).json.result.questionEndTime, "2026-11-30T04:00:00.000Z");
  env.clock.set("2026-11-30T04:00:00.000Z");
  assert.equal((await ask(env, s1.token, p.id, "Past noon")).status, 409);
  assert.equal((await buyerView(env, admin, p.id)).json.result.accepting, false);
  assert.equal((await buyerView(env, admin, p.id)).json.result.items.length, 2);
});

Deno.test("no question once quoting has ended or the project is closed; a closed project's questions take no answer", async () => {
  const { env, admin, s1, s2, p } = await questionsSetUp();
  await using _ = env;
  const q = await ask(env, s2.token, p.id, "Asked while open");
  const ended = await call(env, "get", `${PM}/EndOfferProject`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(ended.status, 200);
  const afterEnd = await ask(env, s1.token, p.id, "After the end");
  assert.equal(afterEnd.status, 409);
  assert.equal(
    afterEnd.json.error.message,
    "Quoting for this project has ended: no more questions are taken",
  );
  await call(env, "post", `${PM}/CreateOfferProjectCloses`, {
    token: admin,
    body: { offProId: p.id, closeReason: "Cancelled" },
  });
  const afterClose = await ask(env, s1.token, p.id, "After the close");
  assert.equal(
    afterClose.json.error.message,
    "This project is closed: no more questions are taken",
  );
  const r = await answer(env, admin, {
    questionId: q.json.result.id,
    answer: "Too late",
    visibility: "public",
  });
  assert.equal(r.status, 409);
});

Deno.test("sealed projects stay sealed: questions and answers carry nothing of a quote", async () => {
  const { env, admin, s1, s2, p } = await questionsSetUp({ sealed: true });
  await using _ = env;
  await agree(env, s1.token, p.id);
  const quoted = await submit(env, s1.token, p.id, pdfFile("S1 sealed price 9.80"));
  assert.equal(quoted.status, 200);
  const q = await ask(env, s1.token, p.id, "Per sheet or per panel?", pdf("question drawing"));
  assert.equal(q.status, 200);
  const list = await buyerView(env, admin, p.id);
  const raw = JSON.stringify(list.json.result);
  for (const word of ["attId", "quote", "price", String(quoted.json.result.fileId) + "}"]) {
    assert.ok(!raw.includes(word), `${word} in ${raw}`);
  }
  const attachment = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: admin,
    query: { id: list.json.result.items[0].file.id },
  });
  assert.equal(attachment.status, 200, "a question's attachment is not a quote");
  const answered = await answer(env, admin, {
    questionId: q.json.result.id,
    answer: "Yes, per sheet.",
    visibility: "public",
    revisePack: true,
  });
  assert.equal(answered.status, 200, JSON.stringify(answered.json));
  // The quote stays sealed after the answer and the revision.
  const sealedFile = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: admin,
    query: { id: quoted.json.result.fileId },
    lang: "en",
  });
  assert.equal(sealedFile.status, 403);
  const result = await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(result.json.result.project.sealed, true);
  assert.equal(result.json.result.suppliers[0].attId, null);
  const matrix = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(matrix.status, 403);
  const other = (await supplierView(env, s2.token, p.id)).json.result.items;
  assert.deepEqual(Object.keys(other[0]).sort(), [
    "answer",
    "answeredAt",
    "askedAt",
    "file",
    "id",
    "mine",
    "packVersion",
    "text",
    "visibility",
  ]);
});

Deno.test("reading needs the kind's search permission, answering its publish permission; suppliers only their invited projects", async () => {
  const { env, admin, s1, s4, p } = await questionsSetUp();
  await using _ = env;
  const q = (await ask(env, s1.token, p.id, "Which copper weight?")).json.result;
  const reader = await staff(env, "reader", [P.OfferProjectManagerSearch]);
  const assetBuyer = await staff(env, "assets", [
    P.AmsOfferProjectManagerSearch,
    P.AmsOfferProjectManagerPublish,
  ]);
  assert.equal((await buyerView(env, reader.token, p.id)).status, 200);
  const noPublish = await answer(env, reader.token, {
    questionId: q.id,
    answer: "1 oz",
    visibility: "public",
  });
  assert.equal(noPublish.status, 403);
  assert.equal((await buyerView(env, assetBuyer.token, p.id)).status, 403);
  assert.equal(
    (await answer(env, assetBuyer.token, {
      questionId: q.id,
      answer: "1 oz",
      visibility: "public",
    }))
      .status,
    403,
  );
  // The door itself: suppliers never reach the buyer's calls, nor staff the supplier's.
  assert.equal((await buyerView(env, s1.token, p.id)).status, 403);
  assert.equal((await supplierView(env, admin, p.id)).status, 403);
  // A supplier not invited: as for a project that does not exist.
  assert.equal((await supplierView(env, s4.token, p.id)).status, 404);
  assert.equal((await ask(env, s4.token, p.id, "May I?")).status, 404);
  assert.equal((await supplierView(env, s1.token, 999999)).status, 404);
  const missing = await answer(env, admin, {
    questionId: 999999,
    answer: "x",
    visibility: "private",
  });
  assert.equal(missing.status, 404);
  assert.equal(missing.json.error.message, "Question 999999 was not found");
  const bad = await answer(env, admin, { questionId: q.id, answer: "x", visibility: "everyone" });
  assert.equal(bad.status, 400);
  const unanswered = await answer(env, admin, {
    questionId: q.id,
    answer: " ",
    visibility: "public",
  });
  assert.equal(unanswered.json.error.validationErrors[0].message, "Please enter the answer");
  assert.equal(
    (await buyerView(env, admin, p.id)).json.result.items[0].visibility,
    null,
    "nothing was answered",
  );
});

Deno.test("a public answer becomes the next request pack version in one step: suppliers told, older quotes marked", async () => {
  const { env, admin, s1, s2, p } = await questionsSetUp();
  await using _ = env;
  await agree(env, s1.token, p.id);
  assert.equal((await submit(env, s1.token, p.id, pdfFile("S1 on v1"))).status, 200);
  const q = (await ask(env, s2.token, p.id, "Is halogen-free required?")).json.result;
  const priv = await answer(env, admin, {
    questionId: q.id,
    answer: "Yes",
    visibility: "private",
    revisePack: true,
  });
  assert.equal(priv.status, 400);
  assert.equal(priv.json.error.validationErrors[0].members[0], "revisePack");

  const r = await answer(env, admin, {
    questionId: q.id,
    answer: "Yes: halogen-free only.",
    visibility: "public",
    revisePack: true,
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.revisedTo, 2);
  assert.equal(r.json.result.packVersion, 2);
  const told = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "PACK_REVISED"));
  assert.equal(told.length, 3, "every invited supplier is told of version 2");
  const result = await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(result.json.result.project.packVersion, 2);
  const s1Row = result.json.result.suppliers.find((s: { code: string }) => s.code === "S1");
  assert.equal(s1Row.packVersion, 1, "S1's quote is marked as answering version 1");
  const detail = await call(env, "get", `${SO}/Get`, {
    token: s1.token,
    query: { offProId: p.id },
  });
  assert.equal(detail.json.result.packVersion, 2);
  assert.equal(detail.json.result.requestChanged, true);
  assert.equal((await supplierView(env, s1.token, p.id)).json.result.items[0].packVersion, 2);

  const again = await call(env, "post", `${PM}/AddAnswerToRequestPack`, {
    token: admin,
    lang: "en",
    body: { questionId: q.id },
  });
  assert.equal(again.status, 409);
  assert.equal(
    again.json.error.message,
    "This answer is already part of the request pack (version 2)",
  );
});

Deno.test("a public answer given earlier joins the pack later, moving a deadline under 24 hours away", async () => {
  const { env, admin, s1, p } = await questionsSetUp();
  await using _ = env;
  const q = (await ask(env, s1.token, p.id, "Which solder mask colour?")).json.result;
  await answer(env, admin, { questionId: q.id, answer: "Green.", visibility: "public" });
  env.clock.set(new Date(new Date(DEADLINE).getTime() - 10 * 3600_000));
  const pack = (body: Record<string, unknown>) =>
    call(env, "post", `${PM}/AddAnswerToRequestPack`, { token: admin, lang: "en", body });
  const needsTime = await pack({ questionId: q.id });
  assert.equal(needsTime.status, 400);
  assert.equal(needsTime.json.error.validationErrors[0].members[0], "offerEndTime");
  const moved = await pack({ questionId: q.id, offerEndTime: "2026-12-01 17:00:00" });
  assert.equal(moved.status, 200, JSON.stringify(moved.json));
  assert.equal(moved.json.result.revisedTo, 2);
  const [row] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id));
  assert.equal(row.offerEndTime?.toISOString(), "2026-12-01T09:00:00.000Z");
  assert.equal(row.packVersion, 2);
});
