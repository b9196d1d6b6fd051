// Prices from a spreadsheet in a real browser: a supplier downloads the price sheet, fills it in
// (here with exceljs, as a spreadsheet program would), uploads it, sees what will be saved, and
// confirms with the quotation file; bad sheets are shown with their reason and nothing is saved. A
// second supplier does the same in Chinese. After the deadline the buyer's comparison matrix shows
// the sheets' prices.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import ExcelJS from "exceljs";
import { count } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { quotes } from "../../db/schema.ts";
import { NOW } from "../helpers.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { laminateProject } from "./laminate_fixture.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const HOUR = 3600_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

/** Downloads the project's price sheet from the portal page and opens it. */
async function downloadSheet(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByTestId("sheet-download").click();
  const file = await download;
  const path = await Deno.makeTempFile({ suffix: ".xlsx" });
  await file.saveAs(path);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  await Deno.remove(path);
  return { book, sheet: book.worksheets[0], name: file.suggestedFilename() };
}

/** Fills the item rows (4 …) with the given prices and currency, and common terms. */
function fill(sheet: ExcelJS.Worksheet, prices: (number | string)[], currency = "CNY") {
  prices.forEach((price, n) => {
    const row = sheet.getRow(4 + n);
    [price, 13, currency, "DAP", "TT", 90, 21, new Date("2027-06-30T00:00:00Z")].forEach(
      (v, i) => (row.getCell(7 + i).value = v),
    );
  });
}

async function uploadSheet(page: Page, book: ExcelJS.Workbook, name = "prices.xlsx") {
  await page.getByTestId("sheet-input").setInputFiles({
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await book.xlsx.writeBuffer() as ArrayBuffer),
  });
}

Deno.test(
  "prices from a spreadsheet: download, fill, preview, confirm, and the matrix",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    const quoteCount = async () => (await env.db.select({ n: count() }).from(quotes))[0].n;
    try {
      const { p } = await laminateProject(env, "Laminate from price sheets", [
        "SH1",
        "SH2",
      ]);
      browser = await launchBrowser();
      const b = browser;

      await t.step(
        "the supplier downloads the sheet, uploads it filled, sees the preview and confirms",
        async () => {
          const { context, page } = await newPage(b, server.base);
          await page.goto("/login");
          await signInAs(page, "SH1", PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.goto(`/portal/projects/${p.id}`);
          await page.getByTestId("agree").check();
          const { book, sheet, name } = await downloadSheet(page);
          assert.equal(name, `${p.code} price sheet.xlsx`);
          assert.equal(sheet.getCell("D4").value, "FR-4 laminate 1.6mm");
          fill(sheet, [10.25, "13.5"]);
          await uploadSheet(page, book, "SH1 prices.xlsx");

          const preview = page.getByTestId("sheet-preview");
          await preview.waitFor();
          const lines = preview.getByTestId("sheet-line");
          assert.equal(await lines.count(), 2);
          assert.deepEqual(await lines.locator('[data-field="unitPrice"]').allInnerTexts(), [
            "10.25",
            "13.5",
          ]);
          await preview.getByText("Nothing is saved yet").waitFor();
          // The hand-priced lines give way to the sheet's; nothing is saved before confirming.
          assert.equal(await page.getByTestId("quote-lines").count(), 0);
          assert.equal(await quoteCount(), 0);
          await page.getByTestId("sheet-lines-note").getByText("SH1 prices.xlsx (2 lines)")
            .waitFor();
          await page.getByTestId("file-input").setInputFiles({
            name: "SH1-quotation.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n% SH1 quotation\n%%EOF\n"),
          });
          await page.getByTestId("price-sheet").scrollIntoViewIfNeeded();
          await screenshot(page, "price-sheet-preview-en");
          await page.getByTestId("submit-quote").filter({
            hasText: "Confirm and submit these prices",
          })
            .click();
          await page.getByTestId("current-quote").getByText("SH1-quotation.pdf").waitFor();
          assert.equal(await quoteCount(), 1);
          // The preview is gone; the lines, as the server keeps them, are back in the form.
          await page.getByTestId("sheet-preview").waitFor({ state: "detached" });
          const second = page.getByTestId("quote-line").nth(1);
          await second.waitFor();
          assert.equal(await second.locator('[data-line-field="unitPrice"]').inputValue(), "13.5");
          await context.close();
        },
      );

      await t.step("bad sheets are shown with their reasons, and nothing is saved", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto("/login");
        await signInAs(page, "SH1", PORTAL_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/portal");
        await page.goto(`/portal/projects/${p.id}`);
        const { book, sheet } = await downloadSheet(page);
        fill(sheet, [9.5, 12]);
        sheet.getCell("I5").value = "RMB";
        sheet.getCell("G4").value = { formula: "1+8.5", result: 9.5 } as ExcelJS.CellFormulaValue;
        await uploadSheet(page, book);
        const error = page.getByTestId("sheet-error");
        await error.getByText("The sheet was refused; nothing was saved").waitFor();
        await error.getByText(
          "Row 4, Unit price before tax (column G) holds a formula: enter the value itself",
        ).waitFor();
        assert.equal(await page.getByTestId("sheet-preview").count(), 0);
        await page.getByTestId("price-sheet").scrollIntoViewIfNeeded();
        await screenshot(page, "price-sheet-refused-en");
        // Without the formula, the unknown currency is named by its row and column.
        sheet.getCell("G4").value = 9.5;
        await uploadSheet(page, book);
        await error.getByText(
          "Row 5, Currency (column I), Prepreg 1080: RMB is not a currency of the data dictionary",
        ).waitFor();
        // A file that is not a spreadsheet.
        await page.getByTestId("sheet-input").setInputFiles({
          name: "prices.xlsx",
          mimeType: "text/plain",
          buffer: Buffer.from("item,price\nFR-4,9.5\n"),
        });
        await error.getByText("This file is not a spreadsheet", { exact: false }).waitFor();
        assert.equal(await quoteCount(), 1);
        await context.close();
      });

      await t.step("in Chinese: the sheet, its preview and a refusal", async () => {
        const { context, page } = await newPage(b, server.base, { locale: "zh-CN" });
        await page.goto("/login");
        await signInAs(page, "SH2", PORTAL_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/portal");
        await page.goto(`/portal/projects/${p.id}`);
        await page.getByTestId("agree").check();
        const { book, sheet, name } = await downloadSheet(page);
        assert.equal(name, `${p.code} 报价表.xlsx`);
        assert.equal(sheet.name, "报价");
        assert.equal(sheet.getCell("I3").value, "币种 *");
        fill(sheet, [1.5, 14]);
        sheet.getCell("I4").value = "USD";
        sheet.getCell("L4").value = 1000;
        await uploadSheet(page, book);
        await page.getByTestId("sheet-error").getByText(
          "第 4 行“付款期限（天）”（L 列），FR-4 laminate 1.6mm：付款期限须为 0 到 730 的整数天",
        ).waitFor();
        await page.getByTestId("price-sheet").scrollIntoViewIfNeeded();
        await screenshot(page, "price-sheet-refused-zh");
        sheet.getCell("L4").value = 90;
        await uploadSheet(page, book);
        const preview = page.getByTestId("sheet-preview");
        await preview.getByText("预览：将保存的内容").waitFor();
        await page.getByTestId("file-input").setInputFiles({
          name: "SH2-报价单.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4\n% SH2 quotation\n%%EOF\n"),
        });
        await page.getByTestId("price-sheet").scrollIntoViewIfNeeded();
        await screenshot(page, "price-sheet-preview-zh");
        await page.getByTestId("submit-quote").filter({ hasText: "确认并提交这些价格" }).click();
        await page.getByTestId("current-quote").getByText("SH2-报价单.pdf").waitFor();
        assert.equal(await quoteCount(), 2);
        await context.close();
      });

      env.clock.set(at(3 * HOUR)); // the deadline: quoting ends

      await t.step("the buyer's comparison matrix shows the sheets' prices", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto("/");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${p.id}`);
        const rows = page.getByTestId("matrix").getByTestId("matrix-row");
        await rows.first().waitFor();
        // Laminate: SH1 10.25 CNY is lowest; SH2 1.5 USD is 10.80 CNY. Prepreg: 13.5 and 14.
        const laminate = rows.nth(0).getByTestId("matrix-cell");
        assert.match(await laminate.nth(0).getByTestId("cny").innerText(), /¥10\.2500/);
        assert.match(await laminate.nth(1).innerText(), /¥10\.8000[\s\S]*1\.5 USD/);
        assert.equal(await laminate.nth(0).getAttribute("data-lowest"), "true");
        const prepreg = rows.nth(1).getByTestId("matrix-cell");
        assert.match(await prepreg.nth(0).getByTestId("cny").innerText(), /¥13\.5000/);
        assert.match(await prepreg.nth(1).getByTestId("cny").innerText(), /¥14\.0000/);
        await page.getByTestId("comparison").scrollIntoViewIfNeeded();
        await screenshot(page, "price-sheet-matrix-en");
        await context.close();
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
