// The back-office shell in a real browser: sign-in and redirects, menu search, tabs, language,
// inactivity sign-out, permission-filtered menus, the supplier portal, and screenshots.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { ADMIN_PASSWORD, call, NOW, userWithRoles } from "../helpers.ts";
import {
  launchBrowser,
  newPage,
  screenshot,
  SCREENSHOT_DIR,
  signInAs,
  startServer,
} from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const tabs = (page: Page) => page.locator('[data-testid="tag"]');
const tabTitles = async (page: Page) => (await tabs(page).allInnerTexts()).map((s) => s.trim());
const sidebar = (page: Page) => page.locator('[data-testid="sidebar"]');
const crumbs = (page: Page) => page.getByTestId("breadcrumb");
/** The document title is set once the page has rendered. */
async function titleIs(page: Page, title: string) {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 5000 }).catch(() => {});
  assert.equal(await page.title(), title);
}

Deno.test("the back-office shell in a browser", opts, async (t) => {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const b = browser;
    const base = server.base;

    await t.step("a visitor is sent to sign-in and lands on the wanted page after it", async () => {
      const { context, page } = await newPage(b, base);
      await page.goto("/systemManager/userManager?status=1");
      await page.waitForURL(/\/login\?redirect=/);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get("redirect"), "/systemManager/userManager?status=1");
      await titleIs(page, "Sign in - QMO Quotation Management");

      await signInAs(page, "admin", "wrong-password");
      await page.getByRole("alert").filter({ hasText: "Invalid user name or password" }).first()
        .waitFor();

      const infoCall = page.waitForRequest((r) => r.url().includes("/GetUserInfo"));
      await signInAs(page, "  admin  ", ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/systemManager/userManager");
      // GETs carry a seconds timestamp, the bearer token and the UI language.
      const call = await infoCall;
      assert.match(new URL(call.url()).searchParams.get("t") ?? "", /^\d{10}$/);
      assert.match((await call.allHeaders()).authorization ?? "", /^Bearer \S+/);
      assert.equal((await call.allHeaders())["accept-language"], "en");
      assert.equal(new URL(page.url()).search, "?status=1");
      await titleIs(page, "Users - QMO Quotation Management");
      assert.match(await crumbs(page).innerText(), /Home\s*\/\s*System management\s*\/\s*Users/);
      assert.deepEqual(await tabTitles(page), ["Home", "Users"]);

      // Signed in, /login goes to the root, and the root to the pinned dashboard.
      await page.goto("/login");
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await tabs(page).first().waitFor();
      assert.deepEqual((await tabTitles(page))[0], "Home");
      await page.goto("/no/such/page");
      await page.waitForURL((u) => u.pathname === "/404");
      await page.getByText("Page not found").waitFor();
      await context.close();
    });

    await t.step("menu search, three tabs, kept state, refresh and close others", async () => {
      const { context, page } = await newPage(b, base);
      await page.goto("/");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");

      const filter = page.getByTestId("dashboard-filter");
      await filter.fill("dictionary");
      await page.getByRole("link", { name: /Data dictionary/ }).waitFor();

      // Menu search is fuzzy: a typo still finds the page.
      const search = page.getByTestId("menu-search");
      await search.fill("rolse");
      await page.getByRole("option", { name: /Roles/ }).first().click();
      await page.waitForURL((u) => u.pathname === "/systemManager/roleManager");

      await search.fill("email");
      await page.getByRole("option", { name: /Email reminders/ }).click();
      await page.waitForURL((u) => u.pathname === "/systemSetting/emailManager");

      await sidebar(page).getByRole("button", { name: "Quotation projects" }).click();
      await sidebar(page).getByRole("link", { name: "Project categories" }).click();
      await page.waitForURL((u) => u.pathname === "/offerProjectManager/OfferProjectTypeList");
      // The tab is added once the page (loaded on demand) has rendered.
      await tabs(page).filter({ hasText: "Project categories" }).waitFor();

      assert.deepEqual(await tabTitles(page), [
        "Home",
        "Roles",
        "Email reminders",
        "Project categories",
      ]);

      // The dashboard kept what was typed while other tabs were shown.
      await tabs(page).filter({ hasText: "Home" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard");
      assert.equal(await page.getByTestId("dashboard-filter").inputValue(), "dictionary");

      // Refresh re-mounts the page: the typed value is gone.
      await tabs(page).filter({ hasText: "Home" }).click({ button: "right" });
      await page.getByTestId("tag-menu").getByRole("menuitem", { name: "Refresh" }).click();
      await page.getByTestId("dashboard-filter").waitFor();
      assert.equal(await page.getByTestId("dashboard-filter").inputValue(), "");

      // Close others keeps the pinned dashboard and the chosen tab.
      await tabs(page).filter({ hasText: "Email reminders" }).click({ button: "right" });
      const menu = page.getByTestId("tag-menu");
      assert.equal(
        await menu.getByRole("menuitem", { name: "Close", exact: true }).isEnabled(),
        true,
      );
      await menu.getByRole("menuitem", { name: "Close others" }).click();
      await page.waitForURL((u) => u.pathname === "/systemSetting/emailManager");
      await tabs(page).filter({ hasText: "Roles" }).waitFor({ state: "detached" });
      assert.deepEqual(await tabTitles(page), ["Home", "Email reminders"]);

      // The dashboard tab cannot be closed.
      await tabs(page).filter({ hasText: "Home" }).click({ button: "right" });
      assert.equal(
        await menu.getByRole("menuitem", { name: "Close", exact: true }).isDisabled(),
        true,
      );
      await page.keyboard.press("Escape");

      // A pinned tab survives "close all".
      await tabs(page).filter({ hasText: "Email reminders" }).click({ button: "right" });
      await menu.getByRole("menuitem", { name: "Pin" }).click();
      await search.fill("users");
      await page.getByRole("option", { name: /Users/ }).first().click();
      await page.waitForURL((u) => u.pathname === "/systemManager/userManager");
      await tabs(page).filter({ hasText: "Users" }).click({ button: "right" });
      await menu.getByRole("menuitem", { name: "Close all" }).click();
      await page.waitForURL((u) => u.pathname === "/systemSetting/emailManager");
      await tabs(page).filter({ hasText: "Roles" }).waitFor({ state: "detached" });
      assert.deepEqual(await tabTitles(page), ["Home", "Email reminders"]);
      await context.close();
    });

    await t.step("switching to Chinese and back reloads in the chosen language", async () => {
      const { context, page } = await newPage(b, base);
      await page.goto("/");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await sidebar(page).getByText("System management").waitFor();

      await page.getByTestId("language-menu").click();
      await Promise.all([
        page.waitForEvent("load"),
        page.getByRole("menuitem", { name: "中文" }).click(),
      ]);
      await sidebar(page).getByText("系统管理").waitFor();
      await titleIs(page, "首页 - QMO 报价管理系统");
      assert.equal(await page.locator("html").getAttribute("lang"), "zh");

      await page.getByTestId("language-menu").click();
      await Promise.all([
        page.waitForEvent("load"),
        page.getByRole("menuitem", { name: "English" }).click(),
      ]);
      await sidebar(page).getByText("System management").waitFor();
      const cookies = await context.cookies();
      assert.equal(cookies.find((c) => c.name === "language")?.value, "en");
      await context.close();
    });

    await t.step("a Buyer sees only the menus their permissions allow", async () => {
      await userWithRoles(server.env, "buyer1", ["Buyer"]);
      const { context, page } = await newPage(b, base);
      await page.goto("/");
      await signInAs(page, "buyer1", "Passw0rd!x");
      await page.waitForURL((u) => u.pathname === "/dashboard");
      const nav = sidebar(page);
      await nav.getByText("Quotation projects").waitFor();
      await nav.getByText("Supplier management").waitFor();
      for (
        const hidden of [
          "System management",
          "System settings",
          "Supplier quotations",
          "Authorisation",
        ]
      ) {
        assert.equal(await nav.getByText(hidden).count(), 0, `${hidden} should be hidden`);
      }
      const search = page.getByTestId("menu-search");
      await search.fill("roles");
      await page.getByText("No page matches").waitFor();
      await page.goto("/systemManager/roleManager");
      await page.waitForURL((u) => u.pathname === "/401");
      await page.getByText("No access").waitFor();
      await context.close();
    });

    await t.step("a supplier signs in to the portal; staff at /portal go back to /", async () => {
      await userWithRoles(server.env, "supplier1", ["Supplier"], { kind: "supplier" });
      const { context, page } = await newPage(b, base);
      await page.goto("/login");
      await signInAs(page, "supplier1", "Passw0rd!x");
      await page.waitForURL((u) => u.pathname === "/portal");
      assert.equal(await page.getByTestId("portal-user").innerText(), "supplier1");
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL((u) => u.pathname === "/portal/login");

      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await page.goto("/portal");
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await context.close();
    });

    await t.step(
      "a revoked token sends the user back to sign-in with the wanted path",
      async () => {
        const { context, page } = await newPage(b, base);
        await page.goto("/profile/index");
        await signInAs(page);
        await page.getByTestId("profile-name").waitFor();
        const token = (await context.cookies()).find((c) => c.name === "Admin-Token")!.value;
        await call(server.env, "post", "/app/User/Logout", { token });
        // Every alert shown from the reload on is noted as it appears: on a busy machine the page
        // may finish loading after the 5-second message is already gone.
        await page.addInitScript(() => {
          const seen: string[] = [];
          (globalThis as unknown as { seenAlerts: string[] }).seenAlerts = seen;
          new MutationObserver(() => {
            for (const el of document.querySelectorAll('[role="alert"]')) {
              const text = (el as HTMLElement).innerText;
              if (text && !seen.includes(text)) seen.push(text);
            }
          }).observe(document, { childList: true, subtree: true, characterData: true });
        });
        await page.reload();
        await page.waitForURL(/\/login\?redirect=/);
        assert.equal(new URL(page.url()).searchParams.get("redirect"), "/profile/index");
        await page.waitForFunction(() =>
          (globalThis as unknown as { seenAlerts: string[] }).seenAlerts
            .some((t) => t.includes("Your session has ended"))
        ).catch(async (err) => {
          const seen = await page.evaluate(() =>
            (globalThis as unknown as { seenAlerts: string[] }).seenAlerts
          );
          throw new Error(`${err.message}\nat ${page.url()}, alerts seen: ${JSON.stringify(seen)}`);
        });
        assert.equal((await context.cookies()).some((c) => c.name === "Admin-Token"), false);
        await context.close();
      },
    );

    await t.step(
      "a refused call shows the server's message and lands in the error log",
      async () => {
        const { context, page } = await newPage(b, base);
        await page.goto("/profile/index");
        await signInAs(page);
        await page.getByRole("tab", { name: "Password" }).click();
        await page.locator("#pw-currentPassword").fill("not-my-password");
        await page.locator("#pw-newPassword").fill("N3w-Passw0rd!");
        await page.locator("#pw-confirm").fill("N3w-Passw0rd!");
        await page.getByRole("button", { name: "Change password" }).click();
        const toast = page.locator('[data-kind="error"]');
        await toast.waitFor();
        const text = await toast.innerText();
        assert.ok(
          text.trim().length > 0 && !/^\d{3} /.test(text.trim()),
          `server message: ${text}`,
        );
        await page.getByTestId("error-log-button").click();
        const log = page.getByTestId("error-log-table");
        await log.waitFor();
        assert.match(await log.innerText(), /\/profile\/index/);
        assert.ok((await log.innerText()).includes(text.trim()));
        await context.close();
      },
    );

    await t.step(
      "a call that gets no response at all logs its message and its stack (spec §8)",
      async () => {
        const { context, page } = await newPage(b, base);
        await page.goto("/systemManager/userManager");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/systemManager/userManager");
        // The network drops the list's next call: no status, no answer.
        await page.route("**/app/User/GetAll*", (route) => route.abort("failed"));
        await page.getByRole("button", { name: "Search" }).first().click();
        await page.locator('[data-kind="error"]').filter({
          hasText: "The server could not be reached",
        }).first()
          .waitFor();
        await page.getByTestId("error-log-button").click();
        const log = page.getByTestId("error-log-table");
        await log.waitFor();
        assert.match(await log.innerText(), /GET \/api\/services\/app\/User\/GetAll/);
        await log.locator("summary", { hasText: "Stack" }).first().click();
        const stack = await log.locator("pre").first().innerText();
        assert.ok(stack.trim().length > 0, "the stack is logged");
        await context.close();
      },
    );

    await t.step("size and sidebar state are kept in cookies", async () => {
      const { context, page } = await newPage(b, base);
      await page.goto("/");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");
      assert.equal(await page.locator("html").getAttribute("data-size"), "medium");
      await page.getByRole("button", { name: "Size" }).click();
      await page.getByRole("menuitem", { name: "Small" }).click();
      assert.equal(await page.locator("html").getAttribute("data-size"), "small");
      await page.getByTestId("hamburger").click();
      assert.equal(await sidebar(page).getAttribute("data-collapsed"), "1");
      // The width animates; it settles at the icon rail.
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 64
      );
      await page.reload();
      await sidebar(page).waitFor();
      assert.equal(await page.locator("html").getAttribute("data-size"), "small");
      assert.equal(await sidebar(page).getAttribute("data-collapsed"), "1");
      const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
      assert.equal(cookies.size, "small");
      assert.equal(cookies.sidebarStatus, "0");
      await page.getByTestId("hamburger").click();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 260
      );
      await context.close();
    });

    await t.step("30 minutes without a click signs out with an alert", async () => {
      const { context, page } = await newPage(b, base);
      await page.clock.install({ time: new Date(NOW) });
      await page.goto("/systemSetting/systemCodeType");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/systemSetting/systemCodeType");
      await crumbs(page).getByText("Data dictionary").waitFor();

      const alerts: string[] = [];
      page.on("dialog", (d) => {
        alerts.push(d.message());
        d.accept();
      });
      await page.clock.fastForward("29:00");
      await page.clock.runFor(6000);
      assert.deepEqual(alerts, [], "no sign-out before 30 minutes");

      // The alert blocks the page until it is answered, so it must not be raised inside one of
      // the clock's own calls: let the clock run by itself from 31 minutes on.
      await page.clock.resume();
      await page.clock.setSystemTime(new Date(Date.parse(NOW) + 31 * 60_000));
      await page.waitForURL(/\/login\?redirect=/);
      assert.deepEqual(alerts, ["Your session timed out: please sign in again"]);
      assert.equal(
        new URL(page.url()).searchParams.get("redirect"),
        "/systemSetting/systemCodeType",
      );
      assert.equal((await context.cookies()).some((c) => c.name === "Admin-Token"), false);
      await context.close();
    });

    await t.step("screenshots of the main screens in both languages", async () => {
      for (const lang of ["en", "zh"] as const) {
        const { context, page } = await newPage(b, base, {
          locale: lang === "zh" ? "zh-CN" : "en-US",
        });
        await page.goto("/login");
        await page.locator("#login-user").waitFor();
        await screenshot(page, `${lang}-login`);
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        await page.getByTestId("dashboard-filter").waitFor();
        await screenshot(page, `${lang}-dashboard`);
        await page.goto("/supplierOffer/SupplierOfferList");
        await crumbs(page).locator('[aria-current="page"]').waitFor();
        await page.waitForLoadState("networkidle");
        await screenshot(page, `${lang}-page`);
        await page.getByTestId("menu-search").fill(lang === "zh" ? "供应商" : "supplier");
        await page.getByRole("option").first().waitFor();
        await screenshot(page, `${lang}-menu-search`);
        await page.keyboard.press("Escape");
        await page.goto("/profile/index");
        await page.getByTestId("profile-name").waitFor();
        await screenshot(page, `${lang}-profile`);
        await page.getByTestId("user-menu").click();
        await page.getByRole("menuitem", { name: lang === "zh" ? "主题" : "Theme" }).click();
        await page.getByTestId("settings-panel").waitFor();
        await screenshot(page, `${lang}-settings`);
        await page.keyboard.press("Escape");
        await page.setViewportSize({ width: 800, height: 760 });
        await page.getByTestId("hamburger").click();
        await page.getByTestId("sidebar-backdrop").waitFor();
        await screenshot(page, `${lang}-mobile-menu`);
        await context.close();
      }
      console.log(`screenshots: ${SCREENSHOT_DIR}`);
    });
  } finally {
    await browser?.close();
    await server.close();
  }
});
