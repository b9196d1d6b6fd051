// Sending a reminder by hand in a real browser, to the test's own SMTP server: from the project list
// (English) the deadline reminder goes to the supplier that has not quoted, in its reader's
// language (English) after the server's preview showed it; from the result page (Chinese) the
// invitation, chosen instead, goes to a supplier that reads Chinese. Both are in the email log.
// Screenshots of the dialog in both languages.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { addQuote, publishedProject, startSmtp, until } from "../email_fixtures.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const LIST = "/offerProjectManager/OfferProjectManagerList";
const RESULT = "/offerProjectManager/offerProjectManagerResult";
const EMAIL = "/systemSetting/emailManager";

const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const supplierRow = (page: Page, code: string) =>
  page.getByTestId("reminder-dialog").getByTestId("row").filter({ hasText: code });

Deno.test("send a reminder by hand: choose, preview, confirm, sent and logged", opts, async (t) => {
  const smtp = await startSmtp();
  const server = await startServer({ env: { SMTP_URL: smtp.url } });
  const env = server.env;
  let browser: Browser | undefined;
  try {
    const fx = await publishedProject(env);
    // Supplier A (S001, reads Chinese) has quoted; B (S002, reads English) has not.
    await addQuote(env, fx.projectId, fx.supplierA);
    const deadline = formatUtc8(fx.deadline);
    browser = await launchBrowser();

    await t.step("from the list: the deadline reminder to those who have not quoted", async () => {
      const { context, page } = await newPage(browser!, server.base, { width: 1440, height: 1000 });
      await page.goto(LIST);
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === LIST);
      await visible(page).getByTestId("row").filter({ hasText: fx.projectCode })
        .getByTestId("more").click();
      await page.getByRole("menu").getByTestId("remind").click();
      const dialog = page.getByTestId("reminder-dialog");
      await dialog.locator("#reminder-template").waitFor();
      assert.equal(await dialog.locator("#reminder-template").inputValue(), "DEADLINE_REMINDER");
      // A has quoted: the reminder is not for it; B is chosen.
      const a = supplierRow(page, "S001");
      const b = supplierRow(page, "S002");
      assert.equal(await a.getByTestId("choose-supplier").isChecked(), false);
      assert.equal(await a.getByTestId("choose-supplier").isDisabled(), true);
      assert.equal(await b.getByTestId("choose-supplier").isChecked(), true);
      await b.getByText("Not quoted").waitFor();
      await a.getByText("Not yet").waitFor();
      // The preview is B's email as the server renders it, in English.
      const preview = dialog.getByTestId("email-preview");
      await preview.getByText("The email to Acme, in English").waitFor();
      await preview.getByTestId("preview-subject").getByText(
        `[Reminder] ${fx.projectCode} 多层板采购 closes at ${deadline}`,
      ).waitFor();
      await preview.getByTestId("preview-body").getByText(/^Dear Acme Laminates Ltd,/).waitFor();
      await screenshot(page, "reminder-dialog-en");
      // A's preview: Chinese, and the reminder would skip it.
      await a.getByTestId("preview-supplier").click();
      await preview.getByText("The email to 华强, in Chinese").waitFor();
      await preview.getByText(/This supplier has quoted/).waitFor();
      await preview.getByTestId("preview-subject").getByText(`【报价提醒】${fx.projectCode}`, {
        exact: false,
      }).waitFor();

      await dialog.getByTestId("dialog-submit").filter({ hasText: "Send to 1 supplier" }).click();
      await page.getByTestId("confirm-dialog").getByText(
        `DEADLINE_REMINDER will be emailed to 1 supplier of ${fx.projectCode} now. Continue?`,
      ).waitFor();
      await page.getByTestId("confirm-ok").click();
      await b.getByTestId("send-outcome").getByText("Sent").waitFor();
      await dialog.getByTestId("send-progress").getByText("Sent 1 · not sent 0 · skipped 0")
        .waitFor();
      // The dialog hides the rest of the page from the accessibility tree: found by its kind.
      await page.locator("[data-kind]").filter({ hasText: "Sent to 1 supplier" }).first().waitFor();
      await b.getByTestId("last-reminder").getByText("DEADLINE_REMINDER").waitFor();
      await screenshot(page, "reminder-sent-en");
      await until(() => smtp.received.length >= 1);
      assert.equal(smtp.received.length, 1, "only B was mailed");
      assert.deepEqual(smtp.received[0].to, ["bids@acme.test"]);
      assert.equal(
        smtp.received[0].subject,
        `[Reminder] ${fx.projectCode} 多层板采购 closes at ${deadline}`,
      );
      assert.match(smtp.received[0].text, /we have not received your quotation yet/);
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "detached" });

      await page.goto(EMAIL);
      const log = visible(page).getByTestId("email-page");
      await log.getByRole("tab", { name: "Email log" }).click();
      const row = log.getByTestId("row").filter({ hasText: "bids@acme.test" });
      await row.getByText("DEADLINE_REMINDER").waitFor();
      await row.getByText("Sent", { exact: true }).waitFor();
      await context.close();
    });

    await t.step(
      "from the result page, in Chinese: the invitation to a Chinese reader",
      async () => {
        const { context, page } = await newPage(browser!, server.base, {
          locale: "zh-CN",
          width: 1440,
          height: 1000,
        });
        await page.goto(`${RESULT}?id=${fx.projectId}`);
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === RESULT);
        await visible(page).getByTestId("result-page").getByTestId("remind").click();
        const dialog = page.getByTestId("reminder-dialog");
        await dialog.locator("#reminder-template").waitFor();
        await dialog.locator("#reminder-template").selectOption("PROJECT_PUBLISHED");
        const a = supplierRow(page, "S001");
        const b = supplierRow(page, "S002");
        // B was reminded a moment ago; the invitation may go to A, which has quoted.
        await b.getByTestId("last-reminder").getByText("DEADLINE_REMINDER").waitFor();
        await a.getByTestId("choose-supplier").check();
        await b.getByTestId("choose-supplier").uncheck();
        await a.getByTestId("preview-supplier").click();
        const preview = dialog.getByTestId("email-preview");
        await preview.getByText("发给 华强 的邮件（中文）").waitFor();
        await preview.getByTestId("preview-subject")
          .getByText(`【报价邀请】${fx.projectCode} 多层板采购`).waitFor();
        await screenshot(page, "reminder-dialog-zh");
        await dialog.getByTestId("dialog-submit").filter({ hasText: "发送给 1 家供应商" }).click();
        await page.getByTestId("confirm-ok").click();
        await a.getByTestId("send-outcome").getByText("已发送").waitFor();
        await screenshot(page, "reminder-sent-zh");
        await until(() => smtp.received.length >= 3);
        const invitations = smtp.received.slice(1);
        assert.deepEqual(
          invitations.map((m) => m.to[0]).sort(),
          ["quote@huaqiang.test", "sales@huaqiang.test"],
        );
        for (const m of invitations) {
          assert.equal(m.subject, `【报价邀请】${fx.projectCode} 多层板采购`);
          assert.match(m.text, /^深圳华强电路有限公司，您好/);
        }
        await dialog.getByRole("button", { name: "关闭" }).last().click();

        await page.goto(EMAIL);
        const log = visible(page).getByTestId("email-page");
        await log.getByRole("tab", { name: "邮件日志" }).click();
        await log.getByTestId("row").filter({ hasText: "sales@huaqiang.test" })
          .getByText("PROJECT_PUBLISHED").waitFor();
        await context.close();
      },
    );
  } finally {
    await browser?.close();
    await server.close();
    await smtp.close();
  }
});
