// What a screen reader meets on every back-office page, in both languages: no element is labelled
// with a raw locale key (aria-label="menu.dashboard"), and each page has exactly one heading of
// level 1, its title in the reader's language.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { allLeafRoutes } from "../../client/admin/routes.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import {
  assetProject,
  DEADLINE,
  everything,
  materialProject,
  supplier,
} from "../domain/projects_fixtures.ts";
import { launchBrowser, newPage, signInAs, startServer } from "./browser.ts";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };

const opts = { sanitizeOps: false, sanitizeResources: false };
const LOCALE_KEY = /^[a-z]+(\.[A-Za-z]+)+$/;
const words = { en, zh } as const;

/** A locale key's text ("menu.dashboard" → "Home"). */
function text(lang: "en" | "zh", key: string): string {
  let v: unknown = words[lang];
  for (const part of key.split(".")) v = (v as Record<string, unknown>)[part];
  if (typeof v !== "string") throw new Error(`no text for ${key}`);
  return v;
}

/** The labels that look like locale keys, and the level-1 headings a reader meets. */
function readPage(page: Page) {
  return page.evaluate((pattern) => {
    const key = new RegExp(pattern);
    const shown = (el: Element) => !el.closest("[hidden]");
    const keys = [...document.querySelectorAll("[aria-label]")]
      .filter((el) => shown(el) && key.test(el.getAttribute("aria-label")!.trim()))
      .map((el) => `<${el.tagName.toLowerCase()} aria-label="${el.getAttribute("aria-label")}">`);
    const headings = [...document.querySelectorAll("h1, [role=heading][aria-level='1']")]
      .filter(shown).map((h) => h.textContent!.trim());
    return { keys, headings };
  }, LOCALE_KEY.source);
}

Deno.test(
  "every back-office page: no label is a locale key, and one h1, in both languages",
  opts,
  async () => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const admin = everything();
      const s1 = await supplier(env, "LBL-01");
      const draft = await materialProject(env, admin, "Copper foil to publish");
      const shown = await materialProject(env, admin, "Copper foil published");
      const asset = await assetProject(env, admin, "Laser driller published");
      for (const p of [shown, asset]) {
        await publishProject(env, admin, {
          offProManagerId: p.id,
          offerEndTime: DEADLINE,
          supList: [{ id: s1.id }],
        });
      }
      const assetDraft = await assetProject(env, admin, "Laser driller to publish");
      // The hidden pages open with the id they need.
      const query: Record<string, string> = {
        "/offerProjectManager/launch": `?id=${draft.id}`,
        "/offerProjectManager/AMSlaunch": `?id=${assetDraft.id}`,
        "/offerProjectManager/offerProjectManagerResult": `?id=${shown.id}`,
        "/offerProjectManager/AMSOfferProjectManagerResult": `?id=${asset.id}`,
        "/supplier/SupplierDetail": `?id=${s1.id}`,
        "/awardApproval/index": "?id=999",
        "/offerProjectManager/evaluation": `?id=${shown.id}`,
      };
      browser = await launchBrowser();
      for (const lang of ["en", "zh"] as const) {
        const { context, page } = await newPage(browser, server.base, {
          locale: lang === "en" ? "en-US" : "zh-CN",
          width: 1440,
          height: 900,
        });
        await page.goto("/login");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        const problems: string[] = [];
        for (const [path, route] of allLeafRoutes) {
          // Within the app, as the menu goes (no reload of the whole client each time).
          await page.evaluate((to) => {
            history.pushState({}, "", to);
            dispatchEvent(new PopStateEvent("popstate"));
          }, path + (query[path] ?? ""));
          const view = page.locator(`section[data-view="${path}"]:not([hidden])`);
          await view.waitFor();
          // Let the page load what it shows (lazy parts, lists) before reading it.
          await page.waitForLoadState("networkidle", { timeout: 3000 }).catch(() => {});
          await view.locator('[aria-busy="true"]').first().waitFor({ state: "detached" })
            .catch(() => {});
          const { keys, headings } = await readPage(page);
          for (const k of keys) problems.push(`${path}: ${k}`);
          if (headings.length !== 1 || headings[0] !== text(lang, route.title)) {
            problems.push(`${path}: level-1 headings ${JSON.stringify(headings)}`);
          }
          // The page's region is named by that heading, not by a key.
          const name = await view.evaluate((el) => {
            const by = el.getAttribute("aria-labelledby");
            return by
              ? document.getElementById(by)?.textContent?.trim()
              : el.getAttribute("aria-label");
          });
          if (name !== text(lang, route.title)) problems.push(`${path}: region named ${name}`);
        }
        assert.deepEqual(problems, [], `${lang}:\n${problems.join("\n")}`);
        await context.close();
      }
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
