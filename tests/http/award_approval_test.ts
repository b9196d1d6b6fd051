// Awards that need approval, through the API with a real SMTP server: an award at or above the
// threshold in CNY waits for the buyer's person in charge, the suppliers hear of it only once it is
// approved, nobody approves their own award, a rejection returns it to the buyer, an admin
// reassigns a pending approval, and the whole trail is on the project and in the audit log.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs } from "../../db/schema.ts";
import { call, testEnv } from "../helpers.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { startSmtp } from "../email_fixtures.ts";
import { AA, awardReady, PM } from "./award_fixtures.ts";

/** The emails of awards and their approval (not those of publishing, quoting and ending). */
const awardMails = (smtp: { received: { subject: string; to: string[]; text: string }[] }) =>
  smtp.received.filter((m) => /Award|定标|中标/.test(m.subject));

type Event = {
  action: string;
  actorName: string;
  toName: string;
  fromName: string;
  comment: string;
};

Deno.test("an award of 200,000 CNY or more (a USD quote) waits for the person in charge; the suppliers are mailed only once it is approved; nobody approves their own award", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://qmo.test" } });
  const { buyer, leader, other, deputy, s1, project, a, b } = await awardReady(env);
  const award = (body: Record<string, unknown>, token = buyer.token) =>
    call(env, "post", `${PM}/AwardOfferProject`, {
      token,
      lang: "en",
      body: { offProId: project.id, ...body },
    });

  // 30 USD × 7.2 × 1000 + 10 × 100 = 217,000 CNY (31,000 in the quoted figures): above 200,000.
  const proposed = await award({ scope: "project", supplierId: s1.supplier.id, reason: "Lowest" });
  assert.equal(proposed.status, 200, JSON.stringify(proposed.json));
  const r = proposed.json.result;
  assert.equal(r.status, "pendingApproval");
  assert.equal(r.award, null);
  assert.deepEqual(
    [r.proposal.status, r.proposal.amountCny, r.proposal.amountBasis, r.proposal.rule],
    ["pending", "217000", "quotes", "threshold:200000"],
  );
  assert.deepEqual([r.proposal.approverName, r.proposal.matrixVersion], ["Li Na", 1]);
  assert.match(r.proposal.matrixHash, /^[0-9a-f]{64}$/);
  const id = r.proposal.id;

  // Nothing is awarded yet and no supplier is told; the person in charge gets the request.
  const got = await call(env, "get", `${PM}/GetAward`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.equal(got.json.result, null);
  await flushOutbox(env);
  assert.deepEqual(awardMails(smtp).map((m) => m.to[0]), ["leader1@qmo.test"]);
  const request = awardMails(smtp)[0];
  assert.equal(request.subject, `[Award approval] ${project.code} Laminate annual supply`);
  assert.match(request.text, /buyer1 proposes the award/);
  assert.match(request.text, /Amount: ¥217,000\.00 \(unit prices in CNY × yearly usage\)/);
  assert.match(request.text, /Reason: Lowest/);
  assert.match(request.text, new RegExp(`https://qmo\\.test/awardApproval/index\\?id=${id}`));

  // The buyer cannot approve their own award; another buyer is not the approver either.
  const self = await call(env, "post", `${AA}/Approve`, {
    token: buyer.token,
    lang: "en",
    body: { id, comment: "fine by me" },
  });
  assert.equal(self.status, 403);
  assert.equal(self.json.error.message, "You cannot approve or reject your own award");
  const zh = await call(env, "post", `${AA}/Approve`, {
    token: buyer.token,
    lang: "zh",
    body: { id },
  });
  assert.equal(zh.json.error.message, "不能审批自己提交的定标");
  const stranger = await call(env, "post", `${AA}/Approve`, {
    token: other.token,
    lang: "en",
    body: { id },
  });
  assert.equal(stranger.status, 403);
  assert.match(stranger.json.error.message, /Only Li Na, to whom this award was sent/);
  // A second proposal waits for this one.
  const again = await award({
    scope: "lines",
    lines: [{ itemId: b, supplierId: s1.supplier.id }],
    reason: "x",
  });
  assert.equal(again.status, 409);
  assert.match(again.json.error.message, /waiting for approval/);

  // The leader (no project permission) sees it in "my approvals" and opens it with the matrix.
  const mine = await call(env, "get", `${AA}/GetMine`, { token: leader.token });
  assert.deepEqual(mine.json.result.items.map((x: { id: number }) => x.id), [id]);
  assert.equal(
    (await call(env, "get", `${AA}/GetMine`, { token: buyer.token })).json.result.totalCount,
    0,
  );
  const detail = (await call(env, "get", `${AA}/Get`, { token: leader.token, query: { id } })).json
    .result;
  assert.deepEqual(detail.actions, ["approve", "reject"]);
  assert.equal(detail.mayOpenProject, false);
  assert.equal(detail.matrixChanged, false);
  assert.deepEqual(detail.snapshot.rows.map((x: { cny: string[] }) => x.cny), [
    ["216.0000", "205.0000"],
    ["10.0000", "12.0000"],
  ]);
  assert.deepEqual(
    detail.lines.map((l: { itemId: number; supplierCode: string }) => [l.itemId, l.supplierCode]),
    [
      [a, "S1"],
      [b, "S1"],
    ],
  );
  // The buyer sees it too, without the buttons; someone else without the project is refused.
  const own =
    (await call(env, "get", `${AA}/Get`, { token: buyer.token, query: { id } })).json.result;
  assert.deepEqual(own.actions, []);
  const outsider = await call(env, "get", `${AA}/Get`, { token: deputy.token, query: { id } });
  assert.equal(outsider.status, 403);
  // Nor does approving tell them anything: the answer of a proposal that does not exist, without
  // its state or the approver's name.
  const blind = await call(env, "post", `${AA}/Approve`, {
    token: deputy.token,
    lang: "en",
    body: { id },
  });
  const missing = await call(env, "post", `${AA}/Approve`, {
    token: deputy.token,
    lang: "en",
    body: { id: id + 1000 },
  });
  assert.equal(blind.status, 404);
  assert.equal(missing.status, 404);
  assert.equal(
    blind.json.error.message,
    missing.json.error.message.replace(String(id + 1000), String(id)),
  );
  assert.doesNotMatch(JSON.stringify(blind.json), /Li Na|pending/);

  const ok = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    lang: "en",
    body: { id, comment: "Agreed: lowest total" },
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.result.status, "approved");
  const twice = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    lang: "en",
    body: { id },
  });
  assert.equal(twice.status, 409);
  assert.match(twice.json.error.message, /already been approved/);

  // Now the award is in force, the supplier is told, and the buyer hears of the decision.
  const inForce = await call(env, "get", `${PM}/GetAward`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.deepEqual(inForce.json.result.supplierNames, ["Abbr S1"]);
  assert.equal(inForce.json.result.awardedByName, "buyer1");
  await flushOutbox(env);
  const after = awardMails(smtp).slice(1);
  assert.deepEqual(after.map((m) => m.to[0]).sort(), ["buyer1@qmo.test", "s1@example.com"]);
  assert.match(after.find((m) => m.to[0] === "s1@example.com")!.subject, /^【中标通知】/);
  const told = after.find((m) => m.to[0] === "buyer1@qmo.test")!;
  assert.equal(told.subject, `[Award approved] ${project.code} Laminate annual supply`);
  assert.match(told.text, /was approved by Li Na\.\nComment: Agreed: lowest total/);

  // The trail: who proposed, who approved, when, the comment, the matrix version.
  const trail = (await call(env, "get", `${AA}/GetProjectTrail`, {
    token: buyer.token,
    query: { offProId: project.id },
  })).json.result.items;
  assert.equal(trail.length, 1);
  assert.deepEqual(
    [trail[0].status, trail[0].proposedByName, trail[0].decidedByName, trail[0].decisionComment],
    ["approved", "buyer1", "Li Na", "Agreed: lowest total"],
  );
  assert.deepEqual(
    trail[0].events.map((e: Event) => [e.action, e.actorName, e.toName, e.comment]),
    [["proposed", "buyer1", "Li Na", null], ["approved", "Li Na", null, "Agreed: lowest total"]],
  );
  assert.equal(trail[0].events[1].at, "2026-11-23T10:00:00.000Z");

  // The audit log holds each step with its content, beside the HTTP calls.
  const rows = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "AwardTrail"));
  assert.deepEqual(rows.map((x) => [x.methodName, x.userName]), [
    ["ProposeAward", "buyer1"],
    ["ApproveAward", "leader1"],
  ]);
  const approved = JSON.parse(rows[1].parameters!);
  assert.deepEqual(
    [approved.projectCode, approved.matrixVersion, approved.comment, approved.amountCny],
    [project.code, 1, "Agreed: lowest total", "217000"],
  );
  assert.deepEqual(approved.suppliers, ["Abbr S1"]);
  const refused = await env.db.select().from(auditLogs)
    .where(and(eq(auditLogs.methodName, "Approve"), eq(auditLogs.httpStatus, 403)));
  assert.equal(refused.length, 3, "the refused self-approvals and the stranger's try are logged");
});

Deno.test("a rejected award returns to the buyer, who proposes again; an admin reassigns the approval when the leader is away; the trail keeps both", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const { buyer, leader, deputy, admin, s1, s2, project, a, b } = await awardReady(env);
  const award = (body: Record<string, unknown>) =>
    call(env, "post", `${PM}/AwardOfferProject`, {
      token: buyer.token,
      lang: "en",
      body: { offProId: project.id, ...body },
    });
  // Per line: A to S2 (205,000) and B to S1 (1,000) = 206,000 CNY.
  const first = await award({
    scope: "lines",
    lines: [{ itemId: a, supplierId: s2.supplier.id }, { itemId: b, supplierId: s1.supplier.id }],
    reason: "Local supplier for the laminate",
  });
  assert.equal(first.json.result.proposal.amountCny, "206000");
  const id1 = first.json.result.proposal.id;

  // A rejection needs its comment.
  const bare = await call(env, "post", `${AA}/Reject`, {
    token: leader.token,
    lang: "en",
    body: { id: id1 },
  });
  assert.equal(bare.status, 400);
  assert.equal(bare.json.error.message, "Say why the award is rejected");
  const no = await call(env, "post", `${AA}/Reject`, {
    token: leader.token,
    lang: "en",
    body: { id: id1, comment: "S1 is cheaper on the whole" },
  });
  assert.equal(no.status, 200, JSON.stringify(no.json));
  assert.equal(no.json.result.status, "rejected");
  assert.equal(
    (await call(env, "get", `${PM}/GetAward`, {
      token: buyer.token,
      query: { offProId: project.id },
    }))
      .json.result,
    null,
  );
  await flushOutbox(env);
  const rejected = awardMails(smtp).find((m) => m.to[0] === "buyer1@qmo.test")!;
  assert.equal(rejected.subject, `[Award rejected] ${project.code} Laminate annual supply`);
  assert.match(rejected.text, /Comment: S1 is cheaper on the whole/);
  assert.ok(!awardMails(smtp).some((m) => m.to[0].endsWith("@example.com")), "no supplier told");

  // The buyer proposes again, on the same matrix (version 1).
  const second = await award({
    scope: "project",
    supplierId: s1.supplier.id,
    reason: "As advised",
  });
  assert.equal(second.status, 200, JSON.stringify(second.json));
  const id2 = second.json.result.proposal.id;
  assert.equal(second.json.result.proposal.matrixVersion, 1);

  // The leader is away: only an admin reassigns, never to the buyer who proposed.
  const byBuyer = await call(env, "post", `${AA}/Reassign`, {
    token: buyer.token,
    body: { id: id2, approverId: deputy.user.id },
  });
  assert.equal(byBuyer.status, 403);
  const toBuyer = await call(env, "post", `${AA}/Reassign`, {
    token: admin,
    lang: "en",
    body: { id: id2, approverId: buyer.user.id },
  });
  assert.equal(toBuyer.status, 400);
  assert.equal(toBuyer.json.error.message, "The buyer who proposed the award cannot approve it");
  const pending = await call(env, "get", `${AA}/GetPending`, { token: admin });
  assert.deepEqual(
    pending.json.result.items.map((
      x: { id: number; approverName: string },
    ) => [x.id, x.approverName]),
    [[id2, "Li Na"]],
  );
  const moved = await call(env, "post", `${AA}/Reassign`, {
    token: admin,
    body: { id: id2, approverId: deputy.user.id, comment: "Li Na on leave until Monday" },
  });
  assert.equal(moved.status, 200, JSON.stringify(moved.json));
  assert.equal(moved.json.result.approverName, "deputy1");
  // The leader may no longer decide; the deputy (mailed, in Chinese) does.
  const late = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    lang: "en",
    body: { id: id2 },
  });
  assert.equal(late.status, 404);
  assert.doesNotMatch(late.json.error.message, /deputy1/);
  await flushOutbox(env);
  const toDeputy = awardMails(smtp).filter((m) => m.to[0] === "deputy1@qmo.test");
  assert.equal(toDeputy.length, 1);
  assert.match(toDeputy[0].subject, /^【定标审批】/);
  assert.match(toDeputy[0].text, /整个项目: Abbr S1/);
  const yes = await call(env, "post", `${AA}/Approve`, {
    token: deputy.token,
    body: { id: id2 },
  });
  assert.equal(yes.status, 200, JSON.stringify(yes.json));

  // The trail of the project: the rejected proposal and the approved one, newest first.
  const trail = (await call(env, "get", `${AA}/GetProjectTrail`, {
    token: buyer.token,
    query: { offProId: project.id },
  })).json.result.items;
  assert.deepEqual(trail.map((x: { id: number; status: string }) => [x.id, x.status]), [
    [id2, "approved"],
    [id1, "rejected"],
  ]);
  assert.deepEqual(
    trail[0].events.map((e: Event) => [e.action, e.actorName, e.fromName, e.toName, e.comment]),
    [
      ["proposed", "buyer1", null, "Li Na", null],
      ["reassigned", "Administrator", "Li Na", "deputy1", "Li Na on leave until Monday"],
      ["approved", "deputy1", null, null, null],
    ],
  );
  assert.deepEqual(
    trail[1].events.map((e: Event) => [e.action, e.actorName, e.comment]),
    [["proposed", "buyer1", null], ["rejected", "Li Na", "S1 is cheaper on the whole"]],
  );
  const methods =
    (await env.db.select().from(auditLogs).where(eq(auditLogs.serviceName, "AwardTrail")))
      .map((x) => x.methodName);
  assert.deepEqual(methods, [
    "ProposeAward",
    "RejectAward",
    "ProposeAward",
    "ReassignAwardApproval",
    "ApproveAward",
  ]);
  // The suppliers heard of the approved award only.
  await flushOutbox(env);
  const notices = smtp.received.filter((m) => m.subject.startsWith("【中标通知】"));
  assert.deepEqual(notices.map((m) => m.to[0]), ["s1@example.com"]);
});

Deno.test("the approval setting: none awards at once, all asks even below the threshold; a buyer without a person in charge is told to ask an admin", async () => {
  await using env = await testEnv();
  const { buyer, admin, s1, project, b } = await awardReady(env, { leader: false });
  const setMode = async (value: unknown) => {
    const r = await call(env, "put", "/QMO/SystemResource/Update", {
      token: admin,
      lang: "en",
      body: { items: [{ key: "awardApproval", value }] },
    });
    return r;
  };
  const award = (body: Record<string, unknown>) =>
    call(env, "post", `${PM}/AwardOfferProject`, {
      token: buyer.token,
      lang: "en",
      body: { offProId: project.id, reason: "r", ...body },
    });
  const small = { scope: "lines", lines: [{ itemId: b, supplierId: s1.supplier.id }] };
  const big = { scope: "project", supplierId: s1.supplier.id };

  // The default: 200,000 CNY. Without a person in charge a big award is refused, saying what to do.
  const defaults = await call(env, "get", "/QMO/SystemResource/GetAll", { token: admin });
  assert.deepEqual(
    defaults.json.result.items.find((i: { key: string }) => i.key === "awardApproval").value,
    { mode: "threshold", thresholdCny: "200000" },
  );
  const refused = await award(big);
  assert.equal(refused.status, 409);
  assert.match(
    refused.json.error.message,
    /you have none\. Ask an administrator to set your person in charge/,
  );
  // 1,000 CNY needs no approval: awarded at once.
  const below = await award(small);
  assert.equal(below.json.result.status, "awarded");
  assert.equal(below.json.result.proposal.status, "notRequired");

  // "none": even 217,000 CNY is awarded at once.
  assert.equal((await setMode({ mode: "none", thresholdCny: "200000" })).status, 200);
  const none = await award(big);
  assert.equal(none.json.result.status, "awarded");
  assert.deepEqual(none.json.result.award.supplierNames, ["Abbr S1"]);

  // "all": 1,000 CNY waits too (and is refused here, for want of a person in charge).
  await setMode({ mode: "all", thresholdCny: "200000" });
  assert.equal((await award(small)).status, 409);

  // A threshold of 1,000.00 counts "at or above": 1,000 needs approval, the threshold is exact.
  await setMode({ mode: "threshold", thresholdCny: "1000.00" });
  assert.equal((await award(small)).status, 409);
  await setMode({ mode: "threshold", thresholdCny: 1000.01 });
  assert.equal((await award(small)).json.result.status, "awarded");

  // Bad values save nothing.
  for (
    const value of [{ mode: "some", thresholdCny: "1" }, { mode: "all", thresholdCny: "-1" }, {
      mode: "threshold",
      thresholdCny: "1.234",
    }]
  ) {
    assert.equal((await setMode(value)).status, 400, JSON.stringify(value));
  }
});

Deno.test("an award is approved only on the matrix it was proposed on: a rate changed since is refused, and the leader rejects it", async () => {
  await using env = await testEnv();
  const { buyer, leader, admin, s2, project } = await awardReady(env);
  const proposed = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    body: { offProId: project.id, scope: "project", supplierId: s2.supplier.id, reason: "CNY" },
  });
  const id = proposed.json.result.proposal.id;
  assert.equal(proposed.json.result.proposal.amountCny, "206200");
  // A USD rate from the quotes' own day changes S1's prices in CNY: another matrix.
  const rate = await call(env, "post", "/QMO/SystemCodeType/CreateExchangeRate", {
    token: admin,
    body: { currency: "USD", effectiveDate: "2026-11-23", rate: "7.0" },
  });
  assert.equal(rate.status, 200, JSON.stringify(rate.json));
  const detail = await call(env, "get", `${AA}/Get`, { token: leader.token, query: { id } });
  assert.equal(detail.json.result.matrixChanged, true);
  const ok = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    lang: "en",
    body: { id },
  });
  assert.equal(ok.status, 409);
  assert.match(ok.json.error.message, /changed after this award was proposed on matrix version 1/);
  const no = await call(env, "post", `${AA}/Reject`, {
    token: leader.token,
    body: { id, comment: "Rates changed: propose again" },
  });
  assert.equal(no.status, 200);
  // Proposed again: the matrix is version 2 now.
  const again = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    body: { offProId: project.id, scope: "project", supplierId: s2.supplier.id, reason: "CNY" },
  });
  assert.equal(again.json.result.proposal.matrixVersion, 2);
  // Closing the project cancels the award waiting for approval: a late approval is refused.
  const closed = await call(env, "post", `${PM}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: project.id, closeReason: "Demand cancelled" },
  });
  assert.equal(closed.status, 200, JSON.stringify(closed.json));
  const late = await call(env, "post", `${AA}/Approve`, {
    token: leader.token,
    lang: "en",
    body: { id: again.json.result.proposal.id },
  });
  assert.equal(late.status, 409);
  assert.equal(late.json.error.message, "This award was cancelled: its project was closed");
});
