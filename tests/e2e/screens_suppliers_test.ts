// The supplier management screen in a real browser, against a local HTTP server acting as the ERP:
// add (errors beside the fields, the portal password shown once), modify, set a portal password and
// sign in with it, introduce one supplier by code, the batch introduction (from the ERP and from a
// file) with the spec's confirmation and its summary (created / updated / unchanged / rejected with
// reasons), query, export opened with exceljs, delete with the spec's confirmation; screenshots in
// both languages.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { supplier } from "../domain/projects_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PATH = "/supplier/SupplierList";

const view = (page: Page) => page.locator(`[data-view="${PATH}"]`);
const rowOf = (page: Page, text: string) => view(page).getByTestId("row").filter({ hasText: text });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

/** The ERP's supplier list; the test edits it between runs. */
type ErpRecord = Record<string, string>;

Deno.test(
  "supplier screen: add, modify, portal password, introduce, sync with confirmation and summary",
  opts,
  async (t) => {
    const erp: ErpRecord[] = [
      {
        code: "E001",
        abbrName: "沪电",
        fullName: "沪士电子股份有限公司",
        email1: "buy@wus.example.com",
        status: "effective",
        editDate: "2026-11-10T00:00:00Z",
      },
      {
        code: "E002",
        abbrName: "Bad",
        fullName: "Bad date Ltd.",
        status: "effective",
        editDate: "x",
      },
      {
        code: "SUP-001",
        abbrName: "Shengyi",
        fullName: "Shengyi Technology Co., Ltd.",
        email1: "sales@shengyi.example.com",
        status: "effective",
        editDate: "2026-11-12T00:00:00Z",
      },
    ];
    const erpServer = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      () => Response.json(erp),
    );
    const server = await startServer({
      env: { ERP_SUPPLIERS_URL: `http://127.0.0.1:${erpServer.addr.port}/suppliers` },
    });
    let browser: Browser | undefined;
    try {
      await supplier(server.env, "SUP-001");
      await supplier(server.env, "SUP-002");
      browser = await launchBrowser();
      const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
      await page.goto(PATH);
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === PATH);
      await rowOf(page, "SUP-002").waitFor();

      let issuedPassword = "";
      await t.step(
        "add: errors beside the fields, then the portal password shown once",
        async () => {
          await view(page).getByTestId("add").click();
          const d = page.getByTestId("supplier-dialog");
          await d.getByTestId("dialog-submit").click();
          for (
            const [field, text] of [
              ["code", "Supplier code is required"],
              ["abbrName", "Abbreviation is required"],
              ["fullName", "Full name is required"],
            ]
          ) {
            await d.locator(`[data-field="${field}"]`).getByTestId("field-error").filter({
              hasText: text,
            }).waitFor();
          }
          await d.locator("#sup-code").fill("KW-100");
          await d.locator("#sup-abbrName").fill("Kinwong");
          await d.locator("#sup-fullName").fill("Kinwong Electronic Co., Ltd.");
          await d.locator("#sup-email1").fill("not an address");
          await d.getByTestId("dialog-submit").click();
          await d.locator('[data-field="email1"]').getByTestId("field-error").waitFor();
          assert.equal(
            await d.locator('[data-field="code"]').getByTestId("field-error").count(),
            0,
          );
          await d.locator("#sup-email1").fill("rfq@kinwong.example.com");
          await d.locator("#sup-contactPerson").fill("Ms Chen");
          await d.getByTestId("dialog-submit").click();
          await toast(page, "Saved").waitFor();
          const issued = page.getByTestId("password-issued");
          issuedPassword = await issued.getByTestId("issued-password").innerText();
          assert.ok(issuedPassword.length >= 8, "a generated password is shown");
          await issued.getByRole("button", { name: "Close" }).last().click();
          const row = rowOf(page, "KW-100");
          await row.waitFor();
          assert.match(await row.innerText(), /Kinwong Electronic Co\., Ltd\./);
          assert.match(await row.innerText(), /rfq@kinwong\.example\.com/);
        },
      );

      await t.step("the generated password signs the supplier in to the portal", async () => {
        const s = await newPage(browser!, server.base);
        await s.page.goto("/login");
        await signInAs(s.page, "KW-100", issuedPassword);
        await s.page.waitForURL((u) => u.pathname.startsWith("/portal"));
        await s.context.close();
      });

      await t.step("modify: the new values are in the list, the code stays", async () => {
        await rowOf(page, "KW-100").getByTestId("edit").click();
        const d = page.getByTestId("supplier-dialog");
        assert.equal(await d.locator("#sup-code-ro").inputValue(), "KW-100");
        assert.equal(await d.locator("#sup-code-ro").getAttribute("readonly"), "");
        await d.locator("#sup-abbrName").fill("");
        await d.getByTestId("dialog-submit").click();
        await d.locator('[data-field="abbrName"]').getByTestId("field-error").waitFor();
        await d.locator("#sup-abbrName").fill("Kinwong PCB");
        await d.locator("#sup-contactNumber").fill("0755-1234567");
        await d.locator("#sup-coop").selectOption("qualified");
        await d.getByTestId("dialog-submit").click();
        await toast(page, "Saved").waitFor();
        await d.waitFor({ state: "detached" });
        const row = rowOf(page, "KW-100");
        await row.getByText("Kinwong PCB").waitFor();
        assert.match(await row.innerText(), /0755-1234567/);
        assert.match(await row.innerText(), /Qualified/);
      });

      await t.step("a portal password set by the buyer replaces the old one", async () => {
        await rowOf(page, "KW-100").getByTestId("password").click();
        const d = page.getByTestId("password-dialog");
        await d.locator("#sup-pw").fill("Kinwong@2026");
        await d.getByTestId("dialog-submit").click();
        await toast(page, "Saved").waitFor();
        await d.waitFor({ state: "detached" });
        const s = await newPage(browser!, server.base);
        await s.page.goto("/login");
        await signInAs(s.page, "KW-100", issuedPassword);
        await s.page.getByRole("alert").first().waitFor();
        assert.equal(new URL(s.page.url()).pathname, "/login", "the old password no longer works");
        await signInAs(s.page, "KW-100", "Kinwong@2026");
        await s.page.waitForURL((u) => u.pathname.startsWith("/portal"));
        await s.context.close();
      });

      await t.step("introduce one supplier from the ERP by its code", async () => {
        await view(page).getByTestId("introduce").click();
        const d = page.getByTestId("introduce-dialog");
        await d.locator("#intro-code").fill("E404");
        await d.getByTestId("dialog-submit").click();
        await d.getByTestId("field-error").waitFor();
        await d.locator("#intro-code").fill("E001");
        await d.getByTestId("dialog-submit").click();
        await toast(page, "Supplier E001: Created").waitFor();
        await rowOf(page, "E001").getByText("沪士电子股份有限公司").waitFor();
      });

      await t.step("sync asks the spec's confirmation; cancel changes nothing", async () => {
        erp[0].fullName = "沪士电子股份有限公司（昆山）";
        erp[0].editDate = "2026-11-20T00:00:00Z";
        await view(page).getByTestId("sync").click();
        const confirm = page.getByTestId("confirm-dialog");
        assert.equal(
          await confirm.getByTestId("confirm-text").innerText(),
          "Introduce the suppliers from the ERP list now?",
        );
        await screenshot(page, "screens-suppliers-sync-confirm-en");
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await confirm.waitFor({ state: "detached" });
        await page.waitForTimeout(300);
        assert.equal(await page.getByTestId("sync-report").count(), 0);
        assert.doesNotMatch(await rowOf(page, "E001").innerText(), /昆山/);
      });

      await t.step(
        "sync confirmed: the summary counts each outcome and gives reasons",
        async () => {
          await view(page).getByTestId("sync").click();
          await page.getByTestId("confirm-ok").click();
          const report = page.getByTestId("sync-report");
          await report.waitFor();
          const count = async (k: string) =>
            Number(await report.locator(`[data-count="${k}"]`).innerText());
          // E001 edited in the ERP, E002 with a bad date, SUP-001 renamed in the ERP.
          assert.deepEqual(
            [
              await count("created"),
              await count("updated"),
              await count("unchanged"),
              await count("rejected"),
            ],
            [0, 2, 0, 1],
          );
          const rejected = report.getByTestId("row");
          assert.equal(await rejected.count(), 1);
          assert.match(await rejected.first().innerText(), /E002/);
          assert.match(await rejected.first().innerText(), /editDate is not valid/);
          await screenshot(page, "screens-suppliers-sync-report-en");
          await report.getByRole("button", { name: "Close" }).last().click();
          await rowOf(page, "E001").getByText("沪士电子股份有限公司（昆山）").waitFor();
          await rowOf(page, "SUP-001").getByText("Shengyi Technology Co., Ltd.").waitFor();
          // The same list again: nothing changes.
          await view(page).getByTestId("sync").click();
          await page.getByTestId("confirm-ok").click();
          await report.waitFor();
          assert.deepEqual([await count("unchanged"), await count("rejected")], [2, 1]);
          await report.getByRole("button", { name: "Close" }).last().click();
        },
      );

      await t.step("import from a file: confirmed first, then the same summary", async () => {
        await view(page).getByTestId("import-file").setInputFiles({
          name: "erp.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(
            "code,abbrName,fullName,email1,status,editDate\n" +
              "F001,Fastprint,深圳市兴森快捷电路科技股份有限公司,rfq@fastprint.example.com,effective,2026-11-11\n" +
              ",NoCode,No code Ltd.,,effective,2026-11-11\n",
          ),
        });
        await page.getByTestId("confirm-text").getByText(
          "Introduce the suppliers from the ERP list now?",
        ).waitFor();
        await page.getByTestId("confirm-ok").click();
        const report = page.getByTestId("sync-report");
        await report.waitFor();
        assert.equal(await report.locator('[data-count="created"]').innerText(), "1");
        assert.equal(await report.locator('[data-count="rejected"]').innerText(), "1");
        assert.match(await report.getByTestId("row").first().innerText(), /^3\b/);
        await report.getByRole("button", { name: "Close" }).last().click();
        await rowOf(page, "F001").getByText("Fastprint", { exact: true }).waitFor();
      });

      await t.step("query by code, export the list and open the file", async () => {
        await view(page).locator("#sq-Code").fill("KW-");
        await view(page).locator("#sq-Code").press("Enter");
        await view(page).getByTestId("total").filter({ hasText: /Total 1\b/ }).waitFor();
        assert.equal(await view(page).getByTestId("row").count(), 1);
        const download = page.waitForEvent("download");
        await view(page).getByTestId("export").click();
        const path = await Deno.makeTempFile({ suffix: ".xlsx" });
        await (await download).saveAs(path);
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(path);
        const text = JSON.stringify(book.worksheets[0].getSheetValues());
        await Deno.remove(path);
        assert.match(text, /KW-100/);
        assert.doesNotMatch(text, /SUP-002/, "the export follows the query");
        await toast(page, "Exported").waitFor();
        await view(page).getByTestId("reset").click();
        await rowOf(page, "SUP-002").waitFor();
      });

      await t.step("delete asks the spec's confirmation, then the row is gone", async () => {
        await rowOf(page, "SUP-002").getByTestId("delete").click();
        const confirm = page.getByTestId("confirm-dialog");
        assert.equal(
          await confirm.getByTestId("confirm-text").innerText(),
          "Delete this record?",
        );
        await page.getByTestId("confirm-ok").click();
        await toast(page, "Deleted").waitFor();
        await rowOf(page, "SUP-002").waitFor({ state: "detached" });
      });
      await context.close();

      await t.step("screenshots of the screen and its dialogs in both languages", async () => {
        for (const lang of ["en", "zh"] as const) {
          const { context, page } = await newPage(browser!, server.base, {
            locale: lang === "zh" ? "zh-CN" : "en-US",
            width: 1440,
            height: 900,
          });
          await page.goto(PATH);
          await signInAs(page);
          await rowOf(page, "KW-100").waitFor();
          await page.waitForTimeout(150);
          await screenshot(page, `screens-suppliers-${lang}`);
          await view(page).getByTestId("add").click();
          await page.getByTestId("supplier-dialog").getByTestId("dialog-submit").click();
          await page.getByTestId("field-error").first().waitFor();
          await screenshot(page, `screens-suppliers-add-${lang}`);
          await page.keyboard.press("Escape");
          await rowOf(page, "KW-100").getByTestId("edit").click();
          await page.getByTestId("supplier-dialog").waitFor();
          await screenshot(page, `screens-suppliers-edit-${lang}`);
          await page.keyboard.press("Escape");
          await rowOf(page, "KW-100").getByTestId("password").click();
          await page.getByTestId("password-dialog").waitFor();
          await screenshot(page, `screens-suppliers-password-${lang}`);
          await page.keyboard.press("Escape");
          await view(page).getByTestId("introduce").click();
          await page.getByTestId("introduce-dialog").waitFor();
          await screenshot(page, `screens-suppliers-introduce-${lang}`);
          await page.keyboard.press("Escape");
          if (lang === "zh") {
            await view(page).getByTestId("sync").click();
            await page.getByTestId("confirm-dialog").waitFor();
            await screenshot(page, "screens-suppliers-sync-confirm-zh");
            await page.getByTestId("confirm-ok").click();
            await page.getByTestId("sync-report").getByTestId("row").waitFor();
            await screenshot(page, "screens-suppliers-sync-report-zh");
          }
          await context.close();
        }
      });
    } finally {
      await browser?.close();
      await server.close();
      await erpServer.shutdown();
    }
  },
);
