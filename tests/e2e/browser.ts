// Browser-test fixtures: the built client served by the real app on a free port, and Debian's
// chromium driven by playwright-core.
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { createApp } from "../../server/http/app.ts";
import { ensureClientBuild, serveClient } from "../../server/http/client.ts";
import { ADMIN_PASSWORD, testEnv } from "../helpers.ts";

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = new URL("../../test-output/screenshots/", import.meta.url).pathname;

export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh profile in a temp folder of its own (it refuses
  // --user-data-dir here), so no state carries over between runs.
  return await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A fresh database and the app with the client, listening on a free port; `env` adds settings
 * (ERP_SUPPLIERS_URL …).
 */
export async function startServer(opts: { env?: Record<string, string> } = {}) {
  await ensureClientBuild({ log: (m) => console.log(m) });
  const env = await testEnv({ env: opts.env });
  const app = createApp(env, { extend: serveClient() });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    env,
    base,
    async close() {
      await server.shutdown();
      await env.close();
    },
  };
}

export async function newPage(
  browser: Browser,
  base: string,
  opts: { locale?: string; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: base,
    locale: opts.locale ?? "en-US",
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page };
}

/** Fills the sign-in form and submits it. */
export async function signInAs(page: Page, userName = "admin", password = ADMIN_PASSWORD) {
  await page.locator("#login-user").fill(userName);
  await page.locator("#login-password").fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function screenshot(page: Page, name: string) {
  await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
}
