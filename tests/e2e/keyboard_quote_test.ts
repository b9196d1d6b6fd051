// A supplier who uses no mouse: signs in, agrees to the terms, prices both lines, chooses the
// quotation file, submits it, then bids in a reverse auction, all with Tab, Space, Enter and typing
// (the file chooser, which the browser opens itself, is answered with the file once its input has
// the focus). Each control is reached by Tab from the one before, so a control that cannot take
// the focus, or takes it without showing it, fails the test.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { call, NOW } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { PORTAL_PASSWORD, supplierWithLogin } from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

/** How the control (and the label around it) looks: outline, shadow, colours. */
const look = (target: Locator) =>
  target.evaluate((el) =>
    [el, el.closest("label")].filter((e) => e).map((e) => {
      const s = getComputedStyle(e!);
      return [s.outline, s.boxShadow, s.backgroundColor, s.borderColor].join(" ");
    }).join(" | ")
  );

/**
 * Presses Tab until `target` has the focus (at most `most` times), and checks that the focus
 * shows: the control looks otherwise than before it had it.
 */
async function tabTo(page: Page, target: Locator, most = 60) {
  await target.waitFor();
  const focused = () => target.evaluate((el) => el === document.activeElement);
  if (await focused()) return;
  const before = await look(target);
  for (let i = 0; i < most; i++) {
    if (await focused()) {
      assert.notEqual(await look(target), before, `the focus on ${target} does not show`);
      return;
    }
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${target}`);
}

/** Tabs to a field and types into it (a text field emptied first). */
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

Deno.test("a supplier quotes and bids with the keyboard alone", opts, async () => {
  const server = await startServer();
  const env = server.env;
  const browser = await launchBrowser();
  try {
    // Quoting open for three hours, two priced lines required.
    const admin = everything();
    const kb = await supplierWithLogin(env, "KB1");
    const p = await createProject(env, admin, {
      name: "Laminate by keyboard",
      kind: "material",
      linesRequired: true,
      opiList: [
        { itemName: "FR-4 laminate 1.6mm", unit: "sheet", estimateYearAmount: "1000" },
        { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "200" },
      ],
    });
    await publishProject(env, admin, {
      offProManagerId: p.id,
      offerEndTime: new Date(new Date(NOW).getTime() + 3 * 3600_000),
      supList: [{ id: kb.supplier.id }],
    });
    const { context, page } = await newPage(browser, server.base);

    // Sign in.
    await page.goto("/portal/login");
    await typeInto(page, page.locator("#login-user"), "KB1");
    await typeInto(page, page.locator("#login-password"), PORTAL_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/portal");

    // To the project from the list.
    await tabTo(page, page.getByTestId("project-row").filter({ hasText: p.name }).locator("a"));
    await page.keyboard.press("Enter");
    await page.getByTestId("quote-line").first().waitFor();

    // Agree with Space.
    const agree = page.getByTestId("agree");
    await tabTo(page, agree);
    await page.keyboard.press("Space");
    await page.getByText(/^Agreed on/).waitFor();
    assert.ok(await agree.isChecked());

    // Price the first line, copy its terms to the second, price the second.
    const field = (n: number, k: string) =>
      page.getByTestId("quote-line").nth(n).locator(`[data-line-field="${k}"]`);
    await typeInto(page, field(0, "unitPrice"), "10.5");
    await typeInto(page, field(0, "taxRate"), "13");
    for (const [k, option] of [["tradeTerms", "DDP"], ["paymentMethod", "TT"]] as const) {
      await tabTo(page, field(0, k));
      await page.keyboard.type(option);
      assert.equal(await field(0, k).inputValue(), option, k);
    }
    await typeInto(page, field(0, "paymentTermDays"), "60");
    await typeInto(page, field(0, "leadTimeDays"), "14");
    await tabTo(page, page.getByTestId("quote-line").nth(0).getByTestId("copy-terms"));
    await page.keyboard.press("Enter");
    await typeInto(page, field(1, "unitPrice"), "14");
    await page.getByTestId("quote-lines").getByText("Your prices (2/2)").waitFor();

    // The file: its input takes the focus, the chooser is answered with the file.
    const input = page.getByTestId("file-input");
    await tabTo(page, input);
    await input.setInputFiles({
      name: "KB1-quotation.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% KB1 quotation\n%%EOF\n"),
    });
    await tabTo(page, page.getByTestId("submit-quote"));
    await page.keyboard.press("Enter");
    await page.getByTestId("current-quote").getByText("KB1-quotation.pdf").waitFor();

    await context.close();

    // An ended project S1 has quoted (the clock moves past its deadline), its auction running.
    const r = await awardReady(env);
    const created = await call(env, "post", "/QMO/Auction/Create", {
      token: r.buyer.token,
      body: { offProId: r.project.id, endAt: "2026-11-23T10:30:00.000Z", step: "1000" },
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));

    // The auction, as S1 in a browser of its own: to the page by its link, a bid typed and sent
    // with Enter.
    const bidder = await newPage(browser, server.base);
    await bidder.page.goto("/portal/login");
    await bid(bidder.page, r.project.name);
    await bidder.context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

async function bid(page: Page, project: string) {
  await typeInto(page, page.locator("#login-user"), "S1");
  await typeInto(page, page.locator("#login-password"), PORTAL_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname === "/portal");
  await tabTo(page, page.getByTestId("project-row").filter({ hasText: project }).locator("a"));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByTestId("auction-link"));
  await page.keyboard.press("Enter");
  await page.getByTestId("auction-page").waitFor();
  await typeInto(page, page.getByTestId("bid-input"), "216000");
  await page.keyboard.press("Enter");
  await page.getByTestId("own-bid").getByText("216,000.00").waitFor();
}
