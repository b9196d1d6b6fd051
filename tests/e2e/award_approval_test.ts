// Awards that need approval in a real browser, with the test's SMTP server: the buyer awards a
// project above 200,000 CNY (a USD quote), it waits for the person in charge and no supplier hears
// of it; the buyer cannot approve it (the page offers nothing and the server refuses); the leader
// finds it under "my approvals", reads the matrix and approves; only then does the award notice
// arrive, and the result page shows the trail. Screens in both languages.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { startSmtp, until } from "../email_fixtures.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PASSWORD = "Passw0rd!x";
const view = (page: Page) => page.locator("section[data-view]:not([hidden])");

Deno.test(
  "an award above the threshold waits for the leader; the notice is sent only after approval; a self-approval is refused",
  opts,
  async (t) => {
    await using smtp = await startSmtp();
    const server = await startServer({ env: { SMTP_URL: smtp.url } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const { s1, project } = await awardReady(env);
      await flushOutbox(env); // the invitations and receipts of the set-up
      const before = smtp.received.length;
      const awardMails = () =>
        smtp.received.slice(before).filter((m) => /Award|定标|中标/.test(m.subject));
      browser = await launchBrowser();
      const b = browser;
      const result = `/offerProjectManager/offerProjectManagerResult?id=${project.id}`;
      let approvalUrl = "";

      await t.step("the buyer awards 217,000 CNY: it waits for the person in charge", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto(result);
        await signInAs(page, "buyer1", PASSWORD);
        await page.getByTestId("matrix").waitFor();
        await page.getByTestId("award-open").click();
        const dialog = page.getByTestId("award-dialog");
        await dialog.getByText("The whole project to one supplier").click();
        await dialog.locator("#award-supplier").selectOption(String(s1.supplier.id));
        await dialog.locator("#award-reason").fill("Lowest total over the year");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.waitFor({ state: "detached" });
        await page.getByText("The award needs approval: sent to Li Na").waitFor();
        const pending = page.getByTestId("award-pending");
        await pending.getByText("Waiting for the approval of Li Na").waitFor();
        assert.match(
          await pending.innerText(),
          /Abbr S1 · ¥217,000\.00 · from the quotes · Matrix v1/,
        );
        // Not awarded yet, and no second award while this one waits.
        await page.getByTestId("award-summary").getByText("Not awarded yet").waitFor();
        assert.equal(await page.getByTestId("award-open").count(), 0);
        const steps = page.getByTestId("trail-step");
        assert.match(
          await steps.nth(0).innerText(),
          /buyer1 proposed the award and sent it to Li Na/,
        );
        await page.getByTestId("comparison").scrollIntoViewIfNeeded();
        await screenshot(page, "approval-result-pending-en");

        // The leader is asked by email; no supplier is told anything.
        await flushOutbox(env);
        await until(() => awardMails().length > 0);
        assert.deepEqual(awardMails().map((m) => m.to[0]), ["leader1@qmo.test"]);
        const link = awardMails()[0].text.match(/http\S+\/awardApproval\/index\?id=\d+/);
        assert.ok(link, awardMails()[0].text);
        approvalUrl = new URL(link[0]).pathname + new URL(link[0]).search;

        // The buyer's own award: the page offers no decision, and the server refuses one.
        await pending.getByTestId("pending-open").click();
        const approval = view(page).getByTestId("approval-page");
        await approval.getByTestId("approval-notice")
          .getByText("This is your award: it waits for Li Na. You cannot approve it yourself.")
          .waitFor();
        assert.equal(await approval.getByTestId("approval-approve").count(), 0);
        await screenshot(page, "approval-own-en");
        const id = Number(new URL(page.url()).searchParams.get("id"));
        const refused = await page.evaluate(async (id) => {
          const token = decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)![1]);
          const r = await fetch("/api/services/QMO/AwardApproval/Approve", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${token}`,
              "accept-language": "en",
            },
            body: JSON.stringify({ id, comment: "approving my own" }),
          });
          return { status: r.status, body: await r.json() };
        }, id);
        assert.equal(refused.status, 403);
        assert.equal(refused.body.error.message, "You cannot approve or reject your own award");
        await context.close();
      });

      await t.step(
        "the leader reads it in Chinese: my approvals and the approval page",
        async () => {
          const { context, page } = await newPage(b, server.base, { locale: "zh-CN" });
          await page.goto("/");
          await signInAs(page, "leader1", PASSWORD);
          const mine = page.getByTestId("my-approvals");
          await mine.getByText("待我审批的定标").waitFor();
          await mine.getByText(project.code).waitFor();
          await screenshot(page, "approval-dashboard-zh");
          await mine.getByTestId("approval-link").first().click();
          const approval = view(page).getByTestId("approval-page");
          await approval.getByTestId("snapshot").waitFor();
          await approval.getByText("此定标等待您审批").waitFor();
          await screenshot(page, "approval-page-zh");
          await context.close();
        },
      );

      await t.step("an admin sees every pending approval and may reassign it", async () => {
        const { context, page } = await newPage(b, server.base);
        await page.goto("/");
        await signInAs(page);
        const all = page.getByTestId("pending-approvals-table");
        await all.getByText(project.code).waitFor();
        assert.match(await all.getByTestId("row").first().innerText(), /buyer1\s+Li Na\s+Abbr S1/);
        await screenshot(page, "approval-dashboard-admin-en");
        await all.getByTestId("approval-link").first().click();
        const approval = view(page).getByTestId("approval-page");
        await approval.getByText("Waiting for the decision of Li Na.").waitFor();
        assert.equal(await approval.getByTestId("approval-approve").count(), 0);
        await approval.getByTestId("approval-reassign").click();
        const dialog = page.getByTestId("reassign-dialog");
        await dialog.locator("#reassign-to").locator("option", { hasText: "deputy1" }).waitFor({
          state: "attached",
        });
        // The buyer who proposed it is not offered.
        assert.equal(await dialog.locator("#reassign-to option", { hasText: "buyer1" }).count(), 0);
        await screenshot(page, "approval-reassign-en");
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await context.close();
      });

      await t.step(
        "the leader approves from the email's link; only now the notice is sent",
        async () => {
          const { context, page } = await newPage(b, server.base);
          await page.goto(approvalUrl);
          await signInAs(page, "leader1", PASSWORD);
          const approval = view(page).getByTestId("approval-page");
          await approval.getByTestId("snapshot").waitFor();
          // The matrix as proposed: S1's 30 USD is 216 CNY, its cells marked as proposed.
          const cells = approval.getByTestId("snapshot-row").nth(0).getByTestId("snapshot-cell");
          assert.match(await cells.nth(0).innerText(), /¥216\.0000/);
          assert.equal(await cells.nth(0).getAttribute("data-proposed"), "true");
          assert.match(await approval.getByTestId("approval-amount").innerText(), /¥217,000\.00/);
          assert.equal(
            await approval.getByTestId("approval-reason").innerText(),
            "Lowest total over the year",
          );
          await screenshot(page, "approval-page-en");
          assert.equal(awardMails().filter((m) => m.to[0] === "s1@example.com").length, 0);

          await approval.getByTestId("approval-approve").click();
          const dialog = page.getByTestId("decision-dialog");
          await dialog.locator("#decision-comment").fill("Agreed: lowest total");
          await screenshot(page, "approval-decision-en");
          await dialog.getByTestId("dialog-submit").click();
          await dialog.waitFor({ state: "detached" });
          await approval.locator('[data-testid="approval-status"][data-status="approved"]')
            .first().waitFor();
          assert.equal(await approval.getByTestId("approval-approve").count(), 0);

          await flushOutbox(env);
          await until(() => awardMails().some((m) => m.to[0] === "s1@example.com"));
          const notice = awardMails().find((m) => m.to[0] === "s1@example.com")!;
          assert.match(notice.subject, /^【中标通知】/);
          assert.ok(awardMails().some((m) => m.to[0] === "buyer1@qmo.test"), "the buyer is told");
          await context.close();
        },
      );

      await t.step("the result page shows the award and its whole trail", async () => {
        for (const [locale, lang] of [["en-US", "en"], ["zh-CN", "zh"]] as const) {
          const { context, page } = await newPage(b, server.base, { locale });
          await page.goto(result);
          await signInAs(page, "buyer1", PASSWORD);
          await page.getByTestId("award-summary").getByText("Abbr S1").waitFor();
          const steps = page.getByTestId("trail-step");
          await steps.nth(1).waitFor();
          if (lang === "en") {
            assert.match(await steps.nth(1).innerText(), /Li Na approved it/);
            assert.match(await steps.nth(1).innerText(), /Agreed: lowest total/);
          }
          await page.getByTestId("award-trail").scrollIntoViewIfNeeded();
          await screenshot(page, `approval-result-trail-${lang}`);
          await context.close();
        }
      });

      await t.step("the setting on the system resources page, in both languages", async () => {
        for (const [locale, lang] of [["en-US", "en"], ["zh-CN", "zh"]] as const) {
          const { context, page } = await newPage(b, server.base, { locale });
          await page.goto("/systemSetting/systemResource");
          await signInAs(page);
          await page.getByTestId("resources-page").waitFor();
          assert.equal(await page.locator("#res-approvalMode").inputValue(), "threshold");
          assert.equal(await page.locator("#res-approvalThreshold").inputValue(), "200000");
          await page.locator("#res-approvalThreshold").scrollIntoViewIfNeeded();
          await screenshot(page, `approval-setting-${lang}`);
          await context.close();
        }
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
