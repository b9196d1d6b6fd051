// The end of an auction by the clock on the open pages' event streams: within a second of the
// closing time each page is sent the end (a message without an id, its view "ended") while nothing
// is written; once the `auctionEnds` job writes the end, its "ended" event follows with its id.
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { auctionEvents, auctions } from "../../db/schema.ts";
import { call, type TestEnv, testEnv } from "../helpers.ts";
import { awardReady } from "./award_fixtures.ts";
import { runDueJobs } from "../../server/jobs/index.ts";

const START = "2026-11-23T10:05:00.000Z";
const END = "2026-11-23T10:25:00.000Z";

type Message = { id: number | null; type: string; data: Record<string, unknown> };

/** Reads a page's event stream as the pages do, messages without an id included. */
class Messages {
  readonly got: Message[] = [];
  #reader: ReadableStreamDefaultReader<string>;
  #text = "";

  constructor(res: Response) {
    assert.equal(res.status, 200);
    this.#reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** Reads until a message matches, at most `ms` milliseconds; answers it. */
  async until(match: (m: Message) => boolean, ms: number): Promise<Message> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.got.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not within ${ms} ms: ${JSON.stringify(this.got)}`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), left)));
      const read = await Promise.race([this.#reader.read(), late]);
      clearTimeout(timer);
      if (read === null) continue;
      if (read.done) throw new Error("the stream ended");
      this.#text += read.value;
      for (let end; (end = this.#text.indexOf("\n\n")) >= 0;) {
        const block = this.#text.slice(0, end);
        this.#text = this.#text.slice(end + 2);
        const field = (k: string) =>
          block.split("\n").find((l) => l.startsWith(`${k}: `))?.slice(k.length + 2);
        const data = field("data");
        if (data === undefined) continue;
        const id = field("id");
        this.got.push({
          id: id === undefined ? null : Number(id),
          type: field("event") ?? "message",
          data: JSON.parse(data),
        });
      }
    }
  }

  close = () => this.#reader.cancel().catch(() => {});
}

const open = async (env: TestEnv, path: string, token: string, projectId: number) =>
  new Messages(
    await env.app.request(`http://localhost/api/services${path}?offProId=${projectId}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );

const stored = async (env: TestEnv, id: number) => {
  const [a] = await env.db.select().from(auctions).where(eq(auctions.id, id));
  const [{ n }] = await env.db.select({ n: count() }).from(auctionEvents)
    .where(eq(auctionEvents.type, "ended"));
  return { status: a.status, endedAt: a.endedAt, endedEvents: n };
};

Deno.test("open pages are sent the end by the clock within a second, without a write; the job's event follows", async () => {
  const env = await testEnv();
  await using _ = env;
  const r = await awardReady(env);
  const created = await call(env, "post", "/QMO/Auction/Create", {
    token: r.buyer.token,
    body: { offProId: r.project.id, startAt: START, endAt: END, step: "1000" },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const auctionId = created.json.result.auction.auctionId;
  env.clock.set(START);
  const buyer = await open(env, "/QMO/Auction/Events", r.buyer.token, r.project.id);
  const s1 = await open(env, "/QMO/SupplierOffer/AuctionEvents", r.s1.token, r.project.id);
  try {
    const bid = await call(env, "post", "/QMO/SupplierOffer/Bid", {
      token: r.s1.token,
      body: { offProId: r.project.id, bidKey: "late-minute-1", amount: "210000" },
    });
    assert.equal(bid.status, 200, JSON.stringify(bid.json));
    await s1.until((m) => m.type === "bid", 2000);

    env.clock.set(END);
    const isEnd = (m: Message) => m.type === "ended" && m.id === null;
    const [toBuyer, toBidder] = await Promise.all([
      buyer.until(isEnd, 1000),
      s1.until(isEnd, 1000),
    ]);
    assert.deepEqual(toBidder.data.data, { reason: null, early: false });
    assert.equal((toBidder.data.view as { state: string }).state, "ended");
    assert.equal((toBuyer.data.auction as { state: string }).state, "ended");
    // Nothing written by the pages' reading.
    assert.deepEqual(await stored(env, auctionId), {
      status: "active",
      endedAt: null,
      endedEvents: 0,
    });

    await runDueJobs(env, { force: true, only: ["auctionEnds"] });
    const written = (m: Message) => m.type === "ended" && m.id !== null;
    const [fromJob] = await Promise.all([buyer.until(written, 2000), s1.until(written, 2000)]);
    assert.equal((fromJob.data.auction as { endedAt: string }).endedAt, END);
    assert.deepEqual(await stored(env, auctionId), {
      status: "ended",
      endedAt: new Date(END),
      endedEvents: 1,
    });
    // The end by the clock was sent once to each page.
    assert.equal(buyer.got.filter(isEnd).length, 1);
    assert.equal(s1.got.filter(isEnd).length, 1);
  } finally {
    await buyer.close();
    await s1.close();
  }
});
