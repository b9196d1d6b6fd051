// Reading an auction's event stream as a page does: server-sent events parsed from the response
// body, each with its id, type and JSON data.
export type StreamEvent = { id: number; type: string; data: Record<string, unknown> };

export class EventReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #text = "";
  #decoder = new TextDecoder();
  readonly events: StreamEvent[] = [];

  constructor(res: Response) {
    if (!res.body) throw new Error(`no stream: ${res.status}`);
    this.#reader = res.body.getReader();
  }

  /** Reads until `until` holds for the events so far; fails when the stream ends first. */
  async waitFor(
    until: (events: StreamEvent[]) => boolean,
    what = "events",
  ): Promise<StreamEvent[]> {
    while (!until(this.events)) {
      const { done, value } = await this.#reader.read();
      if (done) throw new Error(`the stream ended before ${what}: ${JSON.stringify(this.events)}`);
      this.#text += this.#decoder.decode(value, { stream: true });
      for (let end; (end = this.#text.indexOf("\n\n")) >= 0;) {
        const block = this.#text.slice(0, end);
        this.#text = this.#text.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split("\n")) {
          const at = line.indexOf(":");
          if (at <= 0) continue; // a comment (keep-alive) or nothing
          const key = line.slice(0, at);
          const value = line.slice(at + 1).replace(/^ /, "");
          fields.set(
            key,
            key === "data" && fields.has("data") ? `${fields.get("data")}\n${value}` : value,
          );
        }
        if (!fields.has("id")) continue;
        this.events.push({
          id: Number(fields.get("id")),
          type: fields.get("event") ?? "message",
          data: JSON.parse(fields.get("data") ?? "{}"),
        });
      }
    }
    return this.events;
  }

  /** Waits for `n` events in all. */
  count(n: number) {
    return this.waitFor((e) => e.length >= n, `${n} events`);
  }

  async close() {
    await this.#reader.cancel().catch(() => {});
  }
}
