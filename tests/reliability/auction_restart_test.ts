// A live auction survives a crash: the real server is killed with SIGKILL while bids are on their
// way in, and started again on the same data. Every bid it acknowledged is there once, with the
// receipt it gave; the end, moved later by the extensions, is the same; the record of bids still
// verifies; and a page that was following the event stream reconnects with the id of its last
// event and gets every event it missed, once each, then the new ones.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auctions, users } from "../../db/schema.ts";
import { openDatabase } from "../../db/client.ts";
import { verifyAuctionRecord } from "../../server/domain/auction/chain.ts";
import { setUpAuction } from "../../server/domain/auction/setup.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { EventReader, quotedProject } from "../auction_fixtures.ts";
import {
  ADMIN_PASSWORD,
  api,
  integrity,
  prepareDataDir,
  quotingProject,
  signInHttp,
  startServerProcess,
  SUPPLIER_PASSWORD,
  withDbFile,
} from "./support.ts";

type Acked = { key: string; recordNo: number; recordHash: string; closesAt: string };

Deno.test("SIGKILL mid-auction loses no acknowledged bid, keeps the extended end, and pages catch up", async () => {
  const { dataDir, value: projectId } = await prepareDataDir(async (deps) => {
    const { supplierUsers } = await quotingProject(deps, { count: 2, code: "QP-AUCTION-BASE" });
    const { projectId } = await quotedProject(deps.db, supplierUsers.map((s) => s.supplierId), {
      code: "QP-AUCTION-KILL",
    });
    const [admin] = await deps.db.select().from(users).where(eq(users.userName, "admin"));
    const now = Date.now();
    // Ends in 100 s: every bid comes in its last two minutes and moves it 2 minutes later.
    await setUpAuction(deps, everything(admin.id), {
      offProId: projectId,
      startAt: new Date(now),
      endAt: new Date(now + 100_000),
      step: "1",
      extensionCapMinutes: 20,
    });
    return projectId;
  });
  const path = (p: string) => `/api/services/QMO/SupplierOffer/${p}`;
  const acked: Acked[] = [];
  let n = 0;
  const bid = async (base: string, token: string, amount: number) => {
    const key = `kill-test-${++n}-${crypto.randomUUID()}`;
    const r = await api(base, "post", "/QMO/SupplierOffer/Bid", {
      token,
      body: { offProId: projectId, bidKey: key, amount: amount.toFixed(2) },
    });
    if (r.status === 200) {
      const { receipt, closesAt } = r.json.result;
      acked.push({ key, recordNo: receipt.recordNo, recordHash: receipt.recordHash, closesAt });
    }
    return r.status;
  };
  const stream = (base: string, token: string, lastId: number) =>
    fetch(`${base}${path("AuctionEvents")}?offProId=${projectId}`, {
      headers: { authorization: `Bearer ${token}`, "last-event-id": String(lastId) },
    });

  let server = await startServerProcess(dataDir);
  try {
    const tokens = [
      await signInHttp(server.base, "R001", SUPPLIER_PASSWORD),
      await signInHttp(server.base, "R002", SUPPLIER_PASSWORD),
    ];
    const page = new EventReader(await stream(server.base, tokens[0], 0));
    // Ten bids one after another, each acknowledged; R001 starts at 200,000, R002 at 200,010.
    for (let i = 0; i < 10; i++) {
      assert.equal(await bid(server.base, tokens[i % 2], 199_000 - i * 100), 200);
    }
    await page.waitFor((e) => e.filter((x) => x.type === "bid").length >= 10, "ten bids");
    // Ten more on their way in (R001 and R002 in turn, lower each time) when the server is killed.
    const inFlight = Array.from(
      { length: 10 },
      (_, i) => bid(server.base, tokens[i % 2], 198_000 - i * 100).catch(() => 0),
    );
    await Promise.race(inFlight);
    await server.kill();
    await Promise.all(inFlight);
    assert.ok(acked.length >= 11, `only ${acked.length} bids acknowledged`);
    // The page saw its stream end with the server: it kept the id of the last event it got.
    await page.waitFor(() => false).catch(() => {});
    const seen = page.events.map((e) => e.id);
    const lastSeen = seen[seen.length - 1];

    server = await startServerProcess(dataDir);
    const admin = await signInHttp(server.base, "admin", ADMIN_PASSWORD);
    const view = await api(server.base, "get", "/QMO/Auction/Get", {
      token: admin,
      query: { offProId: projectId },
    });
    assert.equal(view.status, 200, view.text);
    const a = view.json.result.auction;
    assert.equal(a.state, "live");
    // The end with its extensions: as the last acknowledged bid said, or later (a bid taken but
    // not answered before the kill may have moved it again), and always the set end plus them.
    const latest = Math.max(...acked.map((x) => Date.parse(x.closesAt)));
    assert.ok(Date.parse(a.closesAt) >= latest, `${a.closesAt} is before ${new Date(latest)}`);
    assert.equal(Date.parse(a.closesAt), Date.parse(a.endAt) + a.extendedMs);
    assert.equal(a.extendedMs % 120_000, 0);

    // The page reconnects with its last event's id: exactly the events it missed, in order.
    const tokens2 = [
      await signInHttp(server.base, "R001", SUPPLIER_PASSWORD),
      await signInHttp(server.base, "R002", SUPPLIER_PASSWORD),
    ];
    const again = new EventReader(await stream(server.base, tokens2[0], lastSeen));
    try {
      await again.waitFor((e) => (e.at(-1)?.id ?? lastSeen) >= a.lastEventId, "the missed events");
      const ids = [...seen, ...again.events.map((e) => e.id)];
      assert.deepEqual(ids, Array.from({ length: a.lastEventId }, (_, i) => i + 1));
      // A bid after the restart reaches the reconnected page, once.
      const low = Math.min(...a.lines[0].ranking.map((r: { amount: string }) => Number(r.amount)));
      assert.equal(await bid(server.base, tokens2[1], low - 100), 200);
      const [fresh] = (await again.waitFor((e) => e.some((x) => x.id > a.lastEventId)))
        .filter((x) => x.id > a.lastEventId);
      assert.equal(fresh.type, "bid");
      assert.equal(again.events.filter((x) => x.id === fresh.id).length, 1);
    } finally {
      await again.close();
    }
  } finally {
    await server.stop();
  }

  // Every acknowledged bid is stored once, with the hash its receipt gave.
  assert.equal(await integrity(`${dataDir}/qmo.db`), "ok");
  await withDbFile(dataDir, async (q) => {
    for (const x of acked) {
      const rows = await q("select seq, entry_hash from auction_bids where bid_key = ?", [x.key]);
      assert.deepEqual(rows, [{ seq: x.recordNo, entry_hash: x.recordHash }], x.key);
    }
  });
  const { db, close } = await openDatabase(`file:${dataDir}/qmo.db`);
  try {
    const [a] = await db.select().from(auctions).where(eq(auctions.projectId, projectId));
    const report = await verifyAuctionRecord(db, a.id);
    assert.equal(report.ok, true, JSON.stringify(report));
    assert.ok(report.entries >= 2 + acked.length);
  } finally {
    close();
  }
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
});
