// Builds the Hono app: security headers, language, audit log, the API routes, OpenAPI, errors.
import { type Context, Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { getConnInfo } from "hono/deno";
import type { Deps } from "../domain/context.ts";
import { notFound as notFoundError } from "../domain/errors.ts";
import { DomainError } from "../domain/errors.ts";
import { serializeParameters, writeAuditLog } from "../domain/audit/service.ts";
import { langFromHeader, langInHeader, t } from "../i18n.ts";
import { errorResponse } from "./envelope.ts";
import { type AppEnv, mountRoutes, type RouteDef } from "./route.ts";
import { allRoutes } from "./routes/index.ts";
import { swaggerApp } from "./openapi.ts";
import type { Drain } from "./drain.ts";
import { observe } from "./observe.ts";
import { metricsHandler } from "./metricsRoute.ts";
import { mountCompanySignIn } from "./routes/oidc.ts";

export type AppOptions = {
  routes?: RouteDef[];
  /** Mounts extra, non-API pages (the React client) after the API. */
  extend?: (app: Hono<AppEnv>) => void;
  /** Counts the calls in progress and refuses new ones once the server stops (server/serve.ts). */
  drain?: Drain;
};

export const API_PREFIX = "/api/services";

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The caller's address. Behind a proxy (TRUST_PROXY=1) it is the last X-Forwarded-For entry: the
 * one the proxy in front of the app appended. Entries before it came from the client and can say
 * anything, so they never pick the address a lockout counts against.
 */
function clientIp(c: Context<AppEnv>, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").map((s) => s.trim())
      .filter(Boolean).pop();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c as unknown as Context).remote.address;
  } catch {
    return undefined;
  }
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const routes = options.routes ?? allRoutes;
  const app = new Hono<AppEnv>();

  app.use(observe(deps));
  app.use(secureHeaders({
    contentSecurityPolicy,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
  }));

  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("lang", langFromHeader(c.req.header("accept-language")));
    c.set("meta", {
      clientIp: clientIp(c, deps.config.trustProxy),
      browserInfo: c.req.header("user-agent"),
      language: langInHeader(c.req.header("accept-language")),
    });
    await next();
  });
  if (options.drain) app.use(options.drain.middleware);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/metrics", metricsHandler(deps));

  // Every API call is written to the audit log, whatever its outcome.
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const started = deps.clock.now();
    const t0 = performance.now();
    await next();
    const segments = c.req.path.slice(API_PREFIX.length).split("/").filter(Boolean);
    const err = c.error;
    const actor = c.get("actor");
    const input = c.get("auditInput") ??
      (Object.keys(c.req.query()).length ? c.req.query() : undefined);
    // Before anyone is signed in: who a sign-in or a reset link proved to be, else the name typed.
    const attemptedName = c.get("auditUser")?.userName ??
      (input as { userNameOrEmailAddress?: unknown } | undefined)?.userNameOrEmailAddress;
    try {
      await writeAuditLog(deps.db, {
        userId: actor?.id ?? c.get("auditUser")?.id ?? null,
        userName: actor?.userName ??
          (typeof attemptedName === "string" ? attemptedName.slice(0, 64) : null),
        serviceName: segments.length >= 3
          ? segments[segments.length - 2]
          : segments.join("/") || "-",
        methodName: segments[segments.length - 1] ?? "-",
        httpMethod: c.req.method,
        path: c.req.path.slice(0, 300),
        parameters: serializeParameters(input),
        executionTime: started,
        executionDuration: Math.round(performance.now() - t0),
        clientIp: c.get("meta")?.clientIp ?? null,
        browserInfo: c.get("meta")?.browserInfo?.slice(0, 512) ?? null,
        httpStatus: c.res.status,
        exception: err
          ? err instanceof DomainError
            ? `${err.kind}: ${t("en", err.messageKey, err.params)}`
            : String(err.stack ?? err).slice(0, 4000)
          : null,
      });
    } catch (e) {
      console.error("audit log write failed", e);
    }
  });

  mountRoutes(app, routes, API_PREFIX);
  app.route("/swagger", swaggerApp(routes));
  // Hono matches paths strictly; the page is often typed with a trailing slash.
  app.get("/swagger/", (c) => c.redirect("/swagger"));

  app.all(`${API_PREFIX}/*`, () => {
    throw new DomainError("notFound", "errors.noSuchApi");
  });

  mountCompanySignIn(app, deps);
  options.extend?.(app);

  app.notFound((c) => {
    if (c.req.path.startsWith("/api/")) {
      return errorResponse(c, notFoundError("api", c.req.path), c.get("lang") ?? "zh");
    }
    return c.text(t(c.get("lang") ?? "zh", "errors.http.404"), 404);
  });
  app.onError((err, c) => errorResponse(c, err, c.get("lang") ?? "zh"));
  return app;
}
