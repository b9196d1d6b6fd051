// A supplier quotes on a phone (390 px) with a MOQ, a packing multiple, a further quantity break
// and an alternative; the buyer sees the break used and the alternative apart, marked not
// accepted, accepts it with a reason on the matrix, and the alternative's supplier ranks first.
// In English and in Chinese.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser } from "playwright-core";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { agree } from "../http/quotes_fixtures.ts";
import { line, quoteWith } from "../http/quote_breaks_fixtures.ts";
import { NOW } from "../helpers.ts";
import { exchangeRates } from "../../db/schema.ts";
import { laminateProject } from "./laminate_fixture.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const texts = {
  en: {
    locale: "en-US",
    notAccepted: "alternative — not accepted",
    accepted: "alternative — accepted",
    breakUsed: "break from 500",
    moq: "MOQ 100",
  },
  zh: {
    locale: "zh-CN",
    notAccepted: "替代品 — 未接受",
    accepted: "替代品 — 已接受",
    breakUsed: "阶梯 500 起",
    moq: "起订量 100",
  },
} as const;

Deno.test(
  "a supplier quotes breaks and an alternative on a phone; the buyer accepts the alternative on the matrix",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        await t.step(lang, async () => {
          env.clock.set(NOW);
          await env.db.delete(exchangeRates);
          const x = texts[lang];
          const codes: [string, string] = [`QB${lang}1`, `QB${lang}2`];
          const { s2, p } = await laminateProject(env, `Laminate breaks ${lang}`, codes);
          const [laminate, prepreg] = p.opiList.map((i) => i.id);
          await agree(env, s2.token, p.id);
          const r2 = await quoteWith(env, s2.token, p.id, [
            line(laminate, "9.3"),
            line(prepreg, "5"),
          ]);
          assert.equal(r2.status, 200, JSON.stringify(r2.json));

          const phone = await newPage(browser!, server.base, {
            locale: x.locale,
            width: 390,
            height: 844,
          });
          const page = phone.page;
          await page.goto("/login");
          await signInAs(page, codes[0], PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.goto(`/portal/projects/${p.id}`);
          await page.getByTestId("quote-line").nth(1).waitFor();
          await page.getByTestId("agree").check();
          await page.getByTestId("file-input").setInputFiles({
            name: "quotation.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n% quotation\n%%EOF\n"),
          });
          const first = page.getByTestId("quote-line").nth(0);
          const fill = async (field: string, v: string) =>
            await first.locator(`[data-line-field="${field}"]`).fill(v);
          await fill("unitPrice", "10");
          await fill("taxRate", "13");
          await first.locator('[data-line-field="tradeTerms"]').selectOption("DDP");
          await first.locator('[data-line-field="paymentMethod"]').selectOption("TT");
          await fill("paymentTermDays", "30");
          await fill("leadTimeDays", "14");
          await fill("moq", "100");
          await fill("packMultiple", "20");
          await first.getByTestId("add-break").click();
          await fill("break2Qty", "500");
          await fill("break2Price", "9.5");
          await first.getByTestId("offer-alternative").click();
          await fill("altUnitPrice", "8");
          await fill("altBrand", "Kingboard");
          await fill("altGrade", "KB-6160");
          await fill("altSpec", "FR-4, Tg 135, 1.6 mm");
          await first.getByTestId("datasheet-input").setInputFiles({
            name: "KB-6160.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n% KB-6160 datasheet\n%%EOF\n"),
          });
          await first.getByTestId("datasheet-set").getByText("KB-6160.pdf").waitFor();
          await page.getByTestId("copy-terms").click();
          await page.getByTestId("quote-line").nth(1).locator('[data-line-field="unitPrice"]')
            .fill("5");
          assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
          await first.scrollIntoViewIfNeeded();
          await screenshot(page, `quote-breaks-portal-${lang}-390`);
          await page.getByTestId("submit-quote").click();
          await page.getByTestId("current-quote").getByText("quotation.pdf").waitFor();
          await phone.context.close();

          env.clock.set(new Date(new Date(NOW).getTime() + 4 * 3600_000)); // quoting has ended
          const desk = await newPage(browser!, server.base, { locale: x.locale, width: 1440 });
          const buyer = desk.page;
          await buyer.goto("/");
          await signInAs(buyer);
          await buyer.waitForURL((u) => u.pathname !== "/login" && u.pathname !== "/");
          await buyer.goto(`/offerProjectManager/offerProjectManagerResult?id=${p.id}`);
          const matrix = buyer.getByTestId("matrix");
          await matrix.waitFor().catch(async (e) => {
            await screenshot(buyer, `quote-breaks-matrix-missing-${lang}`);
            throw e;
          });
          const cell = matrix.getByTestId("matrix-row").nth(0).getByTestId("matrix-cell").nth(0);
          await cell.getByTestId("line-facts").getByText(x.breakUsed, { exact: false }).waitFor();
          await cell.getByTestId("line-facts").getByText(x.moq, { exact: false }).waitFor();
          const alt = matrix.getByTestId("alternative-cell").nth(0);
          await alt.getByText(x.notAccepted).waitFor();
          await alt.getByText("Kingboard · KB-6160").waitFor();
          await alt.getByTestId("alternative-datasheet").waitFor();
          // Not accepted: the other supplier (10,300) ranks before this one (10,500).
          const ranks = matrix.getByTestId("matrix-rank").locator("td[data-rank]");
          assert.deepEqual(
            [
              await ranks.nth(0).getAttribute("data-rank"),
              await ranks.nth(1).getAttribute("data-rank"),
            ],
            ["2", "1"],
          );
          await screenshot(buyer, `quote-breaks-matrix-${lang}`);
          await alt.getByTestId("accept-alternative").click();
          const dialog = buyer.getByTestId("alternative-dialog");
          await dialog.locator("#alternative-reason").fill("Same laminate, approved mill");
          await dialog.locator('button[type="submit"]').click();
          await dialog.waitFor({ state: "detached" });
          await alt.getByText(x.accepted).waitFor();
          // Accepted: 8 × 1,000 + 5 × 200 = 9,000 ranks first.
          await buyer.waitForFunction(() =>
            document.querySelector('[data-testid="matrix-rank"] td[data-rank="1"]') ===
              document.querySelectorAll('[data-testid="matrix-rank"] td')[2]
          );
          await screenshot(buyer, `quote-breaks-accepted-${lang}`);
          await desk.context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
