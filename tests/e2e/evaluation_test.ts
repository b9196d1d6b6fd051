// A weighted evaluation in a real browser, in both languages: the evaluators score the suppliers'
// answers and submit (the second sees the first's scores only after submitting), the buyer finds
// the prices sealed on the result page, the person in charge signs off, and the weighted result and
// the matrix's prices appear.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { SCORES, weightedReady } from "../http/evaluation_fixtures.ts";
import { materialProject, P, staff } from "../domain/projects_fixtures.ts";
import { ADMIN_PASSWORD } from "../helpers.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PASSWORD = "Passw0rd!x";
const view = (page: Page) => page.locator("section[data-view]:not([hidden])");

/** Fills the score sheet with the worked example's scores of `who`. */
async function fillSheet(page: Page, who: "ev1" | "ev2") {
  const sheet = view(page).getByTestId("score-sheet");
  const selects = sheet.getByTestId("score-select");
  const values = SCORES[who].flatMap(([, tech, service, delivery]) => [tech, service, delivery]);
  assert.equal(await selects.count(), values.length);
  for (const [i, v] of values.entries()) await selects.nth(i).selectOption(String(v));
}

Deno.test(
  "an evaluator scores, the leader signs off, prices appear (English and Chinese)",
  opts,
  async (t) => {
    const server = await startServer({ env: { TOKEN_TTL_HOURS: "720" } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const w = await weightedReady(env);
      browser = await launchBrowser();
      const b = browser;
      const evaluation = `/offerProjectManager/evaluation?id=${w.project.id}`;
      const result = `/offerProjectManager/offerProjectManagerResult?id=${w.project.id}`;

      await t.step("ev1 reads the answers, scores and submits (English)", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto(evaluation);
        await signInAs(page, "ev1", PASSWORD);
        const v = view(page);
        await v.getByTestId("evaluation-page").waitFor();
        await v.getByText("S1: UV laser, 25 µm via").waitFor();
        await v.getByText("Prices stay sealed until the project's person in charge").waitFor();
        await fillSheet(page, "ev1");
        await screenshot(page, "evaluation-score-en");
        await v.getByTestId("evaluation-submit").click();
        await page.getByTestId("confirm-ok").click();
        await v.getByText("My scores (submitted, fixed)").waitFor();
        assert.equal(await v.getByTestId("score-select").first().isDisabled(), true);
        await context.close();
      });

      await t.step("ev2 sees no other score before submitting, then ev1's (Chinese)", async () => {
        const { context, page } = await newPage(b, server.base, { locale: "zh-CN" });
        await page.goto(evaluation);
        await signInAs(page, "ev2", PASSWORD);
        const v = view(page);
        await v.getByTestId("evaluation-page").waitFor();
        await v.getByText("您提交评分后").waitFor();
        assert.equal(await v.getByTestId("others-scores").count(), 0);
        assert.ok(!(await v.innerText()).includes("ev1 on S1"));
        await fillSheet(page, "ev2");
        await screenshot(page, "evaluation-score-zh");
        await v.getByTestId("evaluation-submit").click();
        await page.getByTestId("confirm-ok").click();
        await v.getByTestId("others-scores").waitFor();
        assert.equal(await v.getByTestId("others-scores").locator("tbody tr").count(), 6);
        await screenshot(page, "evaluation-submitted-zh");
        await context.close();
      });

      await t.step("the buyer finds the prices sealed on the result page (English)", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto(result);
        await signInAs(page, "buyer1", PASSWORD);
        const v = view(page);
        await v.getByTestId("evaluation-panel").waitFor();
        await v.getByTestId("comparison-sealed")
          .getByText("stay sealed until its person in charge signs the technical evaluation off")
          .waitFor();
        assert.equal(await v.getByTestId("matrix").count(), 0);
        assert.ok(!(await v.innerText()).includes("217,000"));
        await v.getByTestId("evaluation-panel").scrollIntoViewIfNeeded();
        await screenshot(page, "evaluation-result-sealed-en");
        await context.close();
      });

      await t.step("the leader signs off (English)", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto(evaluation);
        await signInAs(page, "leader1", PASSWORD);
        const v = view(page);
        await v.getByTestId("evaluation-sign-off").click();
        await page.getByTestId("confirm-ok").click();
        await v.getByTestId("weighted-result").waitFor();
        const rows = v.getByTestId("result-row");
        assert.match(
          await rows.nth(0).innerText(),
          /1\s+S1\s+34\.00\s+13\.00\s+8\.50\s+28\.51\s+84\.01/,
        );
        assert.match(
          await rows.nth(1).innerText(),
          /2\s+S2\s+26\.00\s+17\.00\s+5\.50\s+30\.00\s+78\.50/,
        );
        await screenshot(page, "evaluation-signed-off-en");
        await context.close();
      });

      for (const [lang, locale, total] of [["en", "en-US", "84.01"], ["zh", "zh-CN", "84.01"]]) {
        await t.step(
          `the prices and the weighted result appear on the result page (${lang})`,
          async () => {
            const { context, page } = await newPage(b, server.base, { locale });
            await page.goto(result);
            await signInAs(page, "buyer1", PASSWORD);
            const v = view(page);
            await v.getByTestId("matrix").waitFor();
            await v.getByTestId("weighted-result").getByText(total).waitFor();
            assert.equal(await v.getByTestId("comparison-sealed").count(), 0);
            assert.match(await v.getByTestId("matrix").innerText(), /217,000/);
            await v.getByTestId("evaluation-panel").scrollIntoViewIfNeeded();
            await screenshot(page, `evaluation-result-open-${lang}`);
            await context.close();
          },
        );
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);

Deno.test(
  "the launch page chooses a weighted evaluation: weights not adding up to 100 are refused, then saved (Chinese and English)",
  opts,
  async () => {
    const server = await startServer({ env: { TOKEN_TTL_HOURS: "720" } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const buyer = await staff(env, "buyer1", [
        P.OfferProjectManagerSearch,
        P.OfferProjectManagerPublish,
      ]);
      await staff(env, "ev1", []);
      const p = await materialProject(env, buyer.actor, "Drilling line");
      browser = await launchBrowser();
      for (const [lang, locale] of [["zh", "zh-CN"], ["en", "en-US"]] as const) {
        const { context, page } = await newPage(browser, server.base, { locale });
        await page.goto(`/offerProjectManager/launch?id=${p.id}`);
        await signInAs(page, "admin", ADMIN_PASSWORD);
        const choice = view(page).getByTestId("evaluation-choice");
        await choice.getByTestId("evaluation-weighted").check();
        // The template: technical fit 40, service 20, delivery 10, price 30.
        await choice.getByTestId("weight-sum").getByText("100").waitFor();
        await choice.locator("input[inputmode=numeric]").first().fill("50");
        if (lang === "zh") {
          await choice.getByTestId("staff-search").fill("ev1");
          await choice.getByTestId("staff-option").filter({ hasText: "ev1" }).click();
        }
        // Saved in Chinese, the team shows when the page opens again.
        await choice.getByTestId("evaluation-team-tags").getByText("ev1").waitFor();
        await choice.getByTestId("evaluation-save").click();
        await choice.getByTestId("evaluation-error").getByText(
          lang === "zh"
            ? "权重之和必须为 100（当前为 110）"
            : "weights must add up to 100 (they add up to 110)",
        ).waitFor();
        await choice.scrollIntoViewIfNeeded();
        await screenshot(page, `evaluation-launch-refused-${lang}`);
        assert.equal(
          (await env.db.query.offerProjects.findFirst({ where: (x, { eq }) => eq(x.id, p.id) }))!
            .evaluation,
          lang === "zh" ? "price" : "weighted",
          "nothing saved by the refusal",
        );
        await choice.locator("input[inputmode=numeric]").first().fill("40");
        await choice.getByTestId("evaluation-save").click();
        await page.getByText(lang === "zh" ? "评审设置已保存" : "Evaluation saved").waitFor();
        const criteria = await env.db.query.evaluationCriteria.findMany({
          where: (c, { eq }) => eq(c.projectId, p.id),
        });
        assert.deepEqual(criteria.map((c) => c.weight), [40, 20, 10, 30]);
        await screenshot(page, `evaluation-launch-saved-${lang}`);
        await context.close();
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);

Deno.test(
  "a supplier answers a criterion beside its quote in the portal at phone width (English and Chinese)",
  opts,
  async () => {
    const server = await startServer({ env: { TOKEN_TTL_HOURS: "720" } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const w = await weightedReady(env, { end: false });
      browser = await launchBrowser();
      for (
        const [lang, locale, saved] of [["en", "en-US", "Answer saved"], [
          "zh",
          "zh-CN",
          "答复已保存",
        ]]
      ) {
        const { context, page } = await newPage(browser, server.base, {
          locale,
          width: 390,
          height: 844,
        });
        await page.goto("/login");
        await signInAs(page, "S1", PORTAL_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/portal");
        await page.goto(`/portal/projects/${w.project.id}`);
        const card = page.getByTestId("evaluation-answers");
        const service = card.getByTestId("evaluation-answer").nth(1);
        await service.locator("textarea").fill(`24/7 field service (${lang})`);
        await service.getByTestId("evaluation-answer-save").click();
        await page.getByText(saved).first().waitFor();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `evaluation-portal-answer-${lang}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `the page fits the phone (${width} px)`);
        await context.close();
      }
      const answer = await env.db.query.evaluationAnswers.findFirst({
        where: (a, { and, eq }) =>
          and(eq(a.supplierId, w.s1.supplier.id), eq(a.criterionId, w.criteria[1].id)),
      });
      assert.equal(answer?.text, "24/7 field service (zh)");
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
