// Sealed quotes and request-pack versions in a real browser: the project dialog ticks "sealed" for
// tendering, a buyer changes a published request (new version, deadline moved), the result page
// shows who quoted but nothing sealed and marks the older quote, and the supplier sees the change,
// quotes again and keeps the receipt. Screenshots in test-output/screenshots/.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
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
/** Tuesday 2026-11-24 17:00 UTC+8: 31 hours after the tests' "now". */
const DEADLINE = "2026-11-24T09:00:00.000Z";

const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const rowOf = (page: Page, text: string) =>
  visible(page).locator('[data-testid="row"]').filter({ hasText: text });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

Deno.test("sealed quotes and request versions in the browser", opts, async (t) => {
  const server = await startServer({ env: { TOKEN_TTL_HOURS: "720" } });
  const env = server.env;
  let browser: Browser | undefined;
  try {
    const admin = everything();
    const s1 = await supplierWithLogin(env, "TS1");
    const s2 = await supplierWithLogin(env, "TS2");
    const tender = await createProject(env, admin, {
      name: "UV laser driller tender",
      kind: "asset",
      demandCode: "REQ-77",
      equipmentName: "UV laser driller",
      offerItemType: "tendering",
      estimatedAmount: "880000",
      instructionText: "Quote DAP Shenzhen, installation included.",
      opiList: [{ itemName: "UV laser driller", unit: "unit", estimateYearAmount: "2" }],
    });
    await publishProject(env, admin, {
      offProManagerId: tender.id,
      offerEndTime: DEADLINE,
      supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
    });
    await agree(env, s1.token, tender.id);
    await agree(env, s2.token, tender.id);
    assert.equal((await submit(env, s1.token, tender.id, pdfFile("TS1 v1 price"))).status, 200);

    browser = await launchBrowser();
    const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
    await page.goto("/login");
    await signInAs(page);
    await page.waitForURL((u) => u.pathname === "/dashboard");

    await t.step("the create dialog ticks sealed quotes for tendering", async () => {
      await page.goto("/offerProjectManager/offerProjectAMSList");
      await visible(page).getByTestId("add").click();
      const dialog = page.getByTestId("project-dialog");
      const sealed = dialog.getByTestId("sealed-quotes");
      assert.equal(await sealed.isChecked(), false);
      await dialog.locator("#pj-type").selectOption("tendering");
      assert.equal(await sealed.isChecked(), true);
      await dialog.locator("#pj-type").selectOption("comparePrices");
      assert.equal(await sealed.isChecked(), false);
      await sealed.check();
      await dialog.locator("#pj-type").selectOption("bargaining");
      assert.equal(await sealed.isChecked(), true, "the buyer's own choice stays");
      await screenshot(page, "sealed-create-dialog");
      await dialog.getByRole("button", { name: "Cancel" }).click();
    });

    await t.step("a published request changes as version 2, with the deadline moved", async () => {
      await rowOf(page, "UV laser driller tender").getByTestId("more").click();
      await page.getByRole("menu").getByTestId("revise").click();
      const dialog = page.getByTestId("project-dialog");
      await dialog.getByTestId("revise-notice").filter({ hasText: "version 2" }).waitFor();
      assert.equal(await dialog.locator("#pj-name").isDisabled(), true, "the header stays");
      await dialog.getByTestId("instruction-text").fill(
        "Quote DAP Shenzhen, installation and training included.",
      );
      await dialog.getByTestId("upload").setInputFiles({
        name: "layout.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n% layout\n%%EOF\n"),
      });
      await dialog.getByText("layout.pdf").waitFor();
      // The deadline is 31 hours away: enough; the change goes through as it is.
      await screenshot(page, "sealed-revise-dialog");
      await dialog.getByTestId("dialog-submit").click();
      await toast(page, "Saved as version 2").waitFor();
    });

    await t.step("the result page: who quoted and when, sealed, based on version 1", async () => {
      await page.goto(`/offerProjectManager/AMSOfferProjectManagerResult?id=${tender.id}`);
      const result = page.getByTestId("result-page");
      await result.getByTestId("seal-state").filter({ hasText: "Sealed until" }).waitFor();
      await result.getByTestId("pack-version").filter({ hasText: "v2" }).waitFor();
      const suppliers = result.getByTestId("result-suppliers");
      await suppliers.getByTestId("based-on-version").filter({ hasText: "based on version 1" })
        .waitFor();
      assert.equal(await suppliers.getByTestId("quote-download").count(), 0, "no file");
      assert.equal(await suppliers.getByTestId("quote-sealed").count(), 1);
      await result.getByTestId("comparison-sealed").waitFor();
      await result.getByTestId("pack-versions").getByText("in force").waitFor();
      await screenshot(page, "sealed-result-page");
    });

    await t.step("the log manager verifies the quote record", async () => {
      await page.goto("/systemManager/logManager");
      await visible(page).getByTestId("verify-record").click();
      await page.getByTestId("record-check").getByTestId("record-intact")
        .filter({ hasText: "intact. Entries: 1;" }).waitFor();
      await screenshot(page, "sealed-record-check");
      await page.keyboard.press("Escape");
      await page.getByTestId("record-check").waitFor({ state: "detached" });
    });
    await context.close();

    await t.step("the supplier sees the change, quotes again and keeps the receipt", async () => {
      for (const locale of ["en-US", "zh-CN"]) {
        const portal = await newPage(browser!, server.base, { locale, width: 1280, height: 900 });
        const p = portal.page;
        await p.goto("/login");
        await signInAs(p, "TS1", PORTAL_PASSWORD);
        await p.waitForURL((u) => u.pathname === "/portal");
        await p.goto(`/portal/projects/${tender.id}`);
        await p.getByTestId("pack-notice").waitFor();
        await p.getByTestId("buyer-instructions").getByText("training included").waitFor();
        if (locale === "en-US") {
          await p.getByTestId("current-quote").getByTestId("quote-based-on").waitFor();
          assert.match(
            await p.getByTestId("pack-notice").innerText(),
            /now version 2\)\. Your current quotation answers version 1/,
          );
          await p.getByTestId("upload").locator('input[type="file"]').setInputFiles({
            name: "quote-v2.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n% TS1 v2 price\n%%EOF\n"),
          });
          await p.getByTestId("upload").getByRole("button", { name: /Replace quotation/ }).click();
          await p.getByTestId("current-quote").getByText("quote-v2.pdf").waitFor();
          assert.equal(
            await p.getByTestId("current-quote").getByTestId("quote-based-on").count(),
            0,
          );
          await p.getByTestId("current-quote").getByTestId("receipt-toggle").click();
          const receipt = p.getByTestId("current-quote").getByTestId("receipt");
          await receipt.getByText("#2").waitFor();
          assert.match(await receipt.innerText(), /[0-9a-f]{64}/);
          await screenshot(p, "sealed-portal-receipt-en");
        } else {
          // Quoted again on version 2: the notice only says the request changed.
          await p.getByTestId("pack-notice").getByText("现为第 2 版").waitFor();
          await p.getByTestId("history").getByTestId("quote-based-on").waitFor();
          await screenshot(p, "sealed-portal-notice-zh");
        }
        await portal.context.close();
      }
    });
  } finally {
    await browser?.close();
    await server.close();
  }
});
