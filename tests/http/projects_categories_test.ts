import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { everything, materialProject } from "../domain/projects_fixtures.ts";
import { updateProject } from "../../server/domain/projects/edit.ts";

const base = "/QMO/OfferProjectType";

Deno.test("categories: unique names; a category in use cannot be deleted", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const a = await call(env, "post", `${base}/CreateOfferProjectType`, {
    token,
    body: { name: "覆铜板" },
  });
  assert.equal(a.status, 200);
  const dup = await call(env, "post", `${base}/CreateOfferProjectType`, {
    token,
    lang: "en",
    body: { Name: "覆铜板" },
  });
  assert.equal(dup.status, 400);
  assert.match(dup.json.error.message, /already exists/);
  const b = await call(env, "post", `${base}/CreateOfferProjectType`, {
    token,
    body: { name: "设备" },
  });
  assert.equal(
    (await call(env, "put", `${base}/UpdateOfferProjectType`, {
      token,
      body: { id: b.json.result.id, name: "覆铜板" },
    })).status,
    400,
  );
  assert.equal(
    (await call(env, "put", `${base}/UpdateOfferProjectType`, {
      token,
      body: { id: b.json.result.id, name: "生产设备" },
    })).json.result.name,
    "生产设备",
  );
  const p = await materialProject(env, everything());
  await updateProject(env, everything(), {
    id: p.id,
    name: p.name,
    kind: "material",
    category: a.json.result.id,
  });
  const del = await call(env, "delete", `${base}/Delete`, {
    token,
    lang: "en",
    query: { Id: a.json.result.id },
  });
  assert.equal(del.status, 409);
  assert.match(del.json.error.message, /used by 1 project/);
  assert.equal(
    (await call(env, "delete", `${base}/Delete`, { token, query: { id: b.json.result.id } }))
      .status,
    200,
  );
  const list = await call(env, "get", `${base}/GetAll`, { token });
  assert.equal(list.json.result.totalCount, 1);
});
