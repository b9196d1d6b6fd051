// Company sign-in (OpenID Connect) for staff: whether the sign-in page offers it (an API call), and
// the two browser pages of the flow, below /auth/oidc: `start` sends the browser to the company's
// provider, `callback` is where the provider sends it back. A refusal is a small localised page.
import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { Deps } from "../../domain/context.ts";
import {
  beginCompanySignIn,
  CALLBACK_PATH,
  companySignInOn,
  CompanySignInRefused,
  finishCompanySignIn,
  type RefusalReason,
} from "../../domain/auth/oidc.ts";
import { hasControlCharacter } from "../../domain/shared/input.ts";
import { writeAuditLog } from "../../domain/audit/service.ts";
import { type Lang, t } from "../../i18n.ts";
import { defineRoute } from "../route.ts";
import type { AppEnv } from "../route.ts";

export const oidcRoutes = [
  defineRoute({
    method: "get",
    path: "/app/TokenAuth/GetSignInOptions",
    access: "public",
    summary:
      "How staff may sign in: whether company sign-in (OpenID Connect) is offered, at which address.",
    result: z.object({
      companySignIn: z.boolean().describe("Whether the company account's button is shown."),
      companySignInUrl: z.string().describe(
        "Where the button leads (add ?redirect=/path for the page to land on).",
      ),
    }),
    handler: ({ deps }) => ({
      companySignIn: companySignInOn(deps),
      companySignInUrl: START_PATH,
    }),
  }),
];

const START_PATH = "/auth/oidc/start";
/** The short-lived, httpOnly record of a started sign-in (domain/auth/oidc.ts beginCompanySignIn). */
const PENDING_COOKIE = "qmo_oidc";
/** The cookie the client keeps its token in (client/shared/auth.ts). */
const TOKEN_COOKIE = "Admin-Token";

/** Only same-site paths are followed, never back to a sign-in page (client/shared/SignIn.tsx). */
function safeRedirect(value: string | undefined): string {
  if (
    !value || value.length > 1000 || !value.startsWith("/") || value.startsWith("//") ||
    value.includes("\\") || value.startsWith("/login") || value.startsWith("/portal") ||
    hasControlCharacter(value, false)
  ) return "/";
  return value;
}

/** The language chosen in the client (its `language` cookie), else the browser's. */
function langOf(c: Context<AppEnv>): Lang {
  const chosen = getCookie(c, "language");
  return chosen === "zh" || chosen === "en" ? chosen : c.get("lang") ?? "zh";
}

const STATUS: Record<RefusalReason, 400 | 403 | 404 | 503> = {
  off: 404,
  state: 400,
  provider: 400,
  unknown: 403,
  inactive: 403,
};

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The refusal page: what happened, in the reader's language, and the way back to the sign-in page. */
function refusalPage(c: Context<AppEnv>, reason: RefusalReason, status = STATUS[reason]) {
  const lang = langOf(c);
  const title = escape(t(lang, "companySignIn.refusedTitle"));
  const body = escape(t(lang, `companySignIn.refused.${reason}`));
  const back = escape(t(lang, "companySignIn.backToSignIn"));
  const html = `<!doctype html>
<html lang="${lang === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:28px;max-width:28rem}h1{font-size:1.25rem;margin:0 0 12px}
a{color:#1d4ed8}</style></head>
<body><main><h1>${title}</h1><p data-reason="${reason}">${body}</p><p><a href="/login">${back}</a></p></main></body></html>`;
  deleteCookie(c, PENDING_COOKIE, { path: "/auth/oidc" });
  return c.html(html, status, { "Cache-Control": "no-store" });
}

/** One audit-log row per finished (or refused) company sign-in, as API calls have. */
function audit(
  deps: Deps,
  c: Context<AppEnv>,
  started: Date,
  outcome: { userId?: number; userName?: string; status: number; exception?: string },
) {
  writeAuditLog(deps.db, {
    userId: outcome.userId ?? null,
    userName: outcome.userName?.slice(0, 64) ?? null,
    serviceName: "CompanySignIn",
    methodName: "Callback",
    httpMethod: c.req.method,
    path: CALLBACK_PATH,
    parameters: null,
    executionTime: started,
    executionDuration: Math.max(0, Date.now() - started.getTime()),
    clientIp: c.get("meta")?.clientIp ?? null,
    browserInfo: c.get("meta")?.browserInfo?.slice(0, 512) ?? null,
    httpStatus: outcome.status,
    exception: outcome.exception?.slice(0, 4000) ?? null,
  }).catch((err) => console.error("audit log write failed", err));
}

/** Mounts the flow's two pages (before the client's pages, which would answer any path). */
export function mountCompanySignIn(app: Hono<AppEnv>, deps: Deps) {
  const secure = deps.config.publicUrl.startsWith("https:");

  app.get(START_PATH, async (c) => {
    c.set("route", START_PATH);
    try {
      const redirect = safeRedirect(c.req.query("redirect"));
      const { url, pending, maxAgeSeconds } = await beginCompanySignIn(deps, redirect);
      setCookie(c, PENDING_COOKIE, pending, {
        path: "/auth/oidc",
        httpOnly: true,
        secure,
        sameSite: "Lax",
        maxAge: maxAgeSeconds,
      });
      c.header("Cache-Control", "no-store");
      return c.redirect(url.href, 302);
    } catch (err) {
      if (!(err instanceof CompanySignInRefused)) throw err;
      console.error(err.message);
      return refusalPage(c, err.reason, err.reason === "provider" ? 503 : STATUS[err.reason]);
    }
  });

  app.get(CALLBACK_PATH, async (c) => {
    c.set("route", CALLBACK_PATH);
    const started = new Date();
    // Judged against PUBLIC_URL, the address the provider was given, never the Host header.
    const callbackUrl = new URL(`${deps.config.publicUrl}${CALLBACK_PATH}`);
    callbackUrl.search = new URL(c.req.url).search;
    try {
      const done = await finishCompanySignIn(
        deps,
        callbackUrl,
        getCookie(c, PENDING_COOKIE),
        c.get("meta"),
      );
      deleteCookie(c, PENDING_COOKIE, { path: "/auth/oidc" });
      setCookie(c, TOKEN_COOKIE, done.accessToken, { path: "/", secure, sameSite: "Lax" });
      audit(deps, c, started, { userId: done.userId, userName: done.userName, status: 303 });
      c.header("Cache-Control", "no-store");
      return c.redirect(done.redirect, 303);
    } catch (err) {
      if (!(err instanceof CompanySignInRefused)) throw err;
      audit(deps, c, started, {
        userName: err.reason === "unknown" || err.reason === "inactive" ? err.detail : undefined,
        status: STATUS[err.reason],
        exception: err.message,
      });
      return refusalPage(c, err.reason);
    }
  });
}
