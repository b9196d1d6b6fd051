// Award scenarios on the result page in a real browser, in English and in Chinese: the buyer builds
// a dual-source scenario (a second source for the laminate with at least 30 % of its quantity),
// reads its total, difference, shares and binding rule, and awards it; above the approval
// threshold it waits for the person in charge, who approves; the award in force splits the line.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { awardProposals } from "../../db/schema.ts";
import { call } from "../helpers.ts";
import { AA, awardReady, PM } from "../http/award_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PASSWORD = "Passw0rd!x";

const words = {
  en: {
    locale: "en-US",
    name: "Second laminate source",
    custom: "My own rules",
    outcome: "Binding rules: second source for FR-4 laminate · Lowest per line ¥206,000.00",
    parts: "Abbr S2 70.00 % (700) · Abbr S1 30.00 % (300)",
    difference: "Difference ¥3,300.00 (1.60 %)",
    pending: "Sent for approval as “Second laminate source”",
  },
  zh: {
    locale: "zh-CN",
    name: "覆铜板双供应源",
    custom: "自定义规则",
    outcome: "起约束作用的规则: FR-4 laminate 的第二供应源 · 逐行最低价 ¥206,000.00",
    parts: "Abbr S2 70.00%（700） · Abbr S1 30.00%（300）",
    difference: "差额 ¥3,300.00 (1.60 %)",
    pending: "已按“覆铜板双供应源”提交审批",
  },
} as const;

async function buildAndAward(page: Page, lang: "en" | "zh", itemId: number) {
  const w = words[lang];
  const form = page.getByTestId("scenario-form");
  await form.waitFor();
  await form.locator("#scenario-name").fill(w.name);
  await form.getByLabel(w.custom).check();
  await form.locator("#scenario-second").selectOption(String(itemId));
  await form.locator("#scenario-min").fill("30");
  await screenshot(page, `scenario-form-${lang}`);
  await page.getByTestId("scenario-save").click();
  const card = page.locator(`[data-testid="scenario"][data-name="${w.name}"]`);
  await card.waitFor();
  assert.equal(await card.getByTestId("scenario-total").innerText(), "¥209,300.00");
  assert.match(await card.innerText(), new RegExp(w.difference.replace(/[()]/g, "\\$&")));
  assert.equal(
    (await card.getByTestId("scenario-rules-outcome").innerText()).trim(),
    w.outcome,
  );
  assert.equal(
    (await card.getByTestId("scenario-lines").locator("tbody tr").first().locator("td").nth(1)
      .innerText()).trim(),
    w.parts,
  );
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `scenario-card-${lang}`);
  await card.getByTestId("scenario-award").click();
  const dialog = page.getByTestId("scenario-award-dialog");
  await dialog.locator("#scenario-reason").fill("Keep a second source");
  await screenshot(page, `scenario-award-dialog-${lang}`);
  await dialog.getByTestId("dialog-submit").click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText(w.pending).waitFor();
  await page.getByTestId("award-pending").waitFor();
}

Deno.test(
  "a buyer builds a dual-source scenario on the matrix and awards it through approval, in English and in Chinese",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { buyer, leader, project, a } = await awardReady(env);
      browser = await launchBrowser();
      const result = `/offerProjectManager/offerProjectManagerResult?id=${project.id}`;
      for (const lang of ["en", "zh"] as const) {
        await t.step(`${lang}: build, read and award the scenario`, async () => {
          const { context, page } = await newPage(browser!, server.base, {
            locale: words[lang].locale,
            width: 1440,
            height: 900,
          });
          await page.goto(result);
          await signInAs(page, "buyer1", PASSWORD);
          await buildAndAward(page, lang, a);
          await context.close();
        });
        // The person in charge approves: the award in force splits the laminate 700 / 300.
        const proposals = await env.db.select().from(awardProposals);
        const approved = await call(env, "post", `${AA}/Approve`, {
          token: leader.token,
          body: { id: proposals.at(-1)!.id, comment: "Agreed" },
        });
        assert.equal(approved.status, 200, JSON.stringify(approved.json));
        const award = await call(env, "get", `${PM}/GetAward`, {
          token: buyer.token,
          query: { offProId: project.id },
        });
        assert.deepEqual(
          award.json.result.lines.filter((r: { itemId: number }) => r.itemId === a)
            .map((r: { quantity: string }) => r.quantity).sort(),
          ["300.0000", "700.0000"],
        );
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
