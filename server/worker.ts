// An extra HTTP worker (WORKERS > 1), started by server/main.ts once the database is migrated and
// seeded: it opens its own connection and listens on the same port. The main thread asks it to
// stop with a message, and hears back once its answers in flight are done.
/// <reference lib="deno.worker" />
import { loadConfig } from "./config.ts";
import { openDeps } from "./bootstrap.ts";
import { listen, stopListening } from "./serve.ts";

const config = loadConfig();
const deps = await openDeps(config);
const listener = listen(deps, config, () => self.postMessage({ type: "listening" }));

self.onmessage = async (e: MessageEvent<{ type: "stop"; graceMs: number }>) => {
  if (e.data.type !== "stop") return;
  await stopListening(listener, e.data.graceMs);
  deps.close();
  self.postMessage({ type: "stopped" });
  self.close();
};
