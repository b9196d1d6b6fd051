// A forgotten password: a one-time link by email (through the outbox, to a real SMTP server), valid
// 30 minutes, the same answer for an unknown account, other sessions ended, only a hash kept.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { loginFailures, passwordResets, users } from "../../db/schema.ts";
import { PASSWORD_RESET } from "../../server/domain/auth/passwordReset.ts";
import { LOCKOUT } from "../../server/domain/auth/service.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { sha256Hex } from "../../server/domain/shared/hashing.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { startSmtp, type TestSmtp, until } from "../email_fixtures.ts";

const SEND = "/app/TokenAuth/SendPasswordResetLink";
const CHECK = "/app/TokenAuth/CheckPasswordResetLink";
const RESET = "/app/TokenAuth/ResetPasswordWithLink";
const INFO = "/QMO/SystemUserExt/GetUserInfo";
const AUTH = "/app/TokenAuth/Authenticate";
const MINUTE = 60_000;
const OLD = "Passw0rd!x";
const NEW = "N3w-secret-pw";

async function setUp(smtp: TestSmtp) {
  const env = await testEnv({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "1" } });
  await createUser(env, {
    userName: "S100",
    name: "Acme Laminates",
    password: OLD,
    roleNames: ["Supplier"],
    kind: "supplier",
    emailAddress: "sales@acme.test",
  });
  await createUser(env, {
    userName: "buyer1",
    name: "Zhang Wei",
    password: OLD,
    roleNames: ["Buyer"],
    emailAddress: "zhang.wei@qmo.test",
  });
  return env;
}

const ask = (env: TestEnv, name: string, opts: { lang?: "en" | "zh"; ip?: string } = {}) =>
  call(env, "post", SEND, {
    lang: opts.lang ?? "en",
    headers: { "x-forwarded-for": opts.ip ?? "198.51.100.1" },
    body: { userNameOrEmailAddress: name },
  });

const reset = (env: TestEnv, token: string, newPassword = NEW) =>
  call(env, "post", RESET, { lang: "en", body: { token, newPassword } });

const signInStatus = async (env: TestEnv, userName: string, password: string) =>
  (await call(env, "post", AUTH, {
    body: { userNameOrEmailAddress: userName, password },
  })).status;

/** Sends the outbox and answers the secret of the last reset link that arrived, and its email. */
async function linkFromMail(env: TestEnv, smtp: TestSmtp) {
  const before = smtp.received.length;
  await flushOutbox(env);
  await until(() => smtp.received.length > before);
  const mail = smtp.received.at(-1)!;
  const m = mail.text.match(/(https?:\/\/\S+\/reset-password)\?token=([A-Za-z0-9_-]+)/);
  assert.ok(m, mail.text);
  return { mail, page: m[1], token: m[2] };
}

Deno.test("a supplier who forgot the password gets a link by email that sets a new one and signs in, once", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  const asked = await ask(env, "S100");
  assert.equal(asked.status, 200);
  assert.equal(asked.json.success, true);
  assert.equal(asked.json.result, null);

  const { mail, page, token } = await linkFromMail(env, smtp);
  assert.deepEqual(mail.to, ["sales@acme.test"]);
  assert.equal(mail.subject, en.passwordReset.emailSubject);
  assert.match(mail.text, /^Hello Acme Laminates,/);
  assert.match(mail.text, /within 30 minutes/);
  // A supplier's link opens the portal's page.
  assert.equal(page, `${env.config.publicUrl}/portal/reset-password`);

  const checked = await call(env, "get", CHECK, { query: { token } });
  assert.equal(checked.status, 200);
  assert.deepEqual(checked.json.result, { userName: "S100", kind: "supplier" });

  const done = await reset(env, token);
  assert.equal(done.status, 200, JSON.stringify(done.json));
  const info = await call(env, "get", INFO, { token: done.json.result.accessToken });
  assert.equal(info.json.result.userName, "S100");
  assert.equal(await signInStatus(env, "S100", NEW), 200);
  assert.equal(await signInStatus(env, "S100", OLD), 401);

  // Used: neither the page nor the call take it again.
  const again = await reset(env, token, "Another-pw-9");
  assert.equal(again.status, 400);
  assert.equal(again.json.error.message, en.passwordReset.linkInvalid);
  assert.deepEqual(again.json.error.validationErrors[0].members, ["token"]);
  assert.equal((await call(env, "get", CHECK, { query: { token } })).status, 400);
  assert.equal(await signInStatus(env, "S100", "Another-pw-9"), 401);
});

Deno.test("a reset link stops working 30 minutes after it was sent", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  await ask(env, "buyer1");
  const first = await linkFromMail(env, smtp);
  // Staff open the back-office's page.
  assert.equal(first.page, `${env.config.publicUrl}/reset-password`);
  env.clock.advance(30 * MINUTE - 1000);
  assert.equal((await call(env, "get", CHECK, { query: { token: first.token } })).status, 200);

  await ask(env, "buyer1");
  const second = await linkFromMail(env, smtp);
  env.clock.advance(1000);
  // The first is 30 minutes old: refused, and the password is unchanged.
  const late = await reset(env, first.token);
  assert.equal(late.status, 400);
  assert.equal(late.json.error.message, en.passwordReset.linkInvalid);
  assert.equal((await call(env, "get", CHECK, { query: { token: first.token } })).status, 400);
  assert.equal(await signInStatus(env, "buyer1", OLD), 200);

  env.clock.advance(29 * MINUTE - 1000);
  assert.equal((await reset(env, second.token)).status, 200);
  assert.equal(await signInStatus(env, "buyer1", NEW), 200);
});

Deno.test("an unknown account, an inactive one and one without email get the same answer as a known one, in as long, and no email", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  await createUser(env, { userName: "noemail", name: "No Mail", password: OLD, roleNames: [] });
  await createUser(env, {
    userName: "gone",
    name: "Gone",
    password: OLD,
    roleNames: [],
    emailAddress: "gone@qmo.test",
  });
  await env.db.update(users).set({ isActive: false }).where(eq(users.userName, "gone"));

  const answers = [];
  for (const name of ["S100", "nobody-here", "ghost@nowhere.test", "noemail", "gone"]) {
    const t0 = performance.now();
    const r = await ask(env, name);
    const ms = performance.now() - t0;
    assert.ok(ms >= PASSWORD_RESET.answerMs - 5, `${name} answered in ${ms} ms`);
    answers.push({ status: r.status, json: r.json });
  }
  for (const a of answers) assert.deepEqual(a, answers[0]);
  assert.equal(answers[0].status, 200);

  await flushOutbox(env);
  await until(() => smtp.received.length > 0);
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(smtp.received.map((m) => m.to), [["sales@acme.test"]]);
});

Deno.test("setting a new password with a link ends every other session of the user", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  const laptop = await signIn(env, "buyer1", OLD);
  const phone = await signIn(env, "buyer1", OLD);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await ask(env, "zhang.wei@qmo.test");
  const { token } = await linkFromMail(env, smtp);
  const done = await reset(env, token);
  assert.equal(done.status, 200);
  for (const old of [laptop, phone]) {
    const r = await call(env, "get", INFO, { token: old, lang: "en" });
    assert.equal(r.status, 401);
    assert.equal(r.json.error.message, en.auth.tokenRevoked);
  }
  assert.equal((await call(env, "get", INFO, { token: done.json.result.accessToken })).status, 200);
  // Someone else's session is not touched.
  assert.equal((await call(env, "get", INFO, { token: admin })).status, 200);
});

Deno.test("the link's secret is kept only as a hash: not in the database, the email log or the audit log", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await ask(env, "S100");
  // Before it is sent, the email log shows the email without the secret.
  const log = await call(env, "get", "/QMO/EmailLog/GetAll", { token: admin });
  const queued = log.json.result.items.find((e: { templateCode: string }) =>
    e.templateCode === "PASSWORD_RESET"
  );
  assert.match(queued.body, /\/portal\/reset-password\?token=…/);

  const { token } = await linkFromMail(env, smtp);
  assert.equal(token.length, 43);
  const [row] = await env.db.select().from(passwordResets);
  assert.equal(row.tokenHash, sha256Hex(token));
  assert.equal((await reset(env, token)).status, 200);

  // Every row of every table, read back: the secret is nowhere (the sent email forgot it).
  const tables = await env.db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
  );
  for (const { name } of tables) {
    const rows = await env.db.all(sql.raw(`SELECT * FROM "${name}"`));
    assert.ok(!JSON.stringify(rows).includes(token), `the secret is stored in ${name}`);
    assert.ok(!JSON.stringify(rows).includes(NEW), `the password is stored in ${name}`);
  }

  // The reset is in the audit log, under the user it reset.
  const audit = await call(env, "get", "/QMO/AuditLog/GetAll", {
    token: admin,
    query: { methodName: "ResetPasswordWithLink" },
  });
  const [entry] = audit.json.result.items;
  const s100 = await env.db.query.users.findFirst({ where: eq(users.userName, "S100") });
  assert.equal(entry.userId, s100!.id);
  assert.equal(entry.userName, "S100");
  assert.equal(entry.httpStatus, 200);
});

Deno.test("requests are counted against the address as failed sign-ins are, never against the account", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  // More requests in the supplier's name than failures lock an account: it still signs in, and
  // a mailbox gets at most 3 links in 30 minutes.
  for (let i = 0; i < LOCKOUT.accountFailures + 1; i++) {
    assert.equal((await ask(env, "S100", { ip: `203.0.113.${i + 1}` })).status, 200);
  }
  assert.equal(await signInStatus(env, "S100", OLD), 200);
  await flushOutbox(env);
  await until(() => smtp.received.length >= PASSWORD_RESET.linksPerAccount);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(smtp.received.length, PASSWORD_RESET.linksPerAccount);

  // One address at its limit of failures is refused, for any name, as its sign-ins are.
  const ip = "192.0.2.9";
  const now = env.clock.now();
  await env.db.insert(loginFailures).values(
    Array.from({ length: LOCKOUT.ipFailures - 1 }, (_, i) => ({
      userName: `guess${i}`,
      clientIp: ip,
      at: now,
    })),
  );
  assert.equal((await ask(env, "nobody", { ip })).status, 200);
  for (const name of ["nobody", "S100"]) {
    const r = await ask(env, name, { ip });
    assert.equal(r.status, 429);
    assert.equal(r.json.error.message, en.auth.locked_other.replace("{{count}}", "5"));
  }
});

Deno.test("a link signs in an account locked by wrong passwords: its failures are forgotten", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  for (let i = 0; i < LOCKOUT.accountFailures; i++) await signInStatus(env, "S100", `wrong-${i}`);
  assert.equal(await signInStatus(env, "S100", OLD), 429);
  // Asking for a link is not refused by the account's lock.
  assert.equal((await ask(env, "S100")).status, 200);
  const { token } = await linkFromMail(env, smtp);
  assert.equal((await reset(env, token)).status, 200);
  assert.equal(await signInStatus(env, "S100", NEW), 200);
});

Deno.test("the email is in the language the user chose, else in the language of the page that asked", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  const buyer = await signIn(env, "buyer1", OLD);
  await call(env, "post", "/app/User/ChangeLanguage", {
    token: buyer,
    body: { languageName: "zh" },
  });
  await ask(env, "buyer1", { lang: "en" });
  const chosen = await linkFromMail(env, smtp);
  assert.equal(chosen.mail.subject, zh.passwordReset.emailSubject);
  assert.match(chosen.mail.text, /^Zhang Wei，您好：/);
  assert.match(chosen.mail.text, /30 分钟内/);

  await ask(env, "S100", { lang: "zh" });
  assert.equal((await linkFromMail(env, smtp)).mail.subject, zh.passwordReset.emailSubject);
  await ask(env, "S100", { lang: "en" });
  assert.equal((await linkFromMail(env, smtp)).mail.subject, en.passwordReset.emailSubject);
});

Deno.test("a new password with a link keeps the password rules, and a made-up link is refused alike", async () => {
  await using smtp = await startSmtp();
  await using env = await setUp(smtp);
  await ask(env, "S100");
  const { token } = await linkFromMail(env, smtp);
  const short = await reset(env, token, "short");
  assert.equal(short.status, 400);
  assert.deepEqual(short.json.error.validationErrors[0].members, ["newPassword"]);
  const madeUp = await reset(env, "A".repeat(43));
  assert.equal(madeUp.status, 400);
  assert.equal(madeUp.json.error.message, en.passwordReset.linkInvalid);
  const empty = await call(env, "post", SEND, {
    lang: "en",
    body: { userNameOrEmailAddress: " " },
  });
  assert.equal(empty.status, 400);
  assert.match(empty.json.error.message, /User name or email/);
  // The refused tries did not use the link up.
  assert.equal((await reset(env, token)).status, 200);
});
