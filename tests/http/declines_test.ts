// Declining to quote: a supplier declines with a reason while quoting is open; the buyer is mailed,
// no reminder reaches it, the buyer's pages say "declined" (not "not quoted"), it cannot quote until
// it withdraws the decline, and supplier performance counts the decline apart from silence.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema.ts";
import { call } from "../helpers.ts";
import { dueReminders } from "../../server/domain/email/service.ts";
import { agree, pdfFile, submit } from "./quotes_fixtures.ts";
import { PM, questionsSetUp } from "./questions_fixtures.ts";

const SO = "/QMO/SupplierOffer";

const decline = (
  env: Parameters<typeof call>[0],
  token: string,
  body: Record<string, unknown>,
  lang: "en" | "zh" = "en",
) => call(env, "post", `${SO}/Decline`, { token, lang, body });

Deno.test("a supplier declines with a reason: refused inputs name their field, the buyer is mailed, and it shows as declined", async () => {
  const { env, admin, s1, s2, p } = await questionsSetUp();
  await using _ = env;

  const reasons = await call(env, "get", `${SO}/GetDeclineReasons`, { token: s1.token });
  assert.equal(reasons.status, 200);
  assert.deepEqual(
    reasons.json.result.items.map((r: { code: string }) => r.code),
    ["NO_CAPACITY", "NOT_OUR_PRODUCT", "CANNOT_MEET_DEADLINE", "PRICE", "OTHER"],
  );

  // Bad input: each a 400 naming its field, in the reader's language, and nothing saved.
  const noReason = await decline(env, s1.token, { offProId: p.id });
  assert.equal(noReason.status, 400);
  assert.equal(noReason.json.error.validationErrors[0].members[0], "reason");
  const badReason = await decline(env, s1.token, { offProId: p.id, reason: "BORED" });
  assert.equal(badReason.status, 400);
  assert.equal(badReason.json.error.validationErrors[0].members[0], "reason");
  const otherNoText = await decline(env, s1.token, { offProId: p.id, reason: "OTHER" }, "zh");
  assert.equal(otherNoText.status, 400);
  assert.equal(otherNoText.json.error.validationErrors[0].members[0], "text");
  assert.match(otherNoText.json.error.validationErrors[0].message, /其他/);
  const notMine = await decline(env, s1.token, { offProId: p.id + 999, reason: "PRICE" });
  assert.equal(notMine.status, 404);
  let mine = await call(env, "get", `${SO}/Get`, { token: s1.token, query: { offProId: p.id } });
  assert.equal(mine.json.result.decline, null);
  assert.equal(mine.json.result.status, "canOffer");

  const ok = await decline(env, s1.token, {
    offProId: p.id,
    reason: "OTHER",
    text: "Our press line is down for maintenance",
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.result.decline.reason, "OTHER");
  assert.equal((await decline(env, s1.token, { offProId: p.id, reason: "PRICE" })).status, 409);

  // The portal: declined, at the end of the list's urgency order.
  mine = await call(env, "get", `${SO}/Get`, { token: s1.token, query: { offProId: p.id } });
  assert.equal(mine.json.result.status, "declined");
  assert.equal(mine.json.result.decline.text, "Our press line is down for maintenance");
  const list = await call(env, "get", `${SO}/GetAll`, {
    token: s1.token,
    query: { status: "declined" },
  });
  assert.deepEqual(list.json.result.items.map((x: { id: number }) => x.id), [p.id]);

  // The buyer is mailed, in their language, with the supplier and the reason.
  const mails = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "QUOTE_DECLINED"));
  assert.deepEqual(mails.map((m) => m.recipient), ["buyer@qmo.test"]);
  assert.match(mails[0].subject, /^\[Declined to quote\] .+ Full name S1$/);
  assert.match(mails[0].body, /Reason: Other: Our press line is down for maintenance\./);

  // The result page and the reminder dialog: declined with the reason, not "not quoted".
  const result = await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(result.status, 200, JSON.stringify(result.json));
  const row = (code: string) =>
    result.json.result.suppliers.find((s: { code: string }) => s.code === code);
  assert.equal(row("S1").decline.reason, "OTHER");
  assert.equal(row("S2").decline, null);
  const dialog = await call(env, "get", `${PM}/GetEmailManualData`, {
    token: admin,
    query: { offProId: p.id },
  });
  const inDialog = dialog.json.result.suppliers.find((s: { code: string }) => s.code === "S1");
  assert.equal(inDialog.decline.reason, "OTHER");
  assert.equal(inDialog.quoted, false);

  // The dashboard counts it apart from the suppliers yet to quote (S2 and S3).
  const dash = await call(env, "get", `${PM}/GetDashboard`, {
    token: admin,
    query: { kind: "material" },
  });
  assert.equal(dash.status, 200, JSON.stringify(dash.json));
  assert.equal(dash.json.result.suppliersPending.count, 2);
  assert.equal(dash.json.result.suppliersDeclined.count, 1);

  // S2 is untouched by S1's decline.
  assert.equal((await agree(env, s2.token, p.id)).status, 200);
  assert.equal((await submit(env, s2.token, p.id, pdfFile("S2 quote"))).status, 200);
});

Deno.test("no reminder reaches a supplier that declined; it cannot quote until it withdraws, and then it can", async () => {
  const { env, admin, s1, p } = await questionsSetUp();
  await using _ = env;
  assert.equal((await agree(env, s1.token, p.id)).status, 200);
  assert.equal(
    (await decline(env, s1.token, { offProId: p.id, reason: "NO_CAPACITY" })).status,
    200,
  );

  // The scheduled reminders: 24 hours before the deadline, S2 and S3 are due, S1 is not.
  const project = await env.db.query.offerProjects.findFirst({
    where: (t, { eq }) => eq(t.id, p.id),
  });
  env.clock.set(new Date(project!.offerEndTime!.getTime() - 23 * 3600_000));
  const due = (await dueReminders(env)).flatMap((d) => d.suppliers.map((s) => s.code)).sort();
  assert.deepEqual(due, ["S2", "S3"]);

  // A reminder sent by hand skips it, saying why.
  const sent = await call(env, "post", `${PM}/SendEmailManual`, {
    token: admin,
    body: { offProId: p.id, templateCode: "DEADLINE_REMINDER" },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  const s1Outcome = sent.json.result.suppliers.find((s: { code: string }) => s.code === "S1");
  assert.deepEqual([s1Outcome.outcome, s1Outcome.reason], ["skipped", "declined"]);
  const toS1 = await env.db.select().from(emailOutbox).where(and(
    eq(emailOutbox.supplierId, s1.supplier.id),
    eq(emailOutbox.templateCode, "DEADLINE_REMINDER"),
  ));
  assert.equal(toS1.length, 0);
  const preview = await call(env, "get", `${PM}/PreviewEmailManual`, {
    token: admin,
    query: { offProId: p.id, templateCode: "DEADLINE_REMINDER", supplierId: s1.supplier.id },
  });
  assert.equal(preview.json.result.skipped, "declined");

  // Quoting while declined is refused; after withdrawing it is taken.
  const refused = await submit(env, s1.token, p.id, pdfFile("q"));
  assert.equal(refused.status, 409);
  assert.match(refused.json.error.message, /放弃/);
  const back = await call(env, "post", `${SO}/WithdrawDecline`, {
    token: s1.token,
    body: { offProId: p.id },
  });
  assert.equal(back.status, 200, JSON.stringify(back.json));
  assert.equal(back.json.result.decline, null);
  assert.equal((await submit(env, s1.token, p.id, pdfFile("q"))).status, 200);
  // Once quoted, a decline is no longer taken; nor a withdrawal of a decline that is not there.
  assert.equal((await decline(env, s1.token, { offProId: p.id, reason: "PRICE" })).status, 409);
  const again = await call(env, "post", `${SO}/WithdrawDecline`, {
    token: s1.token,
    body: { offProId: p.id },
  });
  assert.equal(again.status, 409);
});

Deno.test("after the deadline a decline is refused and a decline in force cannot be withdrawn; performance counts declines apart from silence", async () => {
  const { env, admin, s1, s2, s3, p } = await questionsSetUp();
  await using _ = env;
  assert.equal((await decline(env, s1.token, { offProId: p.id, reason: "PRICE" })).status, 200);
  assert.equal((await agree(env, s3.token, p.id)).status, 200);
  assert.equal((await submit(env, s3.token, p.id, pdfFile("S3 quote"))).status, 200);
  const project = await env.db.query.offerProjects.findFirst({
    where: (t, { eq }) => eq(t.id, p.id),
  });
  env.clock.set(new Date(project!.offerEndTime!.getTime() + 1000));

  assert.equal((await decline(env, s2.token, { offProId: p.id, reason: "PRICE" })).status, 409);
  const withdraw = await call(env, "post", `${SO}/WithdrawDecline`, {
    token: s1.token,
    body: { offProId: p.id },
  });
  assert.equal(withdraw.status, 409);

  const perf = await call(env, "get", "/QMO/SupplierPerformance/GetAll", {
    token: admin,
    query: { maxResultCount: 10, sorting: "code asc" },
  });
  assert.equal(perf.status, 200, JSON.stringify(perf.json));
  const of = (code: string) =>
    perf.json.result.items.find((s: { code: string }) => s.code === code);
  assert.deepEqual(
    ["S1", "S2", "S3"].map((c) => [of(c).quoted, of(c).declined, of(c).silent]),
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
  );
});
