// Every metric the server exposes at GET /metrics (Prometheus' text format, prom-client), defined
// here and nowhere else. The doors record into them: the HTTP middleware (requests, sign-ins,
// uploads, event streams) and the job runner (runs, last success, last failure). The outbox and the
// database are read when a scrape comes, with a few cheap queries. Domain code imports nothing here.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Deps } from "./domain/context.ts";
import { outboxWaiting } from "./domain/email/service.ts";
import { databaseSize } from "./domain/backups/service.ts";

const registry = new Registry();
const registers = [registry];

export const httpRequests = new Counter({
  name: "qmo_http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: "qmo_http_request_duration_seconds",
  help: "Time to answer an HTTP request (until the answer's head), by route pattern and method.",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const signIns = new Counter({
  name: "qmo_sign_ins_total",
  help: "Sign-in attempts with a password, by outcome (success or failure).",
  labelNames: ["outcome"] as const,
  registers,
});

export const uploadsInProgress = new Gauge({
  name: "qmo_uploads_in_progress",
  help: "Multipart uploads being received now.",
  registers,
});

export const uploadBytes = new Counter({
  name: "qmo_upload_bytes_received_total",
  help: "Bytes of multipart uploads received.",
  registers,
});

export const eventStreams = new Gauge({
  name: "qmo_event_streams_open",
  help: "Auction event streams (server-sent events) open now.",
  registers,
});

export const jobRuns = new Counter({
  name: "qmo_job_runs_total",
  help: "Scheduled job runs in this process, by job and outcome (done or failed).",
  labelNames: ["job", "outcome"] as const,
  registers,
});

export const jobLastSuccess = new Gauge({
  name: "qmo_job_last_success_timestamp_seconds",
  help: "When each job last finished without an error (Unix time).",
  labelNames: ["job"] as const,
  registers,
});

export const jobLastFailure = new Gauge({
  name: "qmo_job_last_failure_timestamp_seconds",
  help: "When each job last failed (Unix time).",
  labelNames: ["job"] as const,
  registers,
});

const outboxWaitingGauge = new Gauge({
  name: "qmo_outbox_waiting",
  help: "Emails in the outbox waiting to be sent.",
  registers,
});

const outboxOldest = new Gauge({
  name: "qmo_outbox_oldest_waiting_seconds",
  help: "Age of the oldest email waiting in the outbox (0 when none waits).",
  registers,
});

const dbSize = new Gauge({
  name: "qmo_database_size_bytes",
  help: "Size of the database (its pages), read at each scrape.",
  registers,
});

const memory = new Gauge({
  name: "qmo_process_memory_bytes",
  help: "Memory of this process, by kind (rss, heapTotal, heapUsed, external).",
  labelNames: ["kind"] as const,
  registers,
  collect() {
    const m = Deno.memoryUsage();
    for (const kind of ["rss", "heapTotal", "heapUsed", "external"] as const) {
      this.set({ kind }, m[kind]);
    }
  },
});
void memory;

let processMetricsStarted = false;

/**
 * prom-client's process figures (CPU, memory, open files) and the event-loop delay
 * (nodejs_eventloop_lag_*): started once by the server at start-up, since measuring the delay keeps
 * a timer running.
 */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/** The figures read at scrape time, then every metric in Prometheus' text format. */
export async function scrape(deps: Deps): Promise<{ text: string; contentType: string }> {
  const now = deps.clock.now().getTime();
  const waiting = await outboxWaiting(deps.db);
  outboxWaitingGauge.set(waiting.count);
  outboxOldest.set(waiting.oldest ? Math.max(0, (now - waiting.oldest.getTime()) / 1000) : 0);
  const size = await databaseSize(deps.db).catch(() => null);
  if (size !== null) dbSize.set(size);
  return { text: await registry.metrics(), contentType: registry.contentType };
}
