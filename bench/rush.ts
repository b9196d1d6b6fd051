// The deadline rush: many supplier sessions each upload a 5 MB quote to one published project within
// about ten seconds of its deadline. Prints how many were accepted or refused (and why), the upload
// throughput beside the disk's own write speed measured in the same run, and the server's peak memory.
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { offerProjects, offerProjectSuppliers, users } from "../db/schema.ts";
import { openDatabase, transaction } from "../db/client.ts";
import { t } from "../server/i18n.ts";
import type { Generated, Server } from "./server.ts";
import { signIn } from "./server.ts";

const MB = 1024 * 1024;

/** Writes `size` bytes in 1 MiB blocks and syncs them: the disk's sequential write speed. */
async function diskWriteSpeed(dir: string, size = 512 * MB): Promise<number> {
  const path = join(dir, `disk-speed-${crypto.randomUUID()}`);
  const block = crypto.getRandomValues(new Uint8Array(64 * 1024));
  const chunk = new Uint8Array(MB);
  for (let o = 0; o < MB; o += block.length) chunk.set(block, o);
  const t0 = performance.now();
  const f = await Deno.open(path, { write: true, createNew: true });
  try {
    for (let done = 0; done < size; done += MB) {
      for (let o = 0; o < MB;) o += await f.write(chunk.subarray(o));
    }
    await f.sync();
  } finally {
    f.close();
    await Deno.remove(path).catch(() => {});
  }
  return size / MB / ((performance.now() - t0) / 1000);
}

async function pool<T>(items: T[], width: number, fn: (x: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

export async function deadlineRush(
  server: Server,
  dir: string,
  generated: Generated,
  log: (s: string) => void,
) {
  const sessions = Number(Deno.env.get("BENCH_RUSH_SESSIONS") ?? "500");
  const fileMb = Number(Deno.env.get("BENCH_RUSH_MB") ?? "5");
  const windowS = Number(Deno.env.get("BENCH_RUSH_SECONDS") ?? "10");
  log("");
  log(`## Deadline rush: ${sessions} supplier sessions × ${fileMb} MB within ${windowS} s`);

  // The project: published to the generated portal suppliers, each of whom agreed already. It is
  // written straight into the database (the server sees it on its next read) so that the bench does
  // not depend on today being a working day.
  const { db, close } = await openDatabase(`file:${join(dir, "qmo.db")}`);
  let projectId: number;
  let suppliers: { userName: string; supplierId: number }[];
  try {
    suppliers = (await db.select({ userName: users.userName, supplierId: users.supplierId })
      .from(users).where(eq(users.kind, "supplier")).limit(sessions))
      .filter((u): u is { userName: string; supplierId: number } => u.supplierId != null);
    const [buyer] = await db.select().from(users)
      .where(inArray(users.userName, generated.buyerUserNames)).limit(1);
    const now = new Date();
    const [p] = await db.insert(offerProjects).values({
      code: `RUSH-${now.getTime()}`,
      name: "截止前报价压测 Deadline rush",
      kind: "material",
      status: "published",
      pubDate: now,
      offerEndTime: new Date(now.getTime() + 3600_000),
      creatorId: buyer.id,
      createdAt: now,
    }).returning();
    projectId = p.id;
    await transaction(db, async (tx) => {
      for (let i = 0; i < suppliers.length; i += 500) {
        await tx.insert(offerProjectSuppliers).values(
          suppliers.slice(i, i + 500).map((s) => ({
            projectId: p.id,
            supplierId: s.supplierId,
            invitedAt: now,
            agreedAt: now,
          })),
        );
      }
    });
  } finally {
    close();
  }

  log(`signing in ${suppliers.length} suppliers …`);
  const tokens: string[] = [];
  await pool(suppliers, 8, async (s) => {
    tokens.push(await signIn(server.base, s.userName, generated.password));
  });

  const disk = await diskWriteSpeed(dir);

  // One 5 MB body shared by every upload; each gets its own first line, so each is its own file.
  const filler = new Uint8Array(fileMb * MB - 256).fill(0x25); // '%': PDF comment bytes
  const bodies = tokens.map((_, i) =>
    new File(
      [
        new TextEncoder().encode(
          `%PDF-1.4\n% quote ${i} ${crypto.randomUUID()}\n`.padEnd(256, " "),
        ),
        filler,
      ],
      `报价单-${i}.pdf`,
      { type: "application/pdf" },
    )
  );

  // Uploads start within the window; the deadline falls `grace` seconds after it, and an upload
  // completed after the deadline is refused as late.
  const graceS = Number(Deno.env.get("BENCH_RUSH_GRACE_SECONDS") ?? "20");
  const start = Date.now() + 1000;
  const deadline = new Date(start + (windowS + graceS) * 1000);
  {
    const { db, close } = await openDatabase(`file:${join(dir, "qmo.db")}`);
    await db.update(offerProjects).set({ offerEndTime: deadline })
      .where(eq(offerProjects.id, projectId));
    close();
  }
  const late = t("en", "quotes.deadlinePassed");
  const outcome = { accepted: 0, late: 0, other: 0 };
  const others = new Map<string, number>();
  let lastDone = 0;
  const finished: number[] = [];
  log(`server resident memory before the rush: ${server.rssMb().toFixed(0)} MiB`);
  server.resetPeak();
  const cpu0 = server.cpuMs();
  await Promise.all(tokens.map(async (token, i) => {
    // Spread over the window's first nine tenths, as people pressing "submit" near the end.
    const at = start + Math.floor((i / tokens.length) * windowS * 900);
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    const form = new FormData();
    form.set("offProId", String(projectId));
    form.set("round", "0");
    form.set("file", bodies[i]);
    try {
      const res = await fetch(`${server.base}/api/services/QMO/SupplierOffer/Submit`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "accept-language": "en" },
        body: form,
      });
      const json = await res.json().catch(() => null);
      if (res.ok && json?.success) outcome.accepted++;
      else if (res.status === 409 && json?.error?.message === late) outcome.late++;
      else {
        outcome.other++;
        const key = `${res.status} ${json?.error?.message ?? ""}`;
        others.set(key, (others.get(key) ?? 0) + 1);
      }
    } catch (err) {
      outcome.other++;
      const key = String(err);
      others.set(key, (others.get(key) ?? 0) + 1);
    }
    lastDone = Date.now();
    finished.push((lastDone - start) / 1000);
  }));
  finished.sort((a, b) => a - b);
  const seconds = (lastDone - start) / 1000;
  const sent = tokens.length * fileMb;
  log(
    `deadline ${
      windowS + graceS
    } s after the first upload; accepted ${outcome.accepted}, refused as late ${outcome.late}, other answers ${outcome.other}`,
  );
  const pct = (p: number) =>
    finished[Math.min(finished.length - 1, Math.floor(p * finished.length))];
  log(
    `uploads finished (s after the first started): median ${pct(0.5).toFixed(1)}, 95 % ${
      pct(0.95).toFixed(1)
    }, last ${pct(1).toFixed(1)}`,
  );
  for (const [k, n] of others) log(`  ${n} × ${k}`);
  log(
    `upload throughput ${(sent / seconds).toFixed(0)} MB/s (${sent} MB in ${
      seconds.toFixed(1)
    } s) — disk write speed measured now: ${disk.toFixed(0)} MB/s`,
  );
  log(
    `server CPU during the rush: ${((server.cpuMs() - cpu0) / 1000).toFixed(1)} s (${
      ((server.cpuMs() - cpu0) / sent).toFixed(1)
    } ms per MB received)`,
  );
  log(`server peak memory during the rush: ${server.peakMb().toFixed(0)} MiB (target < 300)`);
}
