// Creating and publishing in one go in a real browser: "Save and choose suppliers" in the project
// dialog saves the new project and opens its publish page; a line item's description entered by the
// buyer is shown to the buyer (publish page, result page, the dialog again) and to the supplier on
// the portal; without AMS_URL the asset dialog's "Import from AMS" explains itself. Screenshots in
// both languages.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { offerProjectItems, offerProjects } from "../../db/schema.ts";
import { PORTAL_PASSWORD, supplierWithLogin } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const LIST = "/offerProjectManager/OfferProjectManagerList";
const DESCRIPTION = "Halogen-free, UL94 V-0, 1 oz copper both sides";

const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const rowOf = (page: Page, text: string) =>
  visible(page).getByTestId("row").filter({ hasText: text });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

Deno.test(
  "save and choose suppliers; the line description seen by buyer and supplier",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const s1 = await supplierWithLogin(env, "CP-001");
      browser = await launchBrowser();
      const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
      await page.goto(LIST);
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === LIST);
      await visible(page).getByTestId("add").waitFor();
      const dialog = page.getByTestId("project-dialog");

      let projectId = 0;
      await t.step("Save and choose suppliers opens the new project's publish page", async () => {
        await visible(page).getByTestId("add").click();
        await dialog.locator("#pj-name").fill("Laminate 2027 annual supply");
        const line = dialog.getByTestId("item-row").first();
        await line.locator('[data-item-field="itemName"]').fill("FR-4 1.6 mm");
        await line.locator('[data-item-field="description"]').fill(DESCRIPTION);
        await line.locator('[data-item-field="unit"]').fill("sheet");
        await screenshot(page, "create-publish-dialog-en");
        const saved = page.waitForResponse((r) =>
          r.url().includes("CreateOfferProjectManagerData")
        );
        await dialog.getByTestId("save-and-launch").click();
        projectId = (await (await saved).json()).result.id;
        await page.waitForURL((u) =>
          u.pathname === "/offerProjectManager/launch" && u.search === `?id=${projectId}`
        );
        await dialog.waitFor({ state: "detached" });
        const launch = visible(page).getByTestId("launch-page");
        await launch.getByTestId("launch-project").getByText("Laminate 2027 annual supply").first()
          .waitFor();
        await launch.getByTestId("item-description").getByText(DESCRIPTION).waitFor();
        const [item] = await env.db.select().from(offerProjectItems)
          .where(eq(offerProjectItems.projectId, projectId));
        assert.equal(item.description, DESCRIPTION);
        await screenshot(page, "create-publish-launch-en");
      });

      await t.step("publish from there; the list shows it published", async () => {
        const launch = visible(page).getByTestId("launch-page");
        const table = launch.getByTestId("supplier-table");
        await table.getByTestId("row").filter({ hasText: "CP-001" }).click();
        await launch.locator("#launch-deadline").fill("2026-11-24T17:00");
        await launch.getByTestId("publish").click();
        await page.waitForURL((u) => u.pathname === "/offerProjectManager/OfferProjectManagerList");
        await toast(page, "Published to the selected suppliers").waitFor();
        await rowOf(page, "Laminate 2027 annual supply").getByText("Published", { exact: true })
          .waitFor();
        const [row] = await env.db.select().from(offerProjects)
          .where(eq(offerProjects.id, projectId));
        assert.equal(row.status, "published");
      });

      await t.step(
        "the buyer sees the description on the result page and in the dialog",
        async () => {
          await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${projectId}`);
          await visible(page).getByTestId("result-page").getByTestId("item-description")
            .getByText(DESCRIPTION).waitFor();
          await page.goto(LIST);
          await rowOf(page, "Laminate 2027 annual supply").getByTestId("more").click();
          await page.getByRole("menu").getByTestId("revise").click();
          const line = dialog.getByTestId("item-row").first();
          await line.waitFor();
          assert.equal(
            await line.locator('[data-item-field="description"]').inputValue(),
            DESCRIPTION,
          );
          await dialog.getByRole("button", { name: "Cancel" }).click();
          await dialog.waitFor({ state: "detached" });
        },
      );

      await t.step("the supplier sees the description on the portal", async () => {
        const s = await newPage(browser!, server.base, { width: 1280, height: 800 });
        await s.page.goto("/login");
        await signInAs(s.page, s1.supplier.code, PORTAL_PASSWORD);
        await s.page.waitForURL((u) => u.pathname === "/portal");
        await s.page.goto(`/portal/projects/${projectId}`);
        await s.page.getByTestId("line-items").getByText(DESCRIPTION).filter({ visible: true })
          .waitFor();
        await s.context.close();
      });

      await t.step("without AMS_URL, Import from AMS says why and is then disabled", async () => {
        await page.goto("/offerProjectManager/offerProjectAMSList");
        await visible(page).getByTestId("add").click();
        await dialog.getByTestId("ams-import").click();
        const picker = page.getByTestId("ams-dialog");
        await picker.getByTestId("ams-error").getByText(
          "The asset system is not connected (AMS_URL is not set): demands cannot be imported. " +
            "Enter the requirement number by hand, or ask an administrator to set AMS_URL.",
        ).waitFor();
        assert.equal(await picker.getByRole("button", { name: "Try again" }).count(), 0);
        await screenshot(page, "ams-not-connected-en");
        await picker.getByRole("button", { name: "Cancel" }).click();
        await picker.waitFor({ state: "detached" });
        assert.equal(await dialog.getByTestId("ams-import").isDisabled(), true);
        await dialog.getByTestId("ams-not-connected").getByText(
          "The asset system is not connected (AMS_URL is not set)",
        ).waitFor();
        // The requirement number is still typed by hand.
        await dialog.locator("#pj-demand").fill("REQ-BY-HAND");
        await dialog.getByRole("button", { name: "Cancel" }).click();
      });

      await t.step("the same in Chinese", async () => {
        const zh = await newPage(browser!, server.base, {
          locale: "zh-CN",
          width: 1440,
          height: 900,
        });
        const p = zh.page;
        await p.goto(LIST);
        await signInAs(p);
        await p.waitForURL((u) => u.pathname === LIST);
        await visible(p).getByTestId("add").click();
        const d = p.getByTestId("project-dialog");
        await d.locator("#pj-name").fill("覆铜板年度采购");
        const line = d.getByTestId("item-row").first();
        await line.locator('[data-item-field="itemName"]').fill("FR-4 1.6 mm");
        await line.locator('[data-item-field="description"]').fill("无卤，UL94 V-0");
        await d.getByRole("button", { name: "保存并选择供应商" }).waitFor();
        await screenshot(p, "create-publish-dialog-zh");
        await d.getByTestId("save-and-launch").click();
        await p.waitForURL((u) => u.pathname === "/offerProjectManager/launch");
        await visible(p).getByTestId("item-description").getByText("无卤，UL94 V-0").waitFor();
        await screenshot(p, "create-publish-launch-zh");
        await p.goto("/offerProjectManager/offerProjectAMSList");
        await visible(p).getByTestId("add").click();
        await d.getByTestId("ams-import").click();
        await p.getByTestId("ams-dialog").getByText(/未设置 AMS_URL/).waitFor();
        await screenshot(p, "ams-not-connected-zh");
        await zh.context.close();
      });
      await context.close();
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
