// The portal's priced lines in a real browser: Submit checks every line at once by the server's
// rules and shows each problem under its own field (red ring, message), with their list by the
// button, in English on a desktop and in Chinese on a phone; nothing is sent until they are fixed;
// the counter counts only valid lines; a refusal by the server lands on the fields too.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { codes, quoteLines, quotes } from "../../db/schema.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { laminateProject } from "./laminate_fixture.ts";
import {
  launchBrowser,
  newPage,
  screenshot,
  SCREENSHOT_DIR,
  signInAs,
  startServer,
} from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const LAMINATE = "FR-4 laminate 1.6mm";

/** Signs a supplier in, opens the project, agrees and chooses the quotation file. */
async function openQuote(b: Browser, base: string, code: string, id: number, o = {}) {
  const { context, page } = await newPage(b, base, o);
  await page.goto("/login");
  await signInAs(page, code, PORTAL_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/portal");
  await page.goto(`/portal/projects/${id}`);
  await page.getByTestId("quote-line").first().waitFor();
  await page.getByTestId("agree").check();
  await page.getByTestId("file-input").setInputFiles({
    name: `${code}-quotation.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% ${code} quotation\n%%EOF\n`),
  });
  return { context, page };
}

const line = (page: Page, n: number) => page.getByTestId("quote-line").nth(n);
const field = (page: Page, n: number, k: string) =>
  line(page, n).locator(`[data-line-field="${k}"]`);

/** The first line with five bad values at once; the second (required) left empty. */
async function fillBadly(page: Page) {
  await field(page, 0, "unitPrice").fill("-5");
  await field(page, 0, "taxRate").fill("200");
  await field(page, 0, "paymentMethod").selectOption("TT");
  await field(page, 0, "paymentTermDays").fill("60");
  await field(page, 0, "leadTimeDays").fill("14");
  // The server's day is 2026-11-23 (UTC+8): the day before has passed.
  await field(page, 0, "validUntil").fill("2026-11-22");
  await field(page, 0, "remark").fill("Samples\u0007 ready");
}

/** Every problem shows at once, each under its own field, marked invalid. */
async function assertMarked(page: Page, expected: Record<string, string>, lineError: string) {
  const shown = line(page, 0).getByTestId("field-error");
  assert.equal(await shown.count(), Object.keys(expected).length);
  for (const [k, text] of Object.entries(expected)) {
    assert.equal(await line(page, 0).locator(`[data-for="${k}"]`).textContent(), text);
    assert.equal(await field(page, 0, k).getAttribute("aria-invalid"), "true");
  }
  for (const k of ["currency", "paymentMethod", "paymentTermDays", "leadTimeDays"]) {
    assert.equal(await field(page, 0, k).getAttribute("aria-invalid"), null);
  }
  assert.equal(await line(page, 1).getByTestId("line-error").textContent(), lineError);
}

Deno.test(
  "priced lines: every problem beside its field at once, in both languages",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { p } = await laminateProject(env, "Laminate checks 2027", ["QL1", "QL2"]);
      browser = await launchBrowser();
      const b = browser;

      await t.step("English: one Submit shows all six problems beside their fields", async () => {
        const { context, page } = await openQuote(b, server.base, "QL1", p.id);
        await fillBadly(page);
        // A started line counts only once it is complete and valid.
        await page.getByTestId("quote-lines").getByText("Your prices (0/2)").waitFor();
        await page.getByTestId("submit-quote").click();
        await page.getByTestId("line-problems").getByText(
          "6 problems in your prices, each marked at its field:",
        ).waitFor();
        await assertMarked(page, {
          unitPrice:
            `${LAMINATE}: the unit price before tax must be a number above 0 with at most 6 decimals`,
          taxRate:
            `${LAMINATE}: the tax rate must be a percentage from 0 to 100 with at most 2 decimals`,
          tradeTerms: `${LAMINATE}: choose the trade terms`,
          validUntil: `${LAMINATE}: the validity date 2026-11-22 has already passed`,
          remark: `${LAMINATE}: the remark contains a control character`,
        }, "This project requires a price for this line item");
        // The cursor is in the first marked field.
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute("data-line-field")),
          "unitPrice",
        );
        await screenshot(page, "quote-lines-problems-en");
        assert.equal((await env.db.select().from(quotes)).length, 0, "nothing was submitted");
        await context.close();
      });

      await t.step("Chinese on a phone: the same, then fixed and submitted", async () => {
        const { context, page } = await openQuote(b, server.base, "QL1", p.id, {
          locale: "zh-CN",
          width: 390,
          height: 844,
        });
        await fillBadly(page);
        await page.getByTestId("submit-quote").click();
        await page.getByTestId("line-problems").getByText(
          "报价明细中有 6 处问题，已在对应字段标红：",
        )
          .waitFor();
        await assertMarked(page, {
          unitPrice: `${LAMINATE}：未税单价须为大于 0 的数字，最多 6 位小数`,
          taxRate: `${LAMINATE}：税率须为 0 到 100 的百分数，最多 2 位小数`,
          tradeTerms: `${LAMINATE}：请选择贸易条款`,
          validUntil: `${LAMINATE}：有效期 2026-11-22 已过`,
          remark: `${LAMINATE}：备注含有控制字符`,
        }, "本项目要求为此物料行报价");
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
        await screenshot(page, "quote-lines-problems-zh-phone");
        await page.screenshot({
          path: `${SCREENSHOT_DIR}quote-lines-problems-zh-phone-full.png`,
          fullPage: true,
        });
        assert.equal((await env.db.select().from(quotes)).length, 0, "nothing was submitted");

        // Each fix clears its field's mark; today (by the server's day) is a valid date.
        await field(page, 0, "unitPrice").fill("10.5");
        assert.equal(await line(page, 0).locator('[data-for="unitPrice"]').count(), 0);
        await field(page, 0, "taxRate").fill("13");
        await field(page, 0, "tradeTerms").selectOption("DDP");
        await field(page, 0, "validUntil").fill("2026-11-23");
        await field(page, 0, "remark").fill("Samples ready");
        await page.getByTestId("quote-lines").getByText("报价明细 (1/2)").waitFor();
        await line(page, 0).getByTestId("copy-terms").click();
        await field(page, 1, "unitPrice").fill("14");
        await page.getByTestId("quote-lines").getByText("报价明细 (2/2)").waitFor();
        assert.equal(await page.getByTestId("field-error").count(), 0);
        assert.equal(await page.getByTestId("line-error").count(), 0);
        await page.getByTestId("submit-quote").click();
        await page.getByTestId("current-quote").getByText("QL1-quotation.pdf").waitFor();
        const stored = await env.db.select().from(quoteLines).orderBy(quoteLines.itemId);
        assert.deepEqual(
          stored.map((l) => [l.unitPrice, l.taxRate, l.tradeTerms, l.validUntil, l.remark]),
          [["10.5", "13", "DDP", "2026-11-23", "Samples ready"], [
            "14",
            "13",
            "DDP",
            "2026-11-23",
            null,
          ]],
        );
        await context.close();
      });

      await t.step("a refusal by the server shows beside the fields it names", async () => {
        const { context, page } = await openQuote(b, server.base, "QL2", p.id);
        await field(page, 0, "unitPrice").fill("11");
        await field(page, 0, "taxRate").fill("13");
        await field(page, 0, "tradeTerms").selectOption("DAP");
        await field(page, 0, "paymentMethod").selectOption("TT");
        await field(page, 0, "paymentTermDays").fill("30");
        await field(page, 0, "leadTimeDays").fill("7");
        await line(page, 0).getByTestId("copy-terms").click();
        await field(page, 1, "unitPrice").fill("15");
        // The buyer retires DAP while the page is open: only the server knows.
        await env.db.update(codes).set({ isActive: false }).where(eq(codes.code, "DAP"));
        await page.getByTestId("submit-quote").click();
        await page.getByTestId("line-problems").getByText(
          "2 problems in your prices, each marked at its field:",
        ).waitFor();
        for (const [n, item] of [[0, LAMINATE], [1, "Prepreg 1080"]] as const) {
          assert.equal(
            await line(page, n).locator('[data-for="tradeTerms"]').textContent(),
            `${item}: DAP is not a trade term of the data dictionary`,
          );
          assert.equal(await field(page, n, "tradeTerms").getAttribute("aria-invalid"), "true");
        }
        await screenshot(page, "quote-lines-refused-en");
        assert.equal((await env.db.select().from(quotes)).length, 1, "only QL1's quote");
        await context.close();
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
