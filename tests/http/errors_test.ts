// The envelope's failure answers: validation, malformed input, unknown ids; headers; the OpenAPI document.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import { allRoutes } from "../../server/http/routes/index.ts";
import { requiredPermissions } from "../../server/http/route.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";

Deno.test("an invalid user answers 400 with validationErrors naming each failing field", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "post", "/app/User/Create", {
    token,
    lang: "en",
    body: { userName: "x", password: "short", isActive: "yes", emailAddress: "not-an-email" },
  });
  assert.equal(r.status, 400);
  assert.equal(r.json.success, false);
  const members = r.json.error.validationErrors.flatMap((v: { members: string[] }) => v.members);
  for (const field of ["userName", "name", "password", "isActive", "emailAddress"]) {
    assert.ok(members.includes(field), `${field} in ${members}`);
  }
  const byField = (f: string) =>
    r.json.error.validationErrors.find((v: { members: string[] }) => v.members.includes(f)).message;
  // Each message names the field by its label, as the form shows it.
  assert.equal(byField("name"), "Name is required");
  assert.equal(byField("password"), "Password must be at least 8 characters");
  assert.ok(r.json.error.message.startsWith(en.errors.validation));
});

Deno.test("a missing field on sign-in is a 400 naming it, never a 500", async () => {
  await using env = await testEnv();
  const r = await call(env, "post", "/app/TokenAuth/Authenticate", {
    lang: "en",
    body: { userNameOrEmailAddress: "admin" },
  });
  assert.equal(r.status, 400);
  assert.deepEqual(r.json.error.validationErrors.map((v: { members: string[] }) => v.members), [[
    "password",
  ]]);
});

Deno.test("a malformed or non-object JSON body is a 400 with a clear message, never a 500", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const json = { "content-type": "application/json" };
  const bad = await call(env, "post", "/app/TokenAuth/Authenticate", {
    lang: "en",
    body: '{"userNameOrEmailAddress": "admin", ',
    headers: json,
  });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.success, false);
  assert.equal(bad.json.error.message, en.errors.malformedJson);
  for (const body of ["[]", "null", '"text"', "42"]) {
    const r = await call(env, "post", "/app/User/Create", { token, body, headers: json });
    assert.equal(r.status, 400, body);
    assert.equal(r.json.success, false, body);
  }
  // No JSON content type at all.
  const plain = await call(env, "post", "/app/User/Create", { token, body: "userName=x" });
  assert.equal(plain.status, 400);
  assert.equal(plain.json.success, false);
});

Deno.test("a wrong query type is a 400; an unknown id is a 404 naming the entity", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const wrongType = await call(env, "get", "/app/User/Get", { token, query: { id: "abc" } });
  assert.equal(wrongType.status, 400);
  assert.deepEqual(wrongType.json.error.validationErrors[0].members, ["id"]);

  for (
    const [path, entity] of [["/app/User/Get", "user"], ["/app/Role/Get", "role"], [
      "/QMO/Group/Get",
      "group",
    ], ["/QMO/AuditLog/Get", "auditLog"]] as const
  ) {
    const r = await call(env, "get", path, { token, lang: "en", query: { id: 98765 } });
    assert.equal(r.status, 404, path);
    assert.equal(r.json.success, false);
    assert.equal(
      r.json.error.message,
      en.errors.notFound.replace("{{entity}}", en.entities[entity]).replace("{{id}}", "98765"),
    );
  }
  const del = await call(env, "delete", "/app/User/Delete", { token, query: { id: 98765 } });
  assert.equal(del.status, 404);
  const noApi = await call(env, "get", "/app/Nothing/Here", { token });
  assert.equal(noApi.status, 404);
  assert.equal(noApi.json.success, false);
});

function assertSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"));
  assert.ok(scriptSrc, `${what}: script-src in ${csp}`);
  assert.ok(!scriptSrc.includes("'unsafe-inline'"), what);
  assert.ok(!scriptSrc.includes("'unsafe-eval'"), what);
  assert.match(csp, /frame-ancestors 'none'/, what);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff", what);
  assert.ok(res.headers.get("referrer-policy"), what);
}

Deno.test("security headers are on API answers (success and failure) and on /swagger", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  assertSecurityHeaders(
    (await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token })).res,
    "api ok",
  );
  assertSecurityHeaders((await call(env, "get", "/app/User/GetAll")).res, "api 401");
  for (const path of ["/swagger", "/swagger/v1/swagger.json"]) {
    const res = await env.app.request(`http://localhost${path}`);
    assert.equal(res.status, 200, path);
    assertSecurityHeaders(res, path);
    await res.body?.cancel();
  }
  const slash = await env.app.request("http://localhost/swagger/");
  assert.equal(slash.status, 302);
  assert.equal(slash.headers.get("location"), "/swagger");
  const page = await (await env.app.request("http://localhost/swagger")).text();
  assert.ok(!/<script>[^<]/.test(page), "no inline script on the swagger page");
});

Deno.test("the OpenAPI document lists every route with its x-permissions", async () => {
  await using env = await testEnv();
  const res = await env.app.request("http://localhost/swagger/v1/swagger.json");
  const doc = await res.json();
  assert.equal(doc.openapi, "3.1.0");
  for (const r of allRoutes) {
    const op = doc.paths[`/api/services${r.path}`]?.[r.method];
    assert.ok(op, `${r.method} ${r.path} documented`);
    assert.deepEqual(op["x-permissions"], requiredPermissions(r.access) ?? [], r.path);
  }
  const documented = Object.values(doc.paths).flatMap((p) => Object.keys(p as object)).length;
  assert.equal(documented, allRoutes.length);
  const create = doc.paths["/api/services/app/User/Create"].post;
  assert.ok(create.requestBody.content["application/json"].schema.properties.userName);
});

Deno.test("a field inside a list is named by its label and its line, in both languages", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const create = (lang: "en" | "zh", opiList: Record<string, unknown>[]) =>
    call(env, "post", "/QMO/OfferProjectManager/CreateOfferProjectManagerData", {
      token,
      lang,
      body: { name: "Laminate", kind: "material", opiList },
    });
  const control = [{ itemName: "FR-4" }, { itemName: "Prepreg\u0007" }];
  const en = await create("en", control);
  assert.equal(en.status, 400);
  assert.deepEqual(en.json.error.validationErrors, [{
    message: "Material name (line 2) contains a control character",
    members: ["opiList.1.itemName"],
  }]);
  const zh = await create("zh", control);
  assert.equal(zh.json.error.validationErrors[0].message, "物料名称（第 2 行）含有控制字符");

  // A number too long is told with the limits it broke.
  const huge = [{ itemName: "FR-4", estimateYearAmount: "99999999999999999" }];
  assert.equal(
    (await create("en", huge)).json.error.validationErrors[0].message,
    "Expected yearly usage (line 1) must be a number of at least 0, with at most 15 digits before the decimal point and 6 after it",
  );
  assert.equal(
    (await create("zh", huge)).json.error.validationErrors[0].message,
    "预计年用量（第 1 行）必须是不小于 0 的数字，整数部分最多 15 位，小数最多 6 位",
  );
});
