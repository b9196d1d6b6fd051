// The supplier portal in a real browser: sign-in, agreeing before uploading, upload and replace with
// history, the deadline closing the page by its countdown and the server refusing a late upload,
// asset optimisation rounds, suppliers kept apart, and phone-width screenshots in both languages.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { offerProjectSuppliers } from "../../db/schema.ts";
import { uploadProjectFile } from "../../server/domain/projects/attachments.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { endProject, openOptimizeRound } from "../../server/domain/projects/lifecycle.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { call, NOW } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import {
  agree,
  pdfFile,
  PORTAL_PASSWORD,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import {
  launchBrowser,
  newPage,
  screenshot,
  SCREENSHOT_DIR,
  signInAs,
  startServer,
} from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const HOUR = 3600_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

const pdf = (name: string, text: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`),
});

async function openPortalAs(b: Browser, base: string, code: string, o = {}) {
  const { context, page } = await newPage(b, base, o);
  await page.goto("/login");
  await signInAs(page, code, PORTAL_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/portal");
  return { context, page };
}

const row = (page: Page, name: string) => page.getByTestId("project-row").filter({ hasText: name });

Deno.test("the supplier portal in a browser", opts, async (t) => {
  const server = await startServer();
  const env = server.env;
  let browser: Browser | undefined;
  try {
    // Two suppliers; each gets its own projects through the buyer's publish.
    const admin = everything();
    const s1 = await supplierWithLogin(env, "PS1");
    const s2 = await supplierWithLogin(env, "PS2");
    const publish = async (
      name: string,
      supplierId: number,
      deadline: Date,
      kind: "material" | "asset" = "material",
    ) => {
      const p = await createProject(env, admin, {
        name,
        kind,
        ...(kind === "asset"
          ? { demandCode: "REQ-7", equipmentName: "Vacuum press", offerItemType: "optimize" }
          : {}),
        opiList: [
          {
            materialCode: "CCL-16",
            itemName: "FR-4 copper clad laminate 1.6 mm",
            unit: "sheet",
            estimateYearAmount: "12000",
            useFactory: "Plant 2",
            needExplain: "Tg ≥ 170, halogen-free",
          },
          { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "800" },
        ],
      });
      await uploadProjectFile(env, admin, {
        file: pdfFile(`drawing ${name}`, "技术要求.pdf"),
        projectId: p.id,
      });
      await publishProject(env, admin, {
        offProManagerId: p.id,
        offerEndTime: deadline,
        supList: [{ id: supplierId }],
      });
      return p;
    };
    // NOW is Monday 10:00 in UTC+8: every deadline falls on that working day.
    const laminate = await publish("Laminate 2027 annual supply", s1.supplier.id, at(3 * HOUR));
    const other = await publish("Solder mask ink (for PS2)", s2.supplier.id, at(3 * HOUR));
    const closing = await publish("Drill bits Q1", s1.supplier.id, at(4 * HOUR));
    const late = await publish("Copper foil 18 µm", s1.supplier.id, at(5 * HOUR));
    const press = await publish("Vacuum lamination press", s1.supplier.id, at(6 * HOUR), "asset");
    const fresh = await publish("Immersion gold chemicals", s1.supplier.id, at(7 * HOUR));
    const etchant = await publish("Etchant (for PS2)", s2.supplier.id, at(8 * HOUR));

    browser = await launchBrowser();
    const b = browser;
    const base = server.base;

    await t.step(
      "a supplier signs in, agrees, uploads a PDF, replaces it, sees history",
      async () => {
        const { context, page } = await openPortalAs(b, base, "PS1");
        await row(page, laminate.name).getByTestId("quote-status").getByText("Can make an offer")
          .waitFor();
        assert.equal(await page.title(), "My quotation projects - QMO Quotation Management");
        await row(page, laminate.name).getByText("2026-11-23 13:00").waitFor();
        assert.match(await row(page, laminate.name).getByTestId("countdown").innerText(), /left/);
        assert.equal(await row(page, other.name).count(), 0);
        // What closes first comes first.
        const names = await page.getByTestId("project-row").locator("p.truncate").allInnerTexts();
        assert.deepEqual(names.slice(0, 3), [laminate.name, closing.name, late.name]);

        await row(page, laminate.name).click();
        await page.waitForURL((u) => u.pathname === `/portal/projects/${laminate.id}`);
        await page.getByTestId("project-header").getByText(laminate.name).waitFor();
        await page.getByTestId("line-items").getByText("Prepreg 1080").filter({ visible: true })
          .waitFor();
        await page.getByTestId("attachments").getByText("技术要求.pdf").waitFor();
        await page.getByTestId("instruction").getByText("Only your last quotation counts")
          .waitFor();

        // No upload before agreeing.
        await page.getByTestId("agree-first").waitFor();
        assert.equal(await page.getByTestId("file-input").count(), 0);
        await page.getByTestId("agree").check();
        await page.getByTestId("file-input").waitFor({ state: "attached" });
        const inv = await env.db.query.offerProjectSuppliers.findFirst({
          where: eq(offerProjectSuppliers.projectId, laminate.id),
        });
        assert.equal(inv?.agreedAt?.toISOString(), NOW);

        // Checked before sending, by the server's rules.
        await page.getByTestId("file-input").setInputFiles({
          name: "notes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from("price: 10"),
        });
        await page.getByTestId("upload-error").getByText("Files ending in .txt are not accepted")
          .waitFor();
        // A PDF whose name hides a program's extension: the server's name rule, before sending.
        await page.getByTestId("file-input").setInputFiles(pdf("quote.exe.pdf", "price 10"));
        await page.getByTestId("upload-error")
          .getByText("carries the program extension .exe").waitFor();
        assert.equal(await page.getByTestId("submit-quote").isDisabled(), true);

        // The upload shows its progress (held back a moment so the bar can be seen).
        await page.route("**/SupplierOffer/Submit", async (route) => {
          await new Promise((r) => setTimeout(r, 400));
          await route.continue();
        });
        await page.getByTestId("file-input").setInputFiles(pdf("quote-v1.pdf", "price 10.50"));
        await page.getByTestId("chosen-file").getByText("quote-v1.pdf").waitFor();
        await page.getByTestId("submit-quote").click();
        await page.getByRole("progressbar").waitFor();
        await page.getByTestId("current-quote").getByText("quote-v1.pdf").waitFor();
        await page.getByRole("status").getByText("Your quotation was submitted").waitFor();
        await page.getByTestId("current-quote").getByText("Submitted on 2026-11-23 10:00:00")
          .waitFor();
        await page.unroute("**/SupplierOffer/Submit");

        env.clock.advance(60_000);
        await page.getByTestId("only-last").getByText("Only your last submission counts").waitFor();
        await page.getByTestId("file-input").setInputFiles(pdf("quote-v2.pdf", "price 9.80"));
        await page.getByTestId("submit-quote").getByText("Replace quotation").click();
        await page.getByTestId("current-quote").getByText("quote-v2.pdf").waitFor();
        await page.getByTestId("current-quote").getByText("2026-11-23 10:01:00").waitFor();
        const history = page.getByTestId("history-item");
        assert.equal(await history.count(), 1);
        assert.match(await history.first().innerText(), /quote-v1\.pdf[\s\S]*Replaced/);
        // How long ago, by the page's clock: three minutes after the 10:01 submission.
        await page.clock.setFixedTime(new Date("2026-11-23T02:04:00Z"));
        await page.getByTestId("submitted-ago").getByText("3 minutes ago").waitFor();

        await page.getByRole("link", { name: "My quotation projects" }).first().click();
        await row(page, laminate.name).getByTestId("quote-status").getByText("Quoted").waitFor();
        await context.close();
      },
    );

    await t.step("at the deadline the upload closes on the page, without a reload", async () => {
      env.clock.set(new Date(at(4 * HOUR).getTime() - 6_000));
      const { context, page } = await openPortalAs(b, base, "PS1");
      await page.goto(`/portal/projects/${closing.id}`);
      await page.getByTestId("agree").check();
      await page.getByTestId("file-input").waitFor({ state: "attached" });
      assert.equal(await page.getByTestId("file-input").isEnabled(), true);
      await page.evaluate(() => ((globalThis as Record<string, unknown>).stillHere = true));
      await page.getByTestId("upload-closed").waitFor({ timeout: 8_000 });
      await page.getByTestId("upload-closed").getByText("failure to submit counts as a waiver")
        .waitFor();
      assert.equal(await page.getByTestId("file-input").isDisabled(), true);
      assert.equal(await page.getByTestId("submit-quote").isDisabled(), true);
      assert.equal(
        await page.evaluate(() => (globalThis as Record<string, unknown>).stillHere),
        true,
      );
      await context.close();
    });

    await t.step("a late upload shows the server's refusal", async () => {
      env.clock.set(at(4 * HOUR));
      const { context, page } = await openPortalAs(b, base, "PS1");
      await page.goto(`/portal/projects/${late.id}`);
      await page.getByTestId("agree").check();
      await page.getByTestId("file-input").setInputFiles(pdf("late.pdf", "too late"));
      // The deadline passes on the server while the page still counts down.
      env.clock.set(new Date(at(5 * HOUR).getTime() + 1_000));
      await page.getByTestId("submit-quote").click();
      await page.getByTestId("upload-error").getByText(
        "The quotation deadline has passed: no submission is accepted after the deadline",
      ).waitFor();
      await page.getByTestId("upload-closed").waitFor();
      await page.getByTestId("current-quote").getByText("You have not submitted a quotation yet")
        .waitFor();
      await context.close();
    });

    await t.step("asset project: the first quote, then optimisation round 1", async () => {
      await agree(env, s1.token, press.id);
      assert.equal(
        (await submit(env, s1.token, press.id, pdfFile("first", "first.pdf"))).status,
        200,
      );
      env.clock.set(new Date(at(6 * HOUR).getTime() + 60_000));
      // Round 1 until Tuesday 17:00 in UTC+8.
      await openOptimizeRound(env, admin, {
        offProId: press.id,
        round: 1,
        endTime: "2026-11-24T09:00:00.000Z",
      });
      const { context, page } = await openPortalAs(b, base, "PS1");
      await row(page, press.name).getByText("Optimisation quote 1").waitFor();
      await row(page, press.name).click();
      const rounds = page.getByTestId("rounds");
      await rounds.locator('[data-round="1"]').getByText("Open now").waitFor();
      await rounds.locator('[data-round="0"]').getByText("Quoted").waitFor();
      await rounds.locator('[data-round="2"]').getByText("Not opened").waitFor();
      await page.getByText("Upload your quotation: Optimisation quote 1").waitFor();
      await page.getByTestId("file-input").setInputFiles(pdf("optimised.pdf", "lower"));
      await page.getByTestId("submit-quote").click();
      await page.getByTestId("current-quote").getByText("optimised.pdf").waitFor();
      assert.match(
        await page.getByTestId("history-item").first().innerText(),
        /first\.pdf[\s\S]*First quote[\s\S]*Counts/,
      );
      await context.close();
    });

    await t.step("a second supplier never sees the first one's project or quote", async () => {
      const { context, page } = await openPortalAs(b, base, "PS2");
      await row(page, other.name).waitFor();
      // Only its own two projects.
      assert.equal(await page.getByTestId("project-row").count(), 2);
      assert.equal(await row(page, laminate.name).count(), 0);
      await page.goto(`/portal/projects/${laminate.id}`);
      await page.getByText("This project does not exist or was not published to you").waitFor();
      assert.equal(await page.getByText("quote-v2.pdf").count(), 0);
      await context.close();
      // Nor can its sign-in fetch the other's quote file or list it.
      const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
        token: s1.token,
        query: { offProId: laminate.id },
      });
      const fileId = mine.json.result.items[0].fileId;
      const r = await call(env, "get", "/QMO/FileService/GetFileStream", {
        token: s2.token,
        query: { id: fileId },
      });
      assert.ok(r.status === 403 || r.status === 404, `status ${r.status}`);
      const theirs = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
        token: s2.token,
        query: { offProId: laminate.id },
      });
      assert.equal(theirs.status, 404);
    });
    await t.step(
      "an email's project link, opened signed out, lands on that project after sign-in",
      async () => {
        const { context, page } = await newPage(b, base);
        const scripts: string[] = [];
        page.on("request", (r) => scripts.push(new URL(r.url()).pathname));
        const signedInParts = () => scripts.filter((p) => /\/assets\/(Shell|Project)-/.test(p));
        await page.goto(`/portal/projects/${fresh.id}`);
        // The portal's own sign-in, light: the project pages load only once signed in.
        await page.waitForURL((u) => u.pathname === "/portal/login");
        assert.equal(
          new URL(page.url()).searchParams.get("redirect"),
          `/portal/projects/${fresh.id}`,
        );
        await page.locator("#login-user").waitFor();
        assert.deepEqual(signedInParts(), []);
        await signInAs(page, "PS1", PORTAL_PASSWORD);
        await page.waitForURL((u) => u.pathname === `/portal/projects/${fresh.id}`);
        await page.getByText(fresh.name).first().waitFor();
        assert.equal(signedInParts().length, 2, scripts.join(" "));
        await context.close();
      },
    );
    await t.step(
      "signing out of the portal comes back to its sign-in; staff signing in there go to the back-office",
      async () => {
        const { context, page } = await openPortalAs(b, base, "PS1");
        await page.getByTestId("portal-user-menu").click();
        await page.getByRole("menuitem", { name: "Log out" }).click();
        await page.waitForURL((u) => u.pathname === "/portal/login");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        await context.close();
      },
    );

    await t.step(
      "a project the buyer ended early is closed on the page, before any agreement",
      async () => {
        await endProject(env, admin, etchant.id);
        const { context, page } = await openPortalAs(b, base, "PS2");
        await page.goto(`/portal/projects/${etchant.id}`);
        await page.getByTestId("upload-closed").getByText(
          "Quoting for this project has ended before its deadline: no submission is accepted any more",
        ).waitFor();
        assert.equal(await page.getByTestId("agree").isDisabled(), true);
        assert.equal(await page.getByTestId("agree-first").count(), 0);
        await context.close();
      },
    );

    await t.step("staff opening the portal go back to the back-office", async () => {
      const { context, page } = await newPage(b, base);
      await page.goto("/login");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await page.goto("/portal/projects/1");
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await context.close();
    });

    await t.step("phone-width screenshots in both languages", async () => {
      env.clock.set(at(30 * 60_000));
      for (const lang of ["en", "zh"] as const) {
        const { context, page } = await openPortalAs(b, base, "PS1", {
          locale: lang === "zh" ? "zh-CN" : "en-US",
          width: 360,
          height: 780,
        });
        await row(page, laminate.name).waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 360, `no sideways scrolling (${width} px)`);
        await screenshot(page, `portal-${lang}-phone-list`);
        await row(page, laminate.name).click();
        await page.getByTestId("current-quote").getByText("quote-v2.pdf").waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}portal-${lang}-phone-project.png`,
          fullPage: true,
        });
        await page.goto(`/portal/projects/${fresh.id}`);
        await page.getByTestId("instruction").waitFor();
        await page.screenshot({
          path: `${SCREENSHOT_DIR}portal-${lang}-phone-instructions.png`,
          fullPage: true,
        });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`/portal/projects/${laminate.id}`);
        await page.getByTestId("current-quote").getByText("quote-v2.pdf").waitFor();
        await screenshot(page, `portal-${lang}-desktop-project`);
        await context.close();
      }
    });
  } finally {
    await browser?.close();
    await server.close();
  }
});
