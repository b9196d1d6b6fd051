// axe-core on every page a person can open, signed in with data that fills them: each route of the
// back-office's menu tables and each page of the supplier portal, at 1440 and 390 px, in English
// and in Chinese, plus the sign-in and password pages. Any serious or critical violation fails the
// test, listed with its page, width and language. The app's CSP allows no inline script, so the
// contexts here bypass it for axe-core's own script, put into each page as it loads.
import assert from "node:assert/strict";
import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { allLeafRoutes } from "../../client/admin/routes.ts";
import { generateDemoData } from "../../server/domain/demo/generate.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { call } from "../helpers.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { PORTAL_PASSWORD, publishedProject } from "../http/quotes_fixtures.ts";
import {
  assetProject,
  DEADLINE,
  everything,
  materialProject,
} from "../domain/projects_fixtures.ts";
import { launchBrowser, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const locales = { en: "en-US", zh: "zh-CN" } as const;
const WIDTHS = [1440, 390];

async function axeContext(browser: Browser, base: string, lang: "en" | "zh") {
  const context = await browser.newContext({
    baseURL: base,
    locale: locales[lang],
    viewport: { width: WIDTHS[0], height: 900 },
    bypassCSP: true,
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page, pending: trackRequests(page) };
}

/** Counts the page's requests in flight (event streams stay open, so they are left out). */
function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  page.on("request", (r) => {
    if (r.resourceType() !== "eventsource") pending.add(r);
  });
  const done = (r: unknown) => pending.delete(r);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return pending;
}

/** Waits for what the page loads (lazy parts, lists) to be in place. */
async function settle(page: Page, pending: Set<unknown>) {
  for (let quiet = 0, waited = 0; quiet < 3 && waited < 60; waited++) {
    await page.waitForTimeout(50);
    quiet = pending.size ? 0 : quiet + 1;
  }
  await page.locator('[aria-busy="true"]').first().waitFor({ state: "detached", timeout: 3000 })
    .catch(() => {});
}

type Found = {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; summary: string }[];
};

/** The serious and critical violations on the page, one line each, with where they are. */
async function violations(page: Page, pending: Set<unknown>, where: string): Promise<string[]> {
  await settle(page, pending);
  if (!await page.evaluate(() => "axe" in globalThis)) await page.evaluate(axe.source);
  const found: Found[] = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const run = (globalThis as any).axe.run;
    const result = await run({ exclude: [["[hidden]"]] }, { resultTypes: ["violations"] });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      // deno-lint-ignore no-explicit-any
      nodes: v.nodes.map((n: any) => ({
        target: n.target,
        summary: (n.failureSummary ?? "").split("\n").slice(1).join(" ").trim(),
      })),
    }));
  });
  const lines = found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(" ")}: ${n.summary}`)
    );
  for (const l of lines) console.log(l);
  return lines;
}

Deno.test(
  "axe-core: no serious or critical violation on any page, at 1440 and 390 px, in both languages",
  opts,
  async () => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    try {
      // Lists with rows in them: generated suppliers, projects, quotes and log entries.
      await generateDemoData(
        env,
        { suppliers: 12, projects: 6, items: 24, quotes: 12, logs: 40 },
        { portalUsers: 0, buyers: 1 },
      );
      // An ended, quoted project with a reverse auction about to start (result page, portal
      // auction), an open one the supplier can price (portal quote panel), drafts of both kinds.
      const r = await awardReady(env);
      const auction = await call(env, "post", "/QMO/Auction/Create", {
        token: r.buyer.token,
        body: {
          offProId: r.project.id,
          startAt: "2026-11-23T10:05:00.000Z",
          endAt: "2026-11-23T10:25:00.000Z",
          step: "1000",
        },
      });
      assert.equal(auction.status, 200, JSON.stringify(auction.json));
      const open = await publishedProject(env, [r.s1.supplier.id], { name: "Copper foil 18 µm" });
      const admin = everything();
      const draft = await materialProject(env, admin, "Copper foil to publish");
      const assetDraft = await assetProject(env, admin, "Laser driller to publish");
      const asset = await assetProject(env, admin, "Laser driller published");
      await publishProject(env, admin, {
        offProManagerId: asset.id,
        offerEndTime: DEADLINE,
        supList: [{ id: r.s1.supplier.id }],
      });
      const query: Record<string, string> = {
        "/offerProjectManager/launch": `?id=${draft.id}`,
        "/offerProjectManager/AMSlaunch": `?id=${assetDraft.id}`,
        "/offerProjectManager/offerProjectManagerResult": `?id=${r.project.id}`,
        "/offerProjectManager/evaluation": `?id=${r.project.id}`,
        "/offerProjectManager/AMSOfferProjectManagerResult": `?id=${asset.id}`,
        "/supplier/SupplierDetail": `?id=${r.s1.supplier.id}`,
        "/awardApproval/index": "?id=999",
      };
      const portalPages = [
        "/portal",
        `/portal/projects/${open.id}`,
        `/portal/projects/${r.project.id}`,
        `/portal/projects/${r.project.id}/auction`,
        "/portal/account",
      ];
      const signedOut = ["/login", "/forgot-password", "/portal/login", "/portal/forgot-password"];

      browser = await launchBrowser();
      const started = Date.now();
      const problems: string[] = [];
      for (const lang of ["en", "zh"] as const) {
        // Signed out.
        const guest = await axeContext(browser, server.base, lang);
        contexts.push(guest.context);
        for (const width of WIDTHS) {
          await guest.page.setViewportSize({ width, height: 900 });
          for (const path of signedOut) {
            await guest.page.goto(path);
            await guest.page.locator("form").first().waitFor();
            problems.push(
              ...await violations(guest.page, guest.pending, `${path} ${width}px ${lang}`),
            );
          }
        }
        await guest.context.close();

        // The back-office, as the administrator (every permission).
        const staff = await axeContext(browser, server.base, lang);
        contexts.push(staff.context);
        const page = staff.page;
        await page.goto("/login");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          for (const [path] of allLeafRoutes) {
            // Loaded afresh: the tabs bar keeps every page opened before in the document
            // (hidden), which axe-core would walk through each time.
            await page.goto(path + (query[path] ?? ""));
            await page.locator(`section[data-view="${path}"]:not([hidden])`).waitFor();
            problems.push(...await violations(page, staff.pending, `${path} ${width}px ${lang}`));
          }
        }
        await staff.context.close();
        console.log(
          `${lang}: back-office walked at ${Math.round((Date.now() - started) / 1000)} s`,
        );

        // The portal, as supplier S1.
        const portal = await axeContext(browser, server.base, lang);
        contexts.push(portal.context);
        await portal.page.goto("/portal/login");
        await signInAs(portal.page, "S1", PORTAL_PASSWORD);
        await portal.page.waitForURL((u) => u.pathname === "/portal");
        for (const width of WIDTHS) {
          await portal.page.setViewportSize({ width, height: 900 });
          for (const path of portalPages) {
            await portal.page.goto(path);
            await portal.page.locator("main").first().waitFor();
            problems.push(
              ...await violations(portal.page, portal.pending, `${path} ${width}px ${lang}`),
            );
          }
        }
        await portal.context.close();
      }
      console.log(`axe walk: ${Math.round((Date.now() - started) / 1000)} s`);
      assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
    } finally {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close();
      await server.close();
    }
  },
);
