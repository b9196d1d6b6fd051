// Clarifications in a real browser, on the fixed server clock: a supplier asks in the portal (with an
// attachment), the buyer is mailed and sees it on the dashboard and the result page, answers to all
// and adds it to the request pack; a second supplier reads the answer without the asker's name and
// is mailed it (the test's SMTP server); a question after the question deadline is refused. The new
// screens in both languages in test-output/screenshots/.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { users } from "../../db/schema.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { PORTAL_PASSWORD, supplierWithLogin } from "../http/quotes_fixtures.ts";
import { startSmtp, until } from "../email_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
/** Thursday 2026-11-26 17:00 UTC+8; questions close by default on Wednesday at 17:00. */
const DEADLINE = "2026-11-26T09:00:00.000Z";
const QUESTIONS_CLOSE = "2026-11-25T09:00:00.000Z";

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

async function portalAs(browser: Browser, base: string, code: string, locale = "en-US") {
  const { context, page } = await newPage(browser, base, { locale, width: 1280, height: 1000 });
  await page.goto("/login");
  await signInAs(page, code, PORTAL_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/portal");
  return { context, page };
}

async function staffAs(browser: Browser, base: string, locale = "en-US") {
  const { context, page } = await newPage(browser, base, { locale, width: 1440, height: 1000 });
  await page.goto("/login");
  await signInAs(page);
  await page.waitForURL((u) => u.pathname === "/dashboard");
  return { context, page };
}

Deno.test("questions and answers in the browser", opts, async (t) => {
  await using smtp = await startSmtp();
  const server = await startServer({ env: { TOKEN_TTL_HOURS: "720", SMTP_URL: smtp.url } });
  const env = server.env;
  let browser: Browser | undefined;
  try {
    // The buyer (the admin) reads Chinese email; TS2's portal user reads English.
    await env.db.update(users).set({ emailAddress: "buyer@qmo.test", language: "zh" })
      .where(eq(users.normalizedUserName, "admin"));
    const s1 = await supplierWithLogin(env, "TS1");
    const s2 = await supplierWithLogin(env, "TS2");
    await env.db.update(users).set({ language: "en" }).where(eq(users.userName, "TS2"));
    const admin = everything();
    const p = await createProject(env, admin, {
      name: "Rigid-flex PCB",
      kind: "material",
      opiList: [{ itemName: "6-layer rigid-flex", unit: "panel", estimateYearAmount: "3000" }],
    });
    await publishProject(env, admin, {
      offProManagerId: p.id,
      offerEndTime: DEADLINE,
      supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
    });
    browser = await launchBrowser();

    await t.step("a supplier asks a question with a drawing in the portal", async () => {
      const { context, page } = await portalAs(browser!, server.base, "TS1");
      await page.goto(`/portal/projects/${p.id}`);
      const card = page.getByTestId("questions");
      await card.getByTestId("questions-open").filter({ hasText: "until 2026-11-25 17:00" })
        .waitFor();
      await card.getByTestId("question-text").fill(
        "TS1 here: may the flex layers use 25 µm adhesiveless polyimide?",
      );
      await card.getByTestId("question-file-input").setInputFiles({
        name: "stackup-TS1.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n% stack-up\n%%EOF\n"),
      });
      await card.getByTestId("question-chosen-file").filter({ hasText: "stackup-TS1.pdf" })
        .waitFor();
      await screenshot(page, "questions-portal-ask-en");
      await card.getByTestId("send-question").click();
      await toast(page, "Your question was sent to the buyer").waitFor();
      const mine = card.getByTestId("portal-question").filter({ hasText: "25 µm" });
      await mine.getByText("Waiting for the buyer's answer").waitFor();
      await mine.getByText("stackup-TS1.pdf").waitFor();
      await context.close();
    });

    await t.step("the buyer is mailed the question in their language", async () => {
      await flushOutbox(env);
      await until(() => smtp.received.some((m) => m.to.includes("buyer@qmo.test")));
      const mail = smtp.received.find((m) => m.to.includes("buyer@qmo.test"))!;
      assert.match(mail.subject, /^【供应商提问】.+ Full name TS1$/);
      assert.match(mail.text, /25 µm adhesiveless polyimide/);
    });

    await t.step(
      "the buyer sees it on the dashboard and answers to all on the result page",
      async () => {
        const { context, page } = await staffAs(browser!, server.base);
        const waiting = page.getByTestId("overview-material").getByTestId("new-questions");
        await waiting.getByTestId("new-questions-count").filter({ hasText: "1" }).waitFor();
        await waiting.getByText("25 µm adhesiveless").waitFor();
        await screenshot(page, "questions-dashboard-en");
        await waiting.getByRole("link", { name: p.code }).click();
        await page.waitForURL((u) => u.pathname.endsWith("offerProjectManagerResult"));
        const section = page.getByTestId("questions");
        const q = section.getByTestId("question").filter({ hasText: "25 µm" });
        await q.getByText("Abbr TS1").waitFor();
        await q.getByTestId("question-file").filter({ hasText: "stackup-TS1.pdf" }).waitFor();
        await section.getByTestId("questions-unanswered").filter({ hasText: "1 not answered" })
          .waitFor();
        await q.scrollIntoViewIfNeeded();
        await screenshot(page, "questions-result-en");

        await q.getByTestId("answer-question").click();
        const dialog = page.getByTestId("answer-dialog");
        await dialog.getByTestId("qa-answer").fill(
          "Yes: 25 µm adhesiveless polyimide is accepted for the flex layers.",
        );
        await dialog.getByLabel(/All invited suppliers/).check();
        await dialog.getByTestId("qa-public-text").fill(
          "May the flex layers use 25 µm adhesiveless polyimide?",
        );
        await dialog.getByTestId("qa-revise-pack").check();
        await screenshot(page, "questions-answer-dialog-en");
        await dialog.getByTestId("dialog-submit").click();
        await toast(page, "Answer sent and saved as request version 2").waitFor();
        await q.getByTestId("question-state").filter({ hasText: "Answered to all suppliers" })
          .waitFor();
        await q.getByText("In request version 2").waitFor();
        await page.getByTestId("pack-version").filter({ hasText: "v2" }).waitFor();
        await context.close();
      },
    );

    await t.step("the second supplier is mailed the answer, without the asker's name", async () => {
      await flushOutbox(env);
      await until(() =>
        smtp.received.some((m) =>
          m.to.includes("ts2@example.com") && /Clarification/.test(m.subject)
        )
      );
      const mail = smtp.received.find((m) =>
        m.to.includes("ts2@example.com") && /Clarification/.test(m.subject)
      )!;
      assert.match(mail.text, /Question: May the flex layers use 25 µm adhesiveless polyimide\?/);
      assert.match(mail.text, /Answer: Yes: 25 µm adhesiveless polyimide is accepted/);
      assert.ok(!/TS1/.test(mail.text + mail.subject), mail.text);
      assert.ok(
        smtp.received.some((m) =>
          m.to.includes("ts2@example.com") && /Request changed/.test(m.subject)
        ),
        "the request pack change is mailed too",
      );
    });

    await t.step("the second supplier reads the answer without the asker's name", async () => {
      for (const locale of ["en-US", "zh-CN"]) {
        const { context, page } = await portalAs(browser!, server.base, "TS2", locale);
        await page.goto(`/portal/projects/${p.id}`);
        const card = page.getByTestId("questions");
        const item = card.getByTestId("portal-question").filter({ hasText: "adhesiveless" });
        await item.getByTestId("portal-answer").waitFor();
        const text = await card.innerText();
        assert.match(text, /May the flex layers use 25 µm adhesiveless polyimide\?/);
        assert.doesNotMatch(text, /TS1|stackup/, text);
        assert.equal(await item.getByRole("button").count(), 0, "no attachment of the asker");
        await item.getByTestId("answer-in-pack").waitFor();
        if (locale === "zh-CN") {
          await card.getByTestId("question-text").fill("拼板尺寸可以调整为 250 × 300 mm 吗？");
          await card.getByTestId("send-question").click();
          await toast(page, "您的问题已发送给采购员").waitFor();
        }
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `questions-portal-answer-${locale.slice(0, 2)}`);
        await context.close();
      }
    });

    await t.step("a question after the question deadline is refused by the server", async () => {
      const { context, page } = await portalAs(browser!, server.base, "TS2");
      await page.goto(`/portal/projects/${p.id}`);
      const card = page.getByTestId("questions");
      await card.getByTestId("question-text").fill("One more question");
      // The page was loaded while questions were open; the server's clock has moved on since.
      env.clock.set(QUESTIONS_CLOSE);
      await card.getByTestId("send-question").click();
      // The refusal takes the form's place (waited for: the two change in one render or two).
      await card.getByTestId("questions-closed").filter({
        hasText: "The question deadline (2026-11-25 17:00:00, UTC+8) has passed",
      }).waitFor();
      await card.getByTestId("ask-form").waitFor({ state: "detached" });
      assert.equal(await card.getByTestId("ask-form").count(), 0, "the form is gone");
      assert.equal(await card.getByText("One more question").count(), 0, "nothing was saved");
      await screenshot(page, "questions-portal-closed-en");
      await context.close();
    });

    await t.step(
      "the screens in Chinese, and the question deadline on the publish page",
      async () => {
        env.clock.set("2026-11-23T02:00:00.000Z");
        for (const locale of ["zh-CN", "en-US"]) {
          const lang = locale.slice(0, 2);
          const { context, page } = await staffAs(browser!, server.base, locale);
          await page.getByTestId("overview-material").getByTestId("new-questions").waitFor();
          if (lang === "zh") await screenshot(page, "questions-dashboard-zh");
          await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${p.id}`);
          const section = page.getByTestId("questions");
          const open = section.getByTestId("question").filter({ hasText: "250 × 300" });
          await open.scrollIntoViewIfNeeded();
          if (lang === "zh") {
            await screenshot(page, "questions-result-zh");
            await open.getByTestId("answer-question").click();
            const dialog = page.getByTestId("answer-dialog");
            await dialog.getByLabel(/仅提问的供应商/).check();
            await dialog.getByTestId("qa-answer").fill("可以，请在报价中注明拼板利用率。");
            await screenshot(page, "questions-answer-dialog-zh");
            await page.keyboard.press("Escape");
          }
          // The page's clock is the server's, a day before the default question deadline.
          await page.clock.setFixedTime(new Date("2026-11-23T02:00:00.000Z"));
          await page.goto(`/offerProjectManager/launch?id=${p.id}`);
          const field = page.getByTestId("question-end");
          await field.scrollIntoViewIfNeeded();
          await page.getByText(
            lang === "zh" ? "报价截止前 24 小时（2026-11-25 17:00）" : "(2026-11-25 17:00)",
          )
            .waitFor();
          assert.equal(await page.getByTestId("question-default-passed").count(), 0);
          // Once that default has passed, the page says suppliers could not ask any.
          await page.clock.setFixedTime(new Date("2026-11-25T09:30:00.000Z"));
          await page.reload();
          await page.getByTestId("question-default-passed").getByText(
            lang === "zh" ? "该时间已过，供应商将无法提问" : "which has already passed",
            { exact: false },
          ).waitFor();
          await screenshot(page, `questions-default-passed-${lang}`);
          await page.clock.setFixedTime(new Date("2026-11-23T02:00:00.000Z"));
          await page.reload();
          await page.getByTestId("question-end").waitFor();
          await field.fill("2026-11-26T18:00");
          await page.getByTestId("publish").click();
          await page.locator('[data-field="questionEndTime"] [data-testid="field-error"]')
            .waitFor();
          await screenshot(page, `questions-publish-deadline-${lang}`);
          await context.close();
        }
      },
    );
  } finally {
    await browser?.close();
    await server.close();
  }
});
