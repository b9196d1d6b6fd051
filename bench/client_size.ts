// What each entry page loads first, measured in a real browser: every JS and CSS file the sign-in
// page and the back-office's first screen fetch, with their gzip sizes (Vite's build in dist/).
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../tests/e2e/browser.ts";
import type { Generated, Server } from "./server.ts";
import { repoRoot } from "./server.ts";

const KB = 1024;

async function gzipSize(path: string): Promise<number> {
  return gzipSync(await Deno.readFile(path), { level: 9 }).byteLength;
}

export async function clientSizes(server: Server, generated: Generated, log: (s: string) => void) {
  log("");
  log("## Client: gzip size of the JS and CSS each entry page loads first");
  const browser = await launchBrowser();
  try {
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
    await page.goto("/login", { waitUntil: "networkidle" });
    await measure("sign-in page", 150);
    await page.locator("#login-user").fill(generated.buyerUserNames[0]);
    await page.locator("#login-password").fill(generated.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === "/dashboard", { timeout: 30_000 });
    // The shell and the dashboard load lazily after the redirect: wait until nothing more comes.
    for (let seen = -1; seen !== loaded.size;) {
      seen = loaded.size;
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1000);
    }
    log(`(signed in: now at ${new URL(page.url()).pathname})`);
    await measure("back-office first screen (sign-in page included)", 350);
    await context.close();
  } finally {
    await browser.close();
  }
}
