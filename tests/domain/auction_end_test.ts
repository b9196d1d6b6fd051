// The clock's end of a reverse auction is written by the `auctionEnds` job and by a bid that comes
// after it, never by a read: reading the auction or its events past the end reads "ended" and
// changes nothing in the database, and the matrix takes its final bids at once. Real database,
// fixed clock.
import assert from "node:assert/strict";
import { asc, count, eq, sql } from "drizzle-orm";
import { auctionEvents, auctions, auditLogs } from "../../db/schema.ts";
import type { Actor } from "../../server/domain/context.ts";
import { type TestEnv, testEnv } from "../helpers.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { setUpAuction } from "../../server/domain/auction/setup.ts";
import { placeBid } from "../../server/domain/auction/bid.ts";
import { buyerAuction, supplierAuction } from "../../server/domain/auction/read.ts";
import { AuctionEventsReader } from "../../server/domain/auction/eventsReader.ts";
import { projectMatrix } from "../../server/domain/comparison/service.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { DomainError } from "../../server/domain/errors.ts";

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

async function ready() {
  const env = await testEnv();
  const r = await awardReady(env);
  const one = bidder(r.s1, 901);
  const auction = await setUpAuction(env, r.buyer.actor, {
    offProId: r.project.id,
    startAt: START,
    endAt: END,
    step: "500",
  });
  const bid = (amount: string) =>
    placeBid(env, one, { offProId: r.project.id, bidKey: crypto.randomUUID(), amount });
  env.clock.set(new Date(START.getTime() + 60_000));
  await bid("210000");
  return { env, r, one, auction, bid };
}

/** Every table's row count, and the auctions as stored: what a write would change. */
async function everything(env: TestEnv) {
  const tables = await env.db.all<{ name: string }>(sql`select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like '%fts%' order by name`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await env.db.all<{ n: number }>(sql.raw(`select count(*) as n from "${name}"`));
    counts[name] = row.n;
  }
  return { counts, auctions: await env.db.select().from(auctions).orderBy(asc(auctions.id)) };
}

const endedEvents = async (env: TestEnv) =>
  (await env.db.select({ n: count() }).from(auctionEvents).where(eq(auctionEvents.type, "ended")))[
    0
  ]
    .n;

Deno.test("reading an auction and its events past its end reads it ended and writes nothing; the job writes the end", async () => {
  const { env, r, one, auction } = await ready();
  await using _ = env;
  const reader = await AuctionEventsReader.open(env, auction);
  env.clock.set(new Date(END.getTime() + 5_000));
  const before = await everything(env);

  // The buyer's and the bidder's views, and the events read for open pages.
  const buyer = (await buyerAuction(env, r.buyer.actor, r.project.id)).auction!;
  assert.equal(buyer.state, "ended");
  assert.equal(buyer.endedAt, null); // not written yet
  assert.equal((await supplierAuction(env, one, r.project.id)).state, "ended");
  assert.deepEqual(await reader.readNew(), []);
  assert.equal((await reader.missed(0)).length, 1); // the bid
  const end = reader.clockEnd();
  assert.deepEqual(end, {
    type: "ended",
    at: END.getTime(),
    data: { reason: null, early: false },
  });
  const toBidder = reader.payload({ kind: "supplier", supplierId: r.s1.supplier.id }, end!);
  assert.equal(toBidder.type, "ended");
  assert.equal("view" in toBidder && toBidder.view?.state, "ended");
  const toBuyer = reader.payload({ kind: "buyer" }, end!);
  assert.equal("auction" in toBuyer && toBuyer.auction?.state, "ended");

  assert.deepEqual(await everything(env), before);
  assert.equal(await endedEvents(env), 0);
  // The matrix takes the final bids as the last round at once, still without writing the end.
  const m = await projectMatrix(env, r.buyer.actor, r.project.id);
  assert.equal(m.suppliers.find((s) => s.id === r.s1.supplier.id)?.round, 3);
  assert.equal(await endedEvents(env), 0);
  assert.equal((await env.db.select().from(auctions))[0].status, "active");

  // The job writes the end at the closing time, with its event, results and audit row.
  const [{ ms: _ms, ...outcome }] = await runDueJobs(env, { force: true, only: ["auctionEnds"] });
  assert.deepEqual(outcome, {
    job: "auctionEnds",
    status: "done",
    result: { ended: [r.project.id] },
  });
  const [stored] = await env.db.select().from(auctions).where(eq(auctions.id, auction.id));
  assert.equal(stored.status, "ended");
  assert.equal(stored.endedAt?.toISOString(), END.toISOString());
  assert.equal(await endedEvents(env), 1);
  const news = await reader.readNew();
  assert.deepEqual(news.map((e) => e.type), ["ended"]);
  assert.equal(reader.clockEnd(), null); // written: the event says it now
  const trail = await env.db.select({ n: count() }).from(auditLogs)
    .where(eq(auditLogs.methodName, "AuctionEnded"));
  assert.equal(trail[0].n, 1);
});

Deno.test("a bid after the end writes the end first and is refused", async () => {
  const { env, auction, bid } = await ready();
  await using _ = env;
  env.clock.set(new Date(END.getTime() + 1_000));
  await assert.rejects(
    bid("200000"),
    (e) => e instanceof DomainError && e.messageKey === "auction.over",
  );
  const [stored] = await env.db.select().from(auctions).where(eq(auctions.id, auction.id));
  assert.equal(stored.status, "ended");
  assert.equal(stored.endedAt?.toISOString(), END.toISOString());
  assert.equal(await endedEvents(env), 1);
  // Written once: the job finds nothing left to end, and another late bid writes nothing more.
  await assert.rejects(bid("199000"), (e) => e instanceof DomainError);
  assert.deepEqual(
    (await runDueJobs(env, { force: true, only: ["auctionEnds"] })).map(({ ms: _, ...o }) => o),
    [{ job: "auctionEnds", status: "done", result: { ended: [] } }],
  );
  assert.equal(await endedEvents(env), 1);
});
