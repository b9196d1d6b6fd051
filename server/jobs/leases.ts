// Job leases in the database: a job runs only while its runner holds the lease, so the server's own
// schedule and a cron-started CLI never do the same work at the same time.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { jobLeases } from "../../db/schema.ts";
import type { Db } from "../../db/client.ts";

/** Takes the lease `name` for `ttlMs` unless another holder has it; answers whether it was taken. */
export async function acquireLease(
  db: Db,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db.insert(jobLeases).values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: or(
        isNull(jobLeases.holder),
        isNull(jobLeases.expiresAt),
        lte(jobLeases.expiresAt, now),
        eq(jobLeases.holder, holder),
      ),
    }).returning({ holder: jobLeases.holder });
  return rows.length === 1 && rows[0].holder === holder;
}

/**
 * acquireLease, tried again every 100–200 ms while another holder has the lease, for up to `waitMs`:
 * answers whether it was taken.
 */
export async function acquireLeaseWithin(
  db: Db,
  name: string,
  holder: string,
  now: () => Date,
  ttlMs: number,
  waitMs: number,
): Promise<boolean> {
  const giveUp = Date.now() + waitMs;
  while (!await acquireLease(db, name, holder, now(), ttlMs)) {
    if (Date.now() >= giveUp) return false;
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 100));
  }
  return true;
}

/** Gives the lease back and records when the job last finished (and how). */
export async function releaseLease(
  db: Db,
  name: string,
  holder: string,
  finishedAt: Date,
  error: string | null,
): Promise<void> {
  await db.update(jobLeases)
    .set({ holder: null, expiresAt: null, lastRunAt: finishedAt, lastError: error })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

export async function lastRunAt(db: Db, name: string): Promise<Date | null> {
  const row = await db.query.jobLeases.findFirst({ where: eq(jobLeases.name, name) });
  return row?.lastRunAt ?? null;
}

/**
 * Runs `fn` under the lease `name`, waiting for another holder to finish first (up to `waitMs`).
 * Start-up uses it so that instances starting together on one database seed it one after another.
 */
export async function underLease<T>(
  db: Db,
  name: string,
  fn: () => Promise<T>,
  opts: { ttlMs?: number; waitMs?: number; now?: () => Date } = {},
): Promise<T> {
  const now = opts.now ?? (() => new Date());
  const holder = `${Deno.hostname?.() ?? "host"}:${Deno.pid}:${crypto.randomUUID()}`;
  if (
    !await acquireLeaseWithin(db, name, holder, now, opts.ttlMs ?? 120_000, opts.waitMs ?? 120_000)
  ) {
    throw new Error(`the lease "${name}" stayed taken`);
  }
  let error: string | null = null;
  try {
    return await fn();
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    await releaseLease(db, name, holder, now(), error);
  }
}
