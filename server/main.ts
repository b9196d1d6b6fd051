// Reads the configuration, migrates, seeds on first run, serves the app and starts scheduled jobs.
import { ConfigError, loadConfig } from "./config.ts";
import { openDeps } from "./bootstrap.ts";
import { seed } from "../db/seed.ts";
import { createApp } from "./http/app.ts";
import { ensureClientBuild, serveClient } from "./http/client.ts";
import { t } from "./i18n.ts";
import { startSchedules } from "./jobs/schedule.ts";
import { underLease } from "./jobs/leases.ts";

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

const deps = await openDeps(config);
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

// The React client is built here when missing or older than its sources (CLIENT_BUILD=0 skips).
if (Deno.env.get("CLIENT_BUILD") !== "0") {
  try {
    await ensureClientBuild({ log: (m) => console.log(m) });
  } catch (err) {
    console.error((err as Error).message);
  }
}

const app = createApp(deps, { extend: serveClient() });
Deno.serve({
  port: config.port,
  hostname: config.host,
  onListen: () => console.log(t(lang, "server.listening", { url: config.publicUrl })),
}, app.fetch);

// Deadline endings, reminders, the outbox and the supplier sync, every minute (see server/jobs).
startSchedules(deps);
