// Publishing returns the buyer to the list tab the project was published from: the launch tab
// closes, no second tab of the same list opens, the list's menu item is lit and the breadcrumb
// names it, the list keeps its filter and shows the project published. In English (material
// projects) and in Chinese (asset projects), at 1440 px.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { createProject } from "../../server/domain/projects/edit.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");

type Case = {
  lang: "en" | "zh";
  list: string;
  launch: string;
  project: string;
  /** Another unpublished project, which the list's filter leaves out. */
  other: string;
  supplier: string;
  /** The list's menu item and the breadcrumb's last step. */
  menu: string;
  published: string;
};

const cases: Case[] = [
  {
    lang: "en",
    list: "/offerProjectManager/OfferProjectManagerList",
    launch: "/offerProjectManager/launch",
    project: "Copper foil 2027",
    other: "Solder mask 2027",
    supplier: "PR-001",
    menu: "Project information",
    published: "Published",
  },
  {
    lang: "zh",
    list: "/offerProjectManager/offerProjectAMSList",
    launch: "/offerProjectManager/AMSlaunch",
    project: "贴片机 2027",
    other: "回流焊炉 2027",
    supplier: "PR-002",
    menu: "固定资产项目",
    published: "已发布",
  },
];

/** The open tabs' paths, in order. */
const tabPaths = (page: Page) =>
  page.getByTestId("tag").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.path));

Deno.test(
  "publishing returns to the list tab it came from, its menu item lit, in both languages",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const admin = everything();
      for (const c of cases) {
        await supplierWithLogin(env, c.supplier);
        for (const name of [c.project, c.other]) {
          await createProject(env, admin, {
            name,
            kind: c.lang === "en" ? "material" : "asset",
            ...(c.lang === "zh" ? { offerItemType: "optimize" } : {}),
            opiList: [{ itemName: "Line 1", unit: "pc", estimateYearAmount: "10" }],
          });
        }
      }
      browser = await launchBrowser();
      for (const c of cases) {
        await t.step(`${c.lang}: back to the same list tab after Publish`, async () => {
          const { context, page } = await newPage(browser!, server.base, {
            locale: c.lang === "en" ? "en-US" : "zh-CN",
            width: 1440,
            height: 900,
          });
          await page.goto(c.list);
          await signInAs(page);
          await page.waitForURL((u) => u.pathname === c.list);
          const list = visible(page);
          await list.getByTestId("row").filter({ hasText: c.other }).waitFor();
          // A filter typed in the list: it is still there when the buyer comes back.
          await list.locator("#pq-name").fill(c.project);
          await list.locator("#pq-name").press("Enter");
          await list.getByTestId("row").filter({ hasText: c.other }).waitFor({ state: "detached" });
          assert.equal(await list.getByTestId("row").count(), 1);
          await list.getByTestId("row").getByTestId("launch").click();
          await page.waitForURL((u) => u.pathname === c.launch);
          const launch = visible(page).getByTestId("launch-page");
          await launch.getByTestId("supplier-table").getByTestId("row")
            .filter({ hasText: c.supplier }).click();
          await launch.locator("#launch-deadline").fill("2026-11-24T17:00");
          await launch.getByTestId("publish").click();

          await page.waitForURL((u) => u.pathname === c.list);
          const back = visible(page);
          await back.getByTestId("row").filter({ hasText: c.project })
            .getByText(c.published, { exact: true }).waitFor();
          // The list's filter is kept: the other project is still left out.
          assert.equal(await back.getByTestId("row").count(), 1);
          // One tab of the list, active; the launch tab is gone, no second list opened.
          assert.deepEqual(await tabPaths(page), ["/dashboard", c.list]);
          assert.equal(
            await page.locator(`[data-testid="tag"][data-path="${c.list}"]`)
              .getAttribute("data-active"),
            "1",
          );
          // The list's menu item is the lit one, and the breadcrumb ends with it.
          const lit = page.getByTestId("sidebar").locator('a[aria-current="page"]');
          assert.equal(await lit.count(), 1);
          assert.equal((await lit.innerText()).trim(), c.menu);
          const crumbs = (await page.getByTestId("breadcrumb").innerText()).trim();
          assert.ok(crumbs.endsWith(c.menu), crumbs);
          assert.equal(await back.locator("#pq-name").inputValue(), c.project);
          await screenshot(page, `publish-return-${c.lang}`);
          await page.setViewportSize({ width: 390, height: 844 });
          // The menu slides away at phone width.
          await page.waitForFunction(() =>
            document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().right <= 0
          );
          await screenshot(page, `publish-return-${c.lang}-390`);
          await context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
