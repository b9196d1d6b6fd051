// Savings in a real browser, in both languages (figures of tests/domain/savings_fixtures.ts): the
// result page's savings panel (USD and CNY quotes, an optimisation round, an award above the first
// quote, a sealed project that shows nothing), the dashboard's last 12 months, the savings report,
// the budget entered in the project dialog and set later from the panel. Screenshots of each.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { offerProjects } from "../../db/schema.ts";
import { savingsData } from "../domain/savings_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const ASSET_RESULT = "/offerProjectManager/AMSOfferProjectManagerResult";
const RESULT = "/offerProjectManager/offerProjectManagerResult";

Deno.test(
  "savings on the result page, the dashboard and the report, in both languages",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { a, b, d } = await savingsData(env);
      browser = await launchBrowser();
      const b0 = browser;

      await t.step("the result page's savings panel (English)", async () => {
        const { context, page } = await newPage(b0, server.base, { width: 1440, height: 900 });
        await page.goto(`${ASSET_RESULT}?id=${b.id}`);
        await signInAs(page);
        const panel = visible(page).getByTestId("savings-panel");
        await panel.getByTestId("savings-first").waitFor();
        const text = async (id: string) => (await panel.getByTestId(id).innerText()).trim();
        assert.equal(await text("savings-first"), "¥1,400,000.00");
        assert.equal(await text("savings-best"), "¥1,349,000.00");
        await panel.getByText("(Optimisation quote 1)").waitFor();
        assert.equal(await text("savings-awarded"), "¥1,349,000.00");
        assert.equal(await text("savings-vs-first"), "¥51,000.00 (3.64%)");
        assert.equal(await text("savings-last-price"), "¥1,500,000.00");
        assert.equal(await text("savings-vs-last-price"), "¥151,000.00 (10.07%)");
        assert.equal(await text("savings-vs-budget"), "—");
        assert.equal(await text("savings-note"), "On the awarded total");
        await panel.getByText("How the figures are made").click();
        await panel.getByText(/Best quote: the lowest of each supplier's latest total/).waitFor();
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, "savings-result-en");

        // A sealed project shows no figure.
        await page.goto(`${ASSET_RESULT}?id=${d.id}`);
        const sealed = visible(page).getByTestId("savings-panel");
        await sealed.getByText("Sealed until 2026-12-05 17:00:00: no figure shows before then")
          .waitFor();
        assert.equal(await sealed.getByTestId("savings-first").count(), 0);
        await sealed.scrollIntoViewIfNeeded();
        await screenshot(page, "savings-result-sealed-en");

        // The dashboard widget: the last 12 months, December saved 40,200 against the first quotes.
        await page.goto("/dashboard");
        const widget = page.getByTestId("savings-widget");
        await widget.getByText("Savings in the last 12 months (CNY, before tax)").waitFor();
        await widget.getByTestId("savings-widget-total").getByText("¥40,200.00").waitFor();
        assert.equal(
          (await widget.getByTestId("savings-widget-total").innerText()).trim(),
          "¥40,200.00 (2.50%)",
        );
        assert.equal(await widget.getByTestId("savings-month").count(), 12);
        assert.equal(
          await widget.locator('[data-month="2026-12"]').getAttribute("data-saved"),
          "40200.00",
        );
        await widget.getByText("Dec", { exact: true }).waitFor();
        await widget.getByTestId("savings-widget-category").filter({ hasText: "Equipment" })
          .getByText("¥51,000.00").waitFor();
        await widget.scrollIntoViewIfNeeded();
        await screenshot(page, "savings-dashboard-en");

        // The report, from the widget's link: the last 12 months, by category and per project.
        await widget.getByText("Savings report").click();
        const report = visible(page).getByTestId("savings-report");
        const rows = report.getByTestId("savings-rows");
        await rows.getByText(b.code).waitFor();
        assert.equal(await rows.getByTestId("row").count(), 5);
        const total = report.getByTestId("savings-categories").getByTestId("row")
          .filter({ hasText: "Total" });
        await total.getByText("¥40,200.00 (2.50%)").waitFor();
        await screenshot(page, "savings-report-en");
        // Only November: the project without prices and the sealed one.
        await report.locator("#sv-from").fill("2026-11-01");
        await report.locator("#sv-to").fill("2026-11-30");
        await report.getByTestId("search").click();
        await rows.getByText(b.code).waitFor({ state: "detached" });
        assert.equal(await rows.getByTestId("row").count(), 2);
        await rows.getByText("No priced quotes").waitFor();
        const download = page.waitForEvent("download");
        await report.getByTestId("export").click();
        assert.match((await download).suggestedFilename(), /\.xlsx$/);
        await context.close();
      });

      await t.step("the panel, the dashboard and the report in Chinese", async () => {
        const { context, page } = await newPage(b0, server.base, {
          locale: "zh-CN",
          width: 1440,
          height: 900,
        });
        await page.goto(`${RESULT}?id=${a.id}`);
        await signInAs(page);
        const panel = visible(page).getByTestId("savings-panel");
        await panel.getByText("节约（人民币，未税）").waitFor();
        await panel.getByText("首次报价（人民币）").waitFor();
        assert.equal(
          (await panel.getByTestId("savings-vs-first").innerText()).trim(),
          "-¥10,800.00 (-5.24%)",
        );
        assert.equal(
          (await panel.getByTestId("savings-vs-budget").innerText()).trim(),
          "¥33,000.00 (13.20%)",
        );
        assert.equal((await panel.getByTestId("savings-note").innerText()).trim(), "按定标总额");
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, "savings-result-zh");

        // The budget is set after the quotation from the panel itself; a bad amount is explained.
        await panel.getByTestId("edit-baselines").click();
        const dialog = page.getByTestId("baselines-dialog");
        await dialog.getByText("供应商看不到").waitFor();
        await dialog.locator("#baseline-budget").fill("12.345");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.getByTestId("field-error").getByText("必须是人民币金额").waitFor();
        await screenshot(page, "savings-baselines-error-zh");
        await dialog.locator("#baseline-budget").fill("240000");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.waitFor({ state: "detached" });
        await panel.getByTestId("savings-vs-budget").getByText("¥23,000.00 (9.58%)").waitFor();
        assert.equal((await panel.getByTestId("savings-budget").innerText()).trim(), "¥240,000.00");

        await page.goto("/dashboard");
        const widget = page.getByTestId("savings-widget");
        await widget.getByText("近 12 个月节约（人民币，未税）").waitFor();
        await widget.getByText("12月", { exact: true }).waitFor();
        await widget.getByTestId("savings-widget-total").getByText("¥40,200.00").waitFor();
        await widget.scrollIntoViewIfNeeded();
        await screenshot(page, "savings-dashboard-zh");

        await page.goto("/offerProjectManager/savingsReport");
        const report = visible(page).getByTestId("savings-report");
        await report.getByTestId("savings-categories").getByText("合计", { exact: true }).waitFor();
        await report.getByText("尚未定标：按最优报价").waitFor();
        await screenshot(page, "savings-report-zh");
        await context.close();
      });

      await t.step("the buyer enters a budget in the project dialog, checked as CNY", async () => {
        const { context, page } = await newPage(b0, server.base, { width: 1440, height: 900 });
        const list = "/offerProjectManager/OfferProjectManagerList";
        await page.goto(list);
        await signInAs(page);
        await visible(page).getByTestId("add").click();
        const dialog = page.getByTestId("project-dialog");
        await dialog.locator("#pj-name").fill("Copper foil 2027");
        await dialog.getByTestId("item-row").first().locator('[data-item-field="itemName"]')
          .fill("Copper foil 18um");
        await dialog.locator("#pj-budget").fill("12.345");
        await dialog.locator("#pj-last-price").fill("9800");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.getByText(
          "Budget (CNY, before tax) must be an amount in CNY: a number of at least 0 with at most 2 decimals",
        ).waitFor();
        await screenshot(page, "savings-dialog-budget-en");
        await dialog.locator("#pj-budget").fill("12000.50");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.waitFor({ state: "detached" });
        const [row] = await env.db.select().from(offerProjects)
          .where(eq(offerProjects.name, "Copper foil 2027"));
        assert.deepEqual([row.budget, row.lastPurchasePrice], ["12000.5", "9800"]);
        await page.goto(`${RESULT}?id=${row.id}`);
        const panel = visible(page).getByTestId("savings-panel");
        await panel.getByText("Savings are figured once the first quotation is over").waitFor();
        assert.equal((await panel.getByTestId("savings-budget").innerText()).trim(), "¥12,000.50");
        await context.close();
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
