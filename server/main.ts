// Reads the configuration, migrates, seeds on first run, serves the app and starts scheduled jobs.
import { ConfigError, loadConfig } from "./config.ts";
import { openDeps } from "./bootstrap.ts";
import { seed } from "./seed.ts";
import { ensureClientBuild } from "./http/client.ts";
import { listen, stopListening } from "./serve.ts";
import { t } from "./i18n.ts";
import { startSchedules } from "./jobs/schedule.ts";
import { underLease } from "./jobs/leases.ts";
import { DatabaseHeldError } from "../db/lock.ts";
import { startProcessMetrics } from "./metrics.ts";

const lang = (Deno.env.get("LANG") ?? "").toLowerCase().startsWith("zh") ? "zh" : "en";

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    Deno.exit(1);
  }
  throw err;
}

// Sharing the port (WORKERS > 1) is an unstable Deno API that `deno task start` enables; without
// it Deno would end the process at the first listen with its own message.
if (config.workers > 1 && !("listenDatagram" in Deno)) {
  console.error(t(lang, "server.needsUnstableNet"));
  Deno.exit(1);
}
// The database file stays held while the server runs: `db restore` refuses meanwhile, and a
// database migrated by another version is refused here (db/lock.ts).
let deps;
try {
  deps = await openDeps(config);
} catch (err) {
  if (err instanceof DatabaseHeldError) {
    console.error(t(lang, `database.${err.reason}`, { file: err.file }));
    Deno.exit(1);
  }
  throw err;
}
// Instances starting together on one database seed it one at a time.
const report = await underLease(deps.db, "startup", () => seed(deps));
if (report.firstRun) console.log(t(lang, "server.firstRun"));
if (report.adminCreated) {
  console.log(
    report.adminPassword
      ? t(lang, "server.adminCreated", { password: report.adminPassword })
      : t(lang, "server.adminFromEnv"),
  );
}
if (report.demoSignIns.length) {
  console.log(t(lang, "server.demoUsers"));
  for (const d of report.demoSignIns) {
    console.log(`  ${d.userName.padEnd(12)} ${d.password.padEnd(14)} ${d.role}`);
  }
}
const demo = report.activeDemoUsers;
if (demo.count) {
  const names = demo.first.join(", ") + (demo.count > demo.first.length ? ", …" : "");
  console.warn(t(lang, "server.demoUsersActive", { count: demo.count, names }));
}

// The React client is built here when missing or older than its sources (CLIENT_BUILD=0 skips).
if (Deno.env.get("CLIENT_BUILD") !== "0") {
  try {
    await ensureClientBuild({ log: (m) => console.log(m) });
  } catch (err) {
    console.error((err as Error).message);
  }
}

// The process figures and the event-loop delay for GET /metrics (METRICS_TOKEN).
if (config.metricsToken) startProcessMetrics();
const listener = listen(
  deps,
  config,
  () => console.log(t(lang, "server.listening", { url: config.publicUrl })),
);

// WORKERS > 1: more listeners on the same port, each on its own thread and connection. One that
// fails is logged and let go: the kernel hands new connections to the listeners still open.
const extras = Array.from({ length: config.workers - 1 }, () => {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  const stopped = new Promise<void>((resolve) => {
    worker.onmessage = (e) => e.data?.type === "stopped" && resolve();
    worker.onerror = (e) => {
      e.preventDefault();
      console.error(`worker: ${e.message}`);
      worker.terminate();
      resolve();
    };
  });
  return { worker, stopped };
});

// Deadline endings, reminders, the outbox and the supplier sync, every minute (see server/jobs).
const schedules = new AbortController();
startSchedules(deps, schedules.signal);

// SIGTERM or Ctrl-C: new calls are answered 503 while those in flight finish (an upload in
// progress is completed or, after SHUTDOWN_GRACE_SECONDS, cut: nothing is recorded for it and its
// temporary file goes with the stale-upload sweep); then the listeners close, the database closes
// and the process exits. A second signal exits at once.
let stopping = false;
const stop = async () => {
  if (stopping) Deno.exit(1);
  stopping = true;
  console.log(t(lang, "server.stopping"));
  schedules.abort();
  const graceMs = config.shutdownGraceMs;
  for (const x of extras) x.worker.postMessage({ type: "stop", graceMs });
  await Promise.all([
    stopListening(listener, graceMs),
    ...extras.map((x) =>
      Promise.race([x.stopped, new Promise((r) => setTimeout(r, graceMs + 1000))])
    ),
  ]);
  deps.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
