import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, NOW, signIn, testEnv } from "../helpers.ts";
import { endProject, openOptimizeRound } from "../../server/domain/projects/lifecycle.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import {
  assetProject,
  DEADLINE,
  everything,
  materialProject,
  P,
  quote,
  staff,
  supplier,
} from "../domain/projects_fixtures.ts";

const base = "/QMO/OfferProjectManager";

Deno.test("the dashboard counts open projects, today's quotes, projects ending in 48 hours and suppliers yet to quote; each filter shows the same projects", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const s1 = await supplier(env, "S1");
  const s2 = await supplier(env, "S2");
  const sup = [{ id: s1.id, code: s1.code }, { id: s2.id, code: s2.code }];
  const soon = await materialProject(env, buyer.actor, "Soon");
  const later = await materialProject(env, buyer.actor, "Later");
  await materialProject(env, buyer.actor, "Draft");
  await publishProject(env, buyer.actor, {
    offProManagerId: soon.id,
    offerEndTime: "2026-11-24T09:00:00.000Z", // tomorrow 17:00 UTC+8
    supList: sup,
  });
  await publishProject(env, buyer.actor, {
    offProManagerId: later.id,
    offerEndTime: DEADLINE,
    supList: sup,
  });
  await quote(env, soon.id, s1.id);

  const r = await call(env, "get", `${base}/GetDashboard`, { token: buyer.token });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const d = r.json.result;
  assert.equal(d.inQuotation.count, 2);
  assert.deepEqual(d.inQuotation.items.map((p: { name: string }) => p.name), ["Soon", "Later"]);
  assert.equal(d.inQuotation.items[0].msLeft, 31 * 3600_000);
  assert.equal(d.inQuotation.items[0].status, "inQuotation");
  assert.deepEqual(d.inQuotation.items[0].actions, ["publish", "end", "close"]);
  assert.equal(d.quotesToday.count, 1);
  assert.equal(d.endingSoon.count, 1);
  assert.equal(d.suppliersPending.count, 3);

  const names = async (filter: Record<string, string>) => {
    const l = await call(env, "get", `${base}/GetAll`, { token: buyer.token, query: filter });
    assert.equal(l.status, 200, JSON.stringify(l.json));
    return l.json.result.items.map((p: { name: string }) => p.name).sort();
  };
  assert.deepEqual(await names(d.inQuotation.filter), ["Later", "Soon"]);
  assert.deepEqual(await names(d.quotesToday.filter), ["Soon"]);
  assert.deepEqual(await names(d.endingSoon.filter), ["Soon"]);
  assert.deepEqual(await names(d.suppliersPending.filter), ["Later", "Soon"]);

  // A user who sees only asset projects counts none of the material ones.
  const ams = await staff(env, "ams", [P.AmsOfferProjectManagerSearch]);
  await assetProject(env, ams.actor);
  const a = await call(env, "get", `${base}/GetDashboard`, { token: ams.token });
  assert.equal(a.json.result.inQuotation.count, 0);
  const m = await call(env, "get", `${base}/GetDashboard`, {
    token: ams.token,
    query: { kind: "material" },
  });
  assert.equal(m.status, 403, "a kind the user cannot see");
  assert.equal(a.json.result.quotesToday.count, 0);
  const list = await call(env, "get", `${base}/GetAll`, { token: ams.token });
  assert.deepEqual(list.json.result.items[0].actions, ["edit", "delete", "publish", "close"]);
});

Deno.test("ending in 48 hours goes by when quoting really closes: early once everyone quoted, an open round's end", async () => {
  await using env = await testEnv();
  const admin = everything();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplier(env, "S1");
  const s2 = await supplier(env, "S2");
  const sup = [{ id: s1.id }, { id: s2.id }];
  const tomorrow = "2026-11-24T09:00:00.000Z";
  // Deadline in a week, but both suppliers quoted: it closes in 30 minutes.
  const allQuoted = await materialProject(env, admin, "All quoted");
  await publishProject(env, admin, {
    offProManagerId: allQuoted.id,
    offerEndTime: DEADLINE,
    supList: sup,
  });
  await quote(env, allQuoted.id, s1.id);
  await quote(env, allQuoted.id, s2.id);
  // Deadline tomorrow, but ended by hand and reopened for a round that ends in a week.
  const inRound = await assetProject(env, admin, "In round 1");
  await publishProject(env, admin, {
    offProManagerId: inRound.id,
    offerEndTime: tomorrow,
    supList: sup,
  });
  await quote(env, inRound.id, s1.id);
  await endProject(env, admin, inRound.id);
  await openOptimizeRound(env, admin, { offProId: inRound.id, round: 1, endTime: DEADLINE });
  // Deadline tomorrow, nobody quoted.
  const tomorrowOne = await assetProject(env, admin, "Tomorrow");
  await publishProject(env, admin, {
    offProManagerId: tomorrowOne.id,
    offerEndTime: tomorrow,
    supList: sup,
  });

  const r = await call(env, "get", `${base}/GetDashboard`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const d = r.json.result;
  assert.equal(d.endingSoon.count, 2);
  const left = Object.fromEntries(
    d.inQuotation.items.map((p: { name: string; msLeft: number }) => [p.name, p.msLeft]),
  );
  assert.deepEqual(left, {
    "All quoted": 30 * 60_000,
    "Tomorrow": 31 * 3600_000,
    "In round 1": new Date(DEADLINE).getTime() - new Date(NOW).getTime(),
  });
  const l = await call(env, "get", `${base}/GetAll`, { token, query: d.endingSoon.filter });
  assert.equal(l.status, 200, JSON.stringify(l.json));
  assert.deepEqual(
    l.json.result.items.map((p: { name: string }) => p.name).sort(),
    ["All quoted", "Tomorrow"],
  );
});
