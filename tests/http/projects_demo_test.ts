import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";

Deno.test("demo data: two categories, a material and an asset project with line items", async () => {
  await using env = await testEnv({ demo: true });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const cats = await call(env, "get", "/QMO/OfferProjectType/GetOfferProjectTypeList", { token });
  assert.equal(cats.json.result.length, 2);
  const list = await call(env, "get", "/QMO/OfferProjectManager/GetAll", { token });
  assert.equal(list.status, 200);
  const kinds = list.json.result.items.map((p: { kind: string }) => p.kind).sort();
  assert.deepEqual(kinds, ["asset", "material"]);
  for (const p of list.json.result.items) {
    assert.match(p.code, /^(QP|AMS)-20261123-001$/);
    const items = await call(
      env,
      "get",
      "/QMO/OfferProjectManager/GetOfferProjectManagerItemById",
      {
        token,
        query: { offProId: p.id },
      },
    );
    assert.ok(items.json.result.length >= 1);
  }
  const asset = list.json.result.items.find((p: { kind: string }) => p.kind === "asset");
  assert.equal(asset.monthlyPurchase, true);
});
