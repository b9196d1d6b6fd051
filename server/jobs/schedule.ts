// Starts the scheduled jobs inside the server: Deno.cron wakes every minute and runs what is due.
import type { Deps } from "../domain/context.ts";
import { log } from "../log.ts";
import { runDueJobs } from "./index.ts";

export function startSchedules(deps: Deps, signal?: AbortSignal): void {
  Deno.cron("qmo-jobs", "* * * * *", { signal }, async () => {
    for (const o of await runDueJobs(deps)) {
      if (o.status === "failed") {
        log(
          deps.config,
          "error",
          "job failed",
          { job: o.job, ms: o.ms, error: o.error },
          `job ${o.job} failed: ${o.error}`,
        );
      } else if (o.status === "done") {
        log(deps.config, "info", "job run", { job: o.job, ms: o.ms });
      }
    }
  });
}
