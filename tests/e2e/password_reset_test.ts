// A forgotten password in a real browser, in both languages, with the test's own SMTP server: the
// supplier portal at phone size (390x844) and the back-office at 1440 px. "Forgot password" on the
// sign-in page, the email, its link, a new password, and signed in. Screenshots of the pages in both
// languages at 390 and 1440 px.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { flushOutbox } from "../../server/domain/email/service.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { supplierWithLogin } from "../http/quotes_fixtures.ts";
import { startSmtp, type TestSmtp, until } from "../email_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const words = { en, zh };
const locales = { en: "en-US", zh: "zh-CN" } as const;
const NEW_PASSWORD = "Brand-new-pw-42";

/** Sends the outbox; answers the path of the reset link in the email that arrives, and the email. */
async function linkFromMail(env: Parameters<typeof flushOutbox>[0], smtp: TestSmtp, to: string) {
  const before = smtp.received.length;
  await flushOutbox(env);
  await until(() => smtp.received.length > before);
  const mail = smtp.received.at(-1)!;
  assert.deepEqual(mail.to, [to]);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  assert.ok(link, mail.text);
  const url = new URL(link);
  return { mail, path: url.pathname + url.search };
}

/** "Forgot password" from a sign-in page through to the page that says the link is on its way. */
async function askForLink(page: Page, lang: "en" | "zh", name: string, shot: string) {
  const w = words[lang];
  await page.getByRole("link", { name: w.login.forgotPassword }).click();
  await page.getByRole("heading", { name: w.passwordReset.heading }).waitFor();
  await screenshot(page, `${shot}-forgot-${lang}`);
  // Nothing typed: told so, and nothing is sent.
  await page.getByRole("button", { name: w.passwordReset.submit }).click();
  await page.getByRole("alert").getByText(w.login.userNameRequired).waitFor();
  await page.getByLabel(w.login.userName).fill(name);
  await page.getByRole("button", { name: w.passwordReset.submit }).click();
  await page.getByRole("status").getByText(w.passwordReset.sent.replace("{{name}}", name))
    .waitFor();
  await screenshot(page, `${shot}-forgot-sent-${lang}`);
}

/** The link's page: whose password, the new one twice (a mismatch told first), then signed in. */
async function setNewPassword(page: Page, lang: "en" | "zh", path: string, userName: string) {
  const w = words[lang];
  await page.goto(path);
  await page.getByRole("heading", { name: w.passwordReset.newTitle }).waitFor();
  await page.getByText(w.passwordReset.newHint.replace("{{userName}}", userName)).waitFor();
  await page.getByLabel(w.profile.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(w.profile.confirmPassword).fill("something else");
  await page.getByRole("button", { name: w.passwordReset.save }).click();
  await page.getByRole("alert").getByText(w.profile.passwordMismatch).waitFor();
  await page.getByLabel(w.profile.confirmPassword).fill(NEW_PASSWORD);
}

Deno.test(
  "a supplier who forgot the password, on a phone: Forgot password, the email, its link, a new password, signed in",
  opts,
  async (t) => {
    const smtp = await startSmtp();
    const server = await startServer({ env: { SMTP_URL: smtp.url } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        await t.step(`portal (${lang})`, async () => {
          const w = words[lang];
          const code = `FP${lang.toUpperCase()}`;
          await supplierWithLogin(env, code);
          const { context, page } = await newPage(browser!, server.base, {
            locale: locales[lang],
            width: 390,
            height: 844,
          });
          await page.goto("/portal/login");
          await page.getByRole("heading", { name: w.login.heading }).waitFor();
          await screenshot(page, `portal-sign-in-forgot-link-${lang}`);
          await askForLink(page, lang, code, "portal-390");

          const { mail, path } = await linkFromMail(env, smtp, `${code.toLowerCase()}@example.com`);
          assert.equal(mail.subject, w.passwordReset.emailSubject);
          assert.ok(path.startsWith("/portal/reset-password?token="), path);

          await setNewPassword(page, lang, path, code);
          await screenshot(page, `portal-390-reset-${lang}`);
          await page.getByRole("button", { name: w.passwordReset.save }).click();
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.getByTestId("portal-user-menu").waitFor();

          // The link is used: opening it again says so and offers a new one.
          await page.goto(path);
          await page.getByRole("alert").getByText(w.passwordReset.linkInvalid).waitFor();
          await page.getByRole("link", { name: w.passwordReset.askAgain }).waitFor();
          await screenshot(page, `portal-390-reset-used-${lang}`);
          // The same pages at 1440 px.
          await page.setViewportSize({ width: 1440, height: 900 });
          await screenshot(page, `portal-1440-reset-used-${lang}`);
          await page.goto("/portal/forgot-password");
          await page.getByRole("heading", { name: w.passwordReset.heading }).waitFor();
          await screenshot(page, `portal-1440-forgot-${lang}`);
          await context.close();

          // The new password signs in on the portal's own page.
          const again = await newPage(browser!, server.base, {
            locale: locales[lang],
            width: 390,
            height: 844,
          });
          await again.page.goto("/portal/login");
          await signInAs(again.page, code, NEW_PASSWORD);
          await again.page.waitForURL((u) => u.pathname === "/portal");
          await again.context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
      await smtp.close();
    }
  },
);

Deno.test(
  "a buyer who forgot the password, at 1440 px: Forgot password on the back-office sign-in, the email, its link, signed in",
  opts,
  async (t) => {
    const smtp = await startSmtp();
    const server = await startServer({ env: { SMTP_URL: smtp.url } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        await t.step(`back-office (${lang})`, async () => {
          const w = words[lang];
          const userName = `buyer-${lang}`;
          await createUser(env, {
            userName,
            name: `Buyer ${lang}`,
            password: "Passw0rd!x",
            roleNames: ["Buyer"],
            emailAddress: `${userName}@qmo.test`,
          });
          const { context, page } = await newPage(browser!, server.base, {
            locale: locales[lang],
            width: 1440,
            height: 900,
          });
          await page.goto("/login");
          await page.getByRole("heading", { name: w.login.heading }).waitFor();
          await screenshot(page, `sign-in-forgot-link-${lang}`);
          // By the account's email this time.
          await askForLink(page, lang, `${userName}@qmo.test`, "admin-1440");
          // Back to the sign-in page from there.
          await page.getByRole("link", { name: w.passwordReset.backToSignIn }).click();
          await page.waitForURL((u) => u.pathname === "/login");

          const { mail, path } = await linkFromMail(env, smtp, `${userName}@qmo.test`);
          assert.equal(mail.subject, w.passwordReset.emailSubject);
          assert.ok(path.startsWith("/reset-password?token="), path);

          await setNewPassword(page, lang, path, userName);
          await screenshot(page, `admin-1440-reset-${lang}`);
          await page.getByRole("button", { name: w.passwordReset.save }).click();
          await page.waitForURL((u) => u.pathname === "/dashboard");
          await page.goto(path);
          await page.getByRole("alert").getByText(w.passwordReset.linkInvalid).waitFor();
          await screenshot(page, `admin-1440-reset-used-${lang}`);
          // The same pages on a phone.
          await page.setViewportSize({ width: 390, height: 844 });
          await screenshot(page, `admin-390-reset-used-${lang}`);
          await page.goto("/forgot-password");
          await page.getByRole("heading", { name: w.passwordReset.heading }).waitFor();
          await screenshot(page, `admin-390-forgot-${lang}`);
          await context.close();
        });
      }
    } finally {
      await browser?.close();
      await server.close();
      await smtp.close();
    }
  },
);
