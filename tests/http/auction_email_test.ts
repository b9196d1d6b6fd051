// The auction's emails over a real SMTP server, each in the bidder's language: the invitation with
// the start time and the rules, the reminder 15 minutes before the start (once), and at the end each
// bidder's own final rank and bid, never another's.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { awardReady } from "./award_fixtures.ts";
import { startSmtp } from "../email_fixtures.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { setUpAuction } from "../../server/domain/auction/setup.ts";
import { placeBid } from "../../server/domain/auction/bid.ts";
import { recordAuctionEnds } from "../../server/domain/auction/finish.ts";
import { sendAuctionReminders } from "../../server/domain/auction/mail.ts";
import type { Actor } from "../../server/domain/context.ts";

Deno.test("bidders are invited with the start time, reminded 15 minutes before, and told only their own final rank", async () => {
  await using smtp = await startSmtp();
  await using env = await testEnv({ env: { SMTP_URL: smtp.url } });
  const r = await awardReady(env);
  await env.db.update(users).set({ language: "en" }).where(eq(users.supplierId, r.s1.supplier.id));
  const bidder = (supplierId: number): Actor => ({
    id: 0,
    userName: "s",
    name: "s",
    kind: "supplier",
    supplierId,
    roleNames: [],
    permissions: new Set(),
  });
  // The project's own emails (invitations, receipts) go first.
  await flushOutbox(env);
  smtp.received.splice(0);
  // Set up at 18:00 UTC+8 to run from 18:20 to 18:40.
  await setUpAuction(env, r.buyer.actor, {
    offProId: r.project.id,
    startAt: "2026-11-23 18:20",
    endAt: "2026-11-23 18:40",
    step: "500",
  });
  await flushOutbox(env);
  const invitations = smtp.received.splice(0);
  const to = (address: string, list = invitations) => list.find((m) => m.to.includes(address))!;
  const en = to("s1@example.com");
  assert.equal(
    en.subject,
    `[Reverse auction] ${r.project.code} Laminate annual supply starts 2026-11-23 18:20:00`,
  );
  assert.match(en.text, /End: 2026-11-23 18:40:00 \(UTC\+8/);
  assert.match(en.text, /each bid at least 500 CNY below your own last bid/);
  assert.match(en.text, new RegExp(`/portal/projects/${r.project.id}/auction`));
  const zh = to("s2@example.com");
  assert.match(zh.subject, /^【竞价邀请】/);
  assert.match(zh.text, /每次出价须比贵司上一次出价至少低 500 元/);

  // 16 minutes before the start: no reminder yet; 15 minutes before: one, and only once.
  env.clock.set("2026-11-23T10:04:00.000Z");
  assert.deepEqual(await sendAuctionReminders(env), []);
  env.clock.set("2026-11-23T10:05:00.000Z");
  assert.deepEqual(await sendAuctionReminders(env), [r.project.id]);
  await sendAuctionReminders(env);
  await flushOutbox(env);
  const reminders = smtp.received.splice(0);
  assert.equal(reminders.length, 2);
  assert.equal(
    to("s1@example.com", reminders).subject,
    `[Auction reminder] ${r.project.code} Laminate annual supply starts 2026-11-23 18:20:00`,
  );

  env.clock.set("2026-11-23T10:21:00.000Z");
  const bid = (s: number, amount: string) =>
    placeBid(env, bidder(s), { offProId: r.project.id, bidKey: crypto.randomUUID(), amount });
  await bid(r.s1.supplier.id, "199000");
  await bid(r.s2.supplier.id, "198765.43");
  env.clock.set("2026-11-23T10:40:00.000Z");
  assert.deepEqual(await recordAuctionEnds(env), [r.project.id]);
  await flushOutbox(env);
  const results = smtp.received.splice(0);
  const one = to("s1@example.com", results);
  assert.equal(one.subject, `[Auction result] ${r.project.code} Laminate annual supply`);
  assert.match(one.text, /ended at 2026-11-23 18:40:00/);
  assert.match(one.text, /rank 2 of 2, final bid 199000\.00 CNY/);
  assert.doesNotMatch(one.text, /198765|S2|Abbr/);
  const two = to("s2@example.com", results);
  assert.match(two.text, /第 1 名（共 2 家），最终出价 198765\.43 元/);
  assert.doesNotMatch(two.text, /199000|S1/);
});
