// The auctions' event streams (server-sent events). One channel per auction in this process looks
// at the database for new events (every POLL_MS, and PROMPT_MS after a change taken here) and sends
// them to every open page in one write, each page its own view. A page that connects, or reconnects with the id of
// the last event it got (Last-Event-ID), first gets every event after that one from the database,
// then the live ones: none twice, none missed, whichever server it was on before. Reading writes
// nothing: once the clock has ended an auction whose end is not written yet, the pages are sent that
// end as a view without an id (the "ended" event with its id follows once the job or a bid writes
// it), within POLL_MS. A page's stream
// ends with its session: the channel checks every page's session and right to the auction
// (CHECK_MS, before it sends new events, and at once after a sign-out or a change to users or roles
// taken here), and closes the streams that fail.
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Actor, Deps } from "../domain/context.ts";
import {
  AuctionEventsReader,
  type Reader,
  stillReading,
  type Viewer,
} from "../domain/auction/eventsReader.ts";
import type { AuctionEventRow, AuctionRow } from "../domain/auction/store.ts";
import type { AppEnv } from "./route.ts";
import { eventStreams } from "../metrics.ts";

const POLL_MS = 250;
/** After a bid or a change taken by this server, how soon its pages are sent it. */
const PROMPT_MS = 40;
const KEEP_ALIVE_MS = 15_000;
/** A page this many events behind (a stalled connection) is cut off: it reconnects and catches up. */
const MAX_BACKLOG = 2000;
/**
 * How often each page's session is checked again (a sign-out, a revocation, a deactivation or a
 * lost permission on another server is seen within this and one look at the database).
 */
const CHECK_MS = 500;

type Subscriber = Viewer & {
  /** The id of the last event sent (or the one the page said it has). */
  lastSent: number;
  /** Still catching up from the database: live events wait in `queue`. */
  ready: boolean;
  queue: AuctionEventRow[];
  /** Sends these events (in order) in one write, the view on the last. */
  send: (events: AuctionEventRow[]) => void;
  /** Sends the end by the clock, not written yet, if it has come (a view without an id). */
  sendClockEnd: () => void;
  /** Closes the stream: its session has ended or no longer reaches the auction. */
  end: () => void;
};

class Channel {
  readonly subs = new Set<Subscriber>();
  #timer: ReturnType<typeof setInterval>;
  #reading: Promise<void> | null = null;
  #soon: ReturnType<typeof setTimeout> | null = null;
  /** When the pages' sessions were last checked (performance.now()); 0: check at the next read. */
  #checkedAt = 0;
  /** The closing time (ms) whose end by the clock the pages have been sent; 0: none. */
  #clockEndSent = 0;

  constructor(private deps: Deps, readonly events: AuctionEventsReader) {
    this.#timer = setInterval(() => this.read(), POLL_MS);
  }

  /**
   * Reads the new events and hands them to every page whose session still holds (one read at a
   * time); the sessions are checked before any new event goes out, and every CHECK_MS meanwhile.
   * Then, once, the end by the clock when it has come and is not written yet.
   */
  read(): Promise<void> {
    this.#reading ??= this.events.readNew().then(async (rows) => {
      if (rows.length || performance.now() - this.#checkedAt >= CHECK_MS) await this.#check();
      if (rows.length) { for (const s of this.subs) deliver(s, rows); }
      const end = this.events.clockEnd();
      if (end && end.at !== this.#clockEndSent) {
        this.#clockEndSent = end.at;
        for (const s of this.subs) if (s.ready) s.sendClockEnd();
      }
    }).catch((err) => console.error("auction events:", err)).finally(() => (this.#reading = null));
    return this.#reading;
  }

  /**
   * Ends the pages whose session has ended or no longer reaches the auction, in one check for all;
   * when the check itself fails, every page (each reconnects and is checked as it does).
   */
  async #check() {
    this.#checkedAt = performance.now();
    const subs = [...this.subs];
    if (!subs.length) return;
    const still = await stillReading(this.deps, this.events.standings.auction.id, subs)
      .catch((err) => (console.error("auction stream check:", err), []));
    const kept = new Set(still);
    for (const s of subs) {
      if (kept.has(s)) continue;
      this.subs.delete(s);
      s.end();
    }
  }

  /** The sessions checked shortly (a sign-out, a password or role change taken by this server). */
  checkSoon() {
    this.#checkedAt = 0;
    this.soon();
  }

  /** A read shortly: the changes of the next few milliseconds go out together. */
  soon() {
    this.#soon ??= setTimeout(() => {
      this.#soon = null;
      this.read();
    }, PROMPT_MS);
  }

  stop() {
    clearInterval(this.#timer);
    if (this.#soon) clearTimeout(this.#soon);
  }
}

function deliver(s: Subscriber, events: AuctionEventRow[]) {
  if (!s.ready) s.queue.push(...events);
  else s.send(events.filter((e) => e.id > s.lastSent));
}

const channels = new WeakMap<Deps, Map<number, Promise<Channel>>>();

function channelOf(deps: Deps, a: AuctionRow): Promise<Channel> {
  let byAuction = channels.get(deps);
  if (!byAuction) channels.set(deps, byAuction = new Map());
  let ch = byAuction.get(a.id);
  if (!ch) {
    ch = AuctionEventsReader.open(deps, a).then((events) => new Channel(deps, events));
    ch.catch(() => byAuction!.delete(a.id));
    byAuction.set(a.id, ch);
  }
  return ch;
}

function release(deps: Deps, auctionId: number, ch: Channel) {
  if (ch.subs.size) return;
  ch.stop();
  channels.get(deps)?.delete(auctionId);
}

/** Wakes the auction's open streams: they read its new events shortly (after a bid, a pause … taken here). */
export function wakeAuctionStreams(deps: Deps, auctionId: number): void {
  channels.get(deps)?.get(auctionId)?.then((ch) => ch.soon(), () => {});
}

/**
 * Checks the sessions of every open event stream shortly: after a sign-out, a password change or a
 * change to users or roles taken by this server (another server's are seen within CHECK_MS).
 */
export function recheckAuctionStreams(deps: Deps): void {
  for (const ch of channels.get(deps)?.values() ?? []) ch.then((c) => c.checkSoon(), () => {});
}

/**
 * The event stream of an auction for `actor` reading as `reader`, from the event after `after` (the
 * page's last one; null: from now on). Ends when the page goes away, the server stops, or the
 * actor's session ends or no longer reaches the auction.
 */
export function auctionStream(
  c: Context<AppEnv>,
  deps: Deps,
  a: AuctionRow,
  actor: Actor,
  reader: Reader,
  after: number | null,
): Response {
  const stopping = c.get("stopping");
  return streamSSE(c, async (stream) => {
    const ch = await channelOf(deps, a);
    let backlog = 0;
    let chain = Promise.resolve();
    let closed = false;
    let close = () => {};
    const ended = new Promise<void>((resolve) => {
      close = resolve;
      stream.onAbort(resolve);
      if (stopping?.aborted) resolve();
      stopping?.addEventListener("abort", () => resolve(), { once: true });
    });
    const sub: Subscriber = {
      userId: actor.id,
      // Without a session (never over HTTP) the first check ends the stream.
      sessionId: actor.sessionId ?? "",
      reader,
      lastSent: after ?? ch.events.lastId,
      ready: false,
      queue: [],
      end: () => {
        closed = true;
        close();
      },
      send: (events) => {
        if (!events.length || closed) return;
        sub.lastSent = events[events.length - 1].id;
        const text = events.map((e, i) =>
          `event: ${e.type}\ndata: ${
            JSON.stringify(ch.events.payload(reader, e, i === events.length - 1))
          }\nid: ${e.id}\n\n`
        ).join("");
        backlog += events.length;
        if (backlog > MAX_BACKLOG) return void stream.abort();
        chain = chain.then(async () => void await stream.write(text))
          .finally(() => (backlog -= events.length));
      },
      sendClockEnd: () => {
        const end = ch.events.clockEnd();
        if (!end || closed) return;
        const text = `event: ended\ndata: ${JSON.stringify(ch.events.payload(reader, end))}\n\n`;
        chain = chain.then(async () => void await stream.write(text));
      },
    };
    ch.subs.add(sub);
    eventStreams.inc();
    try {
      // The browser's own EventSource waits this long before reconnecting.
      await stream.write("retry: 1000\n\n");
      sub.send(await ch.events.missed(sub.lastSent));
      sub.ready = true;
      deliver(sub, sub.queue.splice(0));
      sub.sendClockEnd();
      const alive = setInterval(() => stream.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      await ended;
      clearInterval(alive);
    } finally {
      eventStreams.dec();
      ch.subs.delete(sub);
      release(deps, a.id, ch);
    }
  });
}
