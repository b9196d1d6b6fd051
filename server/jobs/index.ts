// The scheduled jobs, each a call of a domain function, and the runner used by the server's
// Deno.cron and by `deno task cli -- jobs run` alike. A job runs when due and only under its lease.
import type { Deps } from "../domain/context.ts";
import { flushOutbox } from "../domain/email/mailer.ts";
import { sendDueReminders } from "../domain/email/reminders.ts";
import { acquireLeaseWithin, lastRunAt, releaseLease } from "./leases.ts";
import { recordAutomaticEnds } from "../domain/projects/lifecycle.ts";
import { erpConnected, syncFromErp } from "../domain/suppliers/sync.ts";
import { warnExpiringCertificates } from "../domain/suppliers/certificates.ts";
import { sweepStaleUploads } from "../domain/files/service.ts";
import { mergeIndex } from "../domain/shared/trigram.ts";
import { recordAuctionEnds } from "../domain/auction/finish.ts";
import { sendAuctionReminders } from "../domain/auction/mail.ts";
import { jobLastFailure, jobLastSuccess, jobRuns } from "../metrics.ts";
import { backupDue, backupsOn, takeBackup } from "../domain/backups/service.ts";

export type Job = {
  name: string;
  /** Runs again once this long has passed since it last finished. */
  everyMs: number;
  /** How long a runner may hold the lease before another may take over (a crashed runner). */
  leaseMs: number;
  /** Whether the job applies to this installation at all. */
  enabled?: (deps: Deps) => boolean;
  /** How long to wait for the lease while another runner holds it (default: not at all). */
  waitMs?: number;
  /** Whether the job is due, given when it last ran, instead of `everyMs` (a time of day). */
  due?: (deps: Deps, lastRun: Date | null) => boolean;
  run: (deps: Deps) => Promise<unknown>;
};

const minute = 60_000;

/** In order: ending writes "ended" emails and reminders write theirs before the outbox is flushed. */
export const jobs: Job[] = [
  {
    name: "endProjects",
    everyMs: minute,
    leaseMs: 10 * minute,
    run: async (deps) => ({ ended: (await recordAutomaticEnds(deps)).map((p) => p.code) }),
  },
  { name: "reminders", everyMs: minute, leaseMs: 10 * minute, run: sendDueReminders },
  // Auctions the clock has ended (their results are mailed), and the reminders 15 minutes before.
  {
    name: "auctionEnds",
    everyMs: minute,
    leaseMs: 10 * minute,
    run: async (deps) => ({ ended: await recordAuctionEnds(deps) }),
  },
  {
    name: "auctionReminders",
    everyMs: minute,
    leaseMs: 10 * minute,
    run: async (deps) => ({ reminded: await sendAuctionReminders(deps) }),
  },
  {
    name: "certificateExpiry",
    everyMs: 60 * minute,
    leaseMs: 10 * minute,
    run: warnExpiringCertificates,
  },
  // Every time a runner gets to it, not once a minute: with several runners (instances, cron) the
  // one that just wrote reminders would otherwise find the flush done by another a moment before,
  // and its emails would wait for the next minute. For the same reason a runner waits while another
  // flushes (that flush may have read the outbox before this runner's emails were committed).
  {
    name: "flushOutbox",
    everyMs: 0,
    leaseMs: 15 * minute,
    waitMs: 30_000,
    run: (deps) => flushOutbox(deps),
  },
  {
    name: "supplierSync",
    everyMs: 60 * minute,
    leaseMs: 30 * minute,
    enabled: erpConnected,
    run: async (deps) => {
      const { total, created, updated, unchanged, rejected } = await syncFromErp(deps);
      return { total, created, updated, unchanged, rejected };
    },
  },
  { name: "sweepUploads", everyMs: 60 * minute, leaseMs: 10 * minute, run: sweepStaleUploads },
  {
    name: "mergeSupplierIndex",
    everyMs: 24 * 60 * minute,
    leaseMs: 10 * minute,
    run: (deps) => mergeIndex(deps.db, "suppliers_fts"),
  },
  {
    name: "mergeProjectIndex",
    everyMs: 24 * 60 * minute,
    leaseMs: 10 * minute,
    run: (deps) => mergeIndex(deps.db, "offer_projects_fts"),
  },
  // Nightly at BACKUP_TIME (UTC+8), when BACKUP_DIR is set; a server that was down then takes it
  // at its next tick. A failure is mailed to the administrators and waits for the next night.
  {
    name: "backup",
    everyMs: 24 * 60 * minute,
    leaseMs: 120 * minute,
    enabled: backupsOn,
    due: backupDue,
    run: takeBackup,
  },
];

export type JobOutcome = {
  job: string;
  status: "done" | "failed" | "notDue" | "busy" | "disabled";
  result?: unknown;
  error?: string;
  /** How long a run that was done or failed took. */
  ms?: number;
};

const defaultHolder = () => `${Deno.hostname?.() ?? "host"}:${Deno.pid}:${crypto.randomUUID()}`;

/**
 * Runs every due job once. `force` ignores the interval (never the lease). A failing job is
 * recorded and the others still run.
 */
export async function runDueJobs(
  deps: Deps,
  opts: { force?: boolean; only?: string[]; holder?: string } = {},
): Promise<JobOutcome[]> {
  const holder = opts.holder ?? defaultHolder();
  const out: JobOutcome[] = [];
  for (const job of jobs) {
    if (opts.only && !opts.only.includes(job.name)) continue;
    if (job.enabled && !job.enabled(deps)) {
      out.push({ job: job.name, status: "disabled" });
      continue;
    }
    const now = deps.clock.now();
    const last = await lastRunAt(deps.db, job.name);
    // A run finishes a little after the minute it started in, so the next tick comes a little less
    // than `everyMs` later: without some slack an every-minute job would run every other minute.
    const slack = Math.min(job.everyMs / 10, 30_000);
    const notDue = job.due
      ? !job.due(deps, last)
      : last && now.getTime() - last.getTime() < job.everyMs - slack;
    if (!opts.force && notDue) {
      out.push({ job: job.name, status: "notDue" });
      continue;
    }
    const taken = await acquireLeaseWithin(
      deps.db,
      job.name,
      holder,
      () => deps.clock.now(),
      job.leaseMs,
      job.waitMs ?? 0,
    );
    if (!taken) {
      out.push({ job: job.name, status: "busy" });
      continue;
    }
    let error: string | null = null;
    const t0 = performance.now();
    try {
      const result = await job.run(deps);
      out.push({ job: job.name, status: "done", result, ms: Math.round(performance.now() - t0) });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      out.push({ job: job.name, status: "failed", error, ms: Math.round(performance.now() - t0) });
    } finally {
      await releaseLease(deps.db, job.name, holder, deps.clock.now(), error);
    }
    const at = deps.clock.now().getTime() / 1000;
    jobRuns.inc({ job: job.name, outcome: error === null ? "done" : "failed" });
    (error === null ? jobLastSuccess : jobLastFailure).set({ job: job.name }, at);
  }
  return out;
}
