// The project list by a keyword that more than 2,000 projects hold: the count reads "2,000+" in
// both languages, and the pager goes on past the 100 pages the count covers.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const LIST = "/offerProjectManager/OfferProjectManagerList";

const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");

Deno.test(
  "a keyword list of more than 2,000 projects shows 2,000+ and pages on past them",
  opts,
  async () => {
    const server = await startServer();
    let browser: Browser | undefined;
    try {
      // 2,001 projects whose names hold "Laminate", in one statement.
      await server.env.db.run(sql`insert into offer_projects (code, name, kind)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2001)
      select printf('LB-%05d', i), 'Laminate order ' || i, 'material' from n`);
      browser = await launchBrowser();
      const search = async (page: Page) => {
        await page.goto("/");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        await page.goto(LIST);
        await visible(page).locator("#pq-name").fill("Laminate");
        await visible(page).getByTestId("search").click();
      };

      const en = await newPage(browser, server.base);
      await search(en.page);
      const total = visible(en.page).getByTestId("total");
      await total.filter({ hasText: "Total 2,000+" }).waitFor();

      // The count covers 100 pages of 20; the 100th is full, so the next one opens: the 2,001st.
      const jump = visible(en.page).getByLabel("Page number");
      await jump.fill("100");
      await jump.press("Enter");
      await visible(en.page).locator('[aria-current="page"]').filter({ hasText: "100" }).waitFor();
      await visible(en.page).getByLabel("Next page").click();
      await visible(en.page).locator('[aria-current="page"]').filter({ hasText: "101" }).waitFor();
      await visible(en.page).getByTestId("row").filter({ hasText: "LB-00001" }).waitFor();
      assert.equal(await visible(en.page).getByTestId("row").count(), 1);
      assert.equal(await visible(en.page).getByLabel("Next page").isDisabled(), true);

      const zh = await newPage(browser, server.base, { locale: "zh-CN" });
      await search(zh.page);
      await visible(zh.page).getByTestId("total").filter({ hasText: "共 2,000+ 条" }).waitFor();
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
