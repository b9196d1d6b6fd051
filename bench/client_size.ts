// What each entry page loads first, measured in a real browser: every JS and CSS file the sign-in
// pages (back-office and supplier portal) and the first screens after signing in fetch, with their
// gzip sizes (Vite's build in dist/).
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser.ts";
import type { Generated, Server } from "./server.ts";
import { repoRoot } from "./server.ts";

const KB = 1024;

async function gzipSize(path: string): Promise<number> {
  return gzipSync(await Deno.readFile(path), { level: 9 }).byteLength;
}

/** Waits until the page has fetched nothing more for a second (lazy pages load after a redirect). */
async function settled(page: Page, loaded: Set<string>) {
  for (let seen = -1; seen !== loaded.size;) {
    seen = loaded.size;
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
  }
}

export async function clientSizes(
  server: Server,
  generated: Generated,
  /** A supplier's portal sign-in (its code), for the portal's pages. */
  supplierUserName: string,
  log: (s: string) => void,
) {
  log("");
  log("## Client: gzip size of the JS and CSS each entry page loads first");
  const browser = await launchBrowser();
  try {
    // A fresh browser (nothing cached) per path: back-office, then the supplier portal.
    const open = async () => {
      const context = await browser.newContext({ baseURL: server.base, locale: "zh-CN" });
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on("request", (r) => {
        const p = new URL(r.url()).pathname;
        if (/\.(js|css)$/.test(p)) loaded.add(p);
      });
      const measure = async (label: string, targetKb: number) => {
        let total = 0;
        const rows: string[] = [];
        const files = [...loaded].sort();
        for (const p of files) {
          const size = await gzipSize(`${repoRoot}dist/client${p}`);
          total += size;
          rows.push(`    ${(size / KB).toFixed(1).padStart(7)} KB  ${p}`);
        }
        log(
          `${label}: ${files.length} files, ${
            (total / KB).toFixed(1)
          } KB gzip (target ≤ ${targetKb} KB) ${total <= targetKb * KB ? "met" : "MISSED"}`,
        );
        for (const r of rows) log(r);
      };
      const signIn = async (userName: string, landing: string) => {
        await page.locator("#login-user").fill(userName);
        await page.locator("#login-password").fill(generated.password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL((u) => u.pathname === landing, { timeout: 30_000 });
        await settled(page, loaded);
        log(`(signed in: now at ${new URL(page.url()).pathname})`);
      };
      return { context, page, loaded, measure, signIn };
    };

    const office = await open();
    await office.page.goto("/login", { waitUntil: "networkidle" });
    await office.measure("sign-in page", 150);
    await office.signIn(generated.buyerUserNames[0], "/dashboard");
    await office.measure("back-office first screen (sign-in page included)", 350);
    await office.context.close();

    // A supplier opens the portal (an email's link) signed out: its own sign-in page.
    const portal = await open();
    await portal.page.goto("/portal", { waitUntil: "networkidle" });
    await settled(portal.page, portal.loaded);
    log(`(portal signed out: at ${new URL(portal.page.url()).pathname})`);
    await portal.measure("portal sign-in page", 150);
    await portal.signIn(supplierUserName, "/portal");
    await portal.measure("portal first screen (sign-in page included)", 250);
    await portal.context.close();
  } finally {
    await browser.close();
  }
}
