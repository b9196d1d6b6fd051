// The portal's project answer says whether the supplier takes part in a reverse auction of it
// (hasAuction), so the project page asks GetAuction only then instead of meeting a 404 on every
// project without one.
import assert from "node:assert/strict";
import { call, testEnv } from "../helpers.ts";
import { offerProjectSuppliers } from "../../db/schema.ts";
import { awardReady } from "./award_fixtures.ts";
import { supplierWithLogin } from "./quotes_fixtures.ts";

const SO = "/QMO/SupplierOffer";

Deno.test("the portal's project answer says whether I take part in its reverse auction", async () => {
  await using env = await testEnv();
  const r = await awardReady(env);
  const offProId = r.project.id;
  const hasAuction = async (token: string) => {
    const got = await call(env, "get", `${SO}/Get`, { token, query: { offProId } });
    assert.equal(got.status, 200, JSON.stringify(got.json));
    return got.json.result.hasAuction;
  };
  const getAuction = async (token: string) =>
    (await call(env, "get", `${SO}/GetAuction`, { token, query: { offProId } })).status;

  // No auction yet: false for both, as GetAuction would answer 404.
  assert.equal(await hasAuction(r.s1.token), false);
  assert.equal(await hasAuction(r.s2.token), false);
  assert.equal(await getAuction(r.s1.token), 404);

  // A third supplier invited later, who has not quoted: not a bidder.
  const s3 = await supplierWithLogin(env, "S3");
  await env.db.insert(offerProjectSuppliers).values({
    projectId: offProId,
    supplierId: s3.supplier.id,
    invitedAt: env.clock.now(),
  });
  assert.equal(await hasAuction(s3.token), false);
  const created = await call(env, "post", "/QMO/Auction/Create", {
    token: r.buyer.token,
    body: {
      offProId,
      startAt: "2026-11-23T10:05:00.000Z",
      endAt: "2026-11-23T10:25:00.000Z",
      step: "1000",
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));

  // Now each bidder's answer says so, and GetAuction answers it; not the supplier outside it.
  for (const s of [r.s1, r.s2]) {
    assert.equal(await hasAuction(s.token), true);
    assert.equal(await getAuction(s.token), 200);
  }
  assert.equal(await hasAuction(s3.token), false);
  assert.equal(await getAuction(s3.token), 404);
});
