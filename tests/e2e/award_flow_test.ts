// The award flow in a real browser: a supplier prices the line items in the portal and submits them
// with the file; after the deadline the buyer sees the comparison matrix with the lowest prices
// highlighted, awards per line with a reason, sees the award on the result page and the list, and
// exports the matrix, whose file opens with the same numbers.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import { emailOutbox } from "../../db/schema.ts";
import { call, NOW } from "../helpers.ts";
import { agree, pdfFile, PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { laminateProject } from "./laminate_fixture.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const HOUR = 3600_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

Deno.test(
  "award flow: portal lines, matrix with the lowest highlighted, award, export",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { s1, s2, p } = await laminateProject(env, "Laminate annual supply 2027", [
        "PL1",
        "PL2",
      ]);
      const [laminate, prepreg] = p.opiList.map((i) => i.id);
      // PL2 quotes through the API: 1.5 USD (10.80 CNY) and 14.00 CNY.
      await agree(env, s2.token, p.id);
      const form = new FormData();
      form.set("offProId", String(p.id));
      form.set("file", pdfFile("PL2 quotation"));
      form.set(
        "lines",
        JSON.stringify([laminate, prepreg].map((itemId, i) => ({
          itemId,
          unitPrice: i === 0 ? "1.5" : "14",
          currency: i === 0 ? "USD" : "CNY",
          taxRate: "13",
          tradeTerms: "DAP",
          paymentMethod: "TT",
          paymentTermDays: 90,
          leadTimeDays: 21,
        }))),
      );
      const r2 = await call(env, "post", "/QMO/SupplierOffer/Submit", {
        token: s2.token,
        body: form,
      });
      assert.equal(r2.status, 200, JSON.stringify(r2.json));

      browser = await launchBrowser();
      const b = browser;

      await t.step(
        "the supplier prices every line in the portal and submits them with the file",
        async () => {
          const { context, page } = await newPage(b, server.base);
          await page.goto("/login");
          await signInAs(page, "PL1", PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.goto(`/portal/projects/${p.id}`);
          const card = page.getByTestId("quote-lines");
          await card.getByText("Priced lines required").waitFor();
          await page.getByTestId("agree").check();
          await page.getByTestId("file-input").setInputFiles({
            name: "PL1-quotation.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n% PL1 quotation\n%%EOF\n"),
          });
          // Only the first line filled: the page says what is missing before sending anything.
          const first = card.getByTestId("quote-line").nth(0);
          await first.locator('[data-line-field="unitPrice"]').fill("10.5");
          await first.locator('[data-line-field="taxRate"]').fill("13");
          await first.locator('[data-line-field="currency"]').selectOption("CNY");
          await first.locator('[data-line-field="tradeTerms"]').selectOption("DDP");
          await first.locator('[data-line-field="paymentMethod"]').selectOption("TT");
          await first.locator('[data-line-field="paymentTermDays"]').fill("60");
          await first.locator('[data-line-field="leadTimeDays"]').fill("14");
          await page.getByTestId("submit-quote").click();
          await page.getByTestId("line-problems").getByText("1 problem in your prices").waitFor();
          await card.getByTestId("quote-line").nth(1).getByTestId("line-error")
            .getByText("This project requires a price for this line item").waitFor();
          // The same terms for the other line, then its price: 14 CNY, equal to PL2's (a tie).
          await card.getByTestId("copy-terms").click();
          const second = card.getByTestId("quote-line").nth(1);
          assert.equal(await second.locator('[data-line-field="tradeTerms"]').inputValue(), "DDP");
          await second.locator('[data-line-field="unitPrice"]').fill("14");
          await screenshot(page, "award-portal-lines-en");
          await page.getByTestId("submit-quote").click();
          await page.getByTestId("current-quote").getByText("PL1-quotation.pdf").waitFor();
          // The lines come back from the server as submitted.
          await page.reload();
          assert.equal(
            await page.getByTestId("quote-line").nth(1).locator('[data-line-field="unitPrice"]')
              .inputValue(),
            "14",
          );
          await context.close();
        },
      );

      env.clock.set(at(3 * HOUR)); // the deadline: quoting ends

      await t.step(
        "the buyer sees the matrix with the lowest highlighted and awards per line",
        async () => {
          const { context, page } = await newPage(b, server.base);
          await page.goto("/");
          await signInAs(page);
          await page.waitForURL((u) => u.pathname === "/dashboard");
          // The exchange rates are edited on the data dictionary screen, under the Currency type.
          await page.goto("/systemSetting/systemCodeType");
          await page.getByTestId("type-table").getByText("Currency", { exact: true }).first()
            .click();
          const rates = page.getByTestId("rates");
          await rates.getByTestId("rate-table").getByText("7.2", { exact: true }).waitFor();
          await rates.getByTestId("add").click();
          const rateDialog = page.getByTestId("rate-dialog");
          await rateDialog.locator("#rate-currency").selectOption("EUR");
          await rateDialog.locator("#rate-date").fill("2026-11-02");
          await rateDialog.locator("#rate-rate").fill("7.85");
          await rateDialog.getByTestId("dialog-submit").click();
          await rates.getByTestId("rate-table").getByText("7.85", { exact: true }).waitFor();
          await screenshot(page, "award-rates-en");

          await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${p.id}`);
          const matrix = page.getByTestId("matrix");
          await matrix.waitFor();
          const rows = matrix.getByTestId("matrix-row");
          assert.equal(await rows.count(), 2);
          // Laminate: PL1 10.5000 is lowest, PL2's 1.5 USD is 10.8000.
          const lamCells = rows.nth(0).getByTestId("matrix-cell");
          assert.equal(await lamCells.nth(0).getAttribute("data-lowest"), "true");
          assert.equal(await lamCells.nth(1).getAttribute("data-lowest"), null);
          assert.match(await lamCells.nth(0).getByTestId("cny").innerText(), /¥10\.5000/);
          assert.match(await lamCells.nth(1).innerText(), /¥10\.8000[\s\S]*1\.5 USD/);
          // Prepreg: 14 and 14 — both highlighted as a shared lowest.
          const preCells = rows.nth(1).getByTestId("matrix-cell");
          assert.equal(await preCells.nth(0).getAttribute("data-lowest"), "true");
          assert.equal(await preCells.nth(1).getAttribute("data-lowest"), "true");
          await preCells.nth(0).getByText("shared lowest").waitFor();
          // Totals 10500 + 2800 = 13300 (rank 1) and 10800 + 2800 = 13600 (rank 2).
          const total = await page.getByTestId("matrix-total").innerText();
          assert.match(total, /¥13,300\.00[\s\S]*¥13,600\.00/);
          assert.equal(
            await page.getByTestId("matrix-rank").locator("[data-rank]").nth(0).getAttribute(
              "data-rank",
            ),
            "1",
          );
          await page.getByTestId("comparison").scrollIntoViewIfNeeded();
          await screenshot(page, "award-matrix-en");

          await page.getByTestId("award-open").click();
          const dialog = page.getByTestId("award-dialog");
          // Each line starts with its lowest supplier; the prepreg goes to PL2 instead.
          const selects = dialog.getByTestId("award-lines").locator("select");
          assert.equal(await selects.nth(0).inputValue(), String(s1.supplier.id));
          await selects.nth(1).selectOption(String(s2.supplier.id));
          await dialog.getByTestId("dialog-submit").click();
          await dialog.getByTestId("field-error").getByText("Enter the reason for the award")
            .waitFor();
          await dialog.locator("#award-reason").fill(
            "Lowest laminate; prepreg tie to the longer payment term",
          );
          await dialog.getByTestId("dialog-submit").click();
          await dialog.waitFor({ state: "detached" });
          await page.getByTestId("award-summary").getByText("Abbr PL1, Abbr PL2").waitFor();
          await page.getByTestId("result-award").getByText("Abbr PL1, Abbr PL2").waitFor();
          assert.equal(
            await rows.nth(0).getByTestId("matrix-cell").nth(0).getAttribute("data-awarded"),
            "true",
          );
          assert.equal(
            await rows.nth(1).getByTestId("matrix-cell").nth(1).getAttribute("data-awarded"),
            "true",
          );
          await page.getByTestId("comparison").scrollIntoViewIfNeeded();
          await screenshot(page, "award-done-en");

          // The export opens with the matrix's numbers and highlights.
          const download = page.waitForEvent("download");
          await page.getByTestId("comparison").getByTestId("export").click();
          const file = await download;
          const path = await Deno.makeTempFile({ suffix: ".xlsx" });
          await file.saveAs(path);
          const book = new ExcelJS.Workbook();
          await book.xlsx.readFile(path);
          await Deno.remove(path);
          const ws = book.getWorksheet("Comparison")!;
          assert.deepEqual(
            ["F5", "H5", "F6", "H6", "G8", "I8", "G9", "I9"].map((ref) => ws.getCell(ref).value),
            [10.5, 10.8, 14, 14, 13300, 13600, 1, 2],
          );
          const fill = (ref: string) =>
            (ws.getCell(ref).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
          assert.deepEqual(["F5", "H5", "F6", "H6"].map(fill), [
            "FFC6EFCE",
            undefined,
            "FFC6EFCE",
            "FFC6EFCE",
          ]);
          assert.equal(ws.getCell("K5").value, "Abbr PL1");
          assert.equal(ws.getCell("K6").value, "Abbr PL2");

          // The list shows the award too.
          await page.goto("/offerProjectManager/OfferProjectManagerList");
          await page.getByTestId("project-award").filter({ hasText: "Abbr PL1, Abbr PL2" }).first()
            .waitFor();
          await context.close();
        },
      );

      await t.step(
        "each supplier sees in the portal what it was awarded, and only that",
        async () => {
          const { context, page } = await newPage(b, server.base);
          await page.goto("/login");
          await signInAs(page, "PL2", PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.getByTestId("awarded").getByText("Awarded").waitFor();
          await page.goto(`/portal/projects/${p.id}`);
          const notice = page.getByTestId("award-notice");
          await notice.getByText("awarded these line items to your company", { exact: false })
            .waitFor();
          assert.deepEqual(await notice.locator("li").allInnerTexts(), ["Prepreg 1080"]);
          await screenshot(page, "award-portal-notice-en");
          await context.close();
        },
      );

      // The award emails are in the outbox, one per supplier awarded.
      const mails = await env.db.select().from(emailOutbox);
      const notices = mails.filter((m) => m.templateCode === "AWARD_NOTICE");
      assert.deepEqual(notices.map((m) => m.recipient).sort(), [
        "pl1@example.com",
        "pl2@example.com",
      ]);
      assert.match(notices.find((m) => m.recipient === "pl2@example.com")!.body, /Prepreg 1080/);
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
