// Declining to quote in chromium, in English and in Chinese: a supplier on a phone (390 px) declines
// a project with the reason "Other" (which asks for its words), sees the decline and its status in
// its list; the buyer's result page (1440 px) shows "Declined" with the reason, not "Not quoted";
// the supplier withdraws the decline and may quote again.
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { laminateProject } from "./laminate_fixture.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";
import { ADMIN_PASSWORD } from "../helpers.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const texts = {
  en: {
    locale: "en-US",
    action: "Decline to quote",
    other: "Other",
    needWords: "Say why in a few words when the reason is Other",
    declined: /You declined to quote on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\./,
    status: "Declined",
    badge: "Declined",
    reason: "Other: Our press line is down for maintenance",
    canOffer: "Can make an offer",
  },
  zh: {
    locale: "zh-CN",
    action: "放弃报价",
    other: "其他",
    needWords: "原因为“其他”时，请简要说明",
    declined: /您已于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 放弃报价。/,
    status: "已放弃",
    badge: "已放弃",
    reason: "其他: Our press line is down for maintenance",
    canOffer: "可报价",
  },
} as const;

Deno.test(
  "a supplier declines on a phone; the buyer sees the decline with its reason; it is withdrawn",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      // One project for both languages: each walk ends with the decline withdrawn.
      const codes: [string, string] = ["DE1", "DE2"];
      const { p } = await laminateProject(env, "Laminate decline", codes);
      for (const lang of ["en", "zh"] as const) {
        await t.step(lang, async () => {
          const x = texts[lang];

          // The supplier, on a phone.
          const phone = await newPage(browser!, server.base, {
            locale: x.locale,
            width: 390,
            height: 844,
          });
          await phone.page.goto("/login");
          await signInAs(phone.page, codes[0], PORTAL_PASSWORD);
          await phone.page.waitForURL((u) => u.pathname === "/portal");
          await phone.page.goto(`/portal/projects/${p.id}`);
          await phone.page.getByTestId("decline-open").click();
          const dialog = phone.page.getByTestId("decline-dialog");
          await dialog.waitFor();
          await dialog.getByLabel(x.other, { exact: true }).check();
          await phone.page.getByTestId("decline-send").click();
          assert.equal(await phone.page.getByTestId("decline-error").textContent(), x.needWords);
          await phone.page.getByTestId("decline-text").fill(
            "Our press line is down for maintenance",
          );
          await screenshot(phone.page, `decline-dialog-${lang}-390`);
          await phone.page.getByTestId("decline-send").click();
          await phone.page.getByTestId("declined-note").waitFor();
          assert.match((await phone.page.getByTestId("declined-note").textContent())!, x.declined);
          assert.equal(
            await phone.page.getByTestId("quote-status").first().getAttribute("data-status"),
            "declined",
          );
          // Nothing on the card reaches past the phone's width.
          const box = await phone.page.getByTestId("decline-card").boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
          await screenshot(phone.page, `decline-portal-${lang}-390`);
          await phone.page.goto("/portal");
          await phone.page.getByTestId("quote-status").first().waitFor();
          assert.match(await phone.page.locator("main").textContent() ?? "", new RegExp(x.status));

          // The buyer: the result page says declined, with the reason in the reader's language.
          const desk = await newPage(browser!, server.base, {
            locale: x.locale,
            width: 1440,
            height: 900,
          });
          await desk.page.goto("/login");
          await signInAs(desk.page, "admin", ADMIN_PASSWORD);
          await desk.page.waitForURL((u) => !u.pathname.startsWith("/login"));
          await desk.page.goto(`/offerProjectManager/offerProjectManagerResult?id=${p.id}`);
          // The reason's name arrives with the dictionary's choices.
          const declined = desk.page.getByTestId("declined").filter({
            hasText: new RegExp(x.reason), // a regular expression matches case by case
          });
          await declined.waitFor();
          const said = (await declined.textContent()) ?? "";
          assert.ok(said.includes(x.badge), said);
          assert.ok(said.includes(x.reason), said);
          await screenshot(desk.page, `decline-result-${lang}-1440`);

          // The supplier withdraws: the project can be quoted again.
          await phone.page.goto(`/portal/projects/${p.id}`);
          await phone.page.getByTestId("withdraw-decline").click();
          await phone.page.getByTestId("decline-open").waitFor();
          assert.equal(
            await phone.page.getByTestId("quote-status").first().getAttribute("data-status"),
            "canOffer",
          );
          await phone.context.close();
          await desk.context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
