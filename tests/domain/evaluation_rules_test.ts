// The weighted evaluation's arithmetic: each criterion's points from the team's mean score and the
// price from the lowest total, exact decimals rounded half away from zero to 2 places, equal totals
// sharing a rank; and the weights' rule. The sign-off's time is the clock's (fixed here).
import assert from "node:assert/strict";
import { criteriaProblem, weightedResult } from "../../server/domain/evaluation/rules.ts";
import { call, testEnv } from "../helpers.ts";
import { EV, scoreAndSubmit, signedOffAt, weightedReady } from "../http/evaluation_fixtures.ts";

const criteria = [
  { id: 1, name: "Technical fit", weight: 40, isPrice: false },
  { id: 2, name: "Service", weight: 25, isPrice: false },
  { id: 3, name: "Price", weight: 35, isPrice: true },
];

const scores = (supplierId: number, criterionId: number, values: number[]) =>
  values.map((score, i) => ({ evaluatorId: i + 1, supplierId, criterionId, score }));

Deno.test("weighted scores: thirds, the price from the lowest total and exact decimals", () => {
  const rows = weightedResult(
    criteria,
    [
      { id: 10, total: "217000.00" },
      { id: 20, total: "206200.00" },
      { id: 30, total: null },
    ],
    [
      ...scores(10, 1, [7, 8, 8]), // mean 7.666…: 23 × 40 / 30 = 30.666… → 30.67
      ...scores(10, 2, [10, 9, 9]), // 28 × 25 / 30 = 23.333… → 23.33
      ...scores(20, 1, [6, 6, 7]), // 19 × 40 / 30 = 25.333… → 25.33
      ...scores(20, 2, [5, 5, 6]), // 16 × 25 / 30 = 13.333… → 13.33
      ...scores(30, 1, [10, 10, 10]), // 40.00
      ...scores(30, 2, [10, 10, 10]), // 25.00
    ],
  );
  assert.deepEqual(
    rows.map((r) => [r.supplierId, r.criteria.map((c) => c.points), r.total, r.rank]),
    [
      // price: 206200 / 217000 × 35 = 33.2585… → 33.26
      [10, ["30.67", "23.33", "33.26"], "87.26", 1],
      // the lowest total takes the whole weight
      [20, ["25.33", "13.33", "35.00"], "73.66", 2],
      // no complete total: no price points, marked
      [30, ["40.00", "25.00", "0.00"], "65.00", 3],
    ],
  );
  assert.deepEqual(rows[0].criteria.map((c) => c.mean), ["7.67", "9.33", null]);
  assert.deepEqual(rows.map((r) => r.priceMissing), [false, false, true]);
});

Deno.test("weighted scores: half a point rounds away from zero, equal totals share a rank", () => {
  const two = [
    { id: 1, name: "Technical fit", weight: 45, isPrice: false },
    { id: 2, name: "Delivery", weight: 55, isPrice: false },
  ];
  const rows = weightedResult(two, [{ id: 1, total: null }, { id: 2, total: null }, {
    id: 3,
    total: null,
  }], [
    ...scores(1, 1, [1]), // 0.1 × 45 = 4.5
    ...scores(1, 2, [1]), // 5.5 → 10.00
    ...scores(2, 1, [3, 4]), // 3.5 / 10 × 45 = 15.75
    ...scores(2, 2, [0, 1]), // 0.5 / 10 × 55 = 2.75 → 18.50
    ...scores(3, 1, [1, 2, 2]), // 5 × 45 / 30 = 7.5
    ...scores(3, 2, [2, 2, 2]), // 11.00 → 18.50
  ]);
  assert.deepEqual(rows.map((r) => [r.supplierId, r.total, r.rank]), [
    [2, "18.50", 1],
    [3, "18.50", 1],
    [1, "10.00", 3],
  ]);
  const third = weightedResult(
    [{ id: 1, name: "Fit", weight: 1, isPrice: false }, {
      id: 2,
      name: "P",
      weight: 99,
      isPrice: true,
    }],
    [{ id: 1, total: "3" }, { id: 2, total: "2" }],
    scores(1, 1, [5]).concat(scores(2, 1, [5])),
  );
  // price: 2 / 3 × 99 = 66 exactly; fit: 0.5 × 1 = 0.50
  assert.deepEqual(third.map((r) => [r.supplierId, r.total]), [[2, "99.50"], [1, "66.50"]]);
});

Deno.test("the weights' rule: exactly 100, one price at most, something for the team", () => {
  assert.equal(criteriaProblem([{ weight: 60 }, { weight: 40, isPrice: true }]), null);
  assert.equal(criteriaProblem([{ weight: 60 }, { weight: 41 }]), "evaluation.weightsNot100");
  assert.equal(criteriaProblem([{ weight: 60 }, { weight: 39 }]), "evaluation.weightsNot100");
  assert.equal(criteriaProblem([]), "evaluation.noCriteria");
  assert.equal(
    criteriaProblem([{ weight: 50, isPrice: true }, { weight: 50, isPrice: true }]),
    "evaluation.onePrice",
  );
  assert.equal(criteriaProblem([{ weight: 100, isPrice: true }]), "evaluation.nothingToScore");
});

Deno.test("the sign-off is dated by the server's clock", async () => {
  await using env = await testEnv();
  const w = await weightedReady(env);
  await scoreAndSubmit(env, w, "ev1");
  await scoreAndSubmit(env, w, "ev2");
  env.clock.set("2026-11-24T01:30:00.000Z");
  const r = await call(env, "post", `${EV}/SignOff`, {
    token: w.leader.token,
    body: { offProId: w.project.id },
  });
  assert.equal(r.status, 200);
  assert.equal((await signedOffAt(env, w.project.id))?.toISOString(), "2026-11-24T01:30:00.000Z");
});
