// An asset project through the screens and the buyer's dashboard in a real browser: created with
// line items edited in the dialog and eleven attachments, published from the asset launch page to
// valid suppliers only, quoted by a supplier through the API; the dashboard's numbers each open the
// list filtered the same way; ended by hand after a confirmation; the result page with the first
// quote and an optimisation round opened from it; the file-list dialog (page 1 of 10, downloads, a
// warning when a download fails); screenshots in both languages.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { files } from "../../db/schema.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { storeRoot } from "../../server/domain/files/service.ts";
import { call, type TestEnv } from "../helpers.ts";
import { assetProject, DEADLINE, everything, supplier } from "../domain/projects_fixtures.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const LIST = "/offerProjectManager/offerProjectAMSList";

const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const rowOf = (page: Page, text: string) =>
  visible(page).getByTestId("row").filter({ hasText: text });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();
const pdf = (name: string, text: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4 ${text}`),
});

/** A supplier quotes through the portal's API: agree to the instructions, then upload. */
async function quoteViaApi(env: TestEnv, token: string, projectId: number, round: number) {
  const agreed = await call(env, "post", "/QMO/SupplierOffer/Agree", {
    token,
    body: { offProId: projectId },
  });
  assert.equal(agreed.status, 200, JSON.stringify(agreed.json));
  const form = new FormData();
  form.set("offProId", String(projectId));
  form.set("round", String(round));
  form.set("file", new File([`%PDF-1.4 quote round ${round}`], `报价-第${round}轮.pdf`));
  const r = await call(env, "post", "/QMO/SupplierOffer/Submit", { token, body: form });
  assert.equal(r.status, 200, JSON.stringify(r.json));
}

Deno.test("asset project and dashboard screens in a browser", opts, async (t) => {
  const server = await startServer();
  const env = server.env;
  let browser: Browser | undefined;
  try {
    const a = await supplierWithLogin(env, "AS-001");
    const b = await supplierWithLogin(env, "AS-002");
    await supplier(env, "AS-009", "invalid");
    const admin = everything();
    // A second open asset project, quoted by nobody and not ending soon.
    const other = await assetProject(env, admin, "Reflow oven");
    await publishProject(env, admin, {
      offProManagerId: other.id,
      offerEndTime: DEADLINE,
      supList: [{ id: a.supplier.id }, { id: b.supplier.id }],
    });
    const bargaining = await createProject(env, admin, {
      name: "Used drilling machine",
      kind: "asset",
      offerItemType: "bargaining",
      opiList: [{ itemName: "Drilling machine", unit: "set", estimateYearAmount: "1" }],
    });

    browser = await launchBrowser();
    const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
    await page.goto(LIST);
    await signInAs(page);
    await page.waitForURL((u) => u.pathname === LIST);
    await rowOf(page, "Reflow oven").waitFor();

    let projectId = 0;
    await t.step(
      "create an asset project: line items edited in the dialog, 11 files",
      async () => {
        await visible(page).getByTestId("add").click();
        const d = page.getByTestId("project-dialog");
        await d.getByTestId("dialog-submit").click();
        await d.locator('[data-field="offerItemType"]').getByTestId("field-error").waitFor();
        await d.locator("#pj-name").fill("AOI inspection line");
        await d.locator("#pj-type").selectOption("optimize");
        await d.locator("#pj-demand").fill("REQ-2026-17");
        await d.locator("#pj-equipment").fill("AOI");
        await d.locator("#pj-amount").fill("250000");
        const rows = d.getByTestId("item-row");
        const fill = async (n: number, v: Record<string, string>) => {
          for (const [k, value] of Object.entries(v)) {
            await rows.nth(n).locator(`[data-item-field="${k}"]`).fill(value);
          }
        };
        await fill(0, { itemName: "AOI machine", unit: "set", estimateYearAmount: "2" });
        await d.getByTestId("add-item").click();
        await fill(1, { itemName: "Spare parts kit", unit: "set", estimateYearAmount: "many" });
        await d.getByTestId("add-item").click();
        await fill(2, { itemName: "Not needed" });
        await rows.nth(2).getByRole("button", { name: "Delete 3" }).click();
        assert.equal(await rows.count(), 2);
        // A bad number is marked in its own cell.
        await d.getByTestId("dialog-submit").click();
        await rows.nth(1).locator('[data-item-error="estimateYearAmount"]').waitFor();
        assert.equal(await rows.nth(0).getByTestId("field-error").count(), 0);
        await fill(1, { estimateYearAmount: "4" });
        await d.getByTestId("upload").setInputFiles(
          Array.from({ length: 11 }, (_, i) => pdf(`图纸-${i + 1}.pdf`, `drawing ${i + 1}`)),
        );
        await d.getByText("图纸-11.pdf").waitFor();
        await screenshot(page, "screens-asset-dialog-en");
        const saved = page.waitForResponse((r) =>
          r.url().includes("CreateOfferProjectManagerData")
        );
        await d.getByTestId("dialog-submit").click();
        projectId = (await (await saved).json()).result.id;
        await toast(page, "Saved").waitFor();
        await rowOf(page, "AOI inspection line").getByText("Unpublished").waitFor();
        assert.match(await rowOf(page, "AOI inspection line").innerText(), /REQ-2026-17/);
      },
    );

    await t.step("edit: a line item changed in the dialog is kept", async () => {
      await rowOf(page, "AOI inspection line").getByTestId("edit").click();
      const d = page.getByTestId("project-dialog");
      const rows = d.getByTestId("item-row");
      await rows.nth(1).waitFor();
      await rows.nth(1).locator('[data-item-field="unit"]').fill("kit");
      await d.getByTestId("dialog-submit").click();
      await toast(page, "Saved").waitFor();
      await d.waitFor({ state: "detached" });
    });

    await t.step("publish from the asset launch page to valid suppliers only", async () => {
      await rowOf(page, "AOI inspection line").getByTestId("launch").click();
      await page.waitForURL((u) =>
        u.pathname === "/offerProjectManager/AMSlaunch" && u.search === `?id=${projectId}`
      );
      const launch = visible(page).getByTestId("launch-page");
      const header = launch.getByTestId("launch-project");
      await header.getByText("REQ-2026-17").waitFor();
      await header.getByText("Optimize quotation").waitFor();
      const items = launch.getByTestId("items-table").getByTestId("row");
      await items.nth(1).waitFor();
      assert.match(await items.nth(1).innerText(), /Spare parts kit\s+kit\s+4/);
      await launch.getByTestId("attachments").getByText("图纸-11.pdf").waitFor();
      // The search button; the invalid supplier is not offered.
      await launch.locator("#ls-Code").fill("AS-00");
      await launch.getByTestId("supplier-search-go").click();
      const table = launch.getByTestId("supplier-table");
      await table.getByTestId("row").filter({ hasText: "AS-002" }).waitFor();
      assert.equal(await table.getByTestId("row").count(), 2);
      assert.equal(await table.getByTestId("row").filter({ hasText: "AS-009" }).count(), 0);
      await table.getByTestId("row").filter({ hasText: "AS-001" }).click();
      await table.getByTestId("row").filter({ hasText: "AS-002" }).click();
      await launch.getByRole("button", { name: "Remove AS-002" }).click();
      const tags = launch.getByTestId("supplier-tag");
      assert.deepEqual(await tags.evaluateAll((els) => els.map((e) => e.dataset.code)), [
        "AS-001",
      ]);
      await table.getByTestId("row").filter({ hasText: "AS-002" }).click();
      // A working day in the past passes the page's check; the server's refusal is shown.
      await launch.locator("#launch-deadline").fill("2026-11-20T17:00");
      await launch.getByTestId("publish").click();
      await toast(page, "The deadline must be in the future").waitFor();
      await launch.locator('[data-field="offerEndTime"]').getByTestId("field-error").filter({
        hasText: "The deadline must be in the future",
      }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/offerProjectManager/AMSlaunch");
      await launch.locator("#launch-deadline").fill("2026-11-24T17:00");
      await screenshot(page, "screens-asset-launch-search-en");
      await launch.getByTestId("publish").click();
      await page.waitForURL((u) => u.pathname === "/offerProjectManager/offerProjectAMSList");
      await toast(page, "Published to the selected suppliers").waitFor();
      await rowOf(page, "AOI inspection line").getByText("Published", { exact: true }).waitFor();
      assert.equal(
        await page.locator('[data-testid="tag"][data-path="/offerProjectManager/AMSlaunch"]')
          .count(),
        0,
        "the launch tab closed",
      );
    });

    await t.step("a bargaining project is published without a deadline field", async () => {
      await page.goto(`/offerProjectManager/AMSlaunch?id=${bargaining.id}`);
      const launch = visible(page).getByTestId("launch-page");
      await launch.getByTestId("launch-project").getByText("Bargaining").waitFor();
      await launch.getByTestId("supplier-table").getByTestId("row").first().waitFor();
      assert.equal(await launch.locator("#launch-deadline").count(), 0);
    });

    await t.step("a supplier quotes through the API", async () => {
      await quoteViaApi(env, a.token, projectId, 0);
    });

    await t.step(
      "the dashboard's numbers, each a link to the list filtered the same way",
      async () => {
        const expected: [string, string, string[]][] = [
          ["inQuotation", "2", ["AOI inspection line", "Reflow oven"]],
          ["quotesToday", "1", ["AOI inspection line"]],
          ["endingSoon", "1", ["AOI inspection line"]],
          // AS-002 on this project, both suppliers on the other.
          ["suppliersPending", "3", ["AOI inspection line", "Reflow oven"]],
        ];
        for (const [stat, count, names] of expected) {
          await page.goto("/dashboard");
          const overview = page.getByTestId("overview-asset");
          const link = overview.getByTestId(`stat-${stat}`);
          await link.locator("dd").filter({ hasText: /^\d+$/ }).waitFor();
          assert.equal(await link.locator("dd").innerText(), count, stat);
          if (stat === "inQuotation") {
            const first = overview.getByTestId("open-projects").locator("tbody tr").first();
            assert.match(await first.innerText(), /AOI inspection line/);
            assert.match(await first.innerText(), /2026-11-24 17:00:00/);
            assert.match(await first.innerText(), /1 day, 7 hr/);
            assert.match(await first.innerText(), /1\/2/);
            await screenshot(page, "screens-dashboard-assets-en");
          }
          await link.click();
          await page.waitForURL((u) => u.pathname === LIST && u.search.length > 1);
          await visible(page).getByTestId("linked-filter").waitFor();
          await visible(page).getByTestId("total").filter({
            hasText: new RegExp(`Total ${names.length}\\b`),
          }).waitFor();
          const shown = await visible(page).getByTestId("row").allInnerTexts();
          assert.deepEqual(
            names.map((n) => shown.some((r) => r.includes(n))),
            names.map(() => true),
            `${stat}: ${shown.join(" | ")}`,
          );
        }
        // Clearing the linked filter shows every asset project again.
        await visible(page).getByRole("button", { name: "Clear this filter" }).click();
        await visible(page).getByTestId("total").filter({ hasText: /Total 3\b/ }).waitFor();
      },
    );

    await t.step("end by hand asks first", async () => {
      const row = rowOf(page, "AOI inspection line");
      await row.getByTestId("more").click();
      await page.getByRole("menu").getByTestId("end").click();
      const confirm = page.getByTestId("confirm-dialog");
      assert.match(
        await confirm.getByTestId("confirm-text").innerText(),
        /^End quoting of AMS-\S+ now\?$/,
      );
      await page.getByTestId("confirm-ok").click();
      await toast(page, "Quoting has ended").waitFor();
      await row.getByText("Ended", { exact: true }).waitFor();
    });

    await t.step(
      "the result page: a download only where a quote exists; no round yet",
      async () => {
        await rowOf(page, "AOI inspection line").getByTestId("result").click();
        await page.waitForURL((u) =>
          u.pathname === "/offerProjectManager/AMSOfferProjectManagerResult" &&
          u.search === `?id=${projectId}`
        );
        const result = visible(page).getByTestId("result-suppliers");
        await result.getByTestId("row").nth(1).waitFor();
        assert.equal(await result.getByTestId("quote-download").count(), 1);
        assert.equal(
          await result.getByTestId("row").filter({ hasText: "AS-001" }).getByTestId(
            "quote-download",
          )
            .count(),
          1,
        );
        assert.match(
          await result.getByTestId("row").filter({ hasText: "AS-002" }).innerText(),
          /Not quoted/,
        );
        assert.equal(await result.getByText("Optimisation round 1").count(), 0);
        await result.getByTestId("quote-download").click();
        const dialog = page.getByTestId("quote-files-dialog");
        const download = page.waitForEvent("download");
        await dialog.getByTestId("quote-file").click();
        assert.equal((await download).suggestedFilename(), "报价-第0轮.pdf");
        await page.keyboard.press("Escape");
      },
    );

    await t.step("open an optimisation round from the result page", async () => {
      const resultPage = visible(page).getByTestId("result-page");
      await resultPage.getByTestId("open-round").click();
      const d = page.getByTestId("open-round-dialog");
      await d.locator("#round-end").fill("2026-11-28T17:00");
      await d.getByTestId("dialog-submit").click();
      await d.getByTestId("field-error").filter({ hasText: "not a working day" }).waitFor();
      await d.locator("#round-end").fill("2026-11-27T17:00");
      await screenshot(page, "screens-asset-round-dialog-en");
      await d.getByTestId("dialog-submit").click();
      await toast(page, "Optimisation round 1 is open").waitFor();
      await resultPage.getByTestId("rounds").getByText("open now").waitFor();
      assert.match(
        await resultPage.getByTestId("rounds").innerText(),
        /Optimisation round 1: 2026-11-23 10:00:00 – 2026-11-27 17:00:00/,
      );
      await resultPage.locator('[data-status="inQuotation"]').waitFor();
      // Round 2 waits until round 1 is over.
      assert.equal(await resultPage.getByTestId("open-round").count(), 0);
    });

    await t.step("a round-1 quote shows its column and its file", async () => {
      await quoteViaApi(env, a.token, projectId, 1);
      await page.reload();
      const result = visible(page).getByTestId("result-suppliers");
      await result.getByText("Optimisation round 1").waitFor();
      assert.equal(await result.getByText("Optimisation round 2").count(), 0);
      const row = result.getByTestId("row").filter({ hasText: "AS-001" });
      assert.match(await row.innerText(), /2026-11-23 10:00:00\s+2026-11-23 10:00:00/);
      await row.getByTestId("quote-download").click();
      assert.equal(
        await page.getByTestId("quote-files-dialog").getByTestId("quote-file").count(),
        2,
      );
      await screenshot(page, "screens-asset-result-files-en");
      await page.keyboard.press("Escape");
    });

    await t.step(
      "file list: page 1 of 10, downloads, a warning when a download fails",
      async () => {
        await page.goto(LIST);
        await rowOf(page, "AOI inspection line").getByTestId("more").click();
        await page.getByRole("menu").getByTestId("files").click();
        const d = page.getByTestId("file-list-dialog");
        await d.getByTestId("total").filter({ hasText: "Total 11" }).waitFor();
        assert.equal(await d.getByTestId("row").count(), 10);
        await d.getByRole("button", { name: "2", exact: true }).click();
        await d.getByTestId("row").nth(1).waitFor({ state: "detached" });
        assert.equal(await d.getByTestId("row").count(), 1);
        await d.getByRole("button", { name: "1", exact: true }).click();
        await d.getByTestId("row").nth(9).waitFor();
        const first = d.getByTestId("row").first();
        const name = (await first.locator("td").nth(1).innerText()).trim();
        const download = page.waitForEvent("download");
        await first.getByTestId("download").click();
        assert.equal((await download).suggestedFilename(), name);
        await screenshot(page, "screens-asset-files-en");
        // The stored bytes of another file are gone: its download warns with the reason.
        const second = d.getByTestId("row").nth(1);
        const lost = (await second.locator("td").nth(1).innerText()).trim();
        const [row] = await env.db.select().from(files).where(eq(files.fileName, lost));
        await Deno.remove(join(storeRoot(env), row.sha256.slice(0, 2), row.sha256));
        await second.getByTestId("download").click();
        await page.locator('[data-kind="warning"]').filter({
          hasText: "The file could not be downloaded",
        }).first().waitFor();
        await page.keyboard.press("Escape");
      },
    );
    await context.close();

    await t.step("screenshots in Chinese", async () => {
      const zh = await newPage(browser!, server.base, {
        locale: "zh-CN",
        width: 1440,
        height: 900,
      });
      const p = zh.page;
      await p.goto("/dashboard");
      await signInAs(p);
      await p.getByTestId("overview-asset").getByTestId("open-projects").waitFor();
      await p.waitForTimeout(150);
      await screenshot(p, "screens-dashboard-assets-zh");
      await p.goto(LIST);
      await rowOf(p, "AOI inspection line").getByTestId("more").click();
      await p.getByRole("menu").getByTestId("files").click();
      await p.getByTestId("file-list-dialog").getByTestId("row").nth(9).waitFor();
      await screenshot(p, "screens-asset-files-zh");
      await p.keyboard.press("Escape");
      await visible(p).getByTestId("add").click();
      await p.getByTestId("project-dialog").getByTestId("dialog-submit").click();
      await p.getByTestId("project-dialog").getByTestId("field-error").first().waitFor();
      await screenshot(p, "screens-asset-dialog-zh");
      await p.keyboard.press("Escape");
      await p.goto(`/offerProjectManager/AMSOfferProjectManagerResult?id=${projectId}`);
      const result = visible(p).getByTestId("result-suppliers");
      await result.getByTestId("row").first().waitFor();
      await result.getByTestId("quote-download").first().click();
      await p.getByTestId("quote-files-dialog").getByTestId("quote-file").nth(1).waitFor();
      await screenshot(p, "screens-asset-result-files-zh");
      await zh.context.close();
    });
  } finally {
    await browser?.close();
    await server.close();
  }
});
