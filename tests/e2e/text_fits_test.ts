// Text that must not be cut at 1440 and 1280 px, in both languages, measured in a real browser:
// the project lists' deadline (with an early end's note, and an end by hand) beside the sticky
// Actions column, with no sideways scroll; the portal's chosen currency, trade term and payment
// method read whole in their selects; the price sheet's preview shows its last columns (lead time,
// validity) without a sideways scroll; the savings report's project table fits 1440 px.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import ExcelJS from "exceljs";
import type { Browser, Locator, Page } from "playwright-core";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { endProject } from "../../server/domain/projects/lifecycle.ts";
import { NOW } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { savingsData } from "../domain/savings_fixtures.ts";
import {
  agree,
  pdfFile,
  PORTAL_PASSWORD,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import { laminateProject } from "./laminate_fixture.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const HOUR = 3600_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);
const locales = { en: "en-US", zh: "zh-CN" } as const;
const WIDTHS = [1440, 1280];
const view = (page: Page) => page.locator("section[data-view]:not([hidden])");

/** A table's sideways overflow, and each named header's right edge against the Actions' left. */
function measureTable(table: Locator, headers: string[]) {
  return table.evaluate((el, names) => {
    const box = el.parentElement!;
    const heads = [...el.querySelectorAll("thead th")] as HTMLElement[];
    const actions = heads.at(-1)!.getBoundingClientRect();
    const rightOf = (name: string) => {
      const h = heads.find((x) => x.textContent?.trim().startsWith(name));
      if (!h) throw new Error(`no column ${name}`);
      const i = heads.indexOf(h);
      // The header and every cell of the column.
      const cells = [h, ...[...el.querySelectorAll("tbody tr")].map((r) => r.children[i])];
      return Math.max(...cells.map((c) => c.getBoundingClientRect().right));
    };
    return {
      overflow: box.scrollWidth - box.clientWidth,
      actionsLeft: actions.left,
      rights: Object.fromEntries(names.map((n) => [n, rightOf(n)])),
    };
  }, headers);
}

Deno.test(
  "project lists: the deadline is in sight beside the Actions column at 1440 and 1280 px",
  opts,
  async () => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const admin = everything();
      const s1 = await supplierWithLogin(env, "FIT-01");
      const s2 = await supplierWithLogin(env, "FIT-02");
      const line = { itemName: "FR-4 copper clad laminate 1.6 mm", unit: "sheet" };
      // Both kinds: one whose early end is pending (its note beside the deadline), one ended by
      // hand, each with the names, categories and codes of a real list.
      const made = [];
      for (const kind of ["material", "asset"] as const) {
        for (const name of ["Copper clad laminate annual supply", "Laser drilling machine"]) {
          const p = await createProject(env, admin, {
            name: `${name} (${kind})`,
            kind,
            opiList: [line],
            ...(kind === "asset"
              ? { demandCode: "AMS-REQ-2026-00042", offerItemType: "optimize" as const }
              : {}),
          });
          await publishProject(env, admin, {
            offProManagerId: p.id,
            offerEndTime: at(3 * HOUR),
            supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
          });
          for (const s of [s1, s2]) {
            await agree(env, s.token, p.id);
            await submit(env, s.token, p.id, pdfFile(`${s.supplier.code} quote`));
          }
          made.push(p);
        }
      }
      await endProject(env, admin, made[1].id);
      await endProject(env, admin, made[3].id);

      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        const deadline = lang === "en" ? "Deadline" : "截止时间";
        const released = lang === "en" ? "Release date" : "发布日期";
        for (const width of WIDTHS) {
          const { context, page } = await newPage(browser, server.base, {
            locale: locales[lang],
            width,
            height: 900,
          });
          await page.goto("/login");
          await signInAs(page);
          await page.waitForURL((u) => u.pathname === "/dashboard");
          for (
            const [name, path] of [
              ["material", "/offerProjectManager/OfferProjectManagerList"],
              ["asset", "/offerProjectManager/offerProjectAMSList"],
            ]
          ) {
            await page.goto(path);
            const rows = view(page).getByTestId("row");
            await rows.nth(1).waitFor();
            await view(page).getByTestId("closing-note").first().waitFor();
            const m = await measureTable(view(page).locator("table").first(), [
              deadline,
              released,
            ]);
            const where = `${name} list, ${lang}, ${width} px`;
            await screenshot(page, `fits-${name}-list-${width}-${lang}`);
            assert.ok(m.overflow <= 0, `${where}: the table scrolls ${m.overflow} px sideways`);
            for (const [column, right] of Object.entries(m.rights)) {
              assert.ok(
                right <= m.actionsLeft + 1,
                `${where}: ${column} ends at ${right}, under the Actions from ${m.actionsLeft}`,
              );
            }
          }
          await context.close();
        }
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);

/** Whether a select shows its chosen option whole: the text's width against the room inside. */
function selectFits(select: Locator) {
  return select.evaluate((el: HTMLSelectElement) => {
    const s = getComputedStyle(el);
    const text = el.options[el.selectedIndex]?.text ?? "";
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = s.font;
    // The drop-down arrow takes about 20 px of the inner width.
    const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
    return { text, need: Math.ceil(ctx.measureText(text).width), room: Math.floor(room) };
  });
}

async function uploadSheet(page: Page, book: ExcelJS.Workbook) {
  await page.getByTestId("sheet-input").setInputFiles({
    name: "prices.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await book.xlsx.writeBuffer() as ArrayBuffer),
  });
}

Deno.test(
  "portal: the chosen terms read whole, and the price sheet's preview shows its last columns",
  opts,
  async () => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { p } = await laminateProject(env, "Laminate terms that fit", ["FT1", "FT2"]);
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        for (const width of WIDTHS) {
          const { context, page } = await newPage(browser, server.base, {
            locale: locales[lang],
            width,
            height: 900,
          });
          await page.goto("/login");
          await signInAs(page, "FT1", PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.goto(`/portal/projects/${p.id}`);
          const agreeBox = page.getByTestId("agree");
          await agreeBox.waitFor();
          if (!await agreeBox.isChecked()) await agreeBox.check();
          const line = page.getByTestId("quote-line").first();
          await line.locator('[data-line-field="currency"]').selectOption("CNY");
          await line.locator('[data-line-field="tradeTerms"]').selectOption("DAP");
          await line.locator('[data-line-field="paymentMethod"]').selectOption("TT");
          for (const field of ["currency", "tradeTerms", "paymentMethod"]) {
            const fit = await selectFits(line.locator(`[data-line-field="${field}"]`));
            assert.ok(
              fit.need <= fit.room,
              `${lang}, ${width} px: "${fit.text}" needs ${fit.need} px, the select has ${fit.room}`,
            );
          }
          await line.scrollIntoViewIfNeeded();
          await screenshot(page, `fits-portal-terms-${width}-${lang}`);

          // The price sheet, filled as a spreadsheet program would, then its preview.
          const download = page.waitForEvent("download");
          await page.getByTestId("sheet-download").click();
          const path = await Deno.makeTempFile({ suffix: ".xlsx" });
          await (await download).saveAs(path);
          const book = new ExcelJS.Workbook();
          await book.xlsx.readFile(path);
          await Deno.remove(path);
          const sheet = book.worksheets[0];
          for (const [n, price] of [10.25, 13.5].entries()) {
            const values = [
              price,
              13,
              "CNY",
              "DAP",
              "TT",
              90,
              21,
              new Date("2027-06-30T00:00:00Z"),
            ];
            values.forEach((v, i) => (sheet.getRow(4 + n).getCell(7 + i).value = v));
          }
          sheet.getRow(5).getCell(14).value = null; // no validity: "until the next update"
          await uploadSheet(page, book);
          const preview = page.getByTestId("sheet-preview");
          await preview.getByTestId("sheet-line").nth(1).waitFor();
          // Every line's last terms (lead time, validity) are inside the card, and nothing in the
          // preview scrolls sideways.
          const m = await preview.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const scrolls = [el, ...el.querySelectorAll("*")]
              .filter((x) => x.scrollWidth > x.clientWidth + 1 && x.clientWidth > 0)
              .map((x) => x.tagName.toLowerCase());
            const lasts = [
              ...el.querySelectorAll('[data-field="leadTimeDays"], [data-field="validUntil"]'),
            ]
              .map((x) => x.getBoundingClientRect());
            return {
              scrolls,
              shown: lasts.length,
              right: Math.max(...lasts.map((r) => r.right)),
              boxRight: box.right,
            };
          });
          assert.deepEqual(m.scrolls, [], `${lang}, ${width} px: the preview scrolls sideways`);
          assert.equal(m.shown, 4, `${lang}, ${width} px: each line's lead time and validity`);
          assert.ok(m.right <= m.boxRight + 1, `${lang}, ${width} px: ${m.right} > ${m.boxRight}`);
          const last = preview.getByTestId("sheet-line").nth(1);
          await last.getByText(lang === "en" ? "Until the next update" : "至下次更新")
            .waitFor();
          await page.getByTestId("price-sheet").scrollIntoViewIfNeeded();
          await screenshot(page, `fits-price-sheet-${width}-${lang}`);
          await context.close();
        }
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);

Deno.test("the savings report's project table fits 1440 px, in both languages", opts, async () => {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    await savingsData(server.env);
    browser = await launchBrowser();
    for (const lang of ["en", "zh"] as const) {
      const { context, page } = await newPage(browser, server.base, {
        locale: locales[lang],
        width: 1440,
        height: 900,
      });
      await page.goto("/offerProjectManager/savingsReport");
      await signInAs(page);
      const rows = view(page).getByTestId("savings-rows");
      await rows.getByTestId("row").nth(4).waitFor();
      for (const id of ["savings-rows", "savings-categories"]) {
        const box = view(page).getByTestId(id).getByTestId("data-table");
        const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
        assert.ok(overflow <= 0, `${lang}: ${id} scrolls ${overflow} px sideways`);
      }
      await screenshot(page, `fits-savings-report-1440-${lang}`);
      await context.close();
    }
  } finally {
    await browser?.close();
    await server.close();
  }
});
