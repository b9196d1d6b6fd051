// Walks every declared route: none is open by accident, and a caller without its permission gets 403.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf, requiredPermissions, type RouteDef } from "../../server/http/route.ts";
import { allPermissions } from "../../server/domain/auth/permissions.ts";
import { createRole } from "../../server/domain/roles/service.ts";
import { call, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";

const label = (r: RouteDef) => `${r.method.toUpperCase()} ${r.path}`;

// The body of a valid-looking request does not matter: the guard answers before validation.
const request = (env: TestEnv, r: RouteDef, token?: string) =>
  call(env, r.method, r.path, { token, lang: "en", body: r.method === "get" ? undefined : {} });

function assertEnvelope(
  json: { success: boolean; result: unknown; error: { code: number; message: string } },
  status: number,
  what: string,
) {
  assert.equal(json.success, false, what);
  assert.equal(json.result, null, what);
  assert.equal(json.error.code, status, what);
  assert.ok(json.error.message, what);
}

Deno.test("the route list is not empty and every route declares its access", () => {
  assert.ok(allRoutes.length >= 20);
  for (const r of allRoutes) {
    assert.ok(
      r.access === "public" || r.access === "signedIn" || requiredPermissions(r.access)?.length,
      label(r),
    );
  }
  // Only sign-in (how one may sign in, and its second step, which needs the ticket a right password
  // answers) and the forgotten-password calls are open to anyone.
  assert.deepEqual(
    allRoutes.filter((r) => r.access === "public").map(label),
    [
      "POST /app/TokenAuth/Authenticate",
      "GET /app/TokenAuth/GetSignInOptions",
      "POST /app/TokenAuth/SendPasswordResetLink",
      "GET /app/TokenAuth/CheckPasswordResetLink",
      "POST /app/TokenAuth/ResetPasswordWithLink",
      "POST /app/TokenAuth/AuthenticateWithCode",
      "POST /app/TokenAuth/BeginTwoFactorEnrolment",
      "POST /app/TokenAuth/ConfirmTwoFactorEnrolment",
    ],
  );
});

Deno.test("every route except sign-in answers 401 in the envelope without a token", async () => {
  await using env = await testEnv();
  for (const r of allRoutes.filter((r) => r.access !== "public")) {
    const res = await request(env, r);
    assert.equal(res.status, 401, label(r));
    assertEnvelope(res.json, 401, label(r));
    assert.equal(res.json.unAuthorizedRequest, true, label(r));
  }
});

Deno.test("every route that needs a permission answers 403 to a user holding none of its permissions", async () => {
  await using env = await testEnv();
  await createRole(env, { name: "Nobody", displayName: "Nobody", grantedPermissions: [] });
  const { token } = await userWithRoles(env, "nobody", ["Nobody"]);
  const guarded = allRoutes.filter((r) => requiredPermissions(r.access));
  assert.ok(guarded.length > 0);
  for (const r of guarded) {
    const res = await request(env, r, token);
    assert.equal(res.status, 403, label(r));
    assertEnvelope(res.json, 403, label(r));
    assert.equal(res.json.error.message, en.errors.forbidden, label(r));
  }
});

Deno.test("a user holding every permission except the route's own still gets 403", async () => {
  await using env = await testEnv();
  // One role per distinct permission set, granting everything the route does not accept.
  const guarded = allRoutes.filter((r) => requiredPermissions(r.access));
  const tokens = new Map<string, string>();
  for (const r of guarded) {
    const need = requiredPermissions(r.access)!;
    const key = [...need].sort().join("|");
    if (!tokens.has(key)) {
      const n = tokens.size;
      await createRole(env, {
        name: `AllBut${n}`,
        displayName: `All but ${n}`,
        grantedPermissions: allPermissions.filter((p) => !need.includes(p)),
      });
      tokens.set(key, (await userWithRoles(env, `allbut${n}`, [`AllBut${n}`])).token);
    }
    const res = await request(env, r, tokens.get(key));
    assert.equal(res.status, 403, label(r));
    assertEnvelope(res.json, 403, label(r));
  }
});

Deno.test("a supplier user holding every permission gets 403 on every back-office route", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "supplier-all", ["Admin"], { kind: "supplier" });
  const staffRoutes = allRoutes.filter((r) => r.access !== "public" && audienceOf(r) === "staff");
  assert.ok(staffRoutes.length > 0);
  for (const r of staffRoutes) {
    const res = await request(env, r, token);
    assert.equal(res.status, 403, label(r));
    assertEnvelope(res.json, 403, label(r));
  }
});

Deno.test("a staff user holding every permission gets 403 on every supplier-portal route", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "staff-all", ["Admin"]);
  for (const r of allRoutes.filter((r) => audienceOf(r) === "supplier")) {
    const res = await request(env, r, token);
    assert.equal(res.status, 403, label(r));
    assertEnvelope(res.json, 403, label(r));
  }
});

Deno.test("routes open to any signed-in user answer a user with no permissions (not 401/403)", async () => {
  await using env = await testEnv();
  await createRole(env, { name: "Nobody", displayName: "Nobody", grantedPermissions: [] });
  const { token } = await userWithRoles(env, "nobody", ["Nobody"]);
  const info = await call(env, "get", "/QMO/SystemUserExt/GetUserPermissions", { token });
  assert.equal(info.status, 200);
  assert.deepEqual(info.json.result, []);
});
