// The commercial terms beside each supplier's totals in the comparison matrix, and the award that is
// not the lowest, through the API with a real SMTP server: the matrix answers each supplier's tax
// rates, trade terms, payment and lead time; the approval request (page's answer and email, in
// English and in Chinese) says by how much an award is above the lowest prices, who quoted lower,
// the buyer's reason, and the awarded supplier's terms; a lowest award says nothing of the kind.
import assert from "node:assert/strict";
import { call, testEnv } from "../helpers.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { startSmtp } from "../email_fixtures.ts";
import { AA, awardReady, PM } from "./award_fixtures.ts";

// S1: every line 13 %, DDP, TT 60 days, 14 days (the fixture's); S2 other terms on each line.
const S2_TERMS: [Record<string, unknown>, Record<string, unknown>] = [
  { tradeTerms: "EXW", paymentMethod: "LC", paymentTermDays: 30, leadTimeDays: 30 },
  { taxRate: "9", tradeTerms: "EXW", paymentMethod: "LC", paymentTermDays: 30, leadTimeDays: 45 },
];

Deno.test("the matrix carries each supplier's terms; an award above the lowest says by how much, why, and on which terms, in the approval request and its email", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://qmo.test" } });
  const { buyer, leader, deputy, admin, s1, s2, project, a, b } = await awardReady(env, {
    s2Terms: S2_TERMS,
  });
  await flushOutbox(env);
  const sent = smtp.received.length;
  const requests = () =>
    smtp.received.slice(sent).filter((m) => /Award approval|定标审批/.test(m.subject));
  const award = (body: Record<string, unknown>) =>
    call(env, "post", `${PM}/AwardOfferProject`, {
      token: buyer.token,
      lang: "en",
      body: { offProId: project.id, ...body },
    });

  // The matrix: totals S1 217,000 (rank 2), S2 206,200 (rank 1), each with its terms.
  const matrix = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.equal(matrix.status, 200, JSON.stringify(matrix.json));
  const columns = matrix.json.result.suppliers as {
    id: number;
    total: string;
    rank: number;
    terms: unknown;
  }[];
  const col = (id: number) => columns.find((c) => c.id === id)!;
  assert.deepEqual([col(s1.supplier.id).total, col(s1.supplier.id).rank], ["217000.00", 2]);
  assert.deepEqual([col(s2.supplier.id).total, col(s2.supplier.id).rank], ["206200.00", 1]);
  assert.deepEqual(col(s1.supplier.id).terms, {
    taxRates: ["13"],
    tradeTerms: [{ code: "DDP", name: "完税后交货 DDP", nameEn: "Delivered duty paid (DDP)" }],
    payments: [{ code: "TT", name: "电汇", nameEn: "Telegraphic transfer", days: 60 }],
    leadTimeDays: { min: 14, max: 14 },
  });
  assert.deepEqual(col(s2.supplier.id).terms, {
    taxRates: ["9", "13"],
    tradeTerms: [{ code: "EXW", name: "工厂交货 EXW", nameEn: "Ex works (EXW)" }],
    payments: [{ code: "LC", name: "信用证", nameEn: "Letter of credit", days: 30 }],
    leadTimeDays: { min: 30, max: 45 },
  });

  // The whole project to S1, 10,800 CNY (5.24 %) above S2's lowest total, for its terms.
  const reason = "Delivered duty paid in 14 days; S2 ships ex works in 30 to 45 days";
  const first = await award({ scope: "project", supplierId: s1.supplier.id, reason });
  assert.equal(first.status, 200, JSON.stringify(first.json));
  const id1 = first.json.result.proposal.id;
  const detail = await call(env, "get", `${AA}/Get`, { token: leader.token, query: { id: id1 } });
  assert.deepEqual(detail.json.result.versusLowest, {
    awardedCny: "217000.00",
    lowestCny: "206200.00",
    differenceCny: "10800.00",
    differencePercent: "5.24",
    lowestNames: ["Abbr S2"],
    items: [],
  });
  assert.equal(detail.json.result.reason, reason);
  assert.deepEqual(
    detail.json.result.snapshot.suppliers.map((x: { terms: { leadTimeDays: unknown } }) =>
      x.terms.leadTimeDays
    ),
    [{ min: 14, max: 14 }, { min: 30, max: 45 }],
  );

  await flushOutbox(env);
  const [en] = requests();
  assert.equal(en.to[0], "leader1@qmo.test");
  assert.match(
    en.text,
    /Amount: ¥217,000\.00 \(unit prices in CNY × yearly usage\)\nNot the lowest: ¥10,800\.00 \(5\.24%\) more than the lowest total, ¥206,200\.00 from Abbr S2\.\nReason: Delivered duty paid in 14 days; S2 ships ex works in 30 to 45 days/,
  );
  assert.match(
    en.text,
    /Terms of Abbr S1: Tax 13%; Delivered duty paid \(DDP\); Telegraphic transfer, 60 days; Lead time 14 days/,
  );

  // Handed to a Chinese reader: the same in Chinese.
  const moved = await call(env, "post", `${AA}/Reassign`, {
    token: admin,
    body: { id: id1, approverId: deputy.user.id },
  });
  assert.equal(moved.status, 200, JSON.stringify(moved.json));
  await flushOutbox(env);
  const zh = requests().find((m) => m.to[0] === "deputy1@qmo.test")!;
  assert.match(
    zh.text,
    /非最低价：比最低总价 ¥206,200\.00（Abbr S2）高 ¥10,800\.00（5\.24%）。\n定标理由：Delivered duty paid/,
  );
  assert.match(zh.text, /Abbr S1 的商务条款：税率 13%；完税后交货 DDP；电汇，60 天；交期 14 天/);
  const no = await call(env, "post", `${AA}/Reject`, {
    token: deputy.token,
    body: { id: id1, comment: "Ask S2 for DDP first" },
  });
  assert.equal(no.status, 200, JSON.stringify(no.json));

  // By line: A to S2 (its lowest), B to S2 although S1 is lower: 200 CNY (0.10 %) more.
  const second = await award({
    scope: "lines",
    lines: [{ itemId: a, supplierId: s2.supplier.id }, { itemId: b, supplierId: s2.supplier.id }],
    reason: "One supplier for both lines",
  });
  assert.equal(second.status, 200, JSON.stringify(second.json));
  assert.deepEqual(second.json.result.proposal.versusLowest, {
    awardedCny: "206200.00",
    lowestCny: "206000.00",
    differenceCny: "200.00",
    differencePercent: "0.10",
    lowestNames: ["Abbr S1"],
    items: ["Prepreg 1080"],
  });
  await flushOutbox(env);
  const lines = requests().filter((m) => m.to[0] === "leader1@qmo.test")[1];
  assert.match(
    lines.text,
    /Not the lowest for Prepreg 1080 \(lowest: Abbr S1\): ¥200\.00 \(0\.10%\) more than the lowest prices of the lines awarded, ¥206,000\.00\.\nReason: One supplier for both lines/,
  );
  assert.match(
    lines.text,
    /Terms of Abbr S2: Tax 9% \/ 13%; Ex works \(EXW\); Letter of credit, 30 days; Lead time 30–45 days/,
  );
  const no2 = await call(env, "post", `${AA}/Reject`, {
    token: leader.token,
    body: { id: second.json.result.proposal.id, comment: "Split the lines" },
  });
  assert.equal(no2.status, 200, JSON.stringify(no2.json));

  // The lowest total: nothing to explain.
  const third = await award({ scope: "project", supplierId: s2.supplier.id, reason: "Lowest" });
  assert.equal(third.status, 200, JSON.stringify(third.json));
  assert.equal(third.json.result.proposal.versusLowest, null);
  await flushOutbox(env);
  const lowest = requests().filter((m) => m.to[0] === "leader1@qmo.test")[2];
  assert.doesNotMatch(lowest.text, /Not the lowest/);
  assert.match(
    lowest.text,
    /Amount: ¥206,200\.00 \(unit prices in CNY × yearly usage\)\nReason: Lowest/,
  );
});
