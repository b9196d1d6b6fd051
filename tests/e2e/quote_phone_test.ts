// The portal's quote form on a phone (390×844), in English and in Chinese: Submit and the list of
// problems come after the priced lines, not 2,000 px above them; each problem in the list is a
// button that puts the cursor in its field, and each line with problems links back to the list.
// The same list beside the lines at 1440 px.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { quotes } from "../../db/schema.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { laminateProject } from "./laminate_fixture.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const texts = {
  en: {
    locale: "en-US",
    heading: "2 problems in your prices, each marked at its field:",
    headingOne: "1 problem in your prices, marked at its field:",
    first: "1. Unit price before tax — FR-4 laminate 1.6mm: the unit price before tax must be",
    second: "2. Prepreg 1080 — This project requires a price for this line item",
    lineNote: "1 problem in this line: see the list by Submit",
  },
  zh: {
    locale: "zh-CN",
    heading: "报价明细中有 2 处问题，已在对应字段标红：",
    headingOne: "报价明细中有 1 处问题，已在对应字段标红：",
    first: "1. 未税单价 — FR-4 laminate 1.6mm：未税单价须为大于 0 的数字",
    second: "2. Prepreg 1080 — 本项目要求为此物料行报价",
    lineNote: "此行有 1 处问题：请查看提交按钮旁的问题列表",
  },
} as const;

/** The top and bottom of an element in the page (not the viewport). */
const place = (page: Page, selector: string, nth = 0) =>
  page.locator(selector).nth(nth).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + scrollY, bottom: r.bottom + scrollY };
  });

/** What has the cursor: its field and the item of its line, or its id. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      field: el?.dataset.lineField ?? null,
      item: el?.closest<HTMLElement>('[data-testid="quote-line"]')?.dataset.item ?? null,
      id: el?.id ?? "",
    };
  });

Deno.test(
  "quote form on a phone: Submit and the problems after the lines, each problem one tap from its field",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { p } = await laminateProject(env, "Laminate phone 2027", ["QP1", "QP2"]);
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        for (const width of [390, 1440]) {
          await t.step(`${lang} at ${width} px`, async () => {
            const x = texts[lang];
            const { context, page } = await newPage(browser!, server.base, {
              locale: x.locale,
              width,
              height: width === 390 ? 844 : 900,
            });
            await page.goto("/login");
            await signInAs(page, "QP1", PORTAL_PASSWORD);
            await page.waitForURL((u) => u.pathname === "/portal");
            await page.goto(`/portal/projects/${p.id}`);
            await page.getByTestId("quote-line").nth(1).waitFor();
            await page.getByTestId("agree").check();
            await page.getByTestId("file-input").setInputFiles({
              name: "QP1-quotation.pdf",
              mimeType: "application/pdf",
              buffer: Buffer.from("%PDF-1.4\n% QP1 quotation\n%%EOF\n"),
            });
            const first = page.getByTestId("quote-line").nth(0);
            await first.locator('[data-line-field="unitPrice"]').fill("-5");
            await first.locator('[data-line-field="taxRate"]').fill("13");
            await first.locator('[data-line-field="tradeTerms"]').selectOption("DDP");
            await first.locator('[data-line-field="paymentMethod"]').selectOption("TT");
            await first.locator('[data-line-field="paymentTermDays"]').fill("30");
            await first.locator('[data-line-field="leadTimeDays"]').fill("14");

            const lastLine = await place(page, '[data-testid="quote-line"]', 1);
            const submit = await place(page, '[data-testid="submit-quote"]');
            if (width === 390) {
              // After the last line, and close to it: not above the form.
              assert.ok(submit.top > lastLine.bottom, JSON.stringify({ submit, lastLine }));
              assert.ok(submit.top - lastLine.bottom < 1200, JSON.stringify({ submit, lastLine }));
            }
            await page.getByTestId("submit-quote").click();
            const list = page.getByTestId("line-problems");
            await list.getByText(x.heading).waitFor();
            if (width === 390) {
              const summary = await place(page, '[data-testid="line-problems"]');
              const button = await place(page, '[data-testid="submit-quote"]');
              assert.ok(summary.top > lastLine.bottom, "the problems come after the lines");
              assert.ok(button.top > summary.bottom, "Submit comes after the problems");
              assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
            }
            // In the page's order, each naming its line, field and problem.
            const links = list.getByTestId("problem-link");
            assert.equal(await links.count(), 2);
            assert.ok((await links.nth(0).innerText()).startsWith(x.first));
            assert.equal((await links.nth(1).innerText()).trim(), x.second);
            await screenshot(page, `quote-problems-${lang}-${width}`);

            // A problem in the list puts the cursor in its field (the whole line: its first).
            await page.locator("body").focus();
            await links.nth(1).click();
            assert.deepEqual(await focused(page), {
              field: "unitPrice",
              item: "Prepreg 1080",
              id: "",
            });
            await links.nth(0).click();
            assert.deepEqual(await focused(page), {
              field: "unitPrice",
              item: "FR-4 laminate 1.6mm",
              id: "",
            });
            // Each line with a problem links back to the list.
            const note = page.getByTestId("quote-line").nth(1).getByTestId("line-problems-link");
            assert.equal((await note.innerText()).trim(), x.lineNote);
            await note.click();
            assert.equal((await focused(page)).id, "line-problems");
            if (width === 390) {
              // The list is on screen after the jump.
              const inView = await list.evaluate((el) => {
                const r = el.getBoundingClientRect();
                return r.top >= 0 && r.top < innerHeight;
              });
              assert.ok(inView, "the list is in view");
              await screenshot(page, `quote-problems-${lang}-${width}-list`);
            }
            // A fixed field leaves the list; nothing was sent.
            await first.locator('[data-line-field="unitPrice"]').fill("10.5");
            await list.getByText(x.headingOne).waitFor();
            assert.equal((await env.db.select().from(quotes)).length, 0, "nothing was submitted");
            await context.close();
          });
        }
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
