// Closing a project whose award waits for approval cancels that approval: the approver has nothing
// left to decide and is told so by email; the trail and the audit log say who closed it and why.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLogs, awardProposals } from "../../db/schema.ts";
import { call, testEnv } from "../helpers.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { startSmtp } from "../email_fixtures.ts";
import { AA, awardReady, PM } from "./award_fixtures.ts";

Deno.test("closing a project cancels its pending award approval, in its trail, the audit log and an email to the approver", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://qmo.test" } });
  const { buyer, leader, s1, project } = await awardReady(env);
  const proposed = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    body: { offProId: project.id, scope: "project", supplierId: s1.supplier.id, reason: "Lowest" },
  });
  assert.equal(proposed.json.result.status, "pendingApproval");
  const id = proposed.json.result.proposal.id;

  const closed = await call(env, "post", `${PM}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: project.id, closeReason: "The demand was cancelled" },
  });
  assert.equal(closed.status, 200, JSON.stringify(closed.json));

  // The approver hears of it once, in their language, with who closed it and why.
  await flushOutbox(env);
  const told = smtp.received.filter((m) =>
    m.to[0] === "leader1@qmo.test" && m.subject.startsWith("[Award approval")
  );
  assert.deepEqual(told.map((m) => m.subject), [
    `[Award approval] ${project.code} Laminate annual supply`,
    `[Award approval cancelled] ${project.code} Laminate annual supply`,
  ]);
  assert.match(
    told[1].text,
    /was closed by buyer1: the award waiting for your approval is cancelled/,
  );
  assert.match(told[1].text, /Reason for closing: The demand was cancelled/);
  assert.match(told[1].text, new RegExp(`https://qmo\\.test/awardApproval/index\\?id=${id}`));

  const [row] = await env.db.select().from(awardProposals).where(eq(awardProposals.id, id));
  assert.deepEqual([row.status, row.decidedBy, row.decisionComment, row.awardId], [
    "cancelled",
    buyer.user.id,
    "The demand was cancelled",
    null,
  ]);
  const trail = await call(env, "get", `${AA}/GetProjectTrail`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  const [p] = trail.json.result.items;
  assert.equal(p.status, "cancelled");
  assert.deepEqual(
    p.events.map((e: { action: string; actorName: string; comment: string }) => [
      e.action,
      e.actorName,
      e.comment,
    ]),
    [["proposed", "buyer1", null], ["cancelled", "buyer1", "The demand was cancelled"]],
  );

  // The leader has nothing left to decide, and a late approval is refused as such.
  const mine = await call(env, "get", `${AA}/GetMine`, { token: leader.token });
  assert.equal(mine.json.result.totalCount, 0);
  const late = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    lang: "en",
    body: { id, comment: "ok" },
  });
  assert.equal(late.status, 409);
  assert.equal(late.json.error.message, "This award was cancelled: its project was closed");

  const audit = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "AwardTrail"));
  assert.deepEqual(audit.map((x) => [x.methodName, x.userName]), [
    ["ProposeAward", "buyer1"],
    ["CancelAwardApproval", "buyer1"],
  ]);
  const params = JSON.parse(audit[1].parameters!);
  assert.deepEqual([params.status, params.projectCode, params.comment], [
    "cancelled",
    project.code,
    "The demand was cancelled",
  ]);
});
