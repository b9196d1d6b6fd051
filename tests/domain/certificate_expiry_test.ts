// The scheduled warning 30 days before a supplier's certificate expires: through the outbox and a
// real SMTP server, to the supplier's buyers in their languages, once per certificate and expiry.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects, offerProjectSuppliers, users } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import {
  createCertificate,
  updateCertificate,
} from "../../server/domain/suppliers/certificates.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { everything, supplier } from "./projects_fixtures.ts";
import { startSmtp, until } from "../email_fixtures.ts";

const DAY = 86_400_000;
const run = (env: Parameters<typeof runDueJobs>[0]) =>
  runDueJobs(env, { only: ["certificateExpiry", "flushOutbox"] });

Deno.test("a certificate expiring in 30 days is announced once to its buyers, in their languages, over SMTP", async () => {
  await using smtp = await startSmtp();
  // 2026-11-23 10:00 UTC+8
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const recorder = await createUser(env, {
    userName: "anna",
    name: "Anna Smith",
    password: "Passw0rd!x",
    roleNames: ["Buyer"],
    emailAddress: "anna@qmo.test",
  });
  await env.db.update(users).set({ language: "en" }).where(eq(users.id, recorder.id));
  const projectBuyer = await createUser(env, {
    userName: "zhangwei",
    name: "张伟",
    password: "Passw0rd!x",
    roleNames: ["Buyer"],
    emailAddress: "zhang.wei@qmo.test",
  });
  const s = await supplier(env, "S001");
  // 张伟 invited the supplier to one of his projects: he is one of its buyers.
  const [p] = await env.db.insert(offerProjects).values({
    code: "QP-1",
    name: "多层板",
    kind: "material",
    status: "published",
    creatorId: projectBuyer.id,
  }).returning();
  await env.db.insert(offerProjectSuppliers).values({
    projectId: p.id,
    supplierId: s.id,
    invitedAt: env.clock.now(),
  });
  const cert = await createCertificate(env, everything(recorder.id), {
    supplierId: s.id,
    type: "IATF16949",
    number: "IATF-0412",
    issuedOn: "2023-12-25",
    expiresOn: "2026-12-24", // 31 days ahead
  });

  await run(env);
  assert.equal(smtp.received.length, 0, "31 days ahead is outside the window");

  env.clock.advance(DAY); // 2026-11-24: 30 days left
  await run(env);
  await until(() => smtp.received.length >= 2);
  assert.equal(smtp.received.length, 2);
  const en = smtp.received.find((m) => m.to[0] === "anna@qmo.test")!;
  const zh = smtp.received.find((m) => m.to[0] === "zhang.wei@qmo.test")!;
  assert.equal(en.subject, "[Certificate expiring] S001 Co., Ltd. IATF 16949 2026-12-24");
  assert.match(en.text, /Dear Anna Smith,/);
  assert.match(
    en.text,
    /The IATF 16949 certificate of S001 Co., Ltd. \(number IATF-0412\) expires on 2026-12-24/,
  );
  assert.equal(zh.subject, "【证书即将到期】S001 Co., Ltd. IATF 16949 汽车质量管理体系 2026-12-24");
  assert.match(zh.text, /张伟，您好/);
  assert.match(zh.text, /编号 IATF-0412/);

  // Later runs, on the same day and the next ones, send nothing more.
  env.clock.advance(2 * 3600_000);
  await run(env);
  env.clock.advance(DAY);
  await run(env);
  env.clock.advance(20 * DAY);
  await run(env);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(smtp.received.length, 2);

  // Renewed: the new expiry date is warned again when it comes near, once.
  await updateCertificate(env, everything(recorder.id), {
    id: cert.id,
    supplierId: s.id,
    type: "IATF16949",
    number: "IATF-0412",
    issuedOn: "2026-12-10",
    expiresOn: "2029-12-09",
  });
  await run(env);
  assert.equal(smtp.received.length, 2);
  env.clock.set("2029-11-09T02:00:00.000Z"); // 30 days before 2029-12-09
  await run(env);
  await until(() => smtp.received.length >= 3);
  // 张伟's invitation is more than a year old now: only the one who changed it hears.
  assert.equal(smtp.received.length, 3);
  assert.deepEqual(smtp.received[2].to, ["anna@qmo.test"]);
  assert.match(smtp.received[2].subject, /2029-12-09/);
  env.clock.advance(DAY);
  await run(env);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(smtp.received.length, 3);
});
