// The first middleware of every request: a request id (answered as X-Request-Id), the metrics of
// requests and sign-ins, and with LOG_FORMAT=json one log line per request.
import type { MiddlewareHandler } from "hono";
import { httpDuration, httpRequests, signIns } from "../metrics.ts";
import { log } from "../log.ts";
import type { AppEnv } from "./route.ts";
import type { Deps } from "../domain/context.ts";

const SIGN_IN_ROUTE = "/api/services/app/TokenAuth/Authenticate";

/** An id a proxy in front already gave the request is kept when it is plain and short. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A path outside the declared routes is labelled by its kind, never by itself. */
function routeOf(path: string, matched: string | undefined, status: number): string {
  if (matched) return matched;
  if (path === "/healthz" || path === "/metrics") return path;
  if (path === "/swagger" || path.startsWith("/swagger/")) return "/swagger";
  if (status === 404) return "unmatched";
  return path.startsWith("/api/") ? "/api/other" : "client";
}

export const observe = (deps: Deps): MiddlewareHandler<AppEnv> => async (c, next) => {
  const t0 = performance.now();
  const given = c.req.header("x-request-id");
  const requestId = given && PLAIN_ID.test(given) ? given : crypto.randomUUID();
  try {
    await next();
  } finally {
    const status = c.res.status;
    try {
      c.res.headers.set("X-Request-Id", requestId);
    } catch { /* an answer whose headers cannot change */ }
    const seconds = (performance.now() - t0) / 1000;
    const route = routeOf(c.req.path, c.get("route"), status);
    const method = c.req.method;
    httpRequests.inc({ route, method, status: String(status) });
    httpDuration.observe({ route, method }, seconds);
    if (route === SIGN_IN_ROUTE && method === "POST") {
      signIns.inc({ outcome: status === 200 ? "success" : "failure" });
    }
    if (deps.config.logFormat === "json") {
      log(deps.config, "info", "request", {
        requestId,
        method,
        route,
        status,
        ms: Math.round(seconds * 10000) / 10,
        userId: c.get("actor")?.id ?? c.get("auditUser")?.id ?? null,
        clientIp: c.get("meta")?.clientIp ?? null,
      });
    }
  }
};
