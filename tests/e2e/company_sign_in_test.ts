// Company sign-in (OpenID Connect) in a real browser against a real provider (oidc-provider) run in
// the test process: the sign-in page's button, the provider's login page and back, signed in as
// the matching staff user with their QMO roles, and signed out as usual; a person QMO does not
// know, an inactive user, a return whose state was changed and a return from another provider
// (a second oidc-provider) are each refused with a localised page and no session.
import assert from "node:assert/strict";
import { and, eq, isNull } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { auditLogs, sessions, users } from "../../db/schema.ts";
import { updateSettings } from "../../server/domain/settings/service.ts";
import { createUser } from "../../server/domain/users/service.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";
import { type Account, CLIENT_ID, CLIENT_SECRET, startProvider } from "./oidc_provider.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const ACCOUNTS: Record<string, Account> = {
  // Matched by user name.
  "u-1001": { preferred_username: "buyer1", email: "zhang.wei@plant.test", name: "Zhang Wei" },
  // Matched by email: the company's name for them differs from QMO's.
  "u-1002": { preferred_username: "li.na", email: "Li.Na@Plant.test", name: "Li Na" },
  "u-1003": { preferred_username: "former", email: "former@plant.test", name: "Wang Former" },
  "u-1004": { preferred_username: "stranger", email: "stranger@plant.test", name: "Chen Stranger" },
  // Named as QMO's built-in administrator, who signs in with its password only.
  "u-1005": { preferred_username: "admin", name: "Someone Named Admin" },
};

/** The provider's login page (any password), then back to QMO. */
async function logInAtProvider(page: Page, issuer: string, account: string) {
  await page.waitForURL((u) => u.origin === issuer);
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill("any-password");
  await page.locator('button[type="submit"]').click();
}

const openSessions = async (env: Parameters<typeof updateSettings>[0], userName: string) =>
  (await env.db.select({ id: sessions.id }).from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.userName, userName), isNull(sessions.revokedAt)))).length;

Deno.test(
  "company sign-in: signed in as the matching staff user; unknown, inactive, a changed state and another provider are refused",
  opts,
  async (t) => {
    // QMO first (the provider must know where to send people back), then its configuration.
    const server = await startServer();
    const { env, base } = server;
    const redirectUri = `${base}/auth/oidc/callback`;
    const company = await startProvider({ redirectUri, accounts: ACCOUNTS });
    const other = await startProvider({ redirectUri, accounts: ACCOUNTS });
    env.config.publicUrl = base;
    env.config.oidc = {
      issuer: company.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      userNameClaim: "preferred_username",
    };
    await createUser(env, {
      userName: "buyer1",
      name: "Zhang Wei",
      password: "Passw0rd!x",
      roleNames: ["Buyer"],
    });
    await createUser(env, {
      userName: "lina",
      name: "Li Na",
      emailAddress: "li.na@plant.test",
      password: "Passw0rd!x",
      roleNames: ["Buyer"],
    });
    await createUser(env, {
      userName: "former",
      name: "Wang Former",
      password: "Passw0rd!x",
      roleNames: ["Buyer"],
      isActive: false,
    });
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();

      await t.step(
        "the button signs a buyer in by user name, keeps the wanted page, and sign-out ends the session",
        async () => {
          const { context, page } = await newPage(browser!, base);
          await page.goto("/profile/index?tab=1");
          await page.waitForURL((u) => u.pathname === "/login");
          const button = page.getByRole("link", { name: en.companySignIn.button });
          await button.waitFor();
          await screenshot(page, "company-sign-in-button-en");
          await button.click();
          await logInAtProvider(page, company.issuer, "u-1001");
          await page.waitForURL((u) =>
            u.origin === base && u.pathname === "/profile/index" && u.search === "?tab=1"
          );
          await page.getByTestId("user-menu").getByText("Zhang Wei").waitFor();
          assert.equal(await openSessions(env, "buyer1"), 1);
          // The start's record is gone; the token is the page's as after a password sign-in.
          const cookies = await context.cookies();
          assert.ok(cookies.some((c) => c.name === "Admin-Token" && c.value.length > 20));
          assert.ok(!cookies.some((c) => c.name === "qmo_oidc"));

          await page.getByTestId("user-menu").click();
          await page.getByRole("menuitem", { name: en.shell.logout }).click();
          await page.waitForURL((u) => u.pathname === "/login");
          assert.equal(await openSessions(env, "buyer1"), 0);
          await context.close();
        },
      );

      await t.step(
        "an admin turns staff passwords off: a buyer's password is refused with the reason, the company account still works",
        async () => {
          const admin = await newPage(browser!, base);
          await admin.page.goto("/login");
          await signInAs(admin.page);
          await admin.page.waitForURL((u) => u.pathname === "/dashboard");
          await admin.page.goto("/systemSetting/systemResource");
          const card = admin.page.getByTestId("company-sign-in-settings");
          const box = card.getByLabel(en.companySignIn.staffPasswordSignIn);
          assert.equal(await box.isChecked(), true);
          await box.uncheck();
          await card.getByRole("button", { name: en.ui.save }).click();
          await admin.page.getByText(en.ui.saved).first().waitFor();
          await screenshot(admin.page, "company-sign-in-settings-en");
          await admin.context.close();

          const { context, page } = await newPage(browser!, base);
          await page.goto("/login");
          await signInAs(page, "buyer1", "Passw0rd!x");
          await page.getByRole("alert").getByText(en.auth.passwordSignInOff).waitFor();
          await page.getByRole("link", { name: en.companySignIn.button }).click();
          await logInAtProvider(page, company.issuer, "u-1001");
          await page.getByTestId("user-menu").getByText("Zhang Wei").waitFor();
          await page.getByTestId("user-menu").click();
          await page.getByRole("menuitem", { name: en.shell.logout }).click();
          await page.waitForURL((u) => u.pathname === "/login");
          await updateSettings(env, { items: [{ key: "staffPasswordSignIn", value: true }] });
          await context.close();
        },
      );

      await t.step("a person whose company user name QMO lacks is matched by email", async () => {
        const { context, page } = await newPage(browser!, base);
        await page.goto("/login");
        await page.getByRole("link", { name: en.companySignIn.button }).click();
        await logInAtProvider(page, company.issuer, "u-1002");
        await page.getByTestId("user-menu").getByText("Li Na").waitFor();
        assert.equal(await openSessions(env, "lina"), 1);
        await context.close();
      });

      await t.step(
        "a person QMO does not know is refused (Chinese), then created with no roles once an admin allows it",
        async () => {
          const { context, page } = await newPage(browser!, base, { locale: "zh-CN" });
          await page.goto("/login");
          await page.getByRole("link", { name: zh.companySignIn.button }).click();
          await logInAtProvider(page, company.issuer, "u-1004");
          await page.getByRole("heading", { name: zh.companySignIn.refusedTitle }).waitFor();
          await page.getByText(zh.companySignIn.refused.unknown).waitFor();
          await screenshot(page, "company-sign-in-unknown-zh");
          assert.ok(!(await context.cookies()).some((c) => c.name === "Admin-Token"));
          assert.equal(
            (await env.db.select().from(users).where(eq(users.userName, "stranger"))).length,
            0,
          );

          await updateSettings(env, { items: [{ key: "companySignInCreatesUsers", value: true }] });
          await page.getByRole("link", { name: zh.companySignIn.backToSignIn }).click();
          await page.getByRole("link", { name: zh.companySignIn.button }).click();
          // Still signed in at the provider: straight back.
          await page.getByTestId("user-menu").getByText("Chen Stranger").waitFor();
          const [created] = await env.db.select().from(users).where(eq(users.userName, "stranger"));
          assert.equal(created.kind, "staff");
          assert.equal(created.emailAddress, "stranger@plant.test");
          const info = await page.evaluate(async () => {
            const token = decodeURIComponent(document.cookie.match(/Admin-Token=([^;]+)/)![1]);
            const r = await fetch("/api/services/QMO/SystemUserExt/GetUserInfo", {
              headers: { authorization: `Bearer ${token}` },
            });
            return (await r.json()).result;
          });
          assert.deepEqual(info.roleNames, []);
          await updateSettings(env, {
            items: [{ key: "companySignInCreatesUsers", value: false }],
          });
          await context.close();
        },
      );

      await t.step("an inactive QMO user is refused", async () => {
        const { context, page } = await newPage(browser!, base);
        await page.goto("/login");
        await page.getByRole("link", { name: en.companySignIn.button }).click();
        await logInAtProvider(page, company.issuer, "u-1003");
        await page.getByText(en.companySignIn.refused.inactive).waitFor();
        await screenshot(page, "company-sign-in-inactive-en");
        assert.equal(await openSessions(env, "former"), 0);
        assert.ok(!(await context.cookies()).some((c) => c.name === "Admin-Token"));
        await context.close();
      });

      await t.step("the company's `admin` is not QMO's built-in admin", async () => {
        const { context, page } = await newPage(browser!, base);
        const before = await openSessions(env, "admin");
        await page.goto("/login");
        await page.getByRole("link", { name: en.companySignIn.button }).click();
        await logInAtProvider(page, company.issuer, "u-1005");
        await page.getByText(en.companySignIn.refused.unknown).waitFor();
        assert.equal(await openSessions(env, "admin"), before);
        await context.close();
      });

      await t.step(
        "a return whose state is not the one this browser started is refused",
        async () => {
          const { context, page } = await newPage(browser!, base);
          // Started as the button does (the browser keeps the started sign-in's cookie), then sent
          // to the provider with its state changed: a forged or replayed return.
          const start = await context.request.get(`${base}/auth/oidc/start`, { maxRedirects: 0 });
          assert.equal(start.status(), 302);
          const target = new URL(start.headers()["location"]);
          assert.equal(target.origin, company.issuer);
          target.searchParams.set("state", "not-the-state-this-browser-started");
          await page.goto(target.href);
          await logInAtProvider(page, company.issuer, "u-1001");
          await page.getByText(en.companySignIn.refused.state).waitFor();
          assert.equal(await openSessions(env, "buyer1"), 0);
          assert.ok(!(await context.cookies()).some((c) => c.name === "Admin-Token"));
          await context.close();
        },
      );

      await t.step(
        "a return from another provider (its code and ID token) is refused",
        async () => {
          const { context, page } = await newPage(browser!, base);
          // Started as the button does, and the same request, state and all, sent to the other
          // provider instead: it answers with a code and ID token of its own.
          const start = await context.request.get(`${base}/auth/oidc/start`, { maxRedirects: 0 });
          const target = new URL(start.headers()["location"]);
          const elsewhere = new URL(target.pathname + target.search, other.issuer);
          await page.goto(elsewhere.href);
          await logInAtProvider(page, other.issuer, "u-1001");
          await page.getByText(en.companySignIn.refused.provider).waitFor();
          // Refused for the issuer it names (RFC 9207), before its code or ID token is trusted.
          const refusals = (await env.db.select().from(auditLogs))
            .filter((r) => r.serviceName === "CompanySignIn" && r.httpStatus === 400);
          assert.match(refusals.at(-1)?.exception ?? "", /provider .*iss/);
          assert.equal(await openSessions(env, "buyer1"), 0);
          assert.ok(!(await context.cookies()).some((c) => c.name === "Admin-Token"));
          await context.close();
        },
      );
    } finally {
      await browser?.close();
      await other.close();
      await company.close();
      await server.close();
    }
  },
);
