// A reverse auction through the domain, on a real database with a fixed clock: set up from the
// first quotes, bids judged at the server's instant and stored once (a retried bid key is answered,
// not stored again), the end moved by late bids, paused and resumed, ended; the record of bids
// verifies and refuses changes; the final bids become the last round of the matrix and the award;
// an asset project's optimisation round waits until the auction is over.
import assert from "node:assert/strict";
import { count, eq, sql } from "drizzle-orm";
import { auctionBids, auctionEvents, auditLogs } from "../../db/schema.ts";
import type { Actor } from "../../server/domain/context.ts";
import { testEnv } from "../helpers.ts";
import { awardReady } from "../http/award_fixtures.ts";
import {
  changeMaxDrop,
  endAuctionEarly,
  pauseAuction,
  resumeAuction,
  setUpAuction,
} from "../../server/domain/auction/setup.ts";
import { placeBid } from "../../server/domain/auction/bid.ts";
import { buyerAuction, supplierAuction } from "../../server/domain/auction/read.ts";
import { recordAuctionEnds } from "../../server/domain/auction/finish.ts";
import { verifyAuctionRecord } from "../../server/domain/auction/chain.ts";
import { projectMatrix } from "../../server/domain/comparison/service.ts";
import { awardProject } from "../../server/domain/auction/award.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { projectSavings } from "../../server/domain/savings/read.ts";
import { openOptimizeRound } from "../../server/domain/projects/lifecycle.ts";
import { roundsOf } from "../../server/domain/projects/access.ts";
import { getProjectResult } from "../../server/domain/projects/read.ts";

const MIN = 60_000;
/** The fixture's clock stands at 10:00Z (18:00 UTC+8), after the deadline. */
const START = new Date("2026-11-23T10:05:00.000Z");
const END = new Date("2026-11-23T10:25:00.000Z");

const bidder = (s: { supplier: { id: number; code: string } }, id: number): Actor => ({
  id,
  userName: s.supplier.code,
  name: s.supplier.code,
  kind: "supplier",
  supplierId: s.supplier.id,
  roleNames: ["Supplier"],
  permissions: new Set(),
});

async function refused(p: Promise<unknown>, key: string) {
  await assert.rejects(p, (e) => e instanceof DomainError && e.messageKey === key);
}

let keys = 0;
const key = () => `k-${++keys}-${crypto.randomUUID()}`;

async function ready(over: Record<string, unknown> = {}, opts: { asset?: boolean } = {}) {
  const env = await testEnv();
  const r = await awardReady(env, opts);
  const one = bidder(r.s1, 901);
  const two = bidder(r.s2, 902);
  const auction = await setUpAuction(env, r.buyer.actor, {
    offProId: r.project.id,
    startAt: START,
    endAt: END,
    step: "500",
    ...over,
  });
  const bid = (who: Actor, amount: string, extra: Record<string, unknown> = {}) =>
    placeBid(env, who, { offProId: r.project.id, bidKey: key(), amount, ...extra });
  return { env, r, one, two, auction, bid };
}

Deno.test("an auction starts from each supplier's first quote in CNY, and only once quoting has ended", async () => {
  const { env, r, auction } = await ready();
  await using _ = env;
  assert.equal(auction.closesAt.getTime(), END.getTime());
  const view = (await buyerAuction(env, r.buyer.actor, r.project.id)).auction!;
  assert.equal(view.state, "scheduled");
  // S1: 30 USD × 7.2 × 1000 + 10 × 100 = 217,000; S2: 205 × 1000 + 12 × 100 = 206,200.
  assert.deepEqual(
    view.lines[0].ranking.map((x) => [x.code, x.amount, x.rank]),
    [["S2", "206200.00", 1], ["S1", "217000.00", 2]],
  );
  assert.deepEqual(view.participants.map((p) => p.label).sort(), ["A", "B"]);
  assert.equal((await verifyAuctionRecord(env.db, auction.id)).entries, 2);
  // One auction per project; none before quoting has ended.
  await refused(
    setUpAuction(env, r.buyer.actor, { offProId: r.project.id, endAt: END, step: "1" }),
    "auction.exists",
  );
  env.clock.set("2026-11-23T08:00:00.000Z");
  const other = await buyerAuction(env, r.buyer.actor, r.project.id);
  assert.equal(other.setUpRefusal, "auction.exists");
  const [trail] = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "AuctionTrail"));
  assert.equal(trail.methodName, "SetUpAuction");
  assert.match(trail.parameters ?? "", /"step":"500"/);
});

Deno.test("a bid must beat the bidder's own last bid by the minimum, between the start and the end; ties go to the earlier bid", async () => {
  const { env, r, one, two, bid } = await ready();
  await using _ = env;
  await refused(bid(one, "210000"), "auction.notStarted");
  env.clock.set(START);
  await refused(bid(one, "216500.01"), "auction.notImproved");
  const first = await bid(one, "205000");
  assert.equal(first.repeated, false);
  assert.equal(first.receipt.amount, "205000.00");
  assert.equal(first.receipt.recordNo, 3);
  env.clock.advance(1000);
  // S2 bids the same a second later: S1 stays first.
  await bid(two, "205000.00");
  const mine = await supplierAuction(env, two, r.project.id);
  assert.equal(mine.lines[0].own.rank, 2);
  assert.equal(mine.lines[0].best, null); // own rank only
  assert.equal(mine.lines[0].maxNext, "204500.00");
  const view = (await buyerAuction(env, r.buyer.actor, r.project.id)).auction!;
  assert.deepEqual(view.lines[0].ranking.map((x) => x.code), ["S1", "S2"]);
  // A bid one millisecond after the end is refused; one at the last millisecond is taken.
  env.clock.set(new Date(END.getTime() - 2 * MIN - 1));
  await bid(two, "204000");
  const closes = (await buyerAuction(env, r.buyer.actor, r.project.id)).auction!.closesAt;
  assert.equal(closes.getTime(), END.getTime(), "no extension 2 min + 1 ms before the end");
  env.clock.set(new Date(END.getTime() + 1));
  await refused(bid(one, "100000"), "auction.over");
  assert.equal((await verifyAuctionRecord(env.db, first.receipt.auctionId)).entries, 5);
});

Deno.test("a bid sent again with its key is answered with the stored bid and stored once", async () => {
  const { env, r, one } = await ready();
  await using _ = env;
  env.clock.set(new Date(START.getTime() + MIN));
  const input = { offProId: r.project.id, bidKey: "retry-key-0001", amount: "210000" };
  const a = await placeBid(env, one, input);
  env.clock.advance(5000);
  const b = await placeBid(env, one, input);
  assert.equal(b.repeated, true);
  assert.deepEqual(b.receipt, a.receipt);
  const [{ n }] = await env.db.select({ n: count() }).from(auctionBids)
    .where(eq(auctionBids.bidKey, "retry-key-0001"));
  assert.equal(n, 1);
  await refused(placeBid(env, one, { ...input, amount: "209000" }), "auction.bidKeyReused");
});

Deno.test("a bid in the last two minutes moves the end two minutes later, up to the cap", async () => {
  const { env, r, one, two, bid } = await ready({ extensionCapMinutes: 3 });
  await using _ = env;
  // Exactly two minutes before the end: extended to 10:27.
  env.clock.set(new Date(END.getTime() - 2 * MIN));
  const a = await bid(one, "216000");
  assert.equal(a.closesAt.toISOString(), "2026-11-23T10:27:00.000Z");
  // A minute later: only one minute of the cap is left.
  env.clock.set("2026-11-23T10:26:00.000Z");
  const b = await bid(two, "205000");
  assert.equal(b.closesAt.toISOString(), "2026-11-23T10:28:00.000Z");
  env.clock.set("2026-11-23T10:27:30.000Z");
  const c = await bid(one, "204000");
  assert.equal(c.closesAt.toISOString(), "2026-11-23T10:28:00.000Z");
  const events = await env.db.select().from(auctionEvents)
    .where(eq(auctionEvents.type, "extended"));
  assert.deepEqual(events.map((e) => e.data.byMs), [2 * MIN, MIN]);
  // The end with its extensions holds: a bid at 10:28 is late, and writes that end (the job then
  // has none left to write).
  env.clock.set("2026-11-23T10:28:00.000Z");
  await refused(bid(two, "200000"), "auction.over");
  assert.equal((await recordAuctionEnds(env)).length, 0);
  const ended = (await buyerAuction(env, r.buyer.actor, r.project.id)).auction!;
  assert.equal(ended.state, "ended");
  assert.equal(ended.endedAt?.toISOString(), "2026-11-23T10:28:00.000Z");
});

Deno.test("paused, no bid is taken and the clock stops; resumed, the time left is the same", async () => {
  const { env, r, one, bid } = await ready();
  await using _ = env;
  env.clock.set(new Date(START.getTime() + 5 * MIN));
  await pauseAuction(env, r.buyer.actor, { offProId: r.project.id, reason: "Price list error" });
  const view = await supplierAuction(env, one, r.project.id);
  assert.equal(view.state, "paused");
  assert.equal(view.pauseReason, "Price list error");
  await refused(bid(one, "210000"), "auction.paused");
  env.clock.advance(7 * MIN);
  const resumed = await resumeAuction(env, r.buyer.actor, { offProId: r.project.id });
  assert.equal(resumed.closesAt.getTime(), END.getTime() + 7 * MIN);
  await bid(one, "210000");
  await refused(resumeAuction(env, r.buyer.actor, { offProId: r.project.id }), "auction.notPaused");
  // The audit log has each step the buyer took, with its reason or the new end; the refused one none.
  const steps = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "AuctionTrail"));
  assert.deepEqual(
    steps.slice(1).map((x) => [x.methodName, x.userName, JSON.parse(x.parameters!)]).map((
      [m, u, p],
    ) => [m, u, p.reason ?? p.closesAt]),
    [
      ["PauseAuction", "buyer1", "Price list error"],
      ["ResumeAuction", "buyer1", new Date(END.getTime() + 7 * MIN).toISOString()],
    ],
  );
});

Deno.test("the largest drop of a bid (20 % unless set) is changed before the start or while paused, never while bids come in", async () => {
  const { env, r, one, bid } = await ready();
  await using _ = env;
  const change = (maxDropKind: "amount" | "percent", maxDrop: string) =>
    changeMaxDrop(env, r.buyer.actor, { offProId: r.project.id, maxDropKind, maxDrop });
  const view = await supplierAuction(env, one, r.project.id);
  assert.deepEqual([view.maxDropKind, view.maxDrop], ["percent", "20"]);
  assert.equal(view.lines[0].minNext, "173600.00"); // S1 at 217,000
  // Before the start: a drop smaller than the least improvement (500) would leave no bid.
  await refused(change("amount", "499"), "auction.maxDropBelowStep");
  await refused(change("percent", "100"), "auction.maxDropPercentTooHigh");
  await change("amount", "10000");
  env.clock.set(new Date(START.getTime() + MIN));
  await refused(bid(one, "206999.99"), "auction.dropTooLargeAmount");
  await bid(one, "207000");
  await refused(change("percent", "30"), "auction.maxDropWhileRunning");
  await pauseAuction(env, r.buyer.actor, { offProId: r.project.id, reason: "Checking limits" });
  const changed = await change("percent", "2.5");
  assert.deepEqual([changed.maxDropKind, changed.maxDrop], ["percent", "2.5"]);
  const events = await env.db.select().from(auctionEvents)
    .where(eq(auctionEvents.type, "maxDropChanged"));
  assert.deepEqual(events.map((e) => e.data), [
    { maxDropKind: "amount", maxDrop: "10000" },
    { maxDropKind: "percent", maxDrop: "2.5" },
  ]);
  await resumeAuction(env, r.buyer.actor, { offProId: r.project.id });
  // 2.5 % of 207,000 is 5,175.
  await refused(bid(one, "201824.99"), "auction.dropTooLargePercent");
  await bid(one, "201825");
  const trail = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.methodName, "SetAuctionMaxDrop"));
  assert.deepEqual(trail.map((x) => [x.userName, JSON.parse(x.parameters!)]), [
    ["buyer1", {
      projectId: r.project.id,
      auctionId: changed.id,
      maxDropKind: "amount",
      maxDrop: "10000",
      before: { maxDropKind: "percent", maxDrop: "20" },
    }],
    ["buyer1", {
      projectId: r.project.id,
      auctionId: changed.id,
      maxDropKind: "percent",
      maxDrop: "2.5",
      before: { maxDropKind: "amount", maxDrop: "10000" },
    }],
  ]);
});

Deno.test("the final bids are the last round of the matrix and the award; no award while the auction runs", async () => {
  const { env, r, one, two, bid } = await ready();
  await using _ = env;
  env.clock.set(new Date(START.getTime() + MIN));
  await bid(one, "200000");
  await bid(two, "199999.99");
  await refused(
    awardProject(env, r.buyer.actor, {
      offProId: r.project.id,
      scope: "project",
      supplierId: r.s2.supplier.id,
      reason: "lowest",
    }),
    "award.auctionRunning",
  );
  // While it runs, the matrix shows the first quotes only.
  const running = await projectMatrix(env, r.buyer.actor, r.project.id);
  const bidders = [r.s1.supplier.id, r.s2.supplier.id];
  assert.deepEqual(
    bidders.map((id) => running.suppliers.find((s) => s.id === id)!.round),
    [0, 0],
  );
  env.clock.set(new Date(START.getTime() + 3 * MIN));
  await endAuctionEarly(env, r.buyer.actor, { offProId: r.project.id, reason: "Enough offers" });
  const view = (await buyerAuction(env, r.buyer.actor, r.project.id)).auction!;
  assert.deepEqual(
    view.lines[0].ranking.map((b) => [b.supplierId, b.start, b.amount, b.rank]),
    [
      [r.s2.supplier.id, "206200.00", "199999.99", 1],
      [r.s1.supplier.id, "217000.00", "200000.00", 2],
    ],
  );
  const m = await projectMatrix(env, r.buyer.actor, r.project.id);
  const col = (id: number) => m.suppliers.find((s) => s.id === id)!;
  assert.equal(col(r.s1.supplier.id).round, 3);
  assert.equal(col(r.s1.supplier.id).total, "200000.00");
  assert.equal(col(r.s1.supplier.id).firstTotal, "217000.00");
  assert.equal(col(r.s2.supplier.id).total, "199999.99");
  assert.equal(col(r.s2.supplier.id).rank, 1);
  const award = await awardProject(env, r.buyer.actor, {
    offProId: r.project.id,
    scope: "project",
    supplierId: r.s2.supplier.id,
    reason: "lowest after the auction",
  });
  assert.equal(award.proposal.amountCny, "199999.99");
  // Savings read the auction as the last round: its best bid against the lowest first quote.
  const { figures } = await projectSavings(env, r.buyer.actor, r.project.id);
  assert.deepEqual(
    [figures?.first, figures?.best, figures?.bestRound, figures?.awarded, figures?.vsFirst],
    ["206200.00", "199999.99", 3, "199999.99", { amount: "6200.01", percent: "3.01" }],
  );
  await refused(
    endAuctionEarly(env, r.buyer.actor, { offProId: r.project.id, reason: "again" }),
    "auction.alreadyEnded",
  );
});

Deno.test("per line, each line is bid and ranked on its own, in CNY unit prices", async () => {
  const { env, r, one, two, bid } = await ready({ basis: "lines", stepKind: "percent", step: "1" });
  await using _ = env;
  env.clock.set(new Date(START.getTime() + MIN));
  await refused(bid(one, "200"), "auction.chooseLine");
  // S1's laminate is 216 CNY (30 USD); S2's is 205.
  await bid(one, "200.5", { itemId: r.a });
  await refused(bid(two, "203", { itemId: r.a }), "auction.notImproved");
  await bid(two, "11", { itemId: r.b });
  const view = await supplierAuction(env, one, r.project.id);
  assert.deepEqual(
    view.lines.map((l) => [l.itemId, l.own.amount, l.own.rank]),
    [[r.a, "200.5000", 1], [r.b, "10.0000", 1]],
  );
  await endAuctionEarly(env, r.buyer.actor, { offProId: r.project.id, reason: "done" });
  const m = await projectMatrix(env, r.buyer.actor, r.project.id);
  const s1 = m.suppliers.find((s) => s.id === r.s1.supplier.id)!;
  // 200.5 × 1000 + 10 × 100
  assert.equal(s1.total, "201500.00");
  assert.equal(s1.round, 3);
});

Deno.test("the record of bids verifies, and a stored bid cannot be changed or removed", async () => {
  const { env, auction, one, bid } = await ready();
  await using _ = env;
  env.clock.set(new Date(START.getTime() + MIN));
  await bid(one, "210000");
  assert.deepEqual(await verifyAuctionRecord(env.db, auction.id), {
    ok: true,
    entries: 3,
    firstBroken: null,
  });
  await assert.rejects(env.db.run(sql`update auction_bids set amount = '1' where seq = 3`));
  await assert.rejects(env.db.run(sql`delete from auction_bids`));
});

Deno.test("an asset project opens (and its result page offers) no optimisation round while its auction is set up, running or paused; once the clock ends it, it does", async () => {
  const { env, r, one, bid } = await ready({}, { asset: true });
  await using _ = env;
  /** Monday 2026-11-30 17:00 UTC+8, a working day. */
  const round = () =>
    openOptimizeRound(env, r.buyer.actor, {
      offProId: r.project.id,
      round: 1,
      endTime: "2026-11-30T09:00:00.000Z",
    });
  /** Whether the result page offers the round. */
  const offered = async () =>
    (await getProjectResult(env, r.buyer.actor, r.project.id)).project.actions.includes(
      "openRound",
    );
  await refused(round(), "projects.auctionRunning"); // set up, not started
  assert.equal(await offered(), false);
  env.clock.set(new Date(START.getTime() + MIN));
  await bid(one, "210000");
  await refused(round(), "projects.auctionRunning"); // running
  assert.equal(await offered(), false);
  await pauseAuction(env, r.buyer.actor, { offProId: r.project.id, reason: "Line check" });
  await refused(round(), "projects.auctionRunning"); // paused
  await resumeAuction(env, r.buyer.actor, { offProId: r.project.id });
  // The last millisecond still belongs to the auction.
  env.clock.set(new Date(END.getTime() - 1));
  await refused(round(), "projects.auctionRunning");
  assert.deepEqual(await roundsOf(env.db, [r.project.id]), []);
  // Over by the clock (no job has recorded the end yet): round 1 opens.
  env.clock.set(END);
  assert.equal(await offered(), true);
  await round();
  const rounds = await roundsOf(env.db, [r.project.id]);
  assert.deepEqual(rounds.map((x) => [x.round, x.endTime.toISOString()]), [
    [1, "2026-11-30T09:00:00.000Z"],
  ]);
});

Deno.test("the result page says no award can be recorded while the auction is set up, running or paused, and the award is refused meanwhile", async () => {
  const env = await testEnv();
  await using _ = env;
  const r = await awardReady(env);
  const notOver = async () =>
    (await getProjectResult(env, r.buyer.actor, r.project.id)).auctionNotOver;
  const award = () =>
    awardProject(env, r.buyer.actor, {
      offProId: r.project.id,
      scope: "project",
      supplierId: r.s2.supplier.id,
      reason: "lowest",
    });
  assert.equal(await notOver(), false); // no auction yet
  await setUpAuction(env, r.buyer.actor, {
    offProId: r.project.id,
    startAt: START,
    endAt: END,
    step: "500",
  });
  assert.equal(await notOver(), true); // set up, not started
  await refused(award(), "award.auctionRunning");
  env.clock.set(new Date(START.getTime() + MIN));
  assert.equal(await notOver(), true); // running
  await pauseAuction(env, r.buyer.actor, { offProId: r.project.id, reason: "Line check" });
  assert.equal(await notOver(), true); // paused
  await refused(award(), "award.auctionRunning");
  await resumeAuction(env, r.buyer.actor, { offProId: r.project.id });
  env.clock.set(new Date(END.getTime() + MIN));
  assert.equal(await notOver(), false); // over by the clock
});
