// The reverse auction in a real browser: the buyer sets it up from the result page; two suppliers
// bid in two pages (one phone-sized) and both pages follow through the event stream; a bid that
// does not improve enough is refused with the server's message; the buyer's live view ranks,
// charts and ends it with a reason, and the final bids join the comparison matrix. Screenshots of
// the set-up dialog, the live view and the bidders' pages (desktop and phone) in both languages.
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { awardReady } from "../http/award_fixtures.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import {
  launchBrowser,
  newPage,
  screenshot,
  SCREENSHOT_DIR,
  signInAs,
  startServer,
} from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

async function portalPage(
  b: Browser,
  base: string,
  code: string,
  projectId: number,
  phone = false,
  locale = "en-US",
) {
  const { context, page } = await newPage(b, base, {
    locale,
    ...(phone ? { width: 390, height: 844 } : {}),
  });
  await page.goto("/portal/login");
  await signInAs(page, code, PORTAL_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/portal");
  await page.goto(`/portal/projects/${projectId}`);
  await page.getByTestId("auction-link").click();
  await page.getByTestId("auction-page").waitFor();
  return { context, page };
}

const text = (page: Page, id: string) => page.getByTestId(id).first().innerText();

/** The whole page, or one part of it, as a person would scroll through it. */
async function shot(target: Page | Locator, name: string) {
  const path = `${SCREENSHOT_DIR}${name}.png`;
  if ("goto" in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function buyerPage(b: Browser, base: string, password: string, projectId: number) {
  const { context, page } = await newPage(b, base, { locale: "zh-CN" });
  await page.goto("/login");
  await signInAs(page, "buyer1", password);
  await page.waitForURL((u) => u.pathname === "/dashboard");
  await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${projectId}`);
  return { context, page };
}

async function bid(page: Page, amount: string) {
  await page.getByTestId("bid-input").fill(amount);
  await page.getByTestId("bid-submit").click();
}

Deno.test(
  "reverse auction: set up, two bidders live through the event stream, a refused bid, the end",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const r = await awardReady(env); // quoting has ended: S1 starts at 217,000, S2 at 206,200
      browser = await launchBrowser();
      const b = browser;
      const buyer = await newPage(b, server.base);
      const bp = buyer.page;

      await t.step("in Chinese, the set-up dialog reads in Chinese", async () => {
        const zh = await buyerPage(b, server.base, r.buyer.password, r.project.id);
        await zh.page.getByTestId("auction-setup").click();
        const dialog = zh.page.getByTestId("auction-setup-dialog");
        await dialog.getByText("217,000.00 元").waitFor();
        await dialog.getByTestId("auction-step").fill("1000");
        await dialog.getByTestId("visibility-best").check();
        await shot(dialog, "auction-setup-zh");
        await dialog.getByTestId("basis-lines").check();
        await dialog.getByText("已报价 2 行").first().waitFor();
        await shot(dialog, "auction-setup-lines-zh");
        await zh.context.close();
      });

      await t.step("the buyer sets the auction up from the result page", async () => {
        await bp.goto("/login");
        await signInAs(bp, "buyer1", r.buyer.password);
        await bp.waitForURL((u) => u.pathname === "/dashboard");
        await bp.goto(`/offerProjectManager/offerProjectManagerResult?id=${r.project.id}`);
        await bp.getByTestId("auction-setup").click();
        const dialog = bp.getByTestId("auction-setup-dialog");
        // Once the candidates have loaded, both suppliers that quoted are offered.
        await dialog.getByText("217,000.00 CNY").waitFor();
        assert.equal(await dialog.getByTestId("auction-candidate").count(), 2);
        await dialog.locator("#auction-start").fill(""); // now
        await dialog.locator("#auction-end").fill("2026-11-23T18:30");
        await dialog.getByTestId("auction-step").fill("1000");
        await dialog.getByTestId("visibility-best").check();
        await screenshot(bp, "auction-setup-en");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.waitFor({ state: "detached" });
        await bp.getByTestId("auction-live").getByTestId("auction-state").and(
          bp.locator('[data-state="live"]'),
        ).waitFor();
      });

      const s1 = await portalPage(b, server.base, "S1", r.project.id);
      const s2 = await portalPage(b, server.base, "S2", r.project.id, true);

      await t.step("both bidders see the auction live with their own bid and rank", async () => {
        assert.equal(await s1.page.getByTestId("auction-state").getAttribute("data-state"), "live");
        assert.match(await text(s1.page, "own-bid"), /217,000\.00/);
        assert.match(await text(s1.page, "own-rank"), /2 of 2/);
        assert.match(await text(s2.page, "own-rank"), /1 of 2/);
        assert.match(await text(s2.page, "best-bid"), /206,200\.00/);
        // The phone-sized page fits its width.
        const overflow = await s2.page.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        );
        assert.ok(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
      });

      await t.step(
        "a bid updates both pages; a bid not improving enough is refused with the server's message",
        async () => {
          await bid(s1.page, "205000");
          // 5.5 % below its last: read back in words first.
          await s1.page.getByTestId("bid-confirm-words").getByText(
            "Two hundred five thousand yuan only",
          ).waitFor();
          await s1.page.getByTestId("bid-confirm-ok").click();
          await s1.page.getByTestId("bid-ok").getByText(/205,000\.00 CNY taken/).waitFor();
          await s1.page.getByTestId("own-rank").getByText("1 of 2").waitFor();
          // S2's page follows without a reload.
          await s2.page.getByTestId("own-rank").getByText("2 of 2").waitFor();
          await s2.page.getByTestId("best-bid").getByText("205,000.00").waitFor();
          await bid(s2.page, "205500");
          await s2.page.getByTestId("bid-error").getByText(
            "Your bid must improve on your last bid (206,200.00 CNY) by the minimum: at most 205,200.00 CNY",
          ).waitFor();
          await screenshot(s2.page, "auction-portal-refused-phone-en");
          await bid(s2.page, "204000.5");
          await s2.page.getByTestId("own-rank").getByText("1 of 2").waitFor();
          await s1.page.getByTestId("own-rank").getByText("2 of 2").waitFor();
          await s1.page.getByTestId("best-bid").getByText("204,000.50").waitFor();
        },
      );

      await t.step("the buyer's live view ranks and charts the bids as they come", async () => {
        const ranking = bp.getByTestId("auction-ranking");
        await ranking.getByText("204,000.50").waitFor();
        const first = await ranking.locator("tbody tr").first().innerText();
        assert.match(first, /S2 Abbr S2/);
        const chart = bp.getByTestId("bid-chart");
        assert.equal(await chart.locator("g[data-label]").count(), 2);
        assert.doesNotMatch(await chart.innerText(), /S1|S2|Abbr/);
        await bp.getByTestId("auction-live").scrollIntoViewIfNeeded();
        await screenshot(bp, "auction-live-en");
      });

      /** Chinese pages kept open to the end: a bidder's phone and the buyer's result page. */
      const zh: { phone?: Page; buyer?: Page; contexts: { close(): Promise<void> }[] } = {
        contexts: [],
      };

      await t.step("in Chinese, the bidders' pages and the live view read in Chinese", async () => {
        const zh1 = await portalPage(b, server.base, "S1", r.project.id, false, "zh-CN");
        const zh2 = await portalPage(b, server.base, "S2", r.project.id, true, "zh-CN");
        zh.phone = zh2.page;
        await zh1.page.getByTestId("own-bid").getByText("205,000.00").waitFor();
        await bid(zh2.page, "204000");
        await zh2.page.getByTestId("bid-error").waitFor();
        await shot(zh1.page, "auction-portal-zh");
        await shot(zh2.page, "auction-portal-phone-zh");
        assert.equal(await text(zh1.page, "auction-state"), "进行中");
        assert.match(await text(zh1.page, "own-rank"), /第 2 名（共 2 家）/);
        assert.match(await text(zh2.page, "own-rank"), /第 1 名（共 2 家）/);
        assert.equal(
          await text(zh2.page, "bid-error"),
          "出价须比您上一次出价（204,000.50 元）至少降低最小幅度：不高于 203,000.50 元",
        );
        assert.ok((await sideways(zh2.page)) <= 0, "the phone page does not scroll sideways");
        await zh1.page.getByText("返回项目").click();
        await shot(zh1.page.getByTestId("auction-link"), "auction-link-zh");
        assert.match(
          await text(zh1.page, "auction-link"),
          /进行中 · 2026-11-23 18:00 – 18:30 UTC\+8/,
        );
        await zh1.context.close();
        const buyerZh = await buyerPage(b, server.base, r.buyer.password, r.project.id);
        zh.buyer = buyerZh.page;
        zh.contexts.push(zh2.context, buyerZh.context);
        const live = zh.buyer.getByTestId("auction-live");
        await live.getByTestId("auction-ranking").getByText("204,000.50").waitFor();
        await live.scrollIntoViewIfNeeded();
        await shot(live, "auction-live-zh");
        assert.match(
          await text(zh.buyer, "auction-rules"),
          /每次出价须比该供应商上次至少低 1,000\.00 元/,
        );
      });

      await t.step("after a reload the bidder's page shows the same", async () => {
        await s1.page.reload();
        await s1.page.getByTestId("own-bid").getByText("205,000.00").waitFor();
        assert.match(await text(s1.page, "own-rank"), /2 of 2/);
      });

      await t.step(
        "the buyer ends it with a reason after confirming; the bidders are told",
        async () => {
          await bp.getByTestId("auction-end").click();
          const dialog = bp.getByTestId("auction-reason-dialog");
          await dialog.locator("#auction-reason").fill("Enough offers received");
          await dialog.getByTestId("dialog-submit").click();
          await bp.getByTestId("confirm-ok").click();
          await bp.getByTestId("auction-live").locator('[data-state="ended"]').waitFor();
          for (const s of [s1, s2]) {
            await s.page.getByTestId("auction-state").and(s.page.locator('[data-state="ended"]'))
              .waitFor();
            await s.page.getByTestId("auction-notice").getByText("Enough offers received", {
              exact: false,
            }).waitFor();
            // The bid form is gone: the last bids stand.
            assert.equal(await s.page.getByTestId("bid-submit").count(), 0);
          }
          // In Chinese too, on the phone and in the buyer's view.
          await zh.phone!.getByTestId("auction-notice").getByText(
            "采购员已结束竞价：Enough offers received",
          ).waitFor();
          await shot(zh.phone!, "auction-portal-ended-phone-zh");
          const live = zh.buyer!.getByTestId("auction-live");
          await live.getByTestId("auction-events").getByText("结束：Enough offers received")
            .waitFor();
          await shot(live, "auction-live-ended-zh");
          for (const c of zh.contexts) await c.close();
          // The final bids are the matrix's last round.
          await bp.getByTestId("matrix").getByText("Reverse auction", { exact: false }).first()
            .waitFor();
          assert.match(
            await text(bp, "matrix-total"),
            /¥204,000\.50[\s\S]*¥205,000\.00|¥205,000\.00[\s\S]*¥204,000\.50/,
          );
          // The page follows without a reload: the best quote of the savings is the lowest final bid.
          await bp.getByTestId("savings-best").getByText("¥204,000.50").waitFor();
        },
      );

      for (const c of [s1.context, s2.context, buyer.context]) await c.close();
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
