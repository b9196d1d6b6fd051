// The language a user signs in with is saved as theirs unless they chose one, and the emails the
// system sends them follow it (through the outbox, to a real SMTP server).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { call, type TestEnv, testEnv } from "../helpers.ts";
import { DEADLINE, materialProject, P, staff, supplier } from "../domain/projects_fixtures.ts";
import { startSmtp, type TestSmtp, until } from "../email_fixtures.ts";

const AUTH = "/app/TokenAuth/Authenticate";

async function setUp(smtp: TestSmtp) {
  const env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const s1 = await supplier(env, "S1");
  await createUser(env, {
    userName: "S1",
    name: "S1 abbr",
    password: "Passw0rd!x",
    roleNames: ["Supplier"],
    kind: "supplier",
    supplierId: s1.id,
  });
  return { env, buyer, s1 };
}

const signInIn = async (env: TestEnv, lang: "en" | "zh" | undefined) => {
  const r = await call(env, "post", AUTH, {
    lang,
    body: { userNameOrEmailAddress: "S1", password: "Passw0rd!x" },
  });
  assert.equal(r.status, 200);
  return r.json.result.accessToken as string;
};

/** Publishes a project to the supplier and answers the subject of the invitation it receives. */
async function invitationSubject(
  env: TestEnv,
  smtp: TestSmtp,
  buyer: Awaited<ReturnType<typeof setUp>>["buyer"],
  s1: { id: number; code: string },
) {
  const p = await materialProject(env, buyer.actor, "Laminates");
  const r = await call(env, "post", "/QMO/OfferProjectManager/UpdateSupplierOfferProject", {
    token: buyer.token,
    body: { OffProManagerId: p.id, OfferEndTime: DEADLINE, supList: [s1] },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  await flushOutbox(env);
  await until(() => smtp.received.length > 0);
  const [mail] = smtp.received;
  assert.deepEqual(mail.to, ["s1@example.com"]);
  return mail.subject;
}

const saved = async (env: TestEnv) =>
  await env.db.query.users.findFirst({ where: eq(users.userName, "S1") });

Deno.test("a supplier who signs in on the English page with no language saved gets the system's emails in English", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, s1 } = await setUp(smtp);
  await using _ = env;
  assert.equal((await saved(env))?.language, null);
  await signInIn(env, "en");
  // A sign-in that names no language (a script) leaves it as it is.
  await signInIn(env, undefined);
  assert.equal((await saved(env))?.language, "en");
  assert.equal((await saved(env))?.languageChosen, false);
  const subject = await invitationSubject(env, smtp, buyer, s1);
  assert.match(subject, /^\[Request for quotation\] .+ Laminates$/);
});

Deno.test("the last sign-in's language counts until one is chosen; a user who chose Chinese keeps Chinese emails after signing in in English", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, s1 } = await setUp(smtp);
  await using _ = env;
  await signInIn(env, "en");
  const token = await signInIn(env, "zh");
  assert.equal((await saved(env))?.language, "zh");
  const chose = await call(env, "post", "/app/User/ChangeLanguage", {
    token,
    body: { languageName: "zh" },
  });
  assert.equal(chose.status, 200);
  await signInIn(env, "en");
  assert.equal((await saved(env))?.language, "zh");
  assert.equal((await saved(env))?.languageChosen, true);
  const subject = await invitationSubject(env, smtp, buyer, s1);
  assert.match(subject, /^【报价邀请】.+ Laminates$/);
});
