// One HTTP listener on the configured port, as the main thread and each extra worker run it. With
// more than one (WORKERS), every listener sets SO_REUSEPORT and the kernel spreads connections
// between them; they share nothing but the database and the data folder.
import type { Config } from "./config.ts";
import type { Deps } from "./domain/context.ts";
import { createApp } from "./http/app.ts";
import { serveClient } from "./http/client.ts";
import { Drain } from "./http/drain.ts";

export type Listener = { server: Deno.HttpServer; drain: Drain };

export function listen(deps: Deps, config: Config, onListen?: () => void): Listener {
  const drain = new Drain();
  const app = createApp(deps, { extend: serveClient(), drain });
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    ...(config.workers > 1 ? { reusePort: true } : {}),
    onListen: onListen ?? (() => {}),
  }, app.fetch);
  return { server, drain };
}

/**
 * Lets the calls in progress finish while new ones are refused (503), then closes the listener;
 * gives up waiting after `graceMs`.
 */
export async function stopListening({ server, drain }: Listener, graceMs: number): Promise<void> {
  const until = Date.now() + graceMs;
  await drain.settle(graceMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    server.shutdown(),
    new Promise((r) => timer = setTimeout(r, Math.max(0, until - Date.now()))),
  ]);
  clearTimeout(timer);
}
