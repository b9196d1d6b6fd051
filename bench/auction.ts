// A live auction under load: BENCH_AUCTION_BIDDERS portal suppliers (200) on one auction for
// BENCH_AUCTION_SECONDS (600), each bidding at random every ~BENCH_AUCTION_EVERY_MS (3000) below
// its own last bid, every bidder's page on the event stream. Prints the bids' acknowledgement times
// (target p95 < 200 ms), that every acknowledged bid is stored exactly once (a few are sent twice
// with their key on purpose), that every page got every event once and ends showing what the
// database holds, and the server's memory and CPU.
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { auctionBids, users } from "../db/schema.ts";
import { openDatabase } from "../db/client.ts";
import { loadConfig } from "../server/config.ts";
import { systemClock } from "../server/domain/context.ts";
import { setUpAuction } from "../server/domain/auction/setup.ts";
import { loadStandings } from "../server/domain/auction/standings.ts";
import { allPermissions } from "../server/domain/auth/permissions.ts";
import { quotedProject } from "../tests/auction_fixtures.ts";
import { ADMIN_PASSWORD, type Generated, loadAverage, type Server, signIn } from "./server.ts";

const env = (k: string, d: string) => Number(Deno.env.get(k) ?? d);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;

type PageSummary = {
  events: number;
  distinct: number;
  ended: boolean;
  error: string;
  own: { amount: string; rank: number } | null;
};

/** Asks the pages' worker something and waits for its answer of `type`. */
function ask<T>(worker: Worker, message: unknown, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (e: MessageEvent) => {
      if (e.data.type !== type) return;
      worker.removeEventListener("message", on);
      resolve(e.data as T);
    };
    worker.addEventListener("message", on);
    worker.postMessage(message);
  });
}

export async function auctionBench(
  server: Server,
  dir: string,
  generated: Generated,
  log: (s: string) => void,
) {
  const n = env("BENCH_AUCTION_BIDDERS", "200");
  const seconds = env("BENCH_AUCTION_SECONDS", "600");
  const every = env("BENCH_AUCTION_EVERY_MS", "3000");
  log("");
  log(
    `## Live auction: ${n} bidders for ${seconds} s, a bid every ~${
      every / 1000
    } s each, every page on the event stream`,
  );

  const { db, close } = await openDatabase(`file:${join(dir, "qmo.db")}`);
  const deps = {
    db,
    clock: systemClock,
    config: loadConfig({ DATA_DIR: dir, JWT_SECRET: "x".repeat(32) }),
  };
  try {
    const bidders = (await db.select({ userName: users.userName, supplierId: users.supplierId })
      .from(users).where(eq(users.kind, "supplier")).limit(n))
      .filter((u): u is { userName: string; supplierId: number } => u.supplierId != null);
    const [admin] = await db.select().from(users).where(eq(users.userName, "admin"));
    const { projectId } = await quotedProject(db, bidders.map((b) => b.supplierId), {
      code: `AUCTION-${Date.now()}`,
    });
    log(`signing in ${bidders.length} bidders …`);
    const tokens: string[] = [];
    for (let i = 0; i < bidders.length; i += 4) {
      tokens.push(
        ...await Promise.all(
          bidders.slice(i, i + 4).map((b) => signIn(server.base, b.userName, generated.password)),
        ),
      );
    }
    const now = Date.now();
    const a = await setUpAuction(deps, {
      id: admin.id,
      userName: "admin",
      name: "admin",
      kind: "staff",
      supplierId: null,
      roleNames: ["Admin"],
      permissions: new Set(allPermissions),
    }, {
      offProId: projectId,
      startAt: new Date(now),
      endAt: new Date(now + (seconds + 120) * 1000),
      step: "0.5",
      visibility: "best",
      extensionCapMinutes: 0,
    });
    const worker = new Worker(new URL("./auction_pages.ts", import.meta.url), { type: "module" });
    worker.postMessage({ type: "start", base: server.base, tokens, projectId });
    await sleep(3000);
    server.resetPeak();
    const cpu0 = server.cpuMs();
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(server.rssMb()), 1000);

    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const acked = new Set<string>();
    let repeats = 0;
    const until = Date.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(bidders.map(async (_, i) => {
      // Each starts from its first quote: 200,000 + 10 × its place, in CNY.
      let last = 200_000 + i * 10;
      await sleep(Math.random() * every);
      while (Date.now() < until) {
        const next = last - 0.5 - Math.floor(Math.random() * 2000) / 100;
        const key = crypto.randomUUID();
        const body = JSON.stringify({ offProId: projectId, bidKey: key, amount: next.toFixed(2) });
        const send = async () => {
          const s = performance.now();
          const res = await fetch(`${server.base}/api/services/QMO/SupplierOffer/Bid`, {
            method: "POST",
            headers: { authorization: `Bearer ${tokens[i]}`, "content-type": "application/json" },
            body,
          });
          const json = await res.json();
          latencies.push(performance.now() - s);
          const why = res.ok ? "200" : `${res.status} ${json.error?.message ?? ""}`.slice(0, 60);
          statuses.set(why, (statuses.get(why) ?? 0) + 1);
          return res.ok ? json.result : null;
        };
        const r = await send().catch(() => null);
        if (r) {
          acked.add(key);
          last = next;
          // One bid in fifty is sent again with its key, as a page would after a lost answer.
          if (Math.random() < 0.02 && (await send())?.repeated) repeats++;
        }
        await sleep(every * (0.5 + Math.random()));
      }
    }));
    const wall = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const cpuMs = server.cpuMs() - cpu0;
    const peak = server.peakMb();

    const adminToken = await signIn(server.base, "admin", ADMIN_PASSWORD);
    await fetch(`${server.base}/api/services/QMO/Auction/End`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ offProId: projectId, reason: "bench over" }),
    }).then((r) => r.body?.cancel());
    for (let i = 0; i < 300; i++) {
      if ((await ask<{ all: boolean }>(worker, { type: "ended?" }, "ended")).all) break;
      await sleep(100);
    }
    const { pages } = await ask<{ pages: PageSummary[] }>(worker, { type: "stop" }, "pages");
    worker.terminate();

    // What the database holds against what was acknowledged and what each page saw.
    const stored = await db.select({ key: auctionBids.bidKey, n: count() }).from(auctionBids)
      .where(eq(auctionBids.auctionId, a.id)).groupBy(auctionBids.bidKey)
      .having(sql`${auctionBids.bidKey} is not null`);
    const once = stored.every((s) => s.n === 1) && stored.length === acked.size &&
      stored.every((s) => acked.has(s.key!));
    const [{ events }] = await db.select({ events: sql<number>`count(*)` }).from(
      sql`auction_events`,
    )
      .where(sql`auction_id = ${a.id}`);
    const fresh = (await db.query.auctions.findFirst({ where: (x, { eq }) => eq(x.id, a.id) }))!;
    const standings = await loadStandings(db, fresh);
    let consistent = 0;
    let everyEvent = 0;
    pages.forEach((page, i) => {
      const want = standings.supplierView(bidders[i].supplierId, new Date(), 0).lines[0];
      if (page.own?.amount === want.own.amount && page.own.rank === want.own.rank) consistent++;
      if (page.distinct === page.events && page.events === Number(events)) everyEvent++;
    });
    const errors = pages.filter((p) => p.error).length;
    // The same calls as the server timed them (its audit log): from the request's arrival in the
    // app to the answer, without the time on the wire and in this process's event loop.
    const inServer = (await db.select({ ms: sql<number>`execution_duration` }).from(sql`audit_logs`)
      .where(sql`method_name = 'Bid' and execution_time >= ${now}`)).map((r) => Number(r.ms))
      .sort((x, y) => x - y);
    const sorted = latencies.sort((x, y) => x - y);
    const p95 = pct(sorted, 0.95);
    log(
      `bids sent ${latencies.length} in ${wall.toFixed(0)} s (${
        (latencies.length / wall).toFixed(1)
      }/s); answers: ${[...statuses].map(([k, v]) => `${v} × ${k}`).join(", ")}`,
    );
    log(
      `acknowledgement: p50 ${pct(sorted, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${
        pct(sorted, 0.99).toFixed(1)
      } ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    log(
      `in the server (audit log): p50 ${pct(inServer, 0.5)} ms, p95 ${
        pct(inServer, 0.95)
      } ms, p99 ${pct(inServer, 0.99)} ms, max ${inServer.at(-1)} ms`,
    );
    log(
      `stored: ${stored.length} bids for ${acked.size} acknowledged, ${repeats} sent twice answered as repeats: ${
        once ? "each once" : "MISMATCH"
      }`,
    );
    log(
      `pages: ${everyEvent}/${pages.length} got all ${events} events once each; ${consistent}/${pages.length} end showing the database's bid and rank; ${errors} stream errors`,
    );
    log(
      `server: peak ${peak.toFixed(0)} MiB, RSS ${Math.min(...rss).toFixed(0)}–${
        Math.max(...rss).toFixed(0)
      } MiB during the run, CPU ${(cpuMs / Math.max(1, latencies.length)).toFixed(2)} ms per bid (${
        (cpuMs / 1000 / wall * 100).toFixed(0)
      } % of one core); load avg ${loadAverage().toFixed(2)}`,
    );
    log(`  ${p95 < 200 ? "met   " : "MISSED"} acknowledgement p95 < 200 ms`);
  } finally {
    close();
  }
}
