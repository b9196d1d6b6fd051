// Two-factor sign-in in a real browser, in both languages, with the server's fixed clock and the
// codes an authenticator app would show at that time (otpauth): a buyer enrols on the profile page
// (QR code, secret, first code, recovery codes) and the next sign-in asks for a code; a supplier
// required to use one is led to enrol at the portal's sign-in, on a phone (390 px).
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { createUser } from "../../server/domain/users/service.ts";
import { updateSettings } from "../../server/domain/settings/service.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const words = { en, zh };
const locales = { en: "en-US", zh: "zh-CN" } as const;

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret.replaceAll(" ", "")), digits: 6, period: 30 })
    .generate({ timestamp: at.getTime() });

Deno.test(
  "a buyer enrols an authenticator on the profile page and signs in with a code, in both languages",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        await t.step(lang, async () => {
          const w = words[lang].twoFactor;
          const userName = `tfa-${lang}`;
          await createUser(env, {
            userName,
            name: `Buyer ${lang}`,
            password: "Passw0rd!x",
            roleNames: ["Buyer"],
          });
          const first = await newPage(browser!, server.base, { locale: locales[lang] });
          const page = first.page;
          await page.goto("/login");
          await signInAs(page, userName, "Passw0rd!x");
          await page.waitForURL((u) => u.pathname !== "/login");
          await page.goto("/profile/index");
          await page.getByRole("tab", { name: w.title }).click();
          await page.getByTestId("two-factor-state").getByText(w.off).waitFor();
          await page.getByRole("button", { name: w.start }).click();
          await page.getByRole("img", { name: w.qrAlt }).waitFor();
          const secret = await page.getByTestId("two-factor-secret").innerText();
          await page.getByLabel(w.code).fill(codeAt(secret, env.clock.now()));
          await page.getByRole("button", { name: w.confirm }).click();
          await page.getByTestId("recovery-codes").getByRole("listitem").nth(9).waitFor();
          await screenshot(page, `two-factor-recovery-codes-${lang}`);
          await page.getByRole("button", { name: w.kept }).click();
          await page.getByTestId("two-factor-state").getByText(w.on).waitFor();
          await first.context.close();

          // The next sign-in asks for a code: a wrong one is refused, the app's current one signs in.
          env.clock.advance(60_000);
          const second = await newPage(browser!, server.base, { locale: locales[lang] });
          await second.page.goto("/login");
          await signInAs(second.page, userName, "Passw0rd!x");
          await second.page.getByRole("heading", { name: w.title }).waitFor();
          const now = codeAt(secret, env.clock.now());
          await second.page.getByLabel(w.code).fill(now === "000000" ? "111111" : "000000");
          await second.page.getByRole("button", { name: w.verify }).click();
          await second.page.getByRole("alert").getByText(w.wrongCode).waitFor();
          await screenshot(second.page, `two-factor-code-step-${lang}`);
          await second.page.getByLabel(w.code).fill(now);
          await second.page.getByRole("button", { name: w.verify }).click();
          await second.page.waitForURL((u) => u.pathname !== "/login");
          await second.page.getByTestId("language-menu").waitFor();
          await second.context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);

Deno.test(
  "a supplier required to use a second factor enrols at the portal's sign-in on a phone, in both languages",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      await updateSettings(env, {
        items: [{
          key: "twoFactorRequired",
          value: { administrators: true, staff: false, suppliers: true },
        }],
      });
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        await t.step(lang, async () => {
          const w = words[lang].twoFactor;
          const code = `TF${lang.toUpperCase()}`;
          await supplierWithLogin(env, code);
          const { context, page } = await newPage(browser!, server.base, {
            locale: locales[lang],
            width: 390,
            height: 844,
          });
          await page.goto("/portal/login");
          await signInAs(page, code, PORTAL_PASSWORD);
          await page.getByRole("heading", { name: w.enrolHeading }).waitFor();
          await page.getByRole("img", { name: w.qrAlt }).waitFor();
          await screenshot(page, `portal-390-two-factor-enrol-${lang}`);
          const secret = await page.getByTestId("two-factor-secret").innerText();
          await page.getByLabel(w.code).fill(codeAt(secret, env.clock.now()));
          await page.getByRole("button", { name: w.confirm }).click();
          await page.getByTestId("recovery-codes").getByRole("listitem").nth(9).waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= 390, `the page fits the phone: ${width} px`);
          await page.getByRole("button", { name: w.kept }).click();
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.goto("/portal/account");
          await page.getByTestId("two-factor-state").getByText(w.on).waitFor();
          await page.getByText(w.requiredHint).waitFor();
          await screenshot(page, `portal-390-two-factor-account-${lang}`);
          await context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
