// Sign-in, lockout, tokens, password changes and sign-out through the HTTP API.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { eq } from "drizzle-orm";
import { loginFailures, users } from "../../db/schema.ts";
import { LOCKOUT } from "../../server/domain/auth/service.ts";
import { hashPassword } from "../../server/domain/shared/password.ts";
import {
  ADMIN_PASSWORD,
  call,
  NOW,
  signIn,
  type TestEnv,
  testEnv,
  userWithRoles,
} from "../helpers.ts";

const AUTH = "/app/TokenAuth/Authenticate";
const INFO = "/QMO/SystemUserExt/GetUserInfo";
const MINUTE = 60_000;

const attempt = (
  env: TestEnv,
  userName: string,
  password: string,
  opts: { lang?: "en" | "zh"; ip?: string } = {},
) =>
  call(env, "post", AUTH, {
    lang: opts.lang ?? "en",
    headers: opts.ip ? { "x-forwarded-for": opts.ip } : {},
    body: { userNameOrEmailAddress: userName, password, rememberClient: false },
  });

Deno.test("sign-in with a user name padded with spaces answers a token that opens the API", async () => {
  await using env = await testEnv();
  const r = await attempt(env, "   admin  ", ADMIN_PASSWORD);
  assert.equal(r.status, 200);
  assert.equal(r.json.success, true);
  assert.equal(typeof r.json.result.accessToken, "string");
  assert.equal(r.json.result.expireInSeconds, 24 * 3600);
  const info = await call(env, "get", INFO, { token: r.json.result.accessToken });
  assert.equal(info.status, 200);
  assert.equal(info.json.result.userName, "admin");
  assert.equal(info.json.result.id, r.json.result.userId);
});

Deno.test("input keys match without regard to case (UserNameOrEmailAddress and userNameOrEmailAddress)", async () => {
  await using env = await testEnv();
  for (
    const body of [
      { UserNameOrEmailAddress: "admin", Password: ADMIN_PASSWORD, RememberClient: false },
      { userNameOrEmailAddress: "admin", password: ADMIN_PASSWORD, rememberClient: false },
      { USERNAMEOREMAILADDRESS: "admin", PASSWORD: ADMIN_PASSWORD },
    ]
  ) {
    const r = await call(env, "post", AUTH, { body });
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.ok(r.json.result.accessToken);
  }
});

Deno.test("a wrong password and an unknown user get the same 401 answer", async () => {
  await using env = await testEnv();
  const wrong = await attempt(env, "admin", "not-the-password");
  const unknown = await attempt(env, "nobody-here", "not-the-password");
  for (const r of [wrong, unknown]) {
    assert.equal(r.status, 401);
    assert.equal(r.json.success, false);
    assert.equal(r.json.unAuthorizedRequest, true);
    assert.equal(r.json.error.message, en.auth.invalidCredentials);
  }
  assert.deepEqual(wrong.json, unknown.json);
});

Deno.test("the same error is localised by Accept-Language: en and zh texts from the locale files", async () => {
  await using env = await testEnv();
  const inEnglish = await attempt(env, "admin", "wrong-password", { lang: "en" });
  const inChinese = await attempt(env, "admin", "wrong-password", { lang: "zh" });
  assert.equal(inEnglish.json.error.message, en.auth.invalidCredentials);
  assert.equal(inChinese.json.error.message, zh.auth.invalidCredentials);
  assert.notEqual(en.auth.invalidCredentials, zh.auth.invalidCredentials);
  // No Accept-Language: Chinese.
  const noHeader = await call(env, "post", AUTH, {
    body: { userNameOrEmailAddress: "admin", password: "wrong-password" },
  });
  assert.equal(noHeader.json.error.message, zh.auth.invalidCredentials);
});

Deno.test("5 failed sign-ins lock the account for 5 minutes (429), even for the right password", async () => {
  await using env = await testEnv();
  for (let i = 0; i < 5; i++) {
    assert.equal((await attempt(env, "admin", `wrong-${i}`)).status, 401);
  }
  const locked = await attempt(env, "admin", ADMIN_PASSWORD);
  assert.equal(locked.status, 429);
  assert.equal(locked.json.success, false);
  assert.equal(locked.json.error.message, en.auth.locked_other.replace("{{count}}", "5"));

  env.clock.advance(4 * MINUTE + 59_000);
  assert.equal((await attempt(env, "admin", ADMIN_PASSWORD)).status, 429);
  env.clock.advance(1000);
  assert.equal((await attempt(env, "admin", ADMIN_PASSWORD)).status, 200);
});

Deno.test("an unknown user name locks the same way, so a lock tells nothing about existence", async () => {
  await using env = await testEnv();
  for (let i = 0; i < 5; i++) await attempt(env, "ghost", "whatever-pw");
  const r = await attempt(env, "ghost", "whatever-pw");
  assert.equal(r.status, 429);
  // Other accounts are not affected.
  assert.equal((await attempt(env, "admin", ADMIN_PASSWORD)).status, 200);
});

Deno.test("more users than the address's failure limit sign in at once from one address: none refused; as many failures lock it", async () => {
  await using env = await testEnv({ env: { TRUST_PROXY: "1" } });
  const office = "203.0.113.7";
  // One office address at a deadline: every supplier signs in at the same moment.
  const count = LOCKOUT.ipFailures + 10;
  const passwordHash = await hashPassword("Office@Pass1");
  await env.db.insert(users).values(
    Array.from({ length: count }, (_, i) => ({
      userName: `office${i}`,
      normalizedUserName: `office${i}`,
      name: `office${i}`,
      passwordHash,
    })),
  );
  const rights = await Promise.all(
    Array.from(
      { length: count },
      (_, i) => attempt(env, `office${i}`, "Office@Pass1", { ip: office }),
    ),
  );
  assert.deepEqual(rights.map((r) => r.status), rights.map(() => 200));

  // The same number of failures, over many names, locks the address (sent at once: no more are
  // checked than one by one).
  const wrongs = await Promise.all(
    Array.from(
      { length: LOCKOUT.ipFailures + 5 },
      (_, i) => attempt(env, `guess${i}`, "bad-password", { ip: office }),
    ),
  );
  assert.equal(wrongs.filter((r) => r.status === 401).length, LOCKOUT.ipFailures);
  assert.equal(wrongs.filter((r) => r.status === 429).length, 5);
  const blocked = await attempt(env, "office1", "Office@Pass1", { ip: office });
  assert.equal(blocked.status, 429);
  assert.equal(blocked.json.error.message, en.auth.locked_other.replace("{{count}}", "5"));
  assert.equal((await attempt(env, "office1", "Office@Pass1", { ip: "198.51.100.1" })).status, 200);
  env.clock.advance(LOCKOUT.windowMs);
  assert.equal((await attempt(env, "office1", "Office@Pass1", { ip: office })).status, 200);
});

Deno.test("30 simultaneous sign-ins of one account with the right password are all answered 200", async () => {
  await using env = await testEnv({ env: { TRUST_PROXY: "1" } });
  const all = await Promise.all(
    Array.from({ length: 30 }, () => attempt(env, "admin", ADMIN_PASSWORD, { ip: "127.0.0.1" })),
  );
  assert.deepEqual(all.map((r) => r.status), all.map(() => 200));
  // And again, one after the other, from the same address: sign-ins that succeed count for nothing.
  for (let i = 0; i < 10; i++) {
    assert.equal((await attempt(env, "admin", ADMIN_PASSWORD, { ip: "127.0.0.1" })).status, 200);
  }
});

Deno.test("a success also takes its account's failures out of its address's count", async () => {
  await using env = await testEnv({ env: { TRUST_PROXY: "1" } });
  const office = "203.0.113.8";
  const { password } = await userWithRoles(env, "typist", []);
  // Others' failures fill the address up to 5 below its limit …
  await env.db.insert(loginFailures).values(
    Array.from({ length: LOCKOUT.ipFailures - 5 }, (_, i) => ({
      userName: `other${i}`,
      clientIp: office,
      at: env.clock.now(),
    })),
  );
  // … one user mistypes four times and then gets it right …
  for (let i = 0; i < 4; i++) {
    assert.equal((await attempt(env, "typist", `typo-${i}`, { ip: office })).status, 401);
  }
  assert.equal((await attempt(env, "typist", password, { ip: office })).status, 200);
  // … so four more failures still leave the address open.
  for (let i = 0; i < 4; i++) {
    assert.equal((await attempt(env, `late${i}`, "bad-password", { ip: office })).status, 401);
  }
  assert.equal((await attempt(env, "admin", ADMIN_PASSWORD, { ip: office })).status, 200);
});

Deno.test("changing your own password ends your other sessions and keeps the current one", async () => {
  await using env = await testEnv();
  const { user, token: other, password } = await userWithRoles(env, "changer", []);
  const current = await signIn(env, "changer", password);
  const supplier = await userWithRoles(env, "SUP1", ["Supplier"], { kind: "supplier" });
  const changed = await call(env, "post", "/app/User/ChangePassword", {
    token: current,
    body: { currentPassword: password, newPassword: "Brand-New#Pass2" },
  });
  assert.equal(changed.status, 200);
  const otherNow = await call(env, "get", INFO, { token: other, lang: "en" });
  assert.equal(otherNow.status, 401);
  assert.equal(otherNow.json.error.message, en.auth.tokenRevoked);
  const currentNow = await call(env, "get", INFO, { token: current });
  assert.equal(currentNow.status, 200);
  assert.equal(currentNow.json.result.id, user.id);
  // Another user's session is untouched.
  assert.equal((await call(env, "get", INFO, { token: supplier.token })).status, 200);
  assert.equal((await attempt(env, "changer", password)).status, 401);
  assert.equal((await attempt(env, "changer", "Brand-New#Pass2")).status, 200);

  // The supplier portal uses the same call.
  const second = await signIn(env, "SUP1", supplier.password);
  const r = await call(env, "post", "/app/User/ChangePassword", {
    token: second,
    body: { currentPassword: supplier.password, newPassword: "Portal-New#Pass3" },
  });
  assert.equal(r.status, 200);
  assert.equal((await call(env, "get", INFO, { token: supplier.token })).status, 401);
  assert.equal((await call(env, "get", INFO, { token: second })).status, 200);
});

Deno.test("wrong current passwords in a password change count toward the lockout, as sign-ins do", async () => {
  await using env = await testEnv();
  const { token, password } = await userWithRoles(env, "stolen", []);
  const change = (currentPassword: string) =>
    call(env, "post", "/app/User/ChangePassword", {
      token,
      lang: "en",
      body: { currentPassword, newPassword: "Taken-Over#Pass9" },
    });
  for (let i = 0; i < LOCKOUT.accountFailures; i++) {
    assert.equal((await change(`guess-${i}`)).status, 400);
  }
  const locked = await change(password);
  assert.equal(locked.status, 429);
  assert.equal(locked.json.error.message, en.auth.locked_other.replace("{{count}}", "5"));
  assert.equal((await attempt(env, "stolen", password)).status, 429);
  env.clock.advance(LOCKOUT.windowMs);
  assert.equal((await change(password)).status, 200);
  assert.equal((await attempt(env, "stolen", "Taken-Over#Pass9")).status, 200);
});

Deno.test("logout revokes the token: the next call with it answers 401", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const other = await signIn(env, "admin", ADMIN_PASSWORD);
  assert.equal((await call(env, "get", INFO, { token })).status, 200);
  const out = await call(env, "post", "/app/User/Logout", { token });
  assert.equal(out.status, 200);
  assert.equal(out.json.success, true);
  const after = await call(env, "get", INFO, { token, lang: "en" });
  assert.equal(after.status, 401);
  assert.equal(after.json.unAuthorizedRequest, true);
  assert.equal(after.json.error.message, en.auth.tokenRevoked);
  // Only that session ends.
  assert.equal((await call(env, "get", INFO, { token: other })).status, 200);
});

Deno.test("a token past its lifetime answers 401 'verification expired'", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  env.clock.advance(23 * 60 * MINUTE);
  assert.equal((await call(env, "get", INFO, { token })).status, 200);
  env.clock.advance(60 * MINUTE + 1000);
  const r = await call(env, "get", INFO, { token, lang: "en" });
  assert.equal(r.status, 401);
  assert.equal(r.json.error.message, en.auth.tokenExpired);
});

const b64url = (v: unknown) =>
  btoa(JSON.stringify(v)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");

Deno.test("forged, unsigned (alg none) and tampered tokens answer 401", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const [, payloadPart] = token.split(".");
  const payload = JSON.parse(atob(payloadPart.replaceAll("-", "+").replaceAll("_", "/")));

  const forged = await new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode("another-secret-another-secret-0123456789"));
  const algNone = `${b64url({ alg: "none", typ: "JWT" })}.${b64url(payload)}.`;
  const [h, , s] = token.split(".");
  const tampered = `${h}.${b64url({ ...payload, sub: "999" })}.${s}`;

  for (const bad of [forged, algNone, tampered, "not-a-token", `${token}x`]) {
    const r = await call(env, "get", INFO, { token: bad });
    assert.equal(r.status, 401, bad);
    assert.equal(r.json.success, false);
    assert.equal(r.json.unAuthorizedRequest, true);
  }
});

Deno.test("a sign-in is written to the audit log with the password masked, readable by user and time", async () => {
  await using env = await testEnv();
  const secret = "Wr0ng-Secret-Value";
  await attempt(env, "admin", secret);
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const t0 = new Date(new Date(NOW).getTime() - MINUTE).toISOString();
  const t1 = new Date(new Date(NOW).getTime() + MINUTE).toISOString();

  const r = await call(env, "get", "/QMO/AuditLog/GetAll", {
    token,
    query: { userName: "admin", startTime: t0, endTime: t1, serviceName: "TokenAuth" },
  });
  assert.equal(r.status, 200);
  assert.equal(r.json.result.totalCount, 2);
  const [ok, failed] = r.json.result.items.sort((
    a: { httpStatus: number },
    b: { httpStatus: number },
  ) => a.httpStatus - b.httpStatus);
  assert.equal(ok.httpStatus, 200);
  assert.equal(ok.methodName, "Authenticate");
  assert.equal(ok.userName, "admin");
  assert.equal(new Date(ok.executionTime).toISOString(), NOW);
  assert.equal(JSON.parse(ok.parameters).password, "***");
  assert.ok(!ok.parameters.includes(ADMIN_PASSWORD));
  assert.equal(failed.httpStatus, 401);
  assert.equal(JSON.parse(failed.parameters).password, "***");
  assert.ok(!failed.parameters.includes(secret));
  assert.ok(failed.exception);

  // Outside the time range, or for another user: nothing.
  const later = await call(env, "get", "/QMO/AuditLog/GetAll", {
    token,
    query: { userName: "admin", startTime: t1, serviceName: "TokenAuth" },
  });
  assert.equal(later.json.result.totalCount, 0);
  const other = await call(env, "get", "/QMO/AuditLog/GetAll", {
    token,
    query: { userName: "buyer", serviceName: "TokenAuth" },
  });
  assert.equal(other.json.result.totalCount, 0);
});

Deno.test("failed sign-ins by email and by user name count against the same account", async () => {
  await using env = await testEnv();
  await userWithRoles(env, "mailuser", []);
  await env.db.update(users).set({ emailAddress: "mail.user@example.com" }).where(
    eq(users.normalizedUserName, "mailuser"),
  );
  for (let i = 0; i < 3; i++) {
    const r = await call(env, "post", "/app/TokenAuth/Authenticate", {
      body: { userNameOrEmailAddress: "mailuser", password: "wrong-password" },
    });
    assert.equal(r.status, 401);
  }
  for (let i = 0; i < 2; i++) {
    const r = await call(env, "post", "/app/TokenAuth/Authenticate", {
      body: { userNameOrEmailAddress: "mail.user@example.com", password: "wrong-password" },
    });
    assert.equal(r.status, 401);
  }
  const locked = await call(env, "post", "/app/TokenAuth/Authenticate", {
    body: { userNameOrEmailAddress: "mailuser", password: "Passw0rd!x" },
  });
  assert.equal(locked.status, 429);
});

Deno.test("a sign-in is logged under the user's id, so the log filtered by user finds it", async () => {
  await using env = await testEnv();
  const { user } = await userWithRoles(env, "logged", []);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "get", "/QMO/AuditLog/GetAll", {
    token: admin,
    query: { userId: user.id, methodName: "Authenticate" },
  });
  assert.equal(r.status, 200);
  assert.equal(r.json.result.totalCount, 1);
  assert.equal(r.json.result.items[0].userId, user.id);
});
