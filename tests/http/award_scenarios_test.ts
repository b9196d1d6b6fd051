// Award scenarios through the API: saved and solved on the matrix (total, difference from the
// lowest, shares, binding rules), an impossible one naming its rule, refused before quoting ends
// with nothing saved, and awarded with a line split by quantity through the approval rules.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { awardScenarios, offerProjects } from "../../db/schema.ts";
import { call, testEnv } from "../helpers.ts";
import { AA, awardReady, PM } from "./award_fixtures.ts";

// The matrix (awardReady): A (1000 a year) S1 216 CNY, S2 205; B (100 a year) S1 10, S2 12.
// Lowest per line: A to S2 205,000 + B to S1 1,000 = 206,000.

Deno.test("scenarios: saved, solved with their totals and binding rules, an impossible one names its rule, and a dual-source scenario is awarded through approval", async () => {
  await using env = await testEnv();
  const { buyer, leader, s1, s2, project, a, b } = await awardReady(env);
  const S1 = s1.supplier.id;
  const S2 = s2.supplier.id;
  const create = (body: Record<string, unknown>, lang: "en" | "zh" = "en") =>
    call(env, "post", `${PM}/CreateAwardScenario`, {
      token: buyer.token,
      lang,
      body: { offProId: project.id, ...body },
    });

  const lowest = await create({ name: "Lowest per line", rules: {} });
  assert.equal(lowest.status, 200, JSON.stringify(lowest.json));
  const l = lowest.json.result;
  assert.deepEqual([l.feasible, l.total, l.lowestTotal, l.difference], [
    true,
    "206000.00",
    "206000.00",
    "0.00",
  ]);
  assert.deepEqual(l.lines.map((x: { parts: { supplierId: number }[] }) => x.parts[0].supplierId), [
    S2,
    S1,
  ]);

  const single = await create({ name: "One supplier", rules: { maxSuppliers: 1 } });
  const s = single.json.result;
  assert.deepEqual([s.total, s.difference, s.differencePercent], ["206200.00", "200.00", "0.10"]);
  assert.deepEqual(s.binding, [{ kind: "maxSuppliers" }]);

  // A second source for the laminate with at least 30 % of its quantity: S2 700, S1 300.
  const dual = await create({
    name: "Second source laminate",
    rules: { secondSources: [{ itemId: a, minPercent: 30, basis: "quantity" }] },
  });
  const d = dual.json.result;
  assert.equal(d.total, "209300.00");
  assert.deepEqual(
    d.lines[0].parts.map((p: { supplierAbbr: string; quantity: string }) => [
      p.supplierAbbr,
      p.quantity,
    ]),
    [[s2.supplier.abbrName, "700.0000"], [s1.supplier.abbrName, "300.0000"]],
  );
  assert.deepEqual(d.binding, [{ kind: "secondSource", itemId: a, itemName: "FR-4 laminate" }]);

  // Excluding S1 leaves nobody to share the laminate with: that is the rule that cannot be met.
  const impossible = await create({
    name: "Without S1",
    rules: { excluded: [S1], secondSources: [{ itemId: a, minPercent: 30, basis: "quantity" }] },
  });
  const i = impossible.json.result;
  assert.equal(i.feasible, false);
  assert.deepEqual(i.blocking.map((r: { kind: string }) => r.kind), ["excluded", "secondSource"]);

  // Names are one per project; a bad share names its field; nothing is saved.
  const taken = await create({ name: "One supplier", rules: {} });
  assert.equal(taken.status, 400);
  assert.deepEqual(taken.json.error.validationErrors[0].members, ["name"]);
  const bad = await create({
    name: "Bad",
    rules: { secondSources: [{ itemId: b, minPercent: 70, basis: "value" }] },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.json.error.validationErrors[0].members, [
    "rules.secondSources.0.minPercent",
  ]);

  const list = await call(env, "get", `${PM}/GetAwardScenarios`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.deepEqual(list.json.result.map((x: { name: string }) => x.name), [
    "Lowest per line",
    "One supplier",
    "Second source laminate",
    "Without S1",
  ]);

  // A split by hand must add up to the line's yearly usage (1000): 300 + 600 is refused.
  const badSplit = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    lang: "en",
    body: {
      offProId: project.id,
      scope: "lines",
      lines: [
        { itemId: a, supplierId: S1, quantity: "300" },
        { itemId: a, supplierId: S2, quantity: "600" },
      ],
      reason: "Split",
    },
  });
  assert.equal(badSplit.status, 400, JSON.stringify(badSplit.json));
  assert.deepEqual(badSplit.json.error.validationErrors[0].members, ["lines.0.quantity"]);
  assert.match(
    badSplit.json.error.message,
    /The split quantities of FR-4 laminate .* add up to its yearly usage 1000/,
  );

  // Awarding the dual-source scenario: 209,300 CNY is above the 200,000 threshold, so it waits for
  // the person in charge; approved, the laminate is split 700 / 300.
  const awarded = await call(env, "post", `${PM}/AwardFromScenario`, {
    token: buyer.token,
    body: { id: d.id, reason: "Keep a second laminate source" },
  });
  assert.equal(awarded.status, 200, JSON.stringify(awarded.json));
  assert.equal(awarded.json.result.status, "pendingApproval");
  assert.equal(awarded.json.result.proposal.amountCny, "209300");
  const approved = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    body: { id: awarded.json.result.proposal.id, comment: "Agreed" },
  });
  assert.equal(approved.status, 200, JSON.stringify(approved.json));
  const got = await call(env, "get", `${PM}/GetAward`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.deepEqual(
    got.json.result.lines.map((x: { itemId: number; supplierId: number; quantity: string }) => [
      x.itemId,
      x.supplierId,
      x.quantity,
    ]),
    [[a, S1, "300.0000"], [a, S2, "700.0000"], [b, S1, null]],
  );

  // An impossible scenario is not awarded.
  const refused = await call(env, "post", `${PM}/AwardFromScenario`, {
    token: buyer.token,
    body: { id: i.id, reason: "Try" },
  });
  assert.equal(refused.status, 409);

  const deleted = await call(env, "delete", `${PM}/DeleteAwardScenario`, {
    token: buyer.token,
    query: { id: i.id },
  });
  assert.equal(deleted.status, 200);
  assert.equal((await env.db.select().from(awardScenarios)).length, 3);
});

Deno.test("scenarios: on a project whose quoting has not ended, a 400 naming the project, nothing saved", async () => {
  await using env = await testEnv();
  const { buyer, project, s1 } = await awardReady(env);
  // Before the deadline, and not every supplier has quoted yet: quoting is open.
  env.clock.set("2026-11-23T08:00:00.000Z");
  await env.db.update(offerProjects).set({ allQuotedAt: null })
    .where(eq(offerProjects.id, project.id));
  for (const lang of ["en", "zh"] as const) {
    const r = await call(env, "post", `${PM}/CreateAwardScenario`, {
      token: buyer.token,
      lang,
      body: { offProId: project.id, name: "Early", rules: { maxSuppliers: 1 } },
    });
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.deepEqual(r.json.error.validationErrors[0].members, ["offProId"]);
    assert.match(r.json.error.message, new RegExp(project.code));
  }
  assert.equal((await env.db.select().from(awardScenarios)).length, 0);
  // A supplier's login has no access.
  const supplier = await call(env, "get", `${PM}/GetAwardScenarios`, {
    token: s1.token,
    query: { offProId: project.id },
  });
  assert.equal(supplier.status, 403);
});
