// Turning QMO passwords off for staff (the staffPasswordSignIn setting) while company sign-in is
// configured: staff are refused with a clear reason, `admin` and suppliers still sign in, and a
// reset link no longer opens a staff session.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { passwordResets } from "../../db/schema.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { startSmtp, until } from "../email_fixtures.ts";

const AUTH = "/app/TokenAuth/Authenticate";
const UPDATE = "/QMO/SystemResource/Update";
const PASSWORD = "Passw0rd!x";
const COMPANY_SIGN_IN = {
  OIDC_ISSUER: "https://login.example.test/realms/plant",
  OIDC_CLIENT_ID: "qmo",
  OIDC_CLIENT_SECRET: "client-secret",
};

async function setUp(extra: Record<string, string> = {}) {
  const env = await testEnv({ env: { ...COMPANY_SIGN_IN, ...extra } });
  await createUser(env, {
    userName: "buyer1",
    name: "Zhang Wei",
    password: PASSWORD,
    roleNames: ["Buyer"],
    emailAddress: "zhang.wei@qmo.test",
  });
  await createUser(env, {
    userName: "S100",
    name: "Acme Laminates",
    password: PASSWORD,
    roleNames: ["Supplier"],
    kind: "supplier",
  });
  return env;
}

const attempt = (env: TestEnv, userName: string, password: string, lang: "en" | "zh" = "en") =>
  call(env, "post", AUTH, { lang, body: { userNameOrEmailAddress: userName, password } });

async function passwordsOff(env: TestEnv, value: unknown = false) {
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  return await call(env, "put", UPDATE, {
    token,
    lang: "en",
    body: { items: [{ key: "staffPasswordSignIn", value }] },
  });
}

Deno.test("with staff passwords turned off, staff are told to use the company account; admin and suppliers sign in", async () => {
  await using env = await setUp();
  assert.equal((await attempt(env, "buyer1", PASSWORD)).status, 200);
  const saved = await passwordsOff(env);
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const item = saved.json.result.items.find((i: { key: string }) =>
    i.key === "staffPasswordSignIn"
  );
  assert.equal(item.value, false);

  const refused = await attempt(env, "buyer1", PASSWORD);
  assert.equal(refused.status, 401);
  assert.equal(refused.json.error.message, en.auth.passwordSignInOff);
  const inChinese = await attempt(env, "zhang.wei@qmo.test", PASSWORD, "zh");
  assert.equal(inChinese.json.error.message, zh.auth.passwordSignInOff);
  // A wrong password is answered as always: nothing is told of the account.
  const wrong = await attempt(env, "buyer1", "not-the-password");
  assert.equal(wrong.json.error.message, en.auth.invalidCredentials);

  assert.equal((await attempt(env, " ADMIN ", ADMIN_PASSWORD)).status, 200);
  assert.equal((await attempt(env, "S100", PASSWORD)).status, 200);

  // Turned back on: staff sign in with their password again.
  assert.equal((await passwordsOff(env, true)).status, 200);
  assert.equal((await attempt(env, "buyer1", PASSWORD)).status, 200);
});

Deno.test("the setting only counts while company sign-in is configured, and takes only true or false", async () => {
  await using env = await testEnv();
  await createUser(env, { userName: "buyer1", name: "B", password: PASSWORD, roleNames: [] });
  assert.equal((await passwordsOff(env)).status, 200);
  // Without company sign-in there is no other way in: passwords keep working.
  assert.equal((await attempt(env, "buyer1", PASSWORD)).status, 200);

  const bad = await passwordsOff(env, "no");
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.json.error.validationErrors[0].members, ["staffPasswordSignIn"]);
});

Deno.test("with staff passwords turned off, a staff member gets no reset link and an earlier link opens no session", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp({ SMTP_URL: smtp.url });
  const ask = () =>
    call(env, "post", "/app/TokenAuth/SendPasswordResetLink", {
      lang: "en",
      body: { userNameOrEmailAddress: "buyer1" },
    });
  assert.equal((await ask()).status, 200);
  await flushOutbox(env);
  await until(() => smtp.received.length === 1);
  const token = smtp.received[0].text.match(/\?token=([A-Za-z0-9_-]+)/)![1];

  await passwordsOff(env);
  const used = await call(env, "post", "/app/TokenAuth/ResetPasswordWithLink", {
    lang: "en",
    body: { token, newPassword: "N3w-secret-pw" },
  });
  assert.equal(used.status, 400);
  assert.equal(used.json.error.message, en.passwordReset.linkInvalid);
  assert.equal(
    (await attempt(env, "buyer1", "N3w-secret-pw")).json.error.message,
    en.auth.invalidCredentials,
  );

  assert.equal((await ask()).status, 200);
  const links = await env.db.select().from(passwordResets);
  assert.equal(links.length, 1, "no second link is made");
  assert.equal(links.filter((l) => l.usedAt !== null).length, 0);
});
