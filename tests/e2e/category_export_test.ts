// The category page's Export button in a real browser: the list's filter goes with it, and the
// workbook downloaded holds the filtered categories with headers in the page's language.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import { createCategory } from "../../server/domain/categories/service.ts";
import { launchBrowser, newPage, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test("the category page exports the filtered list as .xlsx", opts, async () => {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    await createCategory(server.env, { name: "Laminates", sort: 1 });
    await createCategory(server.env, { name: "Chemicals", sort: 2 });
    browser = await launchBrowser();
    const { context, page } = await newPage(browser, server.base);
    await page.goto("/login");
    await signInAs(page);
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.goto("/offerProjectManager/OfferProjectTypeList");
    const list = page.getByTestId("category-list");
    await list.locator("#cat-q-name").fill("Chem");
    await list.locator("#cat-q-name").press("Enter");
    await list.getByTestId("row").filter({ hasText: "Chemicals" }).waitFor();
    const download = page.waitForEvent("download");
    await list.getByTestId("export").click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0];
    assert.equal(sheet.getRow(1).getCell(1).value, "Category name");
    assert.equal(sheet.getRow(2).getCell(1).value, "Chemicals");
    assert.equal(sheet.rowCount, 2);
    await context.close();
  } finally {
    await browser?.close();
    await server.close();
  }
});
