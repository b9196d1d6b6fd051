// The sign-in page loads one language and switches with its own light picker: choosing Chinese
// reloads the page in Chinese and remembers the choice for the signed-in screens.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signInAs, startServer } from "./browser.ts";

Deno.test("the sign-in page switches language and the back-office follows", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, server.base, { locale: "en-US" });
    const locales: string[] = [];
    page.on("request", (r) => {
      const m = new URL(r.url()).pathname.match(/\/assets\/(en|zh)-[^/]+\.js$/);
      if (m) locales.push(m[1]);
    });
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    assert.deepEqual(locales, ["en"], "only the English strings are loaded");

    await Promise.all([
      page.waitForEvent("load"),
      page.getByTestId("language-select").selectOption("zh"),
    ]);
    await page.getByRole("heading", { name: "登录" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "zh");
    assert.deepEqual(locales, ["en", "zh"]);

    await signInAs(page);
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.getByTestId("language-menu").waitFor();
    assert.equal(await page.title(), "首页 - QMO 报价管理系统");
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});
