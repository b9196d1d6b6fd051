// Bad tokens on every route: forged with another secret, unsigned (alg none), with another
// algorithm, tampered, revoked by sign-out or a password reset, of a deactivated or deleted user,
// and past their lifetime. Each answers 401 in the envelope on every route that needs a sign-in.
// (tests/http/auth_test.ts checks the messages of each kind on one route.)
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { users } from "../../db/schema.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { call, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";
import { answerProblems, label, send, Tally } from "./support.ts";

const INFO = "/QMO/SystemUserExt/GetUserInfo";
const b64url = (v: unknown) =>
  btoa(JSON.stringify(v)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
const payloadOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/")));
const secret = (s: string) => new TextEncoder().encode(s);

/** Sends `token` to every route that needs a sign-in; each must answer 401 in the envelope. */
async function refusedEverywhere(env: TestEnv, tally: Tally, kind: string, token: string) {
  for (const r of allRoutes.filter((r) => r.access !== "public")) {
    const res = await send(env, r.method, r.path, {
      token,
      body: r.method === "get" ? undefined : {},
    });
    const problems = await answerProblems(res, r.binary);
    if (res.status !== 401) problems.push(`status ${res.status}, not 401`);
    tally.record(`${kind} ${label(r)}`, res.status, problems);
  }
}

Deno.test("forged, unsigned, tampered, revoked and expired tokens answer 401 on every route", async () => {
  await using env = await testEnv();
  const tally = new Tally("bad tokens × every route");
  const staff = await userWithRoles(env, "tok-staff", ["Admin"]);
  const supplier = await supplierWithLogin(env, "TK001");
  const payload = payloadOf(staff.token);
  const [h, , s] = staff.token.split(".");

  const forged: Record<string, string> = {
    "another secret": await new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(secret("another-secret-another-secret-0123456789")),
    "right secret, HS512": await new SignJWT(payload)
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .sign(secret("test-secret-test-secret-test-secret-0123")),
    "alg none": `${b64url({ alg: "none", typ: "JWT" })}.${b64url(payload)}.`,
    "alg None with the old signature": `${b64url({ alg: "None" })}.${b64url(payload)}.${s}`,
    "alg NONE": `${b64url({ alg: "NONE" })}.${b64url(payload)}.`,
    "supplier's signature on staff claims": (() => {
      const [sh, , ss] = supplier.token.split(".");
      return `${sh}.${b64url(payload)}.${ss}`;
    })(),
    "sub changed": `${h}.${b64url({ ...payload, sub: "1" })}.${s}`,
    "kind changed": `${h}.${b64url({ ...payload, kind: "staff", sub: "1" })}.${s}`,
    "no jti, right secret": await new SignJWT({ kind: "staff" })
      .setProtectedHeader({ alg: "HS256" }).setSubject("1").setExpirationTime("1h")
      .sign(secret("another-secret-another-secret-0123456789")),
    "two parts": `${h}.${b64url(payload)}`,
    "junk": "not-a-token",
    "long junk": "x".repeat(8000),
  };
  for (const [kind, token] of Object.entries(forged)) {
    await refusedEverywhere(env, tally, kind, token);
  }

  // Signed out.
  const out = await userWithRoles(env, "tok-out", ["Admin"]);
  await call(env, "post", "/app/User/Logout", { token: out.token });
  await refusedEverywhere(env, tally, "signed out", out.token);

  // Sessions ended by an administrator's password reset, deactivation or deletion.
  const admin = await userWithRoles(env, "tok-admin", ["Admin"]);
  const reset = await userWithRoles(env, "tok-reset", ["Admin"]);
  const r = await call(env, "post", "/app/User/ResetPassword", {
    token: admin.token,
    body: { userId: reset.user.id, newPassword: "NewPassw0rd!x" },
  });
  tally.check("reset password", r.status === 200, `status ${r.status}`);
  await refusedEverywhere(env, tally, "password reset", reset.token);

  const inactive = await userWithRoles(env, "tok-inactive", ["Admin"]);
  await env.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
  await refusedEverywhere(env, tally, "deactivated", inactive.token);

  const deleted = await userWithRoles(env, "tok-deleted", ["Buyer"]);
  const d = await call(env, "delete", "/app/User/Delete", {
    token: admin.token,
    query: { id: deleted.user.id },
  });
  tally.check("delete user", d.status === 200, `status ${d.status}`);
  await refusedEverywhere(env, tally, "deleted", deleted.token);

  const portal = await call(env, "post", "/QMO/Supplier/UpdateSupplierPassword", {
    token: admin.token,
    body: { id: supplier.supplier.id, password: "Another@2026x" },
  });
  tally.check("portal password", portal.status === 200, JSON.stringify(portal.json));
  await refusedEverywhere(env, tally, "supplier password reset", supplier.token);

  // The untouched tokens still work, so the 401s above are about the tokens.
  tally.check(
    "staff token",
    (await call(env, "get", INFO, { token: staff.token })).status === 200,
    "refused",
  );

  // Past its lifetime (24 h).
  env.clock.advance(24 * 3600_000 + 1000);
  await refusedEverywhere(env, tally, "expired", staff.token);
  tally.done();
});
