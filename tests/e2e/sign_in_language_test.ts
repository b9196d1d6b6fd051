// The language a supplier signs in with, in a real browser, is the language of the emails the system
// then sends them (through the outbox, to the test's own SMTP server): the English portal page gives
// English emails, the Chinese page Chinese ones.
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { PORTAL_PASSWORD, supplierWithLogin } from "../http/quotes_fixtures.ts";
import { startSmtp, until } from "../email_fixtures.ts";
import { launchBrowser, newPage, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const words = { en, zh };
const locales = { en: "en-US", zh: "zh-CN" } as const;

Deno.test(
  "a supplier who signs in on the English portal page gets the system's emails in English; on the Chinese page, in Chinese",
  opts,
  async (t) => {
    const smtp = await startSmtp();
    const server = await startServer({ env: { SMTP_URL: smtp.url } });
    const env = server.env;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const subjects = { en: /^\[Request for quotation\] /, zh: /^【报价邀请】/ };
      for (const lang of ["en", "zh"] as const) {
        await t.step(`signed in on the ${lang} page`, async () => {
          const code = `SL${lang.toUpperCase()}`;
          const { supplier } = await supplierWithLogin(env, code);
          const { context, page } = await newPage(browser!, server.base, {
            locale: locales[lang],
            width: 390,
            height: 844,
          });
          await page.goto("/portal/login");
          await page.getByRole("heading", { name: words[lang].login.heading }).waitFor();
          await signInAs(page, code, PORTAL_PASSWORD);
          await page.waitForURL((u) => u.pathname === "/portal");
          await page.getByTestId("portal-user-menu").waitFor();
          await context.close();

          const p = await createProject(env, everything(), {
            name: `Laminates ${lang}`,
            kind: "material",
            opiList: [{ itemName: "FR-4 1.6mm", unit: "sheet" }],
          });
          await publishProject(env, everything(), {
            offProManagerId: p.id,
            offerEndTime: new Date(env.clock.now().getTime() + 48 * 3600_000),
            supList: [{ id: supplier.id }],
          });
          const before = smtp.received.length;
          await flushOutbox(env);
          await until(() => smtp.received.length > before);
          const mail = smtp.received.at(-1)!;
          assert.deepEqual(mail.to, [`${code.toLowerCase()}@example.com`]);
          assert.match(mail.subject, subjects[lang]);
        });
      }
    } finally {
      await browser?.close();
      await server.close();
      await smtp.close();
    }
  },
);
