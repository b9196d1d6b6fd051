// The rules of award approval without a database: the amount of an award in CNY from the matrix
// (or the project's estimate), which awards need approval under each setting, and the setting's
// own checks.
import assert from "node:assert/strict";
import {
  awardedAmount,
  type MatrixSnapshot,
  needsApproval,
  ruleText,
} from "../../server/domain/comparison/approvalRules.ts";
import { settingSchemas } from "../../server/domain/settings/schemas.ts";

/** Two suppliers; item 1 has a yearly usage, item 2 none; S2 has no rate for item 1. */
const snapshot: MatrixSnapshot = {
  baseCurrency: "CNY",
  suppliers: [
    { id: 11, code: "S1", abbrName: "One", quoteId: 1, round: 0, total: "216000.00", rank: 1 },
    { id: 12, code: "S2", abbrName: "Two", quoteId: 2, round: 0, total: null, rank: null },
  ],
  rows: [
    {
      itemId: 1,
      itemName: "Laminate",
      unit: "sheet",
      usage: "1000",
      cny: ["216.0000", null],
      amount: ["216000.00", null],
      lowest: [11],
    },
    {
      itemId: 2,
      itemName: "Tooling",
      unit: "set",
      usage: null,
      cny: ["5000.0000", "4800.0000"],
      amount: [null, null],
      lowest: [12],
    },
  ],
};

Deno.test("the amount of an award is the awarded lines' unit prices in CNY × yearly usage, else the project's estimate, else unknown", () => {
  assert.deepEqual(awardedAmount(snapshot, [{ itemId: 1, supplierId: 11 }], null), {
    amountCny: "216000",
    amountBasis: "quotes",
  });
  // A line without yearly usage (or without a rate) has no amount: the estimate stands in.
  assert.deepEqual(
    awardedAmount(
      snapshot,
      [{ itemId: 1, supplierId: 11 }, { itemId: 2, supplierId: 11 }],
      "250000",
    ),
    { amountCny: "250000", amountBasis: "estimate" },
  );
  assert.deepEqual(awardedAmount(snapshot, [{ itemId: 1, supplierId: 12 }], null), {
    amountCny: null,
    amountBasis: null,
  });
  assert.deepEqual(awardedAmount(snapshot, [], null).amountCny, null);
});

Deno.test("which awards need approval: all, none, or at or above the threshold in CNY (an unknown amount does)", () => {
  const at = (thresholdCny: string) => ({ mode: "threshold" as const, thresholdCny });
  assert.equal(needsApproval(at("200000"), "200000"), true, "at the threshold");
  assert.equal(needsApproval(at("200000"), "199999.99"), false);
  assert.equal(needsApproval(at("200000"), "200000.01"), true);
  assert.equal(needsApproval(at("200000"), null), true, "an unknown amount");
  assert.equal(needsApproval({ mode: "none", thresholdCny: "0" }, null), false);
  assert.equal(needsApproval({ mode: "all", thresholdCny: "0" }, "0.01"), true);
  assert.equal(ruleText(at("1000.5")), "threshold:1000.5");
  assert.equal(ruleText({ mode: "all", thresholdCny: "1" }), "all");
});

Deno.test("the award approval setting keeps an exact amount of CNY and refuses anything else", () => {
  const s = settingSchemas.awardApproval;
  assert.deepEqual(s.parse({ mode: "threshold", thresholdCny: "000200000.50" }), {
    mode: "threshold",
    thresholdCny: "200000.50",
  });
  assert.deepEqual(s.parse({ mode: "all", thresholdCny: 1000.01 }).thresholdCny, "1000.01");
  for (
    const bad of [
      { mode: "some", thresholdCny: "1" },
      { mode: "threshold", thresholdCny: "-1" },
      { mode: "threshold", thresholdCny: "1.234" },
      { mode: "threshold", thresholdCny: "1e6" },
      { mode: "threshold" },
    ]
  ) {
    assert.equal(s.safeParse(bad).success, false, JSON.stringify(bad));
  }
});
