// Two-factor sign-in (TOTP) through the API, with a fixed clock and the codes an authenticator app
// would show at that time (computed with otpauth): enrolment confirmed by a first code, sign-in then
// asks for a code, wrong codes counted toward the sign-in limit, the 30-second window either side,
// no code or recovery code taken twice, an admin's reset (mailed, audit-logged), and the setting
// that requires it of administrators.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { auditLogs, emailOutbox, users } from "../../db/schema.ts";
import { LOCKOUT } from "../../server/domain/auth/service.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";
import { runCli } from "../cli/run.ts";

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret.replaceAll(" ", "")), digits: 6, period: 30 })
    .generate({ timestamp: at.getTime() });

const authenticate = (env: TestEnv, userName: string, password: string) =>
  call(env, "post", "/app/TokenAuth/Authenticate", {
    body: { userNameOrEmailAddress: userName, password },
  });

const withCode = (env: TestEnv, challenge: string, code: string, lang?: "en" | "zh") =>
  call(env, "post", "/app/TokenAuth/AuthenticateWithCode", { body: { challenge, code }, lang });

/** Enrols the token's user; answers the secret and the recovery codes. */
async function enrol(env: TestEnv, token: string) {
  const begun = await call(env, "post", "/app/TwoFactor/BeginEnrolment", { token });
  assert.equal(begun.status, 200);
  const { secret, uri, qrCode } = begun.json.result;
  assert.match(uri, /^otpauth:\/\/totp\/QMO:/);
  assert.match(qrCode, /^data:image\/svg\+xml;base64,/);
  const confirmed = await call(env, "post", "/app/TwoFactor/ConfirmEnrolment", {
    token,
    body: { code: codeAt(secret, env.clock.now()) },
  });
  assert.equal(confirmed.status, 200);
  return {
    secret: secret as string,
    recoveryCodes: confirmed.json.result.recoveryCodes as string[],
  };
}

Deno.test("enrolling: a wrong first code is refused naming the code, a right one turns it on with ten recovery codes", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const begun = await call(env, "post", "/app/TwoFactor/BeginEnrolment", { token });
  const secret = begun.json.result.secret as string;
  // Not on until confirmed: sign-in still needs the password only.
  assert.ok((await authenticate(env, "buyer1", "Passw0rd!x")).json.result.accessToken);
  const wrong = await call(env, "post", "/app/TwoFactor/ConfirmEnrolment", {
    token,
    lang: "en",
    body: { code: codeAt(secret, new Date(env.clock.now().getTime() + 5 * 60_000)) },
  });
  assert.equal(wrong.status, 400);
  assert.deepEqual(wrong.json.error.validationErrors[0].members, ["code"]);
  assert.match(wrong.json.error.message, /code is wrong/);
  const ok = await call(env, "post", "/app/TwoFactor/ConfirmEnrolment", {
    token,
    body: { code: codeAt(secret, env.clock.now()) },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.json.result.recoveryCodes.length, 10);
  assert.equal(new Set(ok.json.result.recoveryCodes).size, 10);
  const status = await call(env, "get", "/app/TwoFactor/GetStatus", { token });
  assert.deepEqual(status.json.result, { enrolled: true, required: false, recoveryCodesLeft: 10 });
  const again = await call(env, "post", "/app/TwoFactor/BeginEnrolment", { token });
  assert.equal(again.status, 409);
});

Deno.test("sign-in then needs a code: the password alone answers a ticket, not a session; a right code signs in", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer2", ["Buyer"]);
  const { secret } = await enrol(env, token);
  env.clock.advance(60_000);
  const first = await authenticate(env, "buyer2", "Passw0rd!x");
  assert.equal(first.status, 200);
  assert.equal(first.json.result.accessToken, undefined);
  assert.equal(first.json.result.twoFactor, "code");
  const challenge = first.json.result.challenge;
  // The ticket is no bearer token.
  assert.equal(
    (await call(env, "get", "/app/TwoFactor/GetStatus", { token: challenge })).status,
    401,
  );
  const done = await withCode(env, challenge, codeAt(secret, env.clock.now()));
  assert.equal(done.status, 200);
  const info = await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", {
    token: done.json.result.accessToken,
  });
  assert.equal(info.json.result.userName, "buyer2");
  // The same code is not taken twice, even within its window.
  const replay = await withCode(env, challenge, codeAt(secret, env.clock.now()));
  assert.equal(replay.status, 400);
  // An expired ticket is refused, naming it.
  env.clock.advance(11 * 60_000);
  const late = await withCode(env, challenge, codeAt(secret, env.clock.now()), "en");
  assert.equal(late.status, 400);
  assert.deepEqual(late.json.error.validationErrors[0].members, ["challenge"]);
  // The code and the ticket never reach the audit log.
  const rows = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.path, "/api/services/app/TokenAuth/AuthenticateWithCode"));
  assert.ok(rows.length >= 1);
  for (const r of rows) {
    assert.ok(!r.parameters?.includes(codeAt(secret, env.clock.now())));
    assert.ok(!r.parameters?.includes(challenge), "nor does the ticket");
  }
});

Deno.test("codes from one 30-second step either side are taken; two steps away are not", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer3", ["Buyer"]);
  const { secret } = await enrol(env, token);
  const step = 30_000;
  const tries = [
    { offset: -2 * step, ok: false },
    { offset: 2 * step, ok: false },
    { offset: -step, ok: true },
    { offset: step, ok: true },
  ];
  for (const { offset, ok } of tries) {
    env.clock.advance(5 * step); // a later step each time: an earlier code is never taken again
    const ticket = (await authenticate(env, "buyer3", "Passw0rd!x")).json.result.challenge;
    const r = await withCode(
      env,
      ticket,
      codeAt(secret, new Date(env.clock.now().getTime() + offset)),
    );
    assert.equal(r.status, ok ? 200 : 400, `offset ${offset / 1000} s`);
  }
});

Deno.test("wrong codes count toward the sign-in failure limit, and a right password does not clear them", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer4", ["Buyer"]);
  const { secret } = await enrol(env, token);
  for (let i = 0; i < LOCKOUT.accountFailures; i++) {
    const ticket = (await authenticate(env, "buyer4", "Passw0rd!x")).json.result.challenge;
    assert.ok(ticket, `password ${i + 1} answers a ticket`);
    const r = await withCode(
      env,
      ticket,
      "000000" === codeAt(secret, env.clock.now()) ? "111111" : "000000",
    );
    assert.equal(r.status, 400);
  }
  // Locked now: the right password and the right code are both refused until the window passes.
  assert.equal((await authenticate(env, "buyer4", "Passw0rd!x")).status, 429);
  env.clock.advance(LOCKOUT.windowMs + 1000);
  const ticket = (await authenticate(env, "buyer4", "Passw0rd!x")).json.result.challenge;
  const ok = await withCode(env, ticket, codeAt(secret, env.clock.now()));
  assert.equal(ok.status, 200);
});

Deno.test("a recovery code signs in once, in place of a code", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "supplier5", ["Supplier"], { kind: "supplier" });
  const { recoveryCodes } = await enrol(env, token);
  const ticket = (await authenticate(env, "supplier5", "Passw0rd!x")).json.result.challenge;
  const used = await withCode(env, ticket, recoveryCodes[3].toUpperCase());
  assert.equal(used.status, 200);
  const again = await withCode(env, ticket, recoveryCodes[3]);
  assert.equal(again.status, 400);
  const status = await call(env, "get", "/app/TwoFactor/GetStatus", {
    token: used.json.result.accessToken,
  });
  assert.equal(status.json.result.recoveryCodesLeft, 9);
});

Deno.test("an admin resets a user's second factor: audit-logged, the user mailed in their language, and the password alone signs in again", async () => {
  await using env = await testEnv();
  const { user, token } = await userWithRoles(env, "buyer6", ["Buyer"]);
  await call(env, "post", "/app/User/ChangeLanguage", { token, body: { languageName: "en" } });
  await env.db.update(users)
    .set({ emailAddress: "buyer6@example.com" })
    .where(eq(users.id, user.id));
  await enrol(env, token);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "post", "/app/User/ResetTwoFactor", {
    token: admin,
    body: { id: user.id },
  });
  assert.equal(r.status, 200);
  const mail = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "TWO_FACTOR_RESET"));
  assert.equal(mail.length, 1);
  assert.equal(mail[0].recipient, "buyer6@example.com");
  assert.match(mail[0].subject, /Two-factor sign-in of buyer6 was reset/);
  assert.match(mail[0].body, /administrator admin|administrator/);
  const logged = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.path, "/api/services/app/User/ResetTwoFactor"));
  assert.equal(logged.length, 1);
  assert.ok((await authenticate(env, "buyer6", "Passw0rd!x")).json.result.accessToken);
  const twice = await call(env, "post", "/app/User/ResetTwoFactor", {
    token: admin,
    body: { id: user.id },
  });
  assert.equal(twice.status, 409);
  // Only those who manage users may reset.
  const other = await userWithRoles(env, "buyer7", ["Buyer"]);
  const refused = await call(env, "post", "/app/User/ResetTwoFactor", {
    token: other.token,
    body: { id: user.id },
  });
  assert.equal(refused.status, 403);
});

Deno.test("required for administrators: an admin without one is led to enrol at sign-in; a buyer is not", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await userWithRoles(env, "buyer8", ["Buyer"]);
  const saved = await call(env, "put", "/QMO/SystemResource/Update", {
    token: admin,
    body: {
      items: [{
        key: "twoFactorRequired",
        value: { administrators: true, staff: false, suppliers: false },
      }],
    },
  });
  assert.equal(saved.status, 200);
  assert.ok((await authenticate(env, "buyer8", "Passw0rd!x")).json.result.accessToken);
  const first = await authenticate(env, "admin", ADMIN_PASSWORD);
  assert.equal(first.json.result.twoFactor, "enrol");
  const challenge = first.json.result.challenge;
  // A ticket to enrol is not a ticket to sign in with a code.
  assert.equal((await withCode(env, challenge, "123456")).status, 400);
  const begun = await call(env, "post", "/app/TokenAuth/BeginTwoFactorEnrolment", {
    body: { challenge },
  });
  assert.equal(begun.status, 200);
  const done = await call(env, "post", "/app/TokenAuth/ConfirmTwoFactorEnrolment", {
    body: { challenge, code: codeAt(begun.json.result.secret, env.clock.now()) },
  });
  assert.equal(done.status, 200);
  assert.ok(done.json.result.accessToken);
  assert.equal(done.json.result.recoveryCodes.length, 10);
  // From then on the admin's sign-in asks for a code, and it cannot be turned off.
  env.clock.advance(60_000);
  assert.equal((await authenticate(env, "admin", ADMIN_PASSWORD)).json.result.twoFactor, "code");
  const off = await call(env, "post", "/app/TwoFactor/TurnOff", {
    token: done.json.result.accessToken,
    body: { code: codeAt(begun.json.result.secret, env.clock.now()) },
  });
  assert.equal(off.status, 409);
});

Deno.test("a user may turn their own second factor off with a code", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer9", ["Buyer"]);
  const { secret } = await enrol(env, token);
  env.clock.advance(60_000);
  const off = await call(env, "post", "/app/TwoFactor/TurnOff", {
    token,
    body: { code: codeAt(secret, env.clock.now()) },
  });
  assert.equal(off.status, 200);
  assert.ok((await authenticate(env, "buyer9", "Passw0rd!x")).json.result.accessToken);
});

Deno.test("a password-reset link is no way around the code: it sets the password and answers the ticket", async () => {
  await using env = await testEnv();
  const { user, token } = await userWithRoles(env, "buyer10", ["Buyer"]);
  await env.db.update(users).set({ emailAddress: "buyer10@example.com" })
    .where(eq(users.id, user.id));
  const { secret } = await enrol(env, token);
  await call(env, "post", "/app/TokenAuth/SendPasswordResetLink", {
    body: { userNameOrEmailAddress: "buyer10" },
  });
  const [mail] = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "PASSWORD_RESET"));
  const link = mail.body.match(/token=([A-Za-z0-9_-]+)/)![1];
  const r = await call(env, "post", "/app/TokenAuth/ResetPasswordWithLink", {
    body: { token: link, newPassword: "Another-pw-9" },
  });
  assert.equal(r.status, 200);
  assert.equal(r.json.result.accessToken, undefined);
  assert.equal(r.json.result.twoFactor, "code");
  env.clock.advance(60_000);
  const done = await withCode(env, r.json.result.challenge, codeAt(secret, env.clock.now()));
  assert.equal(done.status, 200);
  assert.ok(done.json.result.accessToken);
});

Deno.test("cli: users reset-two-factor is the way back in for an administrator who lost the phone", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await enrol(env, admin);
  assert.equal((await authenticate(env, "admin", ADMIN_PASSWORD)).json.result.twoFactor, "code");
  const r = await runCli(env.dataDir, ["users", "reset-two-factor", "admin"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Two-factor sign-in of admin was reset/);
  assert.ok((await authenticate(env, "admin", ADMIN_PASSWORD)).json.result.accessToken);
  const again = await runCli(env.dataDir, ["users", "reset-two-factor", "admin"]);
  assert.notEqual(again.code, 0);
  assert.match(again.stderr, /no two-factor sign-in/);
});
