// Starts the scheduled jobs inside the server: Deno.cron wakes every minute and runs what is due.
import type { Deps } from "../domain/context.ts";
import { log } from "../log.ts";
import { type JobOutcome, runDueJobs } from "./index.ts";

/**
 * Logs each job that ran: a failure always (an error line), a run done only as a JSON line
 * (LOG_FORMAT=json). A job's result is not logged: it may name projects or suppliers.
 */
export function logOutcomes(deps: Deps, outcomes: JobOutcome[]): void {
  for (const o of outcomes) {
    if (o.status === "failed") {
      log(
        deps.config,
        "error",
        "job failed",
        { job: o.job, ms: o.ms, error: o.error },
        `job ${o.job} failed: ${o.error}`,
      );
    } else if (o.status === "done") {
      log(deps.config, "info", "job done", { job: o.job, ms: o.ms });
    }
  }
}

export function startSchedules(deps: Deps, signal?: AbortSignal): void {
  Deno.cron("qmo-jobs", "* * * * *", { signal }, async () => {
    logOutcomes(deps, await runDueJobs(deps));
  });
}
