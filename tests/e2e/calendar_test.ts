// The working-day calendar in a real browser: the dashboard and the publish page warn that 2027 has
// no official holiday schedule; an .ics for 2027 is imported on the calendar page after its preview
// (a bad file first, refused and changing nothing); then on the publish page 2027-02-08 (Spring
// Festival) is refused with its reason and the make-up Saturday 2027-02-20 is accepted and
// published. The server's clock stands at 2026-11-23 10:00 (UTC+8). Screenshots in both languages.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { offerProjects } from "../../db/schema.ts";
import { everything, materialProject, supplier } from "../domain/projects_fixtures.ts";
import { icsBytes } from "../calendar_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const CAL = "/systemSetting/workingCalendar";

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

Deno.test(
  "calendar import in the browser: 2027 loaded from an .ics, then 2027-02-08 refused and a make-up Saturday accepted on the publish page",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const s1 = await supplier(env, "SUP-001");
      const project = await materialProject(env, everything(), "Spring laminate order");

      browser = await launchBrowser();
      const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
      await page.goto("/login");
      await signInAs(page);
      await page.waitForURL((u) => u.pathname === "/dashboard");
      const launchPath = `/offerProjectManager/launch?id=${project.id}`;
      const launch = page.getByTestId("launch-page");
      const deadline = launch.locator("#launch-deadline");

      await t.step(
        "before the import: the dashboard and the publish page warn about 2027",
        async () => {
          // 2027 starts within the weeks deadlines are being set in.
          const warning = page.getByTestId("calendar-warnings").locator('[data-year="2027"]');
          await warning.filter({ hasText: "The 2027 holiday schedule is not loaded" }).waitFor();
          await page.goto(launchPath);
          await deadline.fill("2027-02-08T17:00");
          await launch.getByTestId("calendar-warning")
            .filter({ hasText: "The 2027 holiday schedule is not loaded" }).waitFor();
          // Without the schedule, Spring Festival passes for a working day: no refusal.
          assert.equal(await launch.getByTestId("field-error").count(), 0);
        },
      );

      await t.step(
        "the calendar page marks every month of 2027 as without official data",
        async () => {
          await page.goto(`${CAL}?year=2027`);
          const cal = page.getByTestId("calendar-page");
          await cal.getByTestId("year").filter({ hasText: "2027" }).waitFor();
          await cal.getByTestId("year-status").filter({
            hasText: "No official holiday schedule is loaded for 2027",
          }).waitFor();
          assert.equal(await cal.getByTestId("month-no-data").count(), 12);
          await screenshot(page, "calendar-2027-not-loaded-en");
        },
      );

      await t.step("a bad file is refused with its reason and changes nothing", async () => {
        const cal = page.getByTestId("calendar-page");
        await cal.getByTestId("calendar-file").setInputFiles({
          name: "broken.ics",
          mimeType: "text/calendar",
          buffer: Buffer.from(
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270230\r\nSUMMARY:春节\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
          ),
        });
        await toast(page, 'Line 3: DTSTART "20270230" is not a date: nothing was imported')
          .waitFor();
        assert.equal(await page.getByTestId("calendar-import-dialog").count(), 0);
        assert.equal(await cal.getByTestId("month-no-data").count(), 12);
      });

      await t.step("the .ics for 2027 is previewed, then imported", async () => {
        const cal = page.getByTestId("calendar-page");
        await cal.getByTestId("calendar-file").setInputFiles({
          name: "holidays-2027.ics",
          mimeType: "text/calendar",
          buffer: Buffer.from(icsBytes()),
        });
        const dialog = page.getByTestId("calendar-import-dialog");
        await dialog.getByTestId("import-years")
          .filter({
            hasText: "2027 will be replaced by 24 public holidays and 4 make-up working days",
          })
          .waitFor();
        assert.match(
          await dialog.getByTestId("import-days").innerText(),
          /2027-02-20\s+Make-up working day\s+春节/,
        );
        // The preview changed nothing yet.
        assert.equal(await cal.getByTestId("month-no-data").count(), 12);
        await screenshot(page, "calendar-import-preview-en");
        await dialog.getByTestId("dialog-submit").click();
        await toast(page, "holidays-2027.ics imported").waitFor();
        await dialog.waitFor({ state: "detached" });
        await cal.getByTestId("year-status").filter({ hasText: "loaded from holidays-2027.ics" })
          .waitFor();
        assert.equal(await cal.getByTestId("month-no-data").count(), 0);
        assert.equal(
          await cal.locator('[data-date="2027-02-08"]').getAttribute("data-kind"),
          "holiday",
        );
        assert.equal(
          await cal.locator('[data-date="2027-02-20"]').getAttribute("data-kind"),
          "workday",
        );
        assert.equal(
          await cal.locator('[data-date="2027-02-27"]').getAttribute("data-kind"),
          "weekend",
        );
        await cal.getByTestId("official-days").getByText("春节").first().waitFor();
        await screenshot(page, "calendar-2027-en");
      });

      await t.step(
        "the publish page refuses 2027-02-08 with its reason and accepts the make-up Saturday",
        async () => {
          await page.goto(launchPath);
          await launch.getByTestId("supplier-table").getByTestId("row").filter({
            hasText: "SUP-001",
          }).click();
          await deadline.fill("2027-02-08T17:00");
          await launch.getByTestId("field-error").filter({
            hasText:
              "The selected date is not a working day: 2027-02-08 is a public holiday (春节)",
          }).waitFor();
          assert.equal(
            await launch.getByTestId("calendar-warning").count(),
            0,
            "2027 is loaded now",
          );
          await deadline.fill("2027-02-20T17:00");
          await launch.getByTestId("field-error").waitFor({ state: "detached" });
          await launch.getByTestId("publish").click();
          await toast(page, "Published to the selected suppliers").waitFor();
          const [row] = await env.db.select().from(offerProjects).where(
            eq(offerProjects.id, project.id),
          );
          assert.equal(row.status, "published");
          assert.equal(row.offerEndTime?.toISOString(), "2027-02-20T09:00:00.000Z");
          assert.equal(s1.code, "SUP-001");
        },
      );
      await context.close();

      await t.step("the calendar page in Chinese", async () => {
        const zh = await newPage(browser!, server.base, {
          locale: "zh-CN",
          width: 1440,
          height: 900,
        });
        await zh.page.goto("/login");
        await signInAs(zh.page);
        await zh.page.waitForURL((u) => u.pathname === "/dashboard");
        await zh.page.goto(`${CAL}?year=2027`);
        const cal = zh.page.getByTestId("calendar-page");
        await cal.getByTestId("year-status").filter({ hasText: "官方安排已于" }).waitFor();
        await cal.getByTestId("official-days").getByText("春节").first().waitFor();
        await cal.getByTestId("legend").getByText("调休上班日").waitFor();
        await screenshot(zh.page, "calendar-2027-zh");
        await zh.page.goto(`${CAL}?year=2028`);
        await zh.page.locator(`[data-view="${CAL}"]`).getByTestId("month-no-data").first()
          .waitFor();
        await zh.context.close();
      });
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
