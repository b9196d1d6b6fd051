// The award dialog and the approval page in a real browser, in Chinese and in English: the dialog
// lists suppliers as the matrix ranks them (rank 1 first, chosen by default) and each line's
// suppliers by that line's price; the matrix shows each supplier's commercial terms under its
// total; an award above the lowest total waits for approval, and its page tells the approver by
// how much (amount and percent), who quoted lower and the buyer's reason, with the terms in the
// matrix as proposed. Screenshots at 1440 and 390 px.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { awardProposals } from "../../db/schema.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PASSWORD = "Passw0rd!x";

const words = {
  en: {
    locale: "en-US",
    s1Terms: [
      "Tax 13%",
      "Delivered duty paid (DDP)",
      "Telegraphic transfer, 60 days",
      "Lead time 14 days",
    ],
    s2Terms: [
      "Tax 9% / 13%",
      "Ex works (EXW)",
      "Letter of credit, 30 days",
      "Lead time 30–45 days",
    ],
    notLowest:
      "Not the lowest: ¥10,800.00 (5.24%) more than the lowest total, ¥206,200.00 from Abbr S2.",
    reason: "The buyer's reason: Delivered duty paid in 14 days",
  },
  zh: {
    locale: "zh-CN",
    s1Terms: ["税率 13%", "完税后交货 DDP", "电汇，60 天", "交期 14 天"],
    s2Terms: ["税率 9% / 13%", "工厂交货 EXW", "信用证，30 天", "交期 30–45 天"],
    notLowest: "非最低价：比最低总价 ¥206,200.00（Abbr S2）高 ¥10,800.00（5.24%）。",
    reason: "采购员的理由：Delivered duty paid in 14 days",
  },
} as const;

/** The options of a select, by value, the empty choice left out. */
const optionValues = (page: Page, selector: string) =>
  page.locator(selector).locator("option").evaluateAll((els) =>
    els.map((e) => (e as HTMLOptionElement).value).filter((v) => v)
  );

/** Each supplier's terms under the totals, one list of parts per column. */
const termsRow = (page: Page, row: string) =>
  page.getByTestId(row).getByTestId("supplier-terms").evaluateAll((tds) =>
    tds.map((td) => [...td.querySelectorAll("span")].map((s) => s.textContent ?? ""))
  );

/** Opens the award dialog: rank 1 (S2) listed first and chosen; per line, lowest first. */
async function checkDialog(page: Page, lang: "en" | "zh", ids: string[]) {
  const matrix = page.getByTestId("matrix");
  await matrix.waitFor();
  // Code order in the matrix (S1, S2); the terms under each total.
  assert.deepEqual(await termsRow(page, "matrix-terms"), [
    [...words[lang].s1Terms],
    [...words[lang].s2Terms],
  ]);
  await page.getByTestId("matrix-terms").scrollIntoViewIfNeeded();
  await screenshot(page, `award-matrix-terms-${lang}`);
  await page.getByTestId("award-open").click();
  const dialog = page.getByTestId("award-dialog");
  // By line: A's lowest is S2 (205 CNY), B's is S1 (10 CNY).
  const lineSelects = '[data-testid="award-lines"] select';
  assert.deepEqual(await optionValues(page, `${lineSelects} >> nth=0`), [ids[1], ids[0]]);
  assert.deepEqual(await optionValues(page, `${lineSelects} >> nth=1`), [ids[0], ids[1]]);
  await dialog.locator('input[name="award-scope"][value="project"]').check();
  assert.deepEqual(await optionValues(page, "#award-supplier"), [ids[1], ids[0]]);
  assert.equal(await dialog.locator("#award-supplier").inputValue(), ids[1]);
  assert.match(
    (await dialog.locator("#award-supplier option").nth(1).innerText()).trim(),
    /^S2 Abbr S2 · ¥206,200\.00 · #1$/,
  );
  await screenshot(page, `award-dialog-rank-${lang}`);
  return dialog;
}

Deno.test(
  "the award dialog orders suppliers by rank; the approval page says how far above the lowest an award is and why",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { s1, s2, project } = await awardReady(env, {
        s2Terms: [
          { tradeTerms: "EXW", paymentMethod: "LC", paymentTermDays: 30, leadTimeDays: 30 },
          {
            taxRate: "9",
            tradeTerms: "EXW",
            paymentMethod: "LC",
            paymentTermDays: 30,
            leadTimeDays: 45,
          },
        ],
      });
      const ids = [String(s1.supplier.id), String(s2.supplier.id)];
      browser = await launchBrowser();
      const result = `/offerProjectManager/offerProjectManagerResult?id=${project.id}`;

      await t.step("zh: the dialog lists suppliers by rank", async () => {
        const { context, page } = await newPage(browser!, server.base, {
          locale: "zh-CN",
          width: 1440,
          height: 900,
        });
        await page.goto(result);
        await signInAs(page, "buyer1", PASSWORD);
        const dialog = await checkDialog(page, "zh", ids);
        await dialog.getByRole("button", { name: "取消" }).click();
        await dialog.waitFor({ state: "detached" });
        await context.close();
      });

      await t.step("en: the same; S1 is proposed above the lowest, with a reason", async () => {
        const { context, page } = await newPage(browser!, server.base, {
          width: 1440,
          height: 900,
        });
        await page.goto(result);
        await signInAs(page, "buyer1", PASSWORD);
        const dialog = await checkDialog(page, "en", ids);
        await dialog.locator("#award-supplier").selectOption(ids[0]);
        await dialog.locator("#award-reason").fill("Delivered duty paid in 14 days");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.waitFor({ state: "detached" });
        await page.getByTestId("award-pending").waitFor();
        await context.close();
      });

      const [proposal] = await env.db.select().from(awardProposals);
      for (const lang of ["en", "zh"] as const) {
        for (const width of [1440, 390]) {
          await t.step(
            `${lang} at ${width} px: the approver reads why it is not the lowest`,
            async () => {
              const w = words[lang];
              const { context, page } = await newPage(browser!, server.base, {
                locale: w.locale,
                width,
                height: width === 390 ? 844 : 900,
              });
              await page.goto(`/awardApproval/index?id=${proposal.id}`);
              await signInAs(page, "leader1", PASSWORD);
              const note = page.getByTestId("not-lowest");
              await note.waitFor();
              const [first, second] = (await note.locator("p").allInnerTexts()).map((x) =>
                x.trim()
              );
              assert.equal(first, w.notLowest);
              assert.equal(second, w.reason);
              assert.deepEqual(await termsRow(page, "snapshot-terms"), [
                [...w.s1Terms],
                [...w.s2Terms],
              ]);
              await screenshot(page, `approval-not-lowest-${lang}-${width}`);
              await page.getByTestId("snapshot").scrollIntoViewIfNeeded();
              await screenshot(page, `approval-terms-${lang}-${width}`);
              await context.close();
            },
          );
        }
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
