// Weighted evaluation with two envelopes over HTTP: a bad set-up is refused naming the field with
// nothing saved; every price-bearing call answers 403 until the person in charge signs off and 200
// after; an evaluator does not see the others' scores before submitting its own; each submission
// and the sign-off is audit-logged and entered in the hash-chained evaluation record.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import {
  auditLogs,
  evaluationCriteria,
  evaluationRecord,
  evaluationTeam,
  offerProjects,
} from "../../db/schema.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf } from "../../server/http/route.ts";
import { verifyEvaluationRecord } from "../../server/domain/evaluation/chain.ts";
import { call, testEnv } from "../helpers.ts";
import {
  CRITERIA,
  EV,
  PM,
  priceBearingCalls,
  scoreAndSubmit,
  signedOffAt,
  weightedReady,
} from "./evaluation_fixtures.ts";
import { P, staff } from "../domain/projects_fixtures.ts";

const SEALED_EN = /stay sealed until its person in charge signs the technical evaluation off/;
const SEALED_ZH = /价格保持密封/;

Deno.test("a set-up whose weights do not add up to 100 is a 400 naming criteria; nothing is saved", async () => {
  await using env = await testEnv();
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const ev = await staff(env, "ev1", []);
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: buyer.token,
    body: {
      name: "Drilling line",
      kind: "material",
      opiList: [{ itemName: "Drill bits", unit: "box", estimateYearAmount: "10" }],
    },
  });
  const p = created.json.result;
  const bad = [
    [{ ...CRITERIA[0], weight: 50 }, ...CRITERIA.slice(1)], // 110
    CRITERIA.slice(1), // 60
  ];
  for (const criteria of bad) {
    for (const lang of ["en", "zh"] as const) {
      const r = await call(env, "post", `${EV}/SetUp`, {
        token: buyer.token,
        lang,
        body: { offProId: p.id, evaluation: "weighted", criteria, team: [ev.user.id] },
      });
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.deepEqual(r.json.error.validationErrors[0].members, ["criteria"]);
      const sum = criteria.reduce((s, c) => s + c.weight, 0);
      assert.match(
        r.json.error.message,
        lang === "en"
          ? new RegExp(`weights must add up to 100 \\(they add up to ${sum}\\)`)
          : new RegExp(`权重之和必须为 100（当前为 ${sum}）`),
      );
    }
  }
  const zero = await call(env, "post", `${EV}/SetUp`, {
    token: buyer.token,
    body: {
      offProId: p.id,
      evaluation: "weighted",
      criteria: [{ name: "Technical fit", weight: 0 }, {
        name: "Price",
        weight: 100,
        isPrice: true,
      }],
      team: [ev.user.id],
    },
  });
  assert.equal(zero.status, 400);
  assert.deepEqual(zero.json.error.validationErrors[0].members, ["criteria.0.weight"]);
  const noTeam = await call(env, "post", `${EV}/SetUp`, {
    token: buyer.token,
    body: { offProId: p.id, evaluation: "weighted", criteria: CRITERIA, team: [] },
  });
  assert.equal(noTeam.status, 400);
  assert.deepEqual(noTeam.json.error.validationErrors[0].members, ["team"]);

  const stored = await env.db.query.offerProjects.findFirst({
    where: eq(offerProjects.id, p.id),
  });
  assert.equal(stored!.evaluation, "price", "the project is still chosen by price");
  assert.equal(
    (await env.db.select().from(evaluationCriteria).where(eq(evaluationCriteria.projectId, p.id)))
      .length,
    0,
  );
  assert.equal(
    (await env.db.select().from(evaluationTeam).where(eq(evaluationTeam.projectId, p.id))).length,
    0,
  );
});

Deno.test("every price-bearing call answers 403 until the sign-off and 200 after it; no other staff route shows a price", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const w = await weightedReady(env);
  const calls = await priceBearingCalls(env, w);
  const as = (c: (typeof calls)[number], token: string, lang: "en" | "zh" = "en") =>
    call(env, c.method, c.path, { token, lang, query: c.query, body: c.body });

  for (const c of calls) {
    for (const token of [w.buyer.token, w.admin]) {
      const r = await as(c, token);
      assert.equal(r.status, 403, `${c.path} answered ${r.status} before the sign-off`);
      const text = r.json ? r.json.error.message : await r.res.text();
      assert.match(text, SEALED_EN, c.path);
    }
    const zh = await as(c, w.admin, "zh");
    assert.equal(zh.status, 403);
    assert.match(zh.json.error.message, SEALED_ZH, c.path);
  }
  // The list is complete: every staff GET of the API, given the project's and the quote's ids,
  // either is in it or shows no price (217000 / 206200 / 30 USD) and no sealed refusal.
  const listed = new Set(calls.map((c) => c.path));
  const quoteFile = calls.find((c) => c.path.endsWith("GetFileStream"))!.query!.id;
  for (const route of allRoutes) {
    if (route.method !== "get" || route.access === "public") continue;
    if (audienceOf(route) === "supplier" || listed.has(route.path)) continue;
    if (route.path.endsWith("/EndOfferProject")) continue;
    const r = await call(env, "get", route.path, {
      token: w.admin,
      lang: "en",
      query: {
        offProId: w.project.id,
        offerProManId: w.project.id,
        projectId: w.project.id,
        id: quoteFile,
        fileId: quoteFile,
      },
    });
    const text = r.json === undefined ? "" : JSON.stringify(r.json);
    if (route.path.startsWith("/QMO/AuditLog/")) {
      // The log keeps the refusals above, but never a price given in a quote.
      assert.doesNotMatch(text, /217000|206200/, route.path);
      continue;
    }
    assert.doesNotMatch(text, /217000|206200|"30(\.0+)?"|sealed until its person/, route.path);
  }
  // The matrix-based reads do not count the project's prices either: the savings report counts it
  // as sealed.
  const report = await call(env, "get", "/QMO/Savings/GetSavingsReport", { token: w.admin });
  assert.equal(report.status, 200);
  assert.equal(report.json.result.total.sealed, 1);

  // The team scores and submits, the person in charge signs off.
  await scoreAndSubmit(env, w, "ev1");
  await scoreAndSubmit(env, w, "ev2");
  const notLeader = await call(env, "post", `${EV}/SignOff`, {
    token: w.buyer.token,
    body: { offProId: w.project.id },
  });
  assert.equal(notLeader.status, 403, "the buyer is not the person in charge");
  assert.equal(await signedOffAt(env, w.project.id), null);
  const signed = await call(env, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    body: { offProId: w.project.id },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.json));

  for (const c of calls) {
    const r = await as(c, w.buyer.token);
    assert.equal(r.status, 200, `${c.path} answered ${r.status} after the sign-off`);
  }
  const matrix = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: w.buyer.token,
    query: { offProId: w.project.id },
  });
  assert.deepEqual(
    matrix.json.result.suppliers.map((s: { code: string; total: string }) => [s.code, s.total]),
    [["S1", "217000.00"], ["S2", "206200.00"]],
  );
});

Deno.test("an evaluator sees no other score before submitting its own; then its scores are fixed; the result shows after the sign-off", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const w = await weightedReady(env, { end: false });
  const view = (token: string) =>
    call(env, "get", `${EV}/Get`, { token, query: { offProId: w.project.id } });

  // While quoting is open: no scoring, no answers shown.
  const early = await call(env, "post", `${EV}/SaveScores`, {
    token: w.ev1.token,
    body: {
      offProId: w.project.id,
      scores: [{ supplierId: w.s1.supplier.id, criterionId: w.criteria[0].id, score: 5 }],
    },
  });
  assert.equal(early.status, 409);
  assert.equal((await view(w.ev1.token)).json.result.suppliers.length, 0);
  env.clock.set("2026-11-23T10:00:00.000Z");

  // The answers show to the team once quoting is over.
  const v0 = (await view(w.ev2.token)).json.result;
  assert.deepEqual(
    v0.suppliers.map((s: { code: string; answers: { text: string; files: unknown[] }[] }) => [
      s.code,
      s.answers[0].text,
      s.answers[0].files.length,
    ]),
    [["S1", "S1: UV laser, 25 µm via", 1], ["S2", "S2: UV laser, 25 µm via", 1]],
  );
  // A score out of range or on the price criterion names its field.
  const price = w.criteria.find((c) => c.isPrice)!;
  const bad = await call(env, "post", `${EV}/SaveScores`, {
    token: w.ev1.token,
    body: {
      offProId: w.project.id,
      scores: [
        { supplierId: w.s1.supplier.id, criterionId: w.criteria[0].id, score: 7 },
        { supplierId: w.s1.supplier.id, criterionId: price.id, score: 7 },
      ],
    },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.json.error.validationErrors[0].members, ["scores.1.criterionId"]);
  const eleven = await call(env, "post", `${EV}/SaveScores`, {
    token: w.ev1.token,
    body: {
      offProId: w.project.id,
      scores: [{ supplierId: w.s1.supplier.id, criterionId: w.criteria[0].id, score: 11 }],
    },
  });
  assert.equal(eleven.status, 400);
  assert.deepEqual(eleven.json.error.validationErrors[0].members, ["scores.0.score"]);
  const incomplete = await call(env, "post", `${EV}/Submit`, {
    token: w.ev1.token,
    body: { offProId: w.project.id },
  });
  assert.equal(incomplete.status, 409, "a sheet with scores missing is not submitted");

  await scoreAndSubmit(env, w, "ev1");
  // ev2 has not submitted: it sees its own (none) and nothing of ev1's.
  const v2 = await view(w.ev2.token);
  assert.equal(v2.status, 200);
  assert.deepEqual(v2.json.result.scores, []);
  assert.ok(!JSON.stringify(v2.json).includes("ev1 on S1"), "no comment of ev1 leaks");
  assert.equal(v2.json.result.me.mayScore, true);
  // ev1 has submitted but ev2 has not: nothing of ev2's drafts.
  const draft = await call(env, "post", `${EV}/SaveScores`, {
    token: w.ev2.token,
    body: {
      offProId: w.project.id,
      scores: [{
        supplierId: w.s1.supplier.id,
        criterionId: w.criteria[0].id,
        score: 3,
        comment: "ev2 draft",
      }],
    },
  });
  assert.equal(draft.status, 200);
  assert.ok(!JSON.stringify((await view(w.ev1.token)).json).includes("ev2 draft"));
  // ev1's scores are fixed now.
  const again = await call(env, "post", `${EV}/SaveScores`, {
    token: w.ev1.token,
    body: {
      offProId: w.project.id,
      scores: [{ supplierId: w.s1.supplier.id, criterionId: w.criteria[0].id, score: 1 }],
    },
  });
  assert.equal(again.status, 409);
  // The leader cannot sign off before everyone has submitted.
  const tooSoon = await call(env, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    lang: "en",
    body: { offProId: w.project.id },
  });
  assert.equal(tooSoon.status, 409);
  assert.match(tooSoon.json.error.message, /Not every evaluator has submitted: ev2/);

  await scoreAndSubmit(env, w, "ev2");
  const v2after = (await view(w.ev2.token)).json.result;
  assert.equal(v2after.scores.length, 6, "ev1's six scores show once ev2 has submitted");
  assert.equal(v2after.result, null, "no result before the sign-off");
  assert.ok(!JSON.stringify(v2after).includes("217000"));

  const leaderView = (await view(w.leader.token)).json.result;
  assert.equal(leaderView.me.maySignOff, true);
  const signed = await call(env, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    body: { offProId: w.project.id },
  });
  assert.equal(signed.status, 200);
  const result = (await view(w.buyer.token)).json.result.result;
  assert.deepEqual(
    result.map((
      r: { code: string; total: string; rank: number; criteria: { points: string }[] },
    ) => [
      r.code,
      r.criteria.map((c) => c.points),
      r.total,
      r.rank,
    ]),
    [
      ["S1", ["34.00", "13.00", "8.50", "28.51"], "84.01", 1],
      ["S2", ["26.00", "17.00", "5.50", "30.00"], "78.50", 2],
    ],
  );

  // The record: two submissions and the sign-off, chained and intact; each is audit-logged.
  const record = await env.db.select().from(evaluationRecord).orderBy(evaluationRecord.seq);
  assert.deepEqual(record.map((e) => [e.seq, e.kind]), [[1, "submitted"], [2, "submitted"], [
    3,
    "signedOff",
  ]]);
  assert.equal(record[1].prevHash, record[0].entryHash);
  assert.match(record[2].data, /"total":"84.01"/);
  assert.equal((await verifyEvaluationRecord(env.db)).ok, true);
  const trail = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "EvaluationTrail"));
  const methods = trail.map((t) => t.methodName);
  for (const m of ["SetUp", "Answer", "SaveScores", "Submit", "SignOff"]) {
    assert.ok(methods.includes(m), `${m} is audit-logged`);
  }
  // A changed entry breaks the record (the triggers refuse an UPDATE, so it is forged raw).
  await assert.rejects(
    env.db.update(evaluationRecord).set({ data: "{}" }).where(eq(evaluationRecord.seq, 1)),
  );
});

Deno.test("a supplier sees only its own answers and none once quoting is over it cannot change them", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const w = await weightedReady(env);
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetEvaluationCriteria", {
    token: w.s2.token,
    query: { offProId: w.project.id },
  });
  assert.equal(mine.status, 200);
  assert.deepEqual(
    mine.json.result.criteria.map((c: { name: string }) => c.name),
    ["Technical fit", "Service", "Delivery"],
  );
  assert.equal(mine.json.result.mayAnswer, false);
  assert.ok(!JSON.stringify(mine.json).includes("S1:"), "nothing of S1's answer");
  const late = new FormData();
  late.set("offProId", String(w.project.id));
  late.set("criterionId", String(w.criteria[1].id));
  late.set("text", "late");
  const r = await call(env, "post", "/QMO/SupplierOffer/AnswerEvaluationCriterion", {
    token: w.s2.token,
    body: late,
  });
  assert.equal(r.status, 409);
});
