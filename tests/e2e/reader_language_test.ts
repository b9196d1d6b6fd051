// Relative times, weekdays and lengths of time in the reader's language, in a real browser: the
// portal's "submitted … ago" and countdown, the dashboard's date and time left, the audit log's
// durations. A Chinese reader reads Chinese, an English reader English. The server's clock and the
// page's are fixed.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { NOW } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import {
  agree,
  pdfFile,
  PORTAL_PASSWORD,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const HOUR = 3600_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

const expected = {
  en: {
    locale: "en-US",
    ago: "5 minutes ago",
    countdown: "2 days, 03:00:00 left",
    day: "Monday, November 23, 2026",
    left: "2 days, 3 hr",
    duration: /^\d+ ms$/,
  },
  zh: {
    locale: "zh-CN",
    ago: "5分钟前",
    countdown: "剩余 2天03:00:00",
    day: "2026年11月23日星期一",
    left: "2天3小时",
    duration: /^\d+毫秒$/,
  },
};

const portalRow = (page: Page, name: string) =>
  page.getByTestId("project-row").filter({ hasText: name });

Deno.test(
  "relative times, weekdays and lengths of time in the reader's language",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const admin = everything();
      const s1 = await supplierWithLogin(env, "RL1");
      const s2 = await supplierWithLogin(env, "RL2");
      // NOW is Monday 10:00 in UTC+8; the deadline is Wednesday 13:00, 51 hours later.
      const p = await createProject(env, admin, {
        name: "Prepreg 1080 supply",
        kind: "material",
        opiList: [{ itemName: "Prepreg 1080", unit: "roll" }],
      });
      await publishProject(env, admin, {
        offProManagerId: p.id,
        offerEndTime: at(51 * HOUR),
        supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
      });
      await agree(env, s1.token, p.id);
      assert.equal((await submit(env, s1.token, p.id, pdfFile("RL1"))).status, 200);
      browser = await launchBrowser();
      const b = browser;

      for (const lang of ["en", "zh"] as const) {
        const w = expected[lang];
        await t.step(`portal (${lang}): the countdown and "submitted … ago"`, async () => {
          const { context, page } = await newPage(b, server.base, { locale: w.locale });
          // The page's clock stands still, five minutes after the quote (the server's is at it).
          await page.clock.setFixedTime(at(5 * 60_000));
          await page.goto("/portal/login");
          await signInAs(page, "RL1", PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          assert.equal(
            await portalRow(page, p.name).getByTestId("countdown").innerText(),
            w.countdown,
          );
          await portalRow(page, p.name).click();
          await page.getByTestId("submitted-ago").getByText(w.ago).waitFor();
          await screenshot(page, `reader-${lang}-portal-project`);
          await context.close();
        });

        await t.step(`back-office (${lang}): the date, the time left, durations`, async () => {
          const { context, page } = await newPage(b, server.base, { locale: w.locale });
          await page.clock.setFixedTime(at(5 * 60_000));
          await page.goto("/login");
          await signInAs(page);
          await page.waitForURL((u) => u.pathname === "/dashboard");
          await page.getByText(w.day).waitFor();
          const row = page.getByTestId("overview-material").getByTestId("open-projects")
            .locator("tr").filter({ hasText: p.name });
          assert.equal((await row.locator("td").nth(4).innerText()).trim(), w.left);
          await screenshot(page, `reader-${lang}-dashboard`);

          await page.goto("/systemManager/logManager");
          const view = page.locator('section[data-view="/systemManager/logManager"]');
          const first = view.getByTestId("row").first();
          await first.waitFor();
          const cells = await first.locator("td").allInnerTexts();
          assert.ok(cells.some((c) => w.duration.test(c.trim())), cells.join(" | "));
          await screenshot(page, `reader-${lang}-logs`);
          await context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
