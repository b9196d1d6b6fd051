// GET /metrics: Prometheus' text format, answered only when METRICS_TOKEN is set (404 otherwise)
// and only to a caller bearing that token (401 otherwise, compared in constant time).
import type { Context, Handler } from "hono";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Deps } from "../domain/context.ts";
import { scrape } from "../metrics.ts";
import { t } from "../i18n.ts";
import type { AppEnv } from "./route.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Whether the request bears `token`; both sides are hashed first so their lengths match. */
function bears(c: Context<AppEnv>, token: string): boolean {
  const given = c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

export function metricsHandler(deps: Deps): Handler<AppEnv> {
  return async (c) => {
    const token = deps.config.metricsToken;
    if (!token) return c.notFound();
    if (!bears(c, token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text(t(c.get("lang") ?? "zh", "errors.http.401"), 401);
    }
    const { text, contentType } = await scrape(deps);
    return c.body(text, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  };
}
