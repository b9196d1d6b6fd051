// A tab left open across a new release: the lazily loaded page it asks for is gone from the server
// (its hashed file name changed), so the page reloads once and shows the page from the new files;
// when the file stays missing it does not reload again and again.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signInAs, startServer } from "./browser.ts";

Deno.test("a page whose lazily loaded file is gone reloads once and then shows it", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, server.base, { locale: "en-US" });
    await page.goto("/");
    await signInAs(page);
    await page.waitForURL((u) => u.pathname === "/dashboard");

    // The roles page's file answers 404 once, as after a release that renamed it.
    let refused = 0;
    await page.route(/\/assets\/Roles-[^/]+\.js$/, (route) => {
      if (refused++ === 0) return route.fulfill({ status: 404, body: "" });
      return route.continue();
    });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/systemManager/roleManager");
    await page.getByTestId("roles-page").waitFor();
    assert.equal(refused, 2, "asked for the file, refused, reloaded and got it");
    assert.equal(loads, 2, "one reload");

    // Missing for good: within the minute it does not reload again.
    await page.unroute(/\/assets\/Roles-[^/]+\.js$/);
    await page.route(/\/assets\/Groups-[^/]+\.js$/, (route) => route.fulfill({ status: 404 }));
    loads = 0;
    await page.goto("/systemManager/groupManager");
    await page.waitForTimeout(1500);
    assert.equal(loads, 1, "no reload loop");
    assert.equal(await page.getByTestId("groups-page").count(), 0);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});
