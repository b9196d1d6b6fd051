// Reading an auction's event stream as a page does (server-sent events parsed from the response
// body, each with its id, type and JSON data), and a project ready for an auction.
import {
  files,
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  quoteLines,
  quotes,
} from "../db/schema.ts";
import type { Db } from "../db/client.ts";

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
      this.#take(value);
    }
    return this.events;
  }

  /**
   * Reads until the server ends the stream, at most `ms` milliseconds: answers whether it ended in
   * time (the events read meanwhile are in `events`).
   */
  async endsWithin(ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
    try {
      for (;;) {
        const read = await Promise.race([this.#reader.read(), late]);
        if (read === "late") return false;
        if (read.done) return true;
        this.#take(read.value);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  #take(chunk: Uint8Array) {
    this.#text += this.#decoder.decode(chunk, { stream: true });
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

  /** Waits for `n` events in all. */
  count(n: number) {
    return this.waitFor((e) => e.length >= n, `${n} events`);
  }

  async close() {
    await this.#reader.cancel().catch(() => {});
  }
}

/**
 * A material project whose first quotes are in (stored as ended): one line item of 1,000 sheets a
 * year, each supplier's quote pricing it at 200 CNY plus 0.01 per place in the list. Written straight
 * into the database, as the bench and the reliability tests need it without the calendar or SMTP.
 */
export async function quotedProject(
  db: Db,
  supplierIds: number[],
  opts: { code: string; creatorId?: number },
): Promise<{ projectId: number; itemId: number }> {
  const now = new Date();
  const past = new Date(now.getTime() - 3600_000);
  const [p] = await db.insert(offerProjects).values({
    code: opts.code,
    name: "覆铜板竞价 Laminate auction",
    kind: "material",
    status: "ended",
    pubDate: new Date(now.getTime() - 2 * 3600_000),
    offerEndTime: past,
    endedAt: past,
    endReason: "deadline",
    linesRequired: true,
    creatorId: opts.creatorId ?? null,
    createdAt: past,
  }).returning({ id: offerProjects.id });
  const [item] = await db.insert(offerProjectItems).values({
    projectId: p.id,
    itemName: "FR-4 laminate 1.6mm",
    unit: "sheet",
    estimateYearAmount: "1000",
  }).returning({ id: offerProjectItems.id });
  for (let i = 0; i < supplierIds.length; i += 100) {
    const batch = supplierIds.slice(i, i + 100);
    await db.insert(offerProjectSuppliers).values(
      batch.map((supplierId) => ({ projectId: p.id, supplierId, invitedAt: past, agreedAt: past })),
    );
    const fileRows = await db.insert(files).values(batch.map((supplierId) => ({
      sha256: crypto.randomUUID().replaceAll("-", "").padEnd(64, "0"),
      size: 10,
      contentType: "application/pdf",
      fileName: `quote-${supplierId}.pdf`,
      purpose: "quote" as const,
      projectId: p.id,
    }))).returning({ id: files.id });
    const quoteRows = await db.insert(quotes).values(batch.map((supplierId, k) => ({
      projectId: p.id,
      supplierId,
      round: 0,
      fileId: fileRows[k].id,
      submittedAt: past,
    }))).returning({ id: quotes.id });
    await db.insert(quoteLines).values(quoteRows.map((q, k) => ({
      quoteId: q.id,
      itemId: item.id,
      unitPrice: (200 + (i + k) / 100).toFixed(2),
      taxRate: "13",
      currency: "CNY",
      tradeTerms: "DDP",
      paymentMethod: "TT",
      paymentTermDays: 60,
      leadTimeDays: 14,
    })));
  }
  return { projectId: p.id, itemId: item.id };
}
