// Server-sent events read with fetch (EventSource cannot send the bearer token): the stream of a
// path from the event after `lastId`, reconnecting after a drop with the id of the last event
// received (Last-Event-ID), so the server sends exactly the events missed meanwhile. A page keeps
// itself up to date from the stream alone; only when the server refuses a reconnection for good
// (`onLost`: signed out, no longer allowed) does it read its whole state again.
import { API_ROOT } from "./api.ts";
import { getToken } from "./auth.ts";
import { i18n } from "./i18n.ts";

/** An event; `id` null for a message the server sends without one (it moves no Last-Event-ID). */
type StreamEvent<T> = { id: number | null; type: string; data: T };

type Handlers<T> = {
  onEvent: (e: StreamEvent<T>) => void;
  /** Whether it is connected (a page shows "reconnecting" meanwhile). */
  onLive?: (live: boolean) => void;
  /** A reconnection refused for good: the stream has stopped (the page reads its state again). */
  onLost?: () => void;
};

const RETRY_MS = 1000;
const MAX_RETRY_MS = 8000;

/** Splits the text received so far into complete events; answers the rest. */
function parse<T>(text: string, onEvent: (e: StreamEvent<T>) => void): string {
  let rest = text;
  for (let end; (end = rest.indexOf("\n\n")) >= 0;) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let id: number | null = null;
    let type = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      const at = line.indexOf(":");
      if (at <= 0) continue; // a comment (keep-alive)
      const value = line.slice(at + 1).replace(/^ /, "");
      const key = line.slice(0, at);
      if (key === "id") id = Number(value);
      else if (key === "event") type = value;
      else if (key === "data") data.push(value);
    }
    if (!data.length || (id !== null && !Number.isSafeInteger(id))) continue;
    onEvent({ id, type, data: JSON.parse(data.join("\n")) as T });
  }
  return rest;
}

/** Opens the stream; answers the function that closes it for good. */
export function openEventStream<T>(
  path: string,
  params: Record<string, string | number>,
  lastId: number,
  { onEvent, onLive = () => {}, onLost = () => {} }: Handlers<T>,
): () => void {
  let last = lastId;
  let stopped = false;
  let ctrl: AbortController | undefined;
  (async () => {
    for (let wait = RETRY_MS; !stopped;) {
      ctrl = new AbortController();
      try {
        const url = new URL(API_ROOT + path, location.origin);
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
        const headers: Record<string, string> = {
          accept: "text/event-stream",
          "accept-language": i18n.language,
          "last-event-id": String(last),
        };
        const token = getToken();
        if (token) headers.authorization = `Bearer ${token}`;
        const res = await fetch(url, { headers, signal: ctrl.signal });
        // Refused for good (signed out, gone): no point in trying again.
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
          await res.body?.cancel();
          onLive(false);
          if (!stopped) onLost();
          return;
        }
        if (!res.ok || !res.body) throw new Error(String(res.status));
        onLive(true);
        wait = RETRY_MS;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let text = "";
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text = parse<T>(text + value, (e) => {
            if (e.id !== null) last = e.id;
            onEvent(e);
          });
        }
      } catch { /* dropped: try again below */ }
      if (stopped) return;
      onLive(false);
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    }
  })();
  return () => {
    stopped = true;
    ctrl?.abort();
  };
}
