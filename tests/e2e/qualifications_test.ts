// Supplier qualifications, performance and integrity hints in a real browser: the launch page shows
// why a supplier whose required certificate expired cannot be invited and will not add it; the
// supplier's page records a renewed certificate with its file, after which the supplier can be
// invited; the result page shows the hints; the dashboard shows performance and expiring
// certificates. Screenshots in both languages.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { files, offerProjects, offerProjectSuppliers, quotes } from "../../db/schema.ts";
import { createCategory } from "../../server/domain/categories/service.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { createCertificate } from "../../server/domain/suppliers/certificates.ts";
import { everything, supplier } from "../domain/projects_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

Deno.test(
  "qualifications: an expired certificate blocks the invitation on the launch page; renewal, performance, integrity hints, dashboard",
  opts,
  async (t) => {
    const server = await startServer(); // the server's clock: 2026-11-23 10:00 UTC+8
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const admin = everything();
      const ok = await supplier(env, "CERT-OK");
      const old = await supplier(env, "CERT-OLD");
      const none = await supplier(env, "CERT-NONE");
      const cert = (supplierId: number, type: string, number: string, expiresOn: string) =>
        createCertificate(env, admin, {
          supplierId,
          type,
          number,
          issuedOn: "2024-01-01",
          expiresOn,
        });
      await cert(ok.id, "UL", "E-100", "2027-12-31");
      await cert(old.id, "UL", "E-200", "2026-11-01");
      await cert(none.id, "ISO9001", "Q-300", "2026-12-10"); // within 30 days: on the dashboard
      const category = await createCategory(env, {
        name: "Automotive",
        requiredCertificates: ["UL"],
      });
      const project = await createProject(env, admin, {
        name: "Automotive laminate",
        kind: "material",
        category: category.id,
        opiList: [{ itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "1000" }],
      });
      // An ended project where two suppliers sent the very same file from one address.
      const now = env.clock.now();
      const [ended] = await env.db.insert(offerProjects).values({
        code: "QP-20261120-001",
        name: "Solder mask",
        kind: "material",
        status: "ended",
        pubDate: new Date(now.getTime() - 72 * 3600_000),
        offerEndTime: new Date(now.getTime() - 3600_000),
        endReason: "deadline",
        endedAt: new Date(now.getTime() - 3600_000),
      }).returning();
      for (const [i, s] of [ok, old].entries()) {
        await env.db.insert(offerProjectSuppliers).values({
          projectId: ended.id,
          supplierId: s.id,
          invitedAt: ended.pubDate!,
        });
        const [f] = await env.db.insert(files).values({
          sha256: "ab".repeat(32),
          size: 2048,
          contentType: "application/pdf",
          fileName: `quote-${s.code}.pdf`,
          purpose: "quote",
          projectId: ended.id,
        }).returning();
        await env.db.insert(quotes).values({
          projectId: ended.id,
          supplierId: s.id,
          fileId: f.id,
          submittedAt: new Date(now.getTime() - (40 - i) * 3600_000),
          clientIp: "203.0.113.9",
        });
      }

      browser = await launchBrowser();
      const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
      await page.goto("/");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");

      const searchLaunch = async () => {
        await page.goto(`/offerProjectManager/launch?id=${project.id}`);
        const launch = page.getByTestId("launch-page");
        await launch.locator("#ls-Code").fill("CERT-");
        await launch.locator("#ls-Code").press("Enter");
        const table = launch.getByTestId("supplier-table");
        await table.getByTestId("row").filter({ hasText: "CERT-OLD" }).waitFor();
        return { launch, table };
      };

      await t.step(
        "the launch page says why a supplier cannot be invited and does not add it",
        async () => {
          const { launch, table } = await searchLaunch();
          await launch.getByTestId("required-certificates").getByText("UL").waitFor();
          const oldRow = table.getByTestId("row").filter({ hasText: "CERT-OLD" });
          await oldRow.getByTestId("not-invitable").filter({
            hasText: "UL certificate expired on 2026-11-01",
          }).waitFor();
          await table.getByTestId("row").filter({ hasText: "CERT-NONE" }).getByTestId(
            "not-invitable",
          )
            .filter({ hasText: "No UL certificate" }).waitFor();
          assert.equal(
            await table.getByTestId("row").filter({ hasText: "CERT-OK" }).getByTestId(
              "not-invitable",
            )
              .count(),
            0,
          );
          await oldRow.click();
          await toast(page, "UL certificate expired on 2026-11-01").waitFor();
          await table.getByTestId("row").filter({ hasText: "CERT-OK" }).click();
          const tags = launch.getByTestId("supplier-tag");
          assert.deepEqual(await tags.evaluateAll((els) => els.map((e) => e.dataset.code)), [
            "CERT-OK",
          ]);
          await launch.locator("#launch-deadline").fill("2026-11-30T17:00");
          await screenshot(page, "qualifications-launch-en");
          await launch.getByTestId("publish").click();
          await toast(page, "Published to the selected suppliers").waitFor();
        },
      );

      await t.step("the supplier's page records a renewed certificate with its file", async () => {
        await page.goto("/supplier/SupplierList");
        // No ERP is set up here: its buttons are off and say why; the file import stays.
        const introduce = visible(page).getByTestId("introduce");
        await introduce.and(page.locator("[disabled]")).waitFor();
        assert.match((await introduce.getAttribute("title")) ?? "", /ERP_SUPPLIERS_URL/);
        assert.ok(await visible(page).getByTestId("sync").isDisabled());
        await visible(page).getByTestId("supplier-page-link").filter({ hasText: "CERT-OLD" })
          .click();
        await page.waitForURL((u) => u.pathname === "/supplier/SupplierDetail");
        const certs = page.getByTestId("certificates");
        await certs.getByTestId("row").filter({ hasText: "E-200" }).getByText("Expired 22 days ago")
          .waitFor();
        await certs.getByTestId("add").click();
        const dialog = page.getByTestId("certificate-dialog");
        await dialog.getByTestId("dialog-submit").click();
        await dialog.getByTestId("field-error").filter({ hasText: "Certificate type" }).first()
          .waitFor();
        await dialog.locator("#cert-type").selectOption("UL");
        await dialog.locator("#cert-number").fill("E-201");
        await dialog.locator("#cert-issued").fill("2026-11-20");
        await dialog.locator("#cert-expires").fill("2029-11-19");
        await dialog.getByTestId("certificate-upload").setInputFiles({
          name: "UL 证书 2026.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4 certificate"),
        });
        await dialog.getByTestId("certificate-file").filter({ hasText: "UL 证书 2026.pdf" })
          .waitFor();
        await dialog.getByTestId("dialog-submit").click();
        await toast(page, "Saved").waitFor();
        const renewed = certs.getByTestId("row").filter({ hasText: "E-201" });
        await renewed.getByText("Valid").waitFor();
        await renewed.getByText("UL 证书 2026.pdf").waitFor();
        // Its performance: invited once (the ended project), quoted, ranked 2nd of 2 by time.
        const perf = page.getByTestId("performance");
        await perf.locator('[data-stat="invitations"] dd').first().filter({ hasText: "1" })
          .waitFor();
        await perf.getByTestId("performance-projects").getByText("2 of 2").waitFor();
        await perf.getByTestId("monthly-chart").waitFor();
        await screenshot(page, "qualifications-supplier-en");
      });

      await t.step("renewed, the supplier can be invited", async () => {
        const { table } = await searchLaunch();
        const oldRow = table.getByTestId("row").filter({ hasText: "CERT-OLD" });
        await oldRow.getByText("Yes").waitFor();
        assert.equal(await oldRow.getByTestId("not-invitable").count(), 0);
      });

      await t.step("the result page shows the integrity hints", async () => {
        await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${ended.id}`);
        const hints = page.getByTestId("integrity-signals");
        await hints.locator('[data-signal="sameFile"]').getByText(
          "The same attachment from different suppliers",
        ).waitFor();
        await hints.locator('[data-signal="sameIp"]').getByText("203.0.113.9").waitFor();
        assert.equal(await hints.getByTestId("integrity-count").innerText(), "2");
        await hints.scrollIntoViewIfNeeded();
        await screenshot(page, "qualifications-integrity-en");
      });

      await t.step(
        "the dashboard shows performance and the certificate expiring soon",
        async () => {
          await page.goto("/dashboard");
          const panel = page.getByTestId("supplier-overview");
          await panel.getByTestId("performance-table").locator('[data-code="CERT-OK"]').waitFor();
          await panel.getByTestId("rate-chart").waitFor();
          await panel.getByTestId("expiring-certificates").getByText("Q-300").waitFor();
          await panel.scrollIntoViewIfNeeded();
          await screenshot(page, "qualifications-dashboard-en");
        },
      );
      await context.close();

      await t.step("the supplier's page in Chinese", async () => {
        const zh = await newPage(browser!, server.base, { locale: "zh-CN", width: 1440 });
        await zh.page.goto("/");
        await signInAs(zh.page);
        await zh.page.waitForURL((u) => u.pathname === "/dashboard");
        await zh.page.goto(`/supplier/SupplierDetail?id=${old.id}`);
        await zh.page.getByTestId("certificates").getByText("22天前已过期").waitFor();
        await zh.page.getByTestId("performance").getByText("平均排名").waitFor();
        await screenshot(zh.page, "qualifications-supplier-zh");
        await zh.context.close();
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
