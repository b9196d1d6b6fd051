// The guard against a slip of a key in a live reverse auction, in a real browser, at phone size
// for the bidders: a bid more than 5 % below the bidder's last is read back in figures and words
// (English words, Chinese upper-case numerals) before it is sent, and may be taken back; a bid past
// the largest drop (20 % unless set) is refused with the limit; the buyer sees the limit, pauses,
// changes it, and the bidders' pages are told. Screenshots in both languages.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { awardReady } from "../http/award_fixtures.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, SCREENSHOT_DIR, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PHONE = { width: 390, height: 844 };

async function bidderPage(
  b: Browser,
  base: string,
  code: string,
  projectId: number,
  locale: string,
) {
  const { context, page } = await newPage(b, base, { locale, ...PHONE });
  await page.goto("/portal/login");
  await signInAs(page, code, PORTAL_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/portal");
  await page.goto(`/portal/projects/${projectId}/auction`);
  await page.getByTestId("auction-page").waitFor();
  return { context, page };
}

async function buyerPage(b: Browser, base: string, password: string, id: number, locale: string) {
  const { context, page } = await newPage(b, base, { locale, width: 1440, height: 900 });
  await page.goto("/login");
  await signInAs(page, "buyer1", password);
  await page.waitForURL((u) => u.pathname === "/dashboard");
  await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${id}`);
  return { context, page };
}

/** Types a bid and presses Enter, as the supplier who typed 29100 did. */
async function typeBid(page: Page, amount: string) {
  await page.getByTestId("bid-input").fill(amount);
  await page.getByTestId("bid-input").press("Enter");
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
const text = (page: Page, id: string) => page.getByTestId(id).first().innerText();

Deno.test(
  "a large bid is read back in words before it is sent, one past the largest drop is refused, and the buyer changes the limit while paused",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const r = await awardReady(env); // S1 starts at 217,000, S2 at 206,200
      await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
      browser = await launchBrowser();
      const b = browser;
      const buyer = await buyerPage(b, server.base, r.buyer.password, r.project.id, "en-US");
      const bp = buyer.page;

      await t.step(
        "the set-up dialog offers 20 % of the bidder's last bid as the largest drop",
        async () => {
          await bp.getByTestId("auction-setup").click();
          const dialog = bp.getByTestId("auction-setup-dialog");
          await dialog.getByText("217,000.00 CNY").waitFor();
          assert.equal(await dialog.getByTestId("auction-max-drop").inputValue(), "20");
          assert.ok(await dialog.getByTestId("maxDropKind-percent").isChecked());
          await dialog.locator("#auction-start").fill(""); // now
          await dialog.locator("#auction-end").fill("2026-11-23T18:30");
          await dialog.getByTestId("auction-step").fill("1000");
          await dialog.locator('[data-field="maxDrop"]').scrollIntoViewIfNeeded();
          await dialog.screenshot({ path: `${SCREENSHOT_DIR}auction-guard-setup-en.png` });
          await dialog.getByTestId("dialog-submit").click();
          await dialog.waitFor({ state: "detached" });
          await bp.getByTestId("auction-live").locator('[data-state="live"]').waitFor();
          assert.match(
            await text(bp, "auction-max-drop-rule"),
            /^no bid more than 20 % below the bidder's last \(pause the auction to change it\)$/i,
          );
          assert.equal(await bp.getByTestId("auction-max-drop-change").count(), 0);
        },
      );

      const en = await bidderPage(b, server.base, "S1", r.project.id, "en-US");
      const zh = await bidderPage(b, server.base, "S2", r.project.id, "zh-CN");

      await t.step(
        "in English on a phone, a bid 7.83 % down is read back in words; cancelled, nothing is sent",
        async () => {
          const p = en.page;
          assert.match(await text(p, "auction-rules"), /no bid more than 20 % below your last/);
          assert.match(
            await p.locator('label[for="bid-0"]').innerText(),
            /from 173,600\.00 to 216,000\.00/,
          );
          await typeBid(p, "200000");
          const dialog = p.getByTestId("bid-confirm");
          await dialog.waitFor();
          assert.equal(await text(p, "bid-confirm-figures"), "200,000.00 CNY");
          assert.equal(await text(p, "bid-confirm-words"), "Two hundred thousand yuan only");
          assert.match(
            await text(p, "bid-confirm-drop"),
            /7\.83 % below your last bid of 217,000\.00 CNY/,
          );
          // The focus is on "Change the amount": a second Enter does not send it.
          assert.equal(
            await p.evaluate(() => document.activeElement?.getAttribute("data-testid")),
            "bid-confirm-cancel",
          );
          const overflow = await p.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          assert.ok(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
          await shot(p, "auction-guard-confirm-phone-en");
          await p.keyboard.press("Enter");
          await dialog.waitFor({ state: "detached" });
          assert.match(await text(p, "own-bid"), /217,000\.00/);
          assert.equal(await p.getByTestId("bid-ok").count(), 0);
          // Confirmed, it is taken.
          await typeBid(p, "200000");
          await p.getByTestId("bid-confirm-ok").click();
          await p.getByTestId("bid-ok").getByText(/200,000\.00 CNY taken/).waitFor();
          await p.getByTestId("own-bid").getByText("200,000.00").waitFor();
        },
      );

      await t.step(
        "in English, a tenth of the last bid is refused at once with the limit",
        async () => {
          const p = en.page;
          await typeBid(p, "20000");
          await p.getByTestId("bid-error").getByText(
            "A bid may be at most 20 % below your last bid (200,000.00 CNY): at least 160,000.00 CNY",
          ).waitFor();
          assert.equal(await p.getByTestId("bid-confirm").count(), 0);
          assert.match(await text(p, "own-bid"), /200,000\.00/);
          await shot(p, "auction-guard-refused-phone-en");
          // A small step needs no confirmation.
          await typeBid(p, "199000");
          await p.getByTestId("bid-ok").getByText(/199,000\.00 CNY taken/).waitFor();
        },
      );

      await t.step(
        "in Chinese on a phone, the confirmation reads 壹拾玖万元整 and the refusal says the limit",
        async () => {
          const p = zh.page;
          assert.match(await text(p, "auction-rules"), /单次出价最多比上次低 20%/);
          await typeBid(p, "190000");
          await p.getByTestId("bid-confirm").waitFor();
          assert.equal(await text(p, "bid-confirm-figures"), "190,000.00 元");
          assert.equal(await text(p, "bid-confirm-words"), "壹拾玖万元整");
          assert.match(await text(p, "bid-confirm-drop"), /比您上一次出价 206,200\.00 元低 7\.86%/);
          await shot(p, "auction-guard-confirm-phone-zh");
          await p.getByTestId("bid-confirm-ok").click();
          await p.getByTestId("own-bid").getByText("190,000.00").waitFor();
          await typeBid(p, "19000");
          await p.getByTestId("bid-error").getByText(
            "单次出价最多比您上一次出价（190,000.00 元）低 20%：不低于 152,000.00 元",
          ).waitFor();
          assert.equal(await p.getByTestId("bid-confirm").count(), 0);
          await shot(p, "auction-guard-refused-phone-zh");
        },
      );

      await t.step(
        "paused, the buyer changes the largest drop; the bidders' pages are told",
        async () => {
          await bp.getByTestId("auction-pause").click();
          const reason = bp.getByTestId("auction-reason-dialog");
          await reason.locator("#auction-reason").fill("Checking the limits");
          await reason.getByTestId("dialog-submit").click();
          await bp.getByTestId("auction-live").locator('[data-state="paused"]').waitFor();
          await bp.getByTestId("auction-max-drop-change").click();
          const dialog = bp.getByTestId("max-drop-dialog");
          assert.equal(await dialog.getByTestId("max-drop-value").inputValue(), "20");
          await dialog.getByTestId("max-drop-kind-amount").check();
          await dialog.getByTestId("max-drop-value").fill("500"); // below the step of 1,000
          await dialog.getByTestId("dialog-submit").click();
          await dialog.getByTestId("field-error").getByText(
            "The largest drop per bid is smaller than the minimum improvement: no bidder could bid",
          ).waitFor();
          await dialog.getByTestId("max-drop-value").fill("50000");
          await dialog.screenshot({ path: `${SCREENSHOT_DIR}auction-guard-change-en.png` });
          await dialog.getByTestId("dialog-submit").click();
          await dialog.waitFor({ state: "detached" });
          await bp.getByTestId("auction-max-drop-rule").getByText(
            "no bid more than 50,000.00 CNY below the bidder's last",
          ).waitFor();
          await bp.getByTestId("auction-events").getByText(
            "Largest drop per bid changed: no bid more than 50,000.00 CNY below the bidder's last",
          ).waitFor();
          await bp.getByTestId("auction-live").screenshot({
            path: `${SCREENSHOT_DIR}auction-guard-live-en.png`,
          });
          await en.page.getByTestId("auction-rules").getByText(
            "no bid more than 50,000.00 CNY below your last",
            { exact: false },
          ).waitFor();
          await zh.page.getByTestId("auction-rules").getByText(
            "单次出价最多比上次低 50,000.00 元",
            {
              exact: false,
            },
          ).waitFor();
        },
      );

      await t.step("in Chinese, the buyer reads the new limit among the rules", async () => {
        const zhBuyer = await buyerPage(b, server.base, r.buyer.password, r.project.id, "zh-CN");
        const live = zhBuyer.page.getByTestId("auction-live");
        await live.getByTestId("auction-max-drop-rule").getByText(
          "单次出价最多比该供应商上次低 50,000.00 元",
        ).waitFor();
        await live.getByTestId("auction-events").getByText(
          "单次最大降幅改为：单次出价最多比该供应商上次低 50,000.00 元",
        ).waitFor();
        await zhBuyer.page.getByTestId("auction-max-drop-change").click();
        const dialog = zhBuyer.page.getByTestId("max-drop-dialog");
        await dialog.getByText("修改后供应商立即看到新的限额").waitFor();
        await dialog.screenshot({ path: `${SCREENSHOT_DIR}auction-guard-change-zh.png` });
        await dialog.getByRole("button", { name: "取消" }).click();
        await live.scrollIntoViewIfNeeded();
        await live.screenshot({ path: `${SCREENSHOT_DIR}auction-guard-live-zh.png` });
        await zhBuyer.context.close();
      });

      for (const c of [en.context, zh.context, buyer.context]) await c.close();
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
