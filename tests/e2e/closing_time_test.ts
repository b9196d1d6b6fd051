// One closing time on every page, in a real browser: once the last invited supplier quotes, the
// portal's project header and list, the back-office's project list, publish and result pages and the
// dashboard all show the early close (30 minutes after that quote) with the original deadline and
// the reason; an asset project inside an optimisation round shows the round's end the same way; a
// project the buyer ended by hand while its early end was pending shows that end and its reason,
// not the early end to come. In both languages, with screenshots.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { createProject } from "../../server/domain/projects/edit.ts";
import { endProject, openOptimizeRound } from "../../server/domain/projects/lifecycle.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { NOW } from "../helpers.ts";
import { everything } from "../domain/projects_fixtures.ts";
import {
  agree,
  pdfFile,
  PORTAL_PASSWORD,
  submit,
  supplierWithLogin,
} from "../http/quotes_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const HOUR = 3600_000;
const MINUTE = 60_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);
const locales = { en: "en-US", zh: "zh-CN" } as const;

/** What each language says beside the early close and the round's end. */
const words = {
  en: {
    early: "Early end: every invited supplier has quoted · original deadline",
    byHand: "Ended by hand by the buyer · original deadline",
    round: "Optimisation round 1 · original deadline",
    left: "30 min",
  },
  zh: {
    early: "提前结束：受邀供应商均已报价 · 原截止时间",
    byHand: "采购员已手动结束 · 原截止时间",
    round: "第 1 轮优化报价 · 原截止时间",
    left: "30分钟",
  },
};

const portalRow = (page: Page, name: string) =>
  page.getByTestId("project-row").filter({ hasText: name });
const view = (page: Page) => page.locator("section[data-view]:not([hidden])");
const listRow = (page: Page, name: string) =>
  view(page).locator('[data-testid="row"]').filter({ hasText: name });

/** The closing time shown in `scope`: its text, and the note beside it. */
async function closingIn(scope: ReturnType<Page["locator"]>) {
  const c = scope.getByTestId("closing").first();
  await c.waitFor();
  return {
    time: (await c.locator("time").innerText()).replace(/\s*UTC\+8$/, " UTC+8"),
    note: await c.getByTestId("closing-note").innerText().catch(() => ""),
  };
}

Deno.test("one closing time on every page, in both languages", opts, async (t) => {
  const server = await startServer();
  const env = server.env;
  let browser: Browser | undefined;
  try {
    const admin = everything();
    const s1 = await supplierWithLogin(env, "CT1");
    const s2 = await supplierWithLogin(env, "CT2");
    const line = { itemName: "FR-4 copper clad laminate 1.6 mm", unit: "sheet" };
    // NOW is Monday 10:00 in UTC+8; the deadline is 13:00 the same day.
    const early = await createProject(env, admin, {
      name: "Laminate early end",
      kind: "material",
      opiList: [line],
    });
    await publishProject(env, admin, {
      offProManagerId: early.id,
      offerEndTime: at(3 * HOUR),
      supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
    });
    await agree(env, s1.token, early.id);
    assert.equal((await submit(env, s1.token, early.id, pdfFile("CT1 first"))).status, 200);

    // An asset project whose first quotation (deadline 12:00) ended, then round 1 until Tuesday
    // 12:00.
    const press = await createProject(env, admin, {
      name: "Vacuum press round",
      kind: "asset",
      demandCode: "REQ-9",
      equipmentName: "Vacuum press",
      offerItemType: "optimize",
      opiList: [line],
    });
    await publishProject(env, admin, {
      offProManagerId: press.id,
      offerEndTime: at(2 * HOUR),
      supList: [{ id: s1.supplier.id }],
    });
    await agree(env, s1.token, press.id);
    assert.equal((await submit(env, s1.token, press.id, pdfFile("press first"))).status, 200);
    await endProject(env, admin, press.id);
    await openOptimizeRound(env, admin, { offProId: press.id, round: 1, endTime: at(26 * HOUR) });

    // Both suppliers quoted at 09:50 (the early end pending, at 10:20), then the buyer ended it by
    // hand at 09:55:05; the pages are read at 10:00.
    env.clock.set(at(-10 * MINUTE));
    const byHand = await createProject(env, admin, {
      name: "Laminate ended by hand",
      kind: "material",
      opiList: [line],
    });
    await publishProject(env, admin, {
      offProManagerId: byHand.id,
      offerEndTime: at(3 * HOUR),
      supList: [{ id: s1.supplier.id }, { id: s2.supplier.id }],
    });
    for (const s of [s1, s2]) {
      await agree(env, s.token, byHand.id);
      assert.equal(
        (await submit(env, s.token, byHand.id, pdfFile(`${s.supplier.code}`))).status,
        200,
      );
    }
    env.clock.set(at(-5 * MINUTE + 5_000));
    await endProject(env, admin, byHand.id);
    env.clock.set(at(0));

    browser = await launchBrowser();
    const b = browser;

    await t.step("the last invited supplier quotes: the portal moves the close", async () => {
      const { context, page } = await newPage(b, server.base);
      await page.goto("/portal/login");
      await signInAs(page, "CT2", PORTAL_PASSWORD);
      await page.waitForURL((u) => u.pathname === "/portal");
      // Before the last quote: the deadline, nothing beside it.
      assert.deepEqual(await closingIn(portalRow(page, early.name)), {
        time: "2026-11-23 13:00:00 UTC+8",
        note: "",
      });
      await portalRow(page, early.name).click();
      await page.getByTestId("agree").check();
      await page.getByTestId("file-input").setInputFiles({
        name: "quote.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n% CT2\n%%EOF\n"),
      });
      await page.getByTestId("submit-quote").click();
      await page.getByTestId("current-quote").getByText("quote.pdf").waitFor();
      // The header says the same as the countdown: half an hour after this last quote.
      const header = page.getByTestId("project-header");
      await header.getByText(words.en.early).waitFor();
      assert.deepEqual(await closingIn(header), {
        time: "2026-11-23 10:30:00 UTC+8",
        note: `${words.en.early} 2026-11-23 13:00:00`,
      });
      assert.match(
        await page.getByTestId("quote-panel").getByTestId("countdown").innerText(),
        /\b00:(29|30):\d\d left/,
      );
      await context.close();
    });

    for (const lang of ["en", "zh"] as const) {
      const w = words[lang];
      await t.step(`portal (${lang}): the list and the header show the close and why`, async () => {
        const { context, page } = await newPage(b, server.base, { locale: locales[lang] });
        await page.goto("/portal/login");
        await signInAs(page, "CT1", PORTAL_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/portal");
        assert.deepEqual(await closingIn(portalRow(page, early.name)), {
          time: "2026-11-23 10:30:00 UTC+8",
          note: `${w.early} 2026-11-23 13:00:00`,
        });
        assert.deepEqual(await closingIn(portalRow(page, press.name)), {
          time: "2026-11-24 12:00:00 UTC+8",
          note: `${w.round} 2026-11-23 12:00:00`,
        });
        assert.deepEqual(await closingIn(portalRow(page, byHand.name)), {
          time: "2026-11-23 09:55:05 UTC+8",
          note: `${w.byHand} 2026-11-23 13:00:00`,
        });
        await screenshot(page, `closing-${lang}-portal-list`);
        await portalRow(page, byHand.name).click();
        assert.deepEqual(await closingIn(page.getByTestId("project-header")), {
          time: "2026-11-23 09:55:05 UTC+8",
          note: `${w.byHand} 2026-11-23 13:00:00`,
        });
        await page.goto("/portal");
        await portalRow(page, early.name).click();
        assert.deepEqual(await closingIn(page.getByTestId("project-header")), {
          time: "2026-11-23 10:30:00 UTC+8",
          note: `${w.early} 2026-11-23 13:00:00`,
        });
        await screenshot(page, `closing-${lang}-portal-project`);
        await context.close();
      });

      await t.step(`back-office (${lang}): list, result page and dashboard agree`, async () => {
        const { context, page } = await newPage(b, server.base, { locale: locales[lang] });
        await page.goto("/login");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        const open = page.getByTestId("overview-material").getByTestId("open-projects");
        const row = open.locator("tr").filter({ hasText: early.name });
        assert.deepEqual(await closingIn(row), {
          time: "2026-11-23 10:30:00",
          note: `${w.early} 2026-11-23 13:00:00`,
        });
        assert.equal((await row.locator("td").nth(4).innerText()).trim(), w.left);
        const roundRow = page.getByTestId("overview-asset").getByTestId("open-projects")
          .locator("tr").filter({ hasText: press.name });
        assert.deepEqual(await closingIn(roundRow), {
          time: "2026-11-24 12:00:00",
          note: `${w.round} 2026-11-23 12:00:00`,
        });
        await screenshot(page, `closing-${lang}-dashboard`);

        await page.goto("/offerProjectManager/OfferProjectManagerList");
        assert.deepEqual(await closingIn(listRow(page, early.name)), {
          time: "2026-11-23 10:30:00",
          note: `${w.early} 2026-11-23 13:00:00`,
        });
        assert.deepEqual(await closingIn(listRow(page, byHand.name)), {
          time: "2026-11-23 09:55:05",
          note: `${w.byHand} 2026-11-23 13:00:00`,
        });
        // Wide enough for every column beside the sticky actions.
        await page.setViewportSize({ width: 1800, height: 800 });
        await screenshot(page, `closing-${lang}-project-list`);
        await page.setViewportSize({ width: 1366, height: 800 });
        await page.goto("/offerProjectManager/offerProjectAMSList");
        assert.deepEqual(await closingIn(listRow(page, press.name)), {
          time: "2026-11-24 12:00:00",
          note: `${w.round} 2026-11-23 12:00:00`,
        });

        await page.goto(`/offerProjectManager/launch?id=${early.id}`);
        assert.deepEqual(await closingIn(view(page).getByTestId("launch-project")), {
          time: "2026-11-23 10:30:00",
          note: `${w.early} 2026-11-23 13:00:00`,
        });
        await screenshot(page, `closing-${lang}-publish`);

        await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${early.id}`);
        const result = view(page).getByTestId("result-page");
        assert.deepEqual(await closingIn(result), {
          time: "2026-11-23 10:30:00",
          note: `${w.early} 2026-11-23 13:00:00`,
        });
        await screenshot(page, `closing-${lang}-result`);

        // Ended by hand: the close shown is that end, as the end time beside it says.
        await page.goto(`/offerProjectManager/offerProjectManagerResult?id=${byHand.id}`);
        const ended = view(page).getByTestId("result-page");
        assert.deepEqual(await closingIn(ended), {
          time: "2026-11-23 09:55:05",
          note: `${w.byHand} 2026-11-23 13:00:00`,
        });
        assert.equal(await ended.getByText(w.early).count(), 0, "no early end to come");
        await ended.getByText("2026-11-23 09:55:05").nth(1).waitFor();
        await screenshot(page, `closing-${lang}-result-ended-by-hand`);
        await context.close();
      });
    }
  } finally {
    await browser?.close();
    await server.close();
  }
});
