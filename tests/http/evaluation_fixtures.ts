// A material project chosen by a weighted evaluation, quoted and ended: criteria technical fit 40,
// service 20, delivery 10 and price 30; the team ev1 and ev2 (staff without project permissions);
// the buyer buyer1 whose person in charge is leader1 (who signs off). Prices as in
// award_fixtures.ts: S1 217,000 CNY a year (A at 30 USD × 7.2 × 1000 + B at 10 × 100), S2 206,200.
// The calls that bear prices, and so answer 403 until the sign-off, are listed here once.
import assert from "node:assert/strict";
import { userLeaders } from "../../db/schema.ts";
import { createRate } from "../../server/domain/dictionary/commercial.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv } from "../helpers.ts";
import { everything, P, staff } from "../domain/projects_fixtures.ts";
import { agree, pdfFile, supplierWithLogin } from "./quotes_fixtures.ts";

export const PM = "/QMO/OfferProjectManager";
export const EV = "/QMO/Evaluation";
/** Monday 2026-11-23 17:00 in UTC+8, the same working day as the tests' "now" (10:00). */
export const DEADLINE = "2026-11-23T09:00:00.000Z";
export const AFTER = "2026-11-23T10:00:00.000Z";

export const CRITERIA = [
  { name: "Technical fit", weight: 40 },
  { name: "Service", weight: 20 },
  { name: "Delivery", weight: 10 },
  { name: "Price", weight: 30, isPrice: true },
];

const line = (itemId: number, unitPrice: string, currency = "CNY") => ({
  itemId,
  unitPrice,
  taxRate: "13",
  currency,
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: 60,
  leadTimeDays: 14,
});

/** The project set up, published, answered and quoted; with `end` (default) past its deadline. */
export async function weightedReady(env: TestEnv, opts: { end?: boolean } = {}) {
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const leader = await staff(env, "leader1", []);
  const ev1 = await staff(env, "ev1", []);
  const ev2 = await staff(env, "ev2", []);
  await env.db.insert(userLeaders).values({ userId: buyer.user.id, leaderId: leader.user.id });
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await createRate(env, everything(), {
    currency: "USD",
    effectiveDate: "2026-11-01",
    rate: "7.2",
  });
  const s1 = await supplierWithLogin(env, "S1");
  const s2 = await supplierWithLogin(env, "S2");
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: buyer.token,
    body: {
      name: "Laminate annual supply",
      kind: "material",
      linesRequired: true,
      opiList: [
        { itemName: "FR-4 laminate", unit: "sheet", estimateYearAmount: "1000" },
        { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "100" },
      ],
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const p = created.json.result;
  const setUp = await call(env, "post", `${EV}/SetUp`, {
    token: buyer.token,
    body: {
      offProId: p.id,
      evaluation: "weighted",
      criteria: CRITERIA,
      team: [ev1.user.id, ev2.user.id],
    },
  });
  assert.equal(setUp.status, 200, JSON.stringify(setUp.json));
  const published = await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      OffProManagerId: p.id,
      OfferEndTime: DEADLINE,
      supList: [s1, s2].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
    },
  });
  assert.equal(published.status, 200, JSON.stringify(published.json));
  const criteria: { id: number; name: string; isPrice: boolean }[] = setUp.json.result.criteria;
  const [a, b] = p.opiList.map((i: { id: number }) => i.id);
  for (
    const [s, lines] of [
      [s1, [line(a, "30", "USD"), line(b, "10")]],
      [s2, [line(a, "205"), line(b, "12")]],
    ] as const
  ) {
    await agree(env, s.token, p.id);
    const answer = new FormData();
    answer.set("offProId", String(p.id));
    answer.set("criterionId", String(criteria[0].id));
    answer.set("text", `${s.supplier.code}: UV laser, 25 µm via`);
    answer.set("file", pdfFile(`technical answer of ${s.supplier.code}`, "technical.pdf"));
    const answered = await call(env, "post", "/QMO/SupplierOffer/AnswerEvaluationCriterion", {
      token: s.token,
      body: answer,
    });
    assert.equal(answered.status, 200, JSON.stringify(answered.json));
    const f = new FormData();
    f.set("offProId", String(p.id));
    f.set("file", pdfFile(`quote of ${s.supplier.code}`));
    f.set("lines", JSON.stringify(lines));
    const r = await call(env, "post", "/QMO/SupplierOffer/Submit", { token: s.token, body: f });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  if (opts.end !== false) env.clock.set(AFTER);
  return { buyer, leader, ev1, ev2, admin, s1, s2, project: p, criteria, a, b };
}

export type Weighted = Awaited<ReturnType<typeof weightedReady>>;

/** The scores of the worked example: [supplier code, technical fit, service, delivery] per evaluator. */
export const SCORES: Record<"ev1" | "ev2", [string, number, number, number][]> = {
  ev1: [["S1", 9, 7, 8], ["S2", 6, 8, 5]],
  ev2: [["S1", 8, 6, 9], ["S2", 7, 9, 6]],
};

/** Saves and submits an evaluator's scores of the worked example. */
export async function scoreAndSubmit(env: TestEnv, w: Weighted, who: "ev1" | "ev2") {
  const [tech, service, delivery] = w.criteria;
  const supplierId = (code: string) => (code === "S1" ? w.s1 : w.s2).supplier.id;
  const scores = SCORES[who].flatMap(([code, t, s, d]) =>
    [[tech, t], [service, s], [delivery, d]].map(([c, score]) => ({
      supplierId: supplierId(code),
      criterionId: (c as { id: number }).id,
      score,
      comment: `${who} on ${code}`,
    }))
  );
  const token = w[who].token;
  const saved = await call(env, "post", `${EV}/SaveScores`, {
    token,
    body: { offProId: w.project.id, scores },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const sent = await call(env, "post", `${EV}/Submit`, { token, body: { offProId: w.project.id } });
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
}

/**
 * Every call that shows a price or a figure drawn from the prices, with its input: the one list the
 * tests walk. Read-only calls first; the award last (it changes the project).
 */
export async function priceBearingCalls(env: TestEnv, w: Weighted) {
  const quoteFileId = (await env.db.query.quotes.findFirst({
    where: (q, { eq: is }) => is(q.projectId, w.project.id),
  }))!.fileId;
  const q = { offProId: w.project.id };
  return [
    { method: "get", path: `${PM}/GetComparisonMatrix`, query: q },
    { method: "get", path: `${PM}/ExportComparisonMatrix`, query: q },
    { method: "get", path: "/QMO/FileService/GetFileStream", query: { id: quoteFileId } },
    { method: "get", path: "/QMO/Savings/GetProjectSavings", query: q },
    { method: "get", path: "/QMO/Auction/GetSetup", query: q },
    { method: "get", path: `${EV}/Export`, query: q },
    {
      method: "post",
      path: `${PM}/AwardOfferProject`,
      body: {
        offProId: w.project.id,
        scope: "project",
        supplierId: w.s1.supplier.id,
        reason: "Best weighted total",
      },
    },
  ] as { method: string; path: string; query?: Record<string, unknown>; body?: unknown }[];
}

export const signedOffAt = async (env: TestEnv, projectId: number) =>
  (await env.db.query.offerProjects.findFirst({
    where: (p, { eq: is }) => is(p.id, projectId),
  }))?.evaluationSignedOffAt ?? null;
