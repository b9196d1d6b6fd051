// The supplier quotations page in a real browser: the quotes that came in across projects, newest
// first, a sealed project's row without its file, the keyword narrowing the rows, a project number
// opening the result page, and screenshots in both languages.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { offerProjects } from "../../db/schema.ts";
import {
  agree,
  pdfFile,
  publishedProject,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PATH = "/supplierOffer/SupplierOfferList";
const view = (page: Page) => page.locator(`[data-view="${PATH}"]`);
const rows = (page: Page) => view(page).locator('[data-testid="row"]');

Deno.test(
  "supplier quotations: the quotes across projects, filtered by keyword",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    const browser = await launchBrowser();
    try {
      const s1 = await supplierWithLogin(env, "SQ1");
      const s2 = await supplierWithLogin(env, "SQ2");
      const s3 = await supplierWithLogin(env, "SQ3");
      const open = await publishedProject(env, [s1.supplier.id, s2.supplier.id, s3.supplier.id], {
        name: "Copper foil 18µm",
      });
      const sealed = await publishedProject(env, [s1.supplier.id, s3.supplier.id], {
        name: "Solder mask ink",
      });
      await env.db.update(offerProjects).set({ sealedQuotes: true })
        .where(eq(offerProjects.id, sealed.id));
      for (
        const [s, p, file] of [
          [s1, open, "copper-SQ1.pdf"],
          [s2, open, "copper-SQ2.pdf"],
          [s1, sealed, "solder-SQ1.pdf"],
        ] as const
      ) {
        await agree(env, s.token, p.id);
        assert.equal((await submit(env, s.token, p.id, pdfFile(file, file))).status, 200);
        env.clock.advance(10 * 60_000);
      }

      await t.step(
        "the page lists the quotes newest first; the sealed one has no file",
        async () => {
          const { context, page } = await newPage(browser, server.base);
          await page.goto("/login");
          await signInAs(page);
          await page.waitForURL((u) => u.pathname === "/dashboard");
          await page.goto(PATH);
          await view(page).getByTestId("total").filter({ hasText: /Total 3\b/ }).waitFor();
          const first = rows(page).first();
          assert.match(await first.innerText(), new RegExp(sealed.code));
          await first.getByTestId("sealed").waitFor();
          assert.doesNotMatch(await view(page).innerText(), /solder-SQ1/);
          assert.match(await rows(page).nth(1).innerText(), /copper-SQ2\.pdf/);

          await view(page).locator("#so-keyword").fill("sq2");
          await view(page).locator("#so-keyword").press("Enter");
          await view(page).getByTestId("total").filter({ hasText: /Total 1\b/ }).waitFor();
          assert.equal(await rows(page).count(), 1);
          assert.match(await rows(page).first().innerText(), /SQ2[\s\S]*copper-SQ2\.pdf/);
          await screenshot(page, "en-supplier-quotes");

          await rows(page).first().getByTestId("project-link").click();
          await page.waitForURL((u) =>
            u.pathname === "/offerProjectManager/offerProjectManagerResult" &&
            u.searchParams.get("id") === String(open.id)
          );
          await context.close();
        },
      );

      await t.step("in Chinese, with how quoting works unfolded", async () => {
        const { context, page } = await newPage(browser, server.base, { locale: "zh-CN" });
        await page.goto("/login");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        await page.goto(PATH);
        await view(page).getByTestId("total").filter({ hasText: /3/ }).waitFor();
        await view(page).getByTestId("sealed").getByText("密封").waitFor();
        await view(page).getByTestId("supplier-offer-help").locator("summary").click();
        await view(page).getByTestId("supplier-offer-instruction").waitFor();
        await page.waitForTimeout(150);
        await screenshot(page, "zh-supplier-quotes");
        await context.close();
      });
    } finally {
      await browser.close();
      await server.close();
    }
  },
);
