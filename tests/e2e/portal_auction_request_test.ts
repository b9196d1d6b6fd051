// A portal project page asks for the reverse auction only when the project's answer says the
// supplier takes part in one: a project without an auction makes no GetAuction request (and so no
// 404), one with an auction shows its link. In both languages, phone-sized, with screenshots.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { awardReady } from "../http/award_fixtures.ts";
import { PORTAL_PASSWORD, publishedProject } from "../http/quotes_fixtures.ts";
import { call } from "../helpers.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const locales = { en: "en-US", zh: "zh-CN" } as const;

/** The API paths the page asks, from now on. */
function recordCalls(page: Page) {
  const paths: string[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith("/api/")) paths.push(path);
  });
  return paths;
}

Deno.test("a portal project page without an auction asks no GetAuction", opts, async (t) => {
  const server = await startServer();
  const env = server.env;
  let browser: Browser | undefined;
  try {
    const r = await awardReady(env);
    const created = await call(env, "post", "/QMO/Auction/Create", {
      token: r.buyer.token,
      body: {
        offProId: r.project.id,
        startAt: "2026-11-23T10:05:00.000Z",
        endAt: "2026-11-23T10:25:00.000Z",
        step: "1000",
      },
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const plain = await publishedProject(env, [r.s1.supplier.id], {
      name: "Copper foil, no auction",
    });
    browser = await launchBrowser();
    const b = browser;

    for (const lang of ["en", "zh"] as const) {
      await t.step(`${lang}: only the project with an auction asks for it`, async () => {
        const { context, page } = await newPage(b, server.base, {
          locale: locales[lang],
          width: 390,
          height: 844,
        });
        await page.goto("/portal/login");
        await signInAs(page, "S1", PORTAL_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/portal");

        const calls = recordCalls(page);
        await page.goto(`/portal/projects/${plain.id}`);
        await page.getByTestId("project-header").waitFor();
        await page.getByTestId("quote-panel").waitFor();
        await page.waitForLoadState("networkidle");
        assert.ok(calls.some((p) => p.endsWith("/QMO/SupplierOffer/Get")), calls.join(" "));
        assert.deepEqual(calls.filter((p) => p.endsWith("/GetAuction")), []);
        assert.equal(await page.getByTestId("auction-link").count(), 0);
        await screenshot(page, `portal-no-auction-${lang}-phone`);

        calls.length = 0;
        await page.goto(`/portal/projects/${r.project.id}`);
        await page.getByTestId("auction-link").waitFor();
        assert.equal(calls.filter((p) => p.endsWith("/GetAuction")).length, 1);
        await screenshot(page, `portal-auction-link-${lang}-phone`);
        await context.close();
      });
    }
  } finally {
    await browser?.close();
    await server.close();
  }
});
