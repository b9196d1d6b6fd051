// The dictionary's choices for the project forms: units, factories and close reasons, seeded once
// and then the admin's to change, readable by whoever may see a kind of project.
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { P, staff } from "../domain/projects_fixtures.ts";
import { supplierWithLogin } from "./quotes_fixtures.ts";

const OPTIONS = "/QMO/SystemCodeType/GetOptions";

Deno.test("project forms read the dictionary's units, factories and close reasons; an admin's edit shows at once", async () => {
  await using env = await testEnv();
  const buyer = await staff(env, "assetBuyer", [P.AmsOfferProjectManagerSearch]);
  const units = await call(env, "get", OPTIONS, {
    token: buyer.token,
    query: { typeCode: "Unit" },
  });
  assert.equal(units.status, 200, JSON.stringify(units.json));
  const sheet = units.json.result.items.find((o: { code: string }) => o.code === "SHEET");
  assert.deepEqual(sheet, { code: "SHEET", name: "张", nameEn: "sheet" });
  const reasons = await call(env, "get", OPTIONS, {
    token: buyer.token,
    query: { typeCode: "CloseReason" },
  });
  assert.ok(reasons.json.result.items.length >= 3);
  const none = await call(env, "get", OPTIONS, {
    token: buyer.token,
    query: { typeCode: "Factory" },
  });
  assert.deepEqual(none.json.result.items, [], "factories are the company's to fill in");

  // The admin adds a factory and switches a unit off.
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const types = await call(env, "get", "/QMO/SystemCodeType/GetAll", {
    token: admin,
    query: { MaxResultCount: 100 },
  });
  const factory = types.json.result.items.find((x: { code: string }) => x.code === "Factory");
  const created = await call(env, "post", "/QMO/SystemCodeType/CreateCode", {
    token: admin,
    body: { typeId: factory.id, code: "F2", name: "二厂", nameEn: "Plant 2" },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const after = await call(env, "get", OPTIONS, {
    token: buyer.token,
    query: { typeCode: "Factory" },
  });
  assert.deepEqual(after.json.result.items, [{ code: "F2", name: "二厂", nameEn: "Plant 2" }]);

  // Only these types, and only for staff who see projects.
  const other = await call(env, "get", OPTIONS, {
    token: buyer.token,
    query: { typeCode: "CompanyCalendar" },
    lang: "en",
  });
  assert.equal(other.status, 400);
  const s = await supplierWithLogin(env, "S-OPT");
  const refused = await call(env, "get", OPTIONS, { token: s.token, query: { typeCode: "Unit" } });
  assert.equal(refused.status, 403);
});

Deno.test("seeding again keeps the admin's choices: a deleted close reason stays deleted", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const codes = await call(env, "get", "/QMO/SystemCodeType/GetCodes", {
    token: admin,
    query: { typeCode: "CloseReason", MaxResultCount: 100 },
  });
  const first = codes.json.result.items[0];
  const del = await call(env, "delete", "/QMO/SystemCodeType/DeleteCode", {
    token: admin,
    query: { id: first.id },
  });
  assert.equal(del.status, 200, JSON.stringify(del.json));
  const { seed } = await import("../../server/seed.ts");
  await seed(env);
  const again = await call(env, "get", "/QMO/SystemCodeType/GetCodes", {
    token: admin,
    query: { typeCode: "CloseReason", MaxResultCount: 100 },
  });
  assert.equal(again.json.result.totalCount, codes.json.result.totalCount - 1);
});
