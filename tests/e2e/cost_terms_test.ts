// The buyer's cost terms on the result page, in Chinese and in English: freight in USD and
// payment-term financing on the supplier whose price is lowest make it dearer in the total-cost
// view; the switch changes which figures the matrix shows and who ranks first; a bad value is
// refused beside its field. Screenshots of both views in both languages.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { awardReady } from "../http/award_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PASSWORD = "Passw0rd!x";

const words = {
  zh: {
    locale: "zh-CN",
    freight: "运费",
    financing: "账期资金成本",
    badValue: "请输入不小于 0、最多 6 位小数的数字",
    remove: "删除",
    ok: "确定",
    cancel: "取消",
    awardTotals: "价格 ¥206,000.00 · 总成本 ¥221,630.00",
  },
  en: {
    locale: "en-US",
    freight: "Freight",
    financing: "Payment-term financing",
    badValue: "Enter a number of at least 0 with at most 6 decimals",
    remove: "Remove",
    ok: "OK",
    cancel: "Cancel",
    awardTotals: "Price ¥206,000.00 · total cost ¥221,630.00",
  },
} as const;

const ranks = (page: Page) =>
  page.getByTestId("matrix-rank").locator("td[data-rank]")
    .evaluateAll((tds) => tds.map((td) => td.getAttribute("data-rank")));

async function addTerm(
  page: Page,
  f: { supplier: string; kind: string; value: string; currency?: string },
) {
  await page.getByTestId("cost-term-add").click();
  const dialog = page.getByTestId("cost-term-dialog");
  await dialog.locator("#term-supplierId").selectOption(f.supplier);
  await dialog.locator("#term-kind").selectOption(f.kind);
  if (f.currency) await dialog.locator("#term-currency").selectOption(f.currency);
  await dialog.locator("#term-value").fill(f.value);
  await dialog.getByTestId("dialog-submit").click();
  await dialog.waitFor({ state: "detached" });
}

Deno.test(
  "the buyer adds freight and financing and switches the matrix to the total cost",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { s2, project } = await awardReady(env);
      const s2Id = String(s2.supplier.id);
      browser = await launchBrowser();
      const result = `/offerProjectManager/offerProjectManagerResult?id=${project.id}`;

      for (const lang of ["zh", "en"] as const) {
        await t.step(`${lang}: add the terms, switch the view`, async () => {
          const w = words[lang];
          const { context, page } = await newPage(browser!, server.base, {
            locale: w.locale,
            width: 1440,
            height: 1000,
          });
          await page.goto(result);
          await signInAs(page, "buyer1", PASSWORD);
          await page.getByTestId("matrix").waitFor();
          const terms = page.getByTestId("cost-term");
          // The English pass starts from the Chinese pass's terms: it removes them first.
          while (await terms.count()) {
            const n = await terms.count();
            await terms.first().getByRole("button", { name: w.remove }).click();
            await page.getByRole("button", { name: w.ok }).click();
            await page.waitForFunction(
              (n) => document.querySelectorAll('[data-testid="cost-term"]').length < n,
              n,
            );
          }
          // Price view: S2 (206,200) ranks first.
          assert.deepEqual(await ranks(page), ["2", "1"]);

          // A bad value is refused beside its field; nothing is saved.
          await page.getByTestId("cost-term-add").click();
          const dialog = page.getByTestId("cost-term-dialog");
          await dialog.locator("#term-supplierId").selectOption(s2Id);
          await dialog.locator("#term-value").fill("12,5");
          await dialog.getByTestId("dialog-submit").click();
          const error = dialog.locator('[data-field="value"] [data-testid="field-error"]');
          await error.waitFor();
          assert.equal(await error.innerText(), w.badValue);
          await screenshot(page, `cost-terms-bad-value-${lang}`);
          await dialog.locator("#term-value").fill("2000");
          await dialog.locator("#term-currency").selectOption("USD");
          await dialog.getByTestId("dialog-submit").click();
          await dialog.waitFor({ state: "detached" });

          await addTerm(page, { supplier: s2Id, kind: "financing", value: "3.65" });
          await page.waitForFunction(() =>
            document.querySelectorAll('[data-testid="term-cny"]').length === 2
          );
          const rows = await terms.evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 5).map((td) => td.textContent))
          );
          assert.equal(rows.length, 2);
          assert.equal(rows[0][2], w.freight);
          assert.equal(rows[0][4], "¥14,400.00");
          assert.equal(rows[1][2], w.financing);
          assert.equal(rows[1][4], "¥1,237.20");
          // Still the price view: the ranks follow the price.
          assert.deepEqual(await ranks(page), ["2", "1"]);
          await page.getByTestId("cost-terms").scrollIntoViewIfNeeded();
          await screenshot(page, `cost-terms-price-view-${lang}`);

          await page.getByTestId("view-total").click();
          await page.waitForFunction(() =>
            document.querySelectorAll('[data-testid="total-cost"]').length === 2
          );
          assert.equal(await page.getByTestId("view-total").getAttribute("aria-pressed"), "true");
          assert.deepEqual(await ranks(page), ["1", "2"]);
          assert.deepEqual(await page.getByTestId("total-cost").allInnerTexts(), [
            "¥217,000.00",
            "¥221,837.20",
          ]);
          // The laminate line: S2's 205 + 0.6 % financing = 206.23 a sheet.
          const cny = await page.getByTestId("matrix-row").first().getByTestId("cny")
            .allInnerTexts();
          assert.deepEqual(cny, ["¥216.0000", "¥206.2300"]);
          await page.getByTestId("matrix").scrollIntoViewIfNeeded();
          await screenshot(page, `cost-terms-total-view-${lang}`);

          // The award dialog shows both totals of the award chosen (each line to its lowest
          // total cost: laminate to S2, prepreg to S1): price 205,000 + 1,000; total cost
          // 206,230 + 1,000 + S2's freight 14,400.
          await page.getByTestId("award-open").click();
          const award = page.getByTestId("award-dialog");
          assert.equal(await award.getByTestId("award-totals").innerText(), w.awardTotals);
          await screenshot(page, `cost-terms-award-dialog-${lang}`);
          await award.getByRole("button", { name: w.cancel }).click();
          await award.waitFor({ state: "detached" });

          await page.getByTestId("view-price").click();
          await page.waitForFunction(() => !document.querySelector('[data-testid="total-cost"]'));
          assert.deepEqual(await ranks(page), ["2", "1"]);
          await context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
