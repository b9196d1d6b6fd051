// The reverse auction through the API: the buyer sets it up from the result page's data, bidders
// bid with the server's message on a refusal (in their language), a retried POST is answered with
// the bid stored once, and the event streams: each open page gets every event, and a page that
// reconnects with Last-Event-ID gets exactly the events it missed.
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { auctionBids, auditLogs } from "../../db/schema.ts";
import { call, type TestEnv, testEnv } from "../helpers.ts";
import { awardReady } from "./award_fixtures.ts";
import { EventReader } from "../auction_fixtures.ts";

const AU = "/QMO/Auction";
const SO = "/QMO/SupplierOffer";
const START = "2026-11-23T10:05:00.000Z";
const END = "2026-11-23T10:25:00.000Z";

function stream(env: TestEnv, path: string, token: string, query: string, lastId?: number) {
  return env.app.request(`http://localhost/api/services${path}?${query}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastId !== undefined ? { "last-event-id": String(lastId) } : {}),
    },
  });
}

async function ready() {
  const env = await testEnv();
  const r = await awardReady(env);
  const setup = await call(env, "get", `${AU}/GetSetup`, {
    token: r.buyer.token,
    query: { offProId: r.project.id },
  });
  assert.equal(setup.status, 200, JSON.stringify(setup.json));
  assert.deepEqual(
    setup.json.result.candidates.map((c: { code: string; total: string }) => [c.code, c.total]),
    [["S1", "217000.00"], ["S2", "206200.00"]],
  );
  const created = await call(env, "post", `${AU}/Create`, {
    token: r.buyer.token,
    body: { offProId: r.project.id, startAt: START, endAt: END, step: "1000", visibility: "best" },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  let n = 0;
  const bid = (token: string, amount: string, lang: "en" | "zh" = "en", key = `key-${++n}-abcd`) =>
    call(env, "post", `${SO}/Bid`, {
      token,
      lang,
      body: { offProId: r.project.id, bidKey: key, amount },
    });
  return { env, r, bid, auction: created.json.result.auction };
}

Deno.test("a bidder sees its own rank and the best bid; a refused bid answers the server's message in its language", async () => {
  const { env, r, bid } = await ready();
  await using _ = env;
  const early = await bid(r.s1.token, "210000");
  assert.equal(early.status, 409);
  assert.match(early.json.error.message, /has not started yet/);
  env.clock.set(START);
  const low = await bid(r.s1.token, "216500", "zh");
  assert.equal(low.status, 409);
  assert.equal(
    low.json.error.message,
    "出价须比您上一次出价（217,000.00 元）至少降低最小幅度：不高于 216,000.00 元",
  );
  const ok = await bid(r.s1.token, "206000");
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.result.receipt.recordNo, 3);
  assert.match(ok.json.result.receipt.recordHash, /^[0-9a-f]{64}$/);
  const view = await call(env, "get", `${SO}/GetAuction`, {
    token: r.s1.token,
    query: { offProId: r.project.id },
  });
  assert.equal(view.status, 200);
  const line = view.json.result.lines[0];
  assert.equal(line.own.amount, "206000.00");
  assert.equal(line.own.rank, 1);
  assert.equal(line.best, "206000.00");
  assert.equal(view.json.result.state, "live");
  // Never another bidder's name or code.
  assert.doesNotMatch(JSON.stringify(view.json.result), /S2|Abbr|Full name/);
  // A supplier outside the auction, and staff on the portal route, are turned away.
  const bad = await call(env, "post", `${SO}/Bid`, {
    token: r.s1.token,
    body: { offProId: r.project.id, bidKey: "x", amount: "1" },
  });
  assert.equal(bad.status, 400);
  const staff = await call(env, "get", `${SO}/GetAuction`, {
    token: r.buyer.token,
    query: { offProId: r.project.id },
  });
  assert.equal(staff.status, 403);
});

Deno.test("a bid POSTed twice with its key is stored once and answered the same", async () => {
  const { env, r, bid } = await ready();
  await using _ = env;
  env.clock.set(START);
  const [a, b] = await Promise.all([
    bid(r.s2.token, "205000", "en", "same-key-123"),
    bid(r.s2.token, "205000", "en", "same-key-123"),
  ]);
  assert.equal(a.status, 200);
  assert.equal(b.status, 200);
  assert.deepEqual(a.json.result.receipt, b.json.result.receipt);
  assert.deepEqual([a.json.result.repeated, b.json.result.repeated].sort(), [false, true]);
  const [{ n }] = await env.db.select({ n: count() }).from(auctionBids)
    .where(eq(auctionBids.bidKey, "same-key-123"));
  assert.equal(n, 1);
});

Deno.test("every open page gets each event, and a page reconnecting with Last-Event-ID gets exactly the ones it missed", async () => {
  const { env, r, bid, auction } = await ready();
  await using _ = env;
  env.clock.set(START);
  const q = `offProId=${r.project.id}&after=${auction.lastEventId}`;
  const buyer = new EventReader(await stream(env, `${AU}/Events`, r.buyer.token, q));
  const s1 = new EventReader(await stream(env, `${SO}/AuctionEvents`, r.s1.token, q));
  try {
    assert.equal((await bid(r.s1.token, "205000")).status, 200);
    const [b1] = await buyer.count(1);
    assert.equal(b1.type, "bid");
    assert.equal(b1.data.label && typeof b1.data.label, "string");
    const lines = b1.data.lines as { ranking: { code: string; amount: string }[] }[];
    assert.deepEqual(lines[0].ranking.map((x) => [x.code, x.amount]), [
      ["S1", "205000.00"],
      ["S2", "206200.00"],
    ]);
    const [e1] = await s1.count(1);
    assert.equal(e1.id, b1.id);
    const v1 = e1.data.view as { lines: { own: { rank: number } }[] };
    assert.equal(v1.lines[0].own.rank, 1);
    // S1's page goes away; three events happen meanwhile (two bids and a pause).
    await s1.close();
    await bid(r.s2.token, "204000");
    await bid(r.s1.token, "203000");
    env.clock.advance(60_000);
    const paused = await call(env, "post", `${AU}/Pause`, {
      token: r.buyer.token,
      body: { offProId: r.project.id, reason: "Checking a price" },
    });
    assert.equal(paused.status, 200);
    await buyer.count(4);
    // Reconnected with the id of its last event: the three it missed, once each, in order.
    const again = new EventReader(
      await stream(env, `${SO}/AuctionEvents`, r.s1.token, `offProId=${r.project.id}`, e1.id),
    );
    try {
      const got = await again.count(3);
      assert.deepEqual(got.map((e) => e.type), ["bid", "bid", "paused"]);
      assert.deepEqual(got.map((e) => e.id), buyer.events.slice(1).map((e) => e.id));
      const last = got[2].data.view as { state: string; pauseReason: string };
      assert.equal(last.state, "paused");
      assert.equal(last.pauseReason, "Checking a price");
      // The bid of the other supplier carries no name.
      assert.equal(got[0].data.mine, false);
      assert.doesNotMatch(JSON.stringify(got), /S2|Abbr/);
    } finally {
      await again.close();
    }
  } finally {
    await buyer.close();
    await s1.close();
  }
});

Deno.test("pausing and ending early need a reason, and each is in the audit log with it", async () => {
  const { env, r } = await ready();
  await using _ = env;
  env.clock.set(START);
  const none = await call(env, "post", `${AU}/End`, {
    token: r.buyer.token,
    lang: "en",
    body: { offProId: r.project.id, reason: " " },
  });
  assert.equal(none.status, 400);
  assert.match(none.json.error.validationErrors[0].message, /Enter the reason/);
  const ended = await call(env, "post", `${AU}/End`, {
    token: r.buyer.token,
    body: { offProId: r.project.id, reason: "Budget approved" },
  });
  assert.equal(ended.status, 200, JSON.stringify(ended.json));
  assert.equal(ended.json.result.auction.state, "ended");
  assert.equal(ended.json.result.auction.endReason, "Budget approved");
  const trail = await env.db.select().from(auditLogs).where(
    eq(auditLogs.methodName, "EndAuctionEarly"),
  );
  assert.equal(trail.length, 1);
  assert.match(trail[0].parameters ?? "", /Budget approved/);
  const bad = await stream(
    env,
    `${AU}/Events`,
    r.buyer.token,
    `offProId=${r.project.id}`,
    -1 as number,
  );
  assert.equal(bad.status, 400);
});

Deno.test("a bid a tenth of the bidder's last is refused with the largest drop allowed, in the bidder's language", async () => {
  const { env, r, bid } = await ready();
  await using _ = env;
  env.clock.set(START);
  // S1 stands at 217,000: 21700 (a zero missed) is refused, and nothing is stored.
  const en = await bid(r.s1.token, "21700");
  assert.equal(en.status, 409);
  assert.equal(
    en.json.error.message,
    "A bid may be at most 20 % below your last bid (217,000.00 CNY): at least 173,600.00 CNY",
  );
  const zh = await bid(r.s1.token, "21700", "zh");
  assert.equal(zh.status, 409);
  assert.equal(
    zh.json.error.message,
    "单次出价最多比您上一次出价（217,000.00 元）低 20%：不低于 173,600.00 元",
  );
  const [{ n }] = await env.db.select({ n: count() }).from(auctionBids)
    .where(eq(auctionBids.kind, "bid"));
  assert.equal(n, 0);
  // The bidder's page says the range; a bid exactly at the limit is taken.
  const view = await call(env, "get", `${SO}/GetAuction`, {
    token: r.s1.token,
    query: { offProId: r.project.id },
  });
  assert.deepEqual(
    [view.json.result.maxDropKind, view.json.result.maxDrop, view.json.result.lines[0].minNext],
    ["percent", "20", "173600.00"],
  );
  assert.equal((await bid(r.s1.token, "173600")).status, 200);
});

Deno.test("the buyer changes the largest drop while the auction is paused (audit-logged); while it runs the change is refused", async () => {
  const { env, r, bid } = await ready();
  await using _ = env;
  env.clock.set(START);
  const change = (body: Record<string, unknown>, lang: "en" | "zh" = "en", token = r.buyer.token) =>
    call(env, "post", `${AU}/SetMaxDrop`, {
      token,
      lang,
      body: { offProId: r.project.id, ...body },
    });
  const running = await change({ maxDropKind: "amount", maxDrop: "50000" });
  assert.equal(running.status, 409);
  assert.equal(
    running.json.error.message,
    "The largest drop per bid can be changed only before the auction starts or while it is paused",
  );
  const runningZh = await change({ maxDropKind: "amount", maxDrop: "50000" }, "zh");
  assert.equal(runningZh.json.error.message, "只能在竞价开始前或暂停期间修改单次最大降幅");
  assert.equal(
    (await change({ maxDropKind: "amount", maxDrop: "50000" }, "en", r.s1.token)).status,
    403,
  );
  const paused = await call(env, "post", `${AU}/Pause`, {
    token: r.buyer.token,
    body: { offProId: r.project.id, reason: "Checking the limits" },
  });
  assert.equal(paused.status, 200);
  const bad = await change({ maxDropKind: "percent", maxDrop: "abc" });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.json.error.validationErrors[0].members, ["maxDrop"]);
  assert.match(bad.json.error.validationErrors[0].message, /largest drop per bid/);
  // Smaller than the least improvement (1,000): no one could bid.
  const tight = await change({ maxDropKind: "amount", maxDrop: "999.99" });
  assert.equal(tight.status, 400);
  assert.deepEqual(tight.json.error.validationErrors[0].members, ["maxDrop"]);
  const ok = await change({ maxDropKind: "amount", maxDrop: "50000" });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.deepEqual(
    [ok.json.result.auction.maxDropKind, ok.json.result.auction.maxDrop],
    ["amount", "50000"],
  );
  const events = ok.json.result.auction.events.map((e: { type: string }) => e.type);
  assert.deepEqual(events, ["paused", "maxDropChanged"]);
  const [trail] = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.methodName, "SetAuctionMaxDrop"));
  assert.equal(trail.userName, "buyer1");
  assert.match(trail.parameters ?? "", /"maxDrop":"50000"/);
  // Resumed, the new limit holds: 30,000 below 217,000 is now taken.
  assert.equal(
    (await call(env, "post", `${AU}/Resume`, {
      token: r.buyer.token,
      body: { offProId: r.project.id },
    })).status,
    200,
  );
  const taken = await bid(r.s1.token, "187000");
  assert.equal(taken.status, 200, JSON.stringify(taken.json));
  const far = await bid(r.s1.token, "136999.99");
  assert.equal(far.status, 409);
  assert.match(
    far.json.error.message,
    /at most 50,000 CNY below your last bid \(187,000\.00 CNY\)/,
  );
});
