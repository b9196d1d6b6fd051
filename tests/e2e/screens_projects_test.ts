// The supplier, category, project, launch, result and home screens in a real browser: a category
// and a material project with two line items made through the screens, published to two suppliers;
// the publish button of a user without the permission; closing with a reason and reading it back;
// an export opened with exceljs; screenshots of each page in both languages.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { createCategory } from "../../server/domain/categories/service.ts";
import {
  assetProject,
  DEADLINE,
  everything,
  materialProject,
  P,
  quote,
  staff,
  supplier,
} from "../domain/projects_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const rowOf = (page: Page, text: string) =>
  page.locator('section[data-view]:not([hidden]) [data-testid="row"]').filter({ hasText: text });
const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

Deno.test(
  "project screens: category, project with two lines, publish, close, export, permissions, screenshots",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      // Suppliers to publish to, a viewer without the publish permission, and rows for screenshots.
      const s1 = await supplier(env, "SUP-001");
      const s2 = await supplier(env, "SUP-002");
      for (const code of ["SUP-003", "SUP-004", "SUP-005", "SUP-006"]) await supplier(env, code);
      await supplier(env, "SUP-009", "invalid");
      const viewer = await staff(env, "viewer", [P.OfferProjectManagerSearch]);
      const admin = everything();
      await createCategory(env, { name: "PCB materials" });
      const shown = await materialProject(env, admin, "Solder mask ink");
      await publishProject(env, admin, {
        offProManagerId: shown.id,
        offerEndTime: "2026-11-24T09:00:00.000Z",
        supList: [{ id: s1.id }, { id: s2.id }],
      });
      await quote(env, shown.id, s1.id);
      const asset = await assetProject(env, admin, "Laser drilling machine");
      await publishProject(env, admin, {
        offProManagerId: asset.id,
        offerEndTime: DEADLINE,
        supList: [{ id: s1.id }, { id: s2.id }],
      });
      await quote(env, asset.id, s2.id);
      const draft = await materialProject(env, admin, "Copper foil 18um");

      browser = await launchBrowser();
      const b = browser;
      const { context, page } = await newPage(b, server.base, { width: 1440, height: 900 });
      await page.goto("/");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");

      await t.step("create a category through the screen", async () => {
        await page.goto("/offerProjectManager/OfferProjectTypeList");
        await visible(page).getByTestId("add").click();
        const dialog = page.getByTestId("category-dialog");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.getByTestId("field-error").filter({ hasText: "Category name is required" })
          .waitFor();
        await dialog.locator("#cat-name").fill("Laminates");
        await dialog.getByTestId("dialog-submit").click();
        await toast(page, "Saved").waitFor();
        await rowOf(page, "Laminates").waitFor();
        // The same name again: the server's reason beside the field and in one message, not two.
        await visible(page).getByTestId("add").click();
        await dialog.locator("#cat-name").fill("Laminates");
        await dialog.getByTestId("dialog-submit").click();
        const taken = 'A category named "Laminates" already exists';
        await dialog.getByTestId("field-error").filter({ hasText: taken }).waitFor();
        await toast(page, taken).waitFor();
        assert.equal(
          await page.locator('[data-kind="error"]').filter({ hasText: taken }).count(),
          1,
        );
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
      });

      let projectId = 0;
      await t.step("create a material project with two line items and an attachment", async () => {
        await page.goto("/offerProjectManager/OfferProjectManagerList");
        await visible(page).getByTestId("add").click();
        const dialog = page.getByTestId("project-dialog");
        await dialog.locator("#pj-name").fill("FR-4 laminate 2027");
        await dialog.locator("#pj-category").selectOption({ label: "Laminates" });
        const rows = dialog.getByTestId("item-row");
        const fill = async (n: number, v: Record<string, string>) => {
          for (const [k, value] of Object.entries(v)) {
            await rows.nth(n).locator(`[data-item-field="${k}"]`).fill(value);
          }
        };
        // Units come from the data dictionary as suggestions.
        await dialog.locator('#pj-units option[value="sheet"]').waitFor({ state: "attached" });
        assert.equal(
          await rows.nth(0).locator('[data-item-field="unit"]').getAttribute("list"),
          "pj-units",
        );
        await fill(0, { itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "12000" });
        await dialog.getByTestId("add-item").click();
        await fill(1, { itemName: "FR-4 0.8mm", unit: "sheet", estimateYearAmount: "8000.5" });
        await dialog.getByTestId("upload").setInputFiles({
          name: "规格书.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4 spec"),
        });
        await dialog.getByText("规格书.pdf").waitFor();
        // A refused save is told once, naming the field by its label and line.
        await fill(1, { itemName: "FR-4\u00070.8mm" });
        await dialog.getByTestId("dialog-submit").click();
        const refused = "Material name (line 2) contains a control character";
        await toast(page, `Could not save: Your request is not valid: ${refused}`).waitFor();
        assert.equal(await page.locator("[data-kind]").filter({ hasText: refused }).count(), 1);
        await fill(1, { itemName: "FR-4 0.8mm" });
        const saved = page.waitForResponse((r) =>
          r.url().includes("CreateOfferProjectManagerData")
        );
        await dialog.getByTestId("dialog-submit").click();
        projectId = (await (await saved).json()).result.id;
        await toast(page, "Saved").waitFor();
        const row = rowOf(page, "FR-4 laminate 2027");
        await row.getByText("Unpublished").waitFor();
        assert.match(await row.innerText(), /Laminates/);
      });

      await t.step("publish it to two suppliers from the launch page", async () => {
        await rowOf(page, "FR-4 laminate 2027").getByTestId("launch").click();
        await page.waitForURL((u) =>
          u.pathname === "/offerProjectManager/launch" && u.search === `?id=${projectId}`
        );
        const launch = page.getByTestId("launch-page");
        await launch.getByTestId("items-table").getByTestId("row").nth(1).waitFor();
        assert.equal(await launch.getByTestId("items-table").getByTestId("row").count(), 2);
        await launch.getByTestId("attachments").getByText("规格书.pdf").waitFor();
        // Publishing without a supplier asks for one.
        await launch.getByTestId("publish").click();
        await toast(page, "Please select a supplier").waitFor();
        // The search: Enter in a field; default page size 5.
        const table = launch.getByTestId("supplier-table");
        await table.getByTestId("row").first().waitFor();
        assert.equal(await table.getByTestId("row").count(), 5);
        await launch.locator("#ls-Code").fill("SUP-00");
        await launch.locator("#ls-Code").press("Enter");
        await table.getByTestId("row").filter({ hasText: "SUP-001" }).click();
        await table.getByTestId("row").filter({ hasText: "SUP-002" }).click();
        await table.getByTestId("row").filter({ hasText: "SUP-001" }).click(); // no duplicate
        const tags = launch.getByTestId("supplier-tag");
        assert.deepEqual(await tags.evaluateAll((els) => els.map((e) => e.dataset.code)), [
          "SUP-001",
          "SUP-002",
        ]);
        // A Saturday is refused beside the field; a Monday is fine.
        await launch.locator("#launch-deadline").fill("2026-11-28T17:00");
        await launch.getByTestId("field-error").filter({
          hasText: "The selected date is not a working day",
        }).waitFor();
        await launch.locator("#launch-deadline").fill("2026-11-30T17:00");
        await launch.getByTestId("field-error").waitFor({ state: "detached" });
        await screenshot(page, "screens-launch-en");
        await launch.getByTestId("publish").click();
        await page.waitForURL((u) => u.pathname === "/offerProjectManager/OfferProjectManagerList");
        await toast(page, "Published to the selected suppliers").waitFor();
        const row = rowOf(page, "FR-4 laminate 2027");
        await row.getByText("Published", { exact: true }).waitFor();
        assert.equal(await row.getByTestId("project-quoted").innerText(), "0 of 2 quoted");
        assert.equal(
          await page.locator('[data-testid="tag"][data-path="/offerProjectManager/launch"]')
            .count(),
          0,
          "the launch tab closed",
        );
      });

      await t.step(
        "the result page lists both suppliers, a download only where a quote exists",
        async () => {
          await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${shown.id}`);
          const result = page.getByTestId("result-suppliers");
          await result.getByTestId("row").nth(1).waitFor();
          assert.equal(await result.getByTestId("quote-download").count(), 1);
          await result.getByTestId("quote-download").click();
          await page.getByTestId("quote-files-dialog").getByTestId("quote-file").waitFor();
          await screenshot(page, "screens-result-files-en");
          await page.keyboard.press("Escape");
        },
      );

      await t.step("export the list and open the file", async () => {
        await page.goto("/offerProjectManager/OfferProjectManagerList");
        const download = page.waitForEvent("download");
        await visible(page).getByTestId("export").click();
        const file = await download;
        const path = await Deno.makeTempFile({ suffix: ".xlsx" });
        await file.saveAs(path);
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(path);
        const text = JSON.stringify(book.worksheets[0].getSheetValues());
        assert.match(text, /FR-4 laminate 2027/);
        assert.match(text, /Solder mask ink/);
        await Deno.remove(path);
        await toast(page, "Exported").waitFor();
      });

      await t.step("close a project with a reason and read it back", async () => {
        const row = rowOf(page, "FR-4 laminate 2027");
        await row.getByTestId("more").click();
        await page.getByRole("menu").getByTestId("close").click();
        const dialog = page.getByTestId("close-dialog");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.getByTestId("field-error").waitFor();
        // A reason from the data dictionary fills the box; it can still be edited.
        await dialog.getByTestId("close-reasons").getByText("No suitable supplier").click();
        assert.equal(await dialog.locator("#close-reason").inputValue(), "No suitable supplier");
        await dialog.locator("#close-reason").fill("Demand cancelled by engineering");
        await dialog.getByTestId("dialog-submit").click();
        await toast(page, "The project is closed").waitFor();
        await row.getByText("Closed").waitFor();
        await row.getByTestId("more").click();
        await page.getByRole("menu").getByTestId("close-info").click();
        const info = page.getByTestId("close-info-dialog");
        await info.getByTestId("close-reason").filter({
          hasText: "Demand cancelled by engineering",
        })
          .waitFor();
        await screenshot(page, "screens-close-info-en");
        await page.keyboard.press("Escape");
      });

      await t.step(
        "a name of 200 characters without a space wraps; the deadline stays in sight",
        async () => {
          const long = "Laminate".repeat(25);
          await materialProject(server.env, everything(), long);
          await page.goto("/offerProjectManager/OfferProjectManagerList");
          await rowOf(page, long).waitFor();
          // The table fits the page: no column is pushed out of sight.
          const table = visible(page).locator("table").first();
          // The deadline is in sight, not under the row actions, and the long name wraps.
          const [deadlineRight, actionsLeft, nameWidth] = await table.evaluate((el) => {
            const heads = [...el.querySelectorAll("thead th")];
            const box = (text: string) =>
              heads.find((h) => h.textContent?.trim().startsWith(text))!.getBoundingClientRect();
            return [box("Deadline").right, box("Actions").left, box("Project name").width];
          });
          assert.ok(deadlineRight <= actionsLeft + 1, `${deadlineRight} > ${actionsLeft}`);
          assert.ok(nameWidth < 320, `the name column is ${nameWidth} px wide`);
          await screenshot(page, "screens-list-long-name-en");
        },
      );

      await t.step("a launch page without an id warns and goes to the main page", async () => {
        await page.goto("/offerProjectManager/launch");
        await page.waitForURL((u) => u.pathname === "/dashboard");
        await toast(page, "needs a project id").waitFor();
      });

      await t.step("screenshots of every page in both languages", async () => {
        const pages: [string, string][] = [
          ["dashboard", "/dashboard"],
          ["categories", "/offerProjectManager/OfferProjectTypeList"],
          ["material-list", "/offerProjectManager/OfferProjectManagerList"],
          ["asset-list", "/offerProjectManager/offerProjectAMSList"],
          ["launch", `/offerProjectManager/launch?id=${draft.id}`],
          ["asset-launch", `/offerProjectManager/AMSlaunch?id=${asset.id}`],
          ["result", `/offerProjectManager/offerProjectManagerResult?id=${shown.id}`],
          ["asset-result", `/offerProjectManager/AMSOfferProjectManagerResult?id=${asset.id}`],
        ];
        const zh = await newPage(b, server.base, { locale: "zh-CN", width: 1440, height: 900 });
        await zh.page.goto("/");
        await signInAs(zh.page);
        await zh.page.waitForURL((u) => u.pathname === "/dashboard");
        for (const [lang, p] of [["en", page], ["zh", zh.page]] as const) {
          for (const [name, url] of pages) {
            await p.goto(url);
            await visible(p).locator('[data-testid="row"], [data-testid="open-projects"]').first()
              .waitFor();
            await p.waitForTimeout(150);
            await screenshot(p, `screens-${name}-${lang}`);
          }
        }
        await zh.context.close();
      });

      await t.step("without the publish permission the Publish button is disabled", async () => {
        const v = await newPage(b, server.base);
        await v.page.goto(`/offerProjectManager/launch?id=${draft.id}`);
        await signInAs(v.page, "viewer", viewer.password);
        await v.page.waitForURL((u) => u.pathname === "/offerProjectManager/launch");
        const button = v.page.getByTestId("publish");
        await button.waitFor();
        assert.equal(await button.isDisabled(), true);
        await v.page.getByText("You do not have permission to publish").first().waitFor();
        // The list offers no end or close either.
        await v.page.goto("/offerProjectManager/OfferProjectManagerList");
        await rowOf(v.page, "Solder mask ink").waitFor();
        await rowOf(v.page, "Solder mask ink").getByTestId("more").click();
        await v.page.getByRole("menu").getByTestId("files").waitFor();
        assert.equal(await v.page.getByRole("menu").getByTestId("end").count(), 0);
        assert.equal(await v.page.getByRole("menu").getByTestId("close").count(), 0);
        await v.context.close();
      });

      await context.close();
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
