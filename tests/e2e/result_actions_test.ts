// The result page, where a buyer watches quotes arrive, in a real browser and in both languages: it
// ends quoting and closes the project as the project list's More menu does (same permission, same
// confirmation and close dialog), and its award button is disabled, saying why, while a reverse
// auction is set up, running or paused, instead of failing once the dialog is filled.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { awardReady } from "../http/award_fixtures.ts";
import {
  DEADLINE,
  everything,
  materialProject,
  P,
  quote,
  staff,
  supplier,
} from "../domain/projects_fixtures.ts";
import { call } from "../helpers.ts";
import { launchBrowser, newPage, SCREENSHOT_DIR, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const resultPath = (id: number) => `/offerProjectManager/offerProjectManagerResult?id=${id}`;

async function staffPage(b: Browser, base: string, user: string, password: string, locale: string) {
  const { context, page } = await newPage(b, base, { locale, width: 1440, height: 900 });
  await page.goto("/login");
  await signInAs(page, user, password);
  await page.waitForURL((u) => u.pathname === "/dashboard");
  return { context, page };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
const status = (page: Page) =>
  page.getByTestId("result-page").locator("[data-status]").first().getAttribute("data-status");

Deno.test(
  "result page: End and Close as in the project list, and the award waits, saying why, while a reverse auction is set up, running or paused",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const r = await awardReady(env); // 18:00 UTC+8: its quoting has ended
      const viewer = await staff(env, "viewer1", [P.OfferProjectManagerSearch]);
      // Three projects open for quoting, quoted by one of two suppliers (nothing ends early).
      const admin = everything();
      const one = await supplier(env, "SUP-101");
      const two = await supplier(env, "SUP-102");
      const open: { id: number; code: string }[] = [];
      for (const name of ["Solder mask ink", "阻焊油墨", "Copper foil"]) {
        const p = await materialProject(env, admin, name);
        await publishProject(env, admin, {
          offProManagerId: p.id,
          offerEndTime: DEADLINE,
          supList: [{ id: one.id }, { id: two.id }],
        });
        await quote(env, p.id, one.id);
        open.push(p);
      }
      await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
      browser = await launchBrowser();
      const b = browser;

      for (
        const [lang, locale, p, words] of [
          ["en", "en-US", open[0], {
            end: "End",
            close: "Close",
            confirm: `End quoting of ${open[0].code} now?`,
          }],
          ["zh", "zh-CN", open[1], {
            end: "结束",
            close: "关闭",
            confirm: `此操作将立即结束 ${open[1].code} 的报价，是否继续？`,
          }],
        ] as const
      ) {
        await t.step(
          `${lang}: the result page ends quoting after the confirmation, then closes the project with a reason`,
          async () => {
            const { context, page } = await staffPage(
              b,
              server.base,
              "buyer1",
              r.buyer.password,
              locale,
            );
            await page.goto(resultPath(p.id));
            assert.equal(await status(page), "inQuotation");
            const end = page.getByTestId("result-end");
            assert.equal(await end.innerText(), words.end);
            await end.click();
            await page.getByTestId("confirm-text").getByText(words.confirm).waitFor();
            await shot(page, `result-end-confirm-${lang}`);
            await page.getByTestId("confirm-ok").click();
            await page.getByTestId("result-page").locator('[data-status="ended"]').first()
              .waitFor();
            assert.equal(await end.count(), 0);
            const close = page.getByTestId("result-close");
            assert.equal(await close.innerText(), words.close);
            await close.click();
            const dialog = page.getByTestId("close-dialog");
            await dialog.locator("#close-reason").fill(
              lang === "en" ? "Demand cancelled" : "需求已取消",
            );
            await shot(page, `result-close-dialog-${lang}`);
            await dialog.getByTestId("dialog-submit").click();
            await dialog.waitFor({ state: "detached" });
            await page.getByTestId("result-page").locator('[data-status="closed"]').first()
              .waitFor();
            assert.equal(await close.count(), 0);
            await shot(page, `result-closed-${lang}`);
            await context.close();
          },
        );
      }

      await t.step("without the publish permission, the result page offers neither", async () => {
        const { context, page } = await staffPage(
          b,
          server.base,
          "viewer1",
          viewer.password,
          "en-US",
        );
        await page.goto(resultPath(open[2].id));
        await page.getByTestId("result-page").waitFor();
        assert.equal(await status(page), "inQuotation");
        assert.equal(await page.getByTestId("result-end").count(), 0);
        assert.equal(await page.getByTestId("result-close").count(), 0);
        await context.close();
      });

      const en = await staffPage(b, server.base, "buyer1", r.buyer.password, "en-US");
      const award = en.page.getByTestId("award-open");

      await t.step(
        "en: once an auction is set up the award button is disabled and says why",
        async () => {
          const page = en.page;
          await page.goto(resultPath(r.project.id));
          await award.waitFor();
          assert.equal(await award.isEnabled(), true);
          assert.equal(await page.getByTestId("award-blocked").count(), 0);
          await page.getByTestId("auction-setup").click();
          const dialog = page.getByTestId("auction-setup-dialog");
          await dialog.getByText("217,000.00 CNY").waitFor();
          await dialog.locator("#auction-start").fill(""); // now
          await dialog.locator("#auction-end").fill("2026-11-23T18:30");
          await dialog.getByTestId("auction-step").fill("1000");
          await dialog.getByTestId("dialog-submit").click();
          await dialog.waitFor({ state: "detached" });
          const reason = "The project's reverse auction has not ended yet: award once it is over";
          await page.getByTestId("award-blocked").getByText(reason).waitFor();
          assert.equal(await award.isDisabled(), true);
          assert.equal(await award.getAttribute("title"), reason);
          assert.equal(await award.getAttribute("aria-describedby"), "award-blocked");
          await page.getByTestId("comparison").scrollIntoViewIfNeeded();
          await shot(page, "result-award-blocked-en");
        },
      );

      await t.step(
        "zh: running and paused, the award button stays disabled with the reason",
        async () => {
          const zh = await staffPage(b, server.base, "buyer1", r.buyer.password, "zh-CN");
          const page = zh.page;
          await page.goto(resultPath(r.project.id));
          const reason = "项目的反向竞价尚未结束：竞价结束后才能定标";
          await page.getByTestId("award-blocked").getByText(reason).waitFor();
          assert.equal(await page.getByTestId("award-open").isDisabled(), true);
          const paused = await call(env, "post", "/QMO/Auction/Pause", {
            token: r.buyer.token,
            body: { offProId: r.project.id, reason: "核对价格" },
          });
          assert.equal(paused.status, 200, JSON.stringify(paused.json));
          await page.reload();
          await page.getByTestId("auction-live").locator('[data-state="paused"]').waitFor();
          await page.getByTestId("award-blocked").getByText(reason).waitFor();
          assert.equal(await page.getByTestId("award-open").isDisabled(), true);
          await page.getByTestId("comparison").scrollIntoViewIfNeeded();
          await shot(page, "result-award-blocked-paused-zh");
          await zh.context.close();
        },
      );

      await t.step("en: ended, the award button is live again", async () => {
        const page = en.page;
        await page.reload();
        await page.getByTestId("auction-end").click();
        const dialog = page.getByTestId("auction-reason-dialog");
        await dialog.locator("#auction-reason").fill("Prices checked");
        await dialog.getByTestId("dialog-submit").click();
        await page.getByTestId("confirm-ok").click();
        await page.getByTestId("auction-live").locator('[data-state="ended"]').waitFor();
        await page.getByTestId("award-open").and(page.locator(":enabled")).waitFor();
        assert.equal(await page.getByTestId("award-blocked").count(), 0);
        await en.context.close();
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
