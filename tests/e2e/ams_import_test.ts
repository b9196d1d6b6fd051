// Importing an equipment demand from the asset system in a real browser, against a small asset
// system started by the test (a real HTTP server answering the documented format): the open
// demands listed and searched, a demand already used shown as such and not selectable, choosing one
// filling the asset project's fields; an asset system answering garbage, then down, then back
// (a clear message each time, nothing saved); the project's flags as badges on the list, the
// publish page and the result page; screenshots in both languages.
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { offerProjects } from "../../db/schema.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { everything, supplier } from "../domain/projects_fixtures.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const LIST = "/offerProjectManager/offerProjectAMSList";

const DEMANDS = [
  {
    demandCode: "REQ-2026-101",
    equipmentName: "激光钻孔机 Laser driller",
    estimatedAmount: "2850000",
    requester: "王工",
    demandDate: "2026-11-18",
  },
  {
    demandCode: "REQ-2026-102",
    equipmentName: "AOI inspection machine",
    estimatedAmount: 150000,
    requester: "Li Na",
    demandDate: "2026-11-19T09:30:00+08:00",
  },
  {
    demandCode: "REQ-2026-090",
    equipmentName: "Reflow oven",
    estimatedAmount: "480000",
    requester: "Zhang Wei",
    demandDate: "2026-11-02",
  },
];

/** The asset system of this test: answers its open demands, or garbage; can go down and come back. */
class Ams {
  mode: "demands" | "garbage" = "demands";
  port = 0;
  #server?: Deno.HttpServer<Deno.NetAddr>;
  start() {
    this.#server = Deno.serve(
      { port: this.port, hostname: "127.0.0.1", onListen() {} },
      () =>
        this.mode === "demands"
          ? Response.json({ result: { items: DEMANDS, totalCount: DEMANDS.length } })
          : new Response("<html><body>502 Bad Gateway</body></html>", {
            headers: { "content-type": "text/html" },
          }),
    );
    this.port = this.#server.addr.port;
  }
  async stop() {
    await this.#server?.shutdown();
    this.#server = undefined;
  }
}

const visible = (page: Page) => page.locator("section[data-view]:not([hidden])");
const rowOf = (page: Page, text: string) =>
  visible(page).getByTestId("row").filter({ hasText: text });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-kind]").filter({ hasText: text }).first();

Deno.test("import an equipment demand from the asset system in a browser", opts, async (t) => {
  const ams = new Ams();
  ams.start();
  const server = await startServer({ env: { AMS_URL: `http://127.0.0.1:${ams.port}/demands` } });
  const env = server.env;
  let browser: Browser | undefined;
  const projectCount = async () => (await env.db.select({ n: count() }).from(offerProjects))[0].n;
  try {
    const admin = everything();
    const s1 = await supplier(env, "AMS-SUP-1");
    // A project already uses REQ-2026-090 (typed by hand).
    const used = await createProject(env, admin, {
      name: "Reflow oven line 3",
      kind: "asset",
      offerItemType: "comparePrices",
      demandCode: "REQ-2026-090",
      opiList: [{ itemName: "Reflow oven" }],
    });

    browser = await launchBrowser();
    const { context, page } = await newPage(browser, server.base, { width: 1440, height: 900 });
    await page.goto(LIST);
    await signInAs(page);
    await page.waitForURL((u) => u.pathname === LIST);
    await rowOf(page, "Reflow oven line 3").waitFor();
    const dialog = page.getByTestId("project-dialog");
    const picker = page.getByTestId("ams-dialog");
    const pickerRows = picker.getByTestId("ams-table").getByTestId("row");

    let projectId = 0;
    await t.step(
      "the open demands, searchable; a used one shown as such, not selectable",
      async () => {
        await visible(page).getByTestId("add").click();
        await dialog.locator("#pj-name").fill("Laser drilling line");
        await dialog.getByTestId("ams-import").click();
        await pickerRows.nth(2).waitFor();
        assert.equal(await pickerRows.count(), 3);
        await picker.getByTestId("ams-count").getByText("3 open demands, 2 not yet used").waitFor();
        const first = await pickerRows.nth(0).innerText();
        for (const text of ["REQ-2026-101", "激光钻孔机 Laser driller", "2850000", "王工"]) {
          assert.ok(first.includes(text), `${text} in ${first}`);
        }
        assert.match(first, /2026-11-18/);
        assert.match(first, /Monthly purchase/);
        const usedRow = pickerRows.filter({ hasText: "REQ-2026-090" });
        await usedRow.getByText(`Used by ${used.code}`).waitFor();
        assert.equal(await usedRow.getAttribute("aria-disabled"), "true");
        assert.equal(await usedRow.getByTestId("ams-choose").count(), 0);
        await usedRow.click({ force: true });
        // Searching by equipment, requester or number.
        await picker.getByTestId("ams-search").fill("aoi");
        await pickerRows.filter({ hasText: "REQ-2026-101" }).waitFor({ state: "detached" });
        assert.equal(await pickerRows.count(), 1);
        await picker.getByTestId("ams-search").fill("wei");
        await pickerRows.filter({ hasText: "REQ-2026-102" }).waitFor({ state: "detached" });
        assert.match(await pickerRows.innerText(), /REQ-2026-090/);
        await picker.getByTestId("ams-search").fill("nothing like it");
        await picker.getByText("No demand matches “nothing like it”").waitFor();
        await picker.getByTestId("ams-search").fill("");
        await pickerRows.nth(2).waitFor();
        // The click on the used demand chose nothing.
        assert.equal(await dialog.locator("#pj-demand").inputValue(), "");
        await screenshot(page, "ams-import-list-en");
      },
    );

    await t.step("choosing a demand fills the asset fields; saved as from AMS", async () => {
      await pickerRows.filter({ hasText: "REQ-2026-101" }).click();
      await picker.waitFor({ state: "detached" });
      assert.equal(await dialog.locator("#pj-demand").inputValue(), "REQ-2026-101");
      assert.equal(await dialog.locator("#pj-demand").getAttribute("readonly"), "");
      assert.equal(await dialog.locator("#pj-equipment").inputValue(), "激光钻孔机 Laser driller");
      assert.equal(await dialog.locator("#pj-amount").inputValue(), "2850000");
      await dialog.getByTestId("monthly-flag").getByText("Monthly purchase").waitFor();
      await dialog.getByTestId("ams-imported").getByText(
        "Imported from the asset system: demand REQ-2026-101",
      ).waitFor();
      await dialog.locator("#pj-type").selectOption("comparePrices");
      await dialog.locator("#pj-bidding").check();
      const line = dialog.getByTestId("item-row").first();
      await line.locator('[data-item-field="itemName"]').fill("Laser driller");
      await line.locator('[data-item-field="description"]').fill("CO2, two heads");
      await screenshot(page, "ams-import-dialog-en");
      const saved = page.waitForResponse((r) => r.url().includes("CreateOfferProjectManagerData"));
      await dialog.getByTestId("dialog-submit").click();
      projectId = (await (await saved).json()).result.id;
      await toast(page, "Saved").waitFor();
      const [row] = await env.db.select().from(offerProjects).where(
        eq(offerProjects.id, projectId),
      );
      assert.equal(row.demandCode, "REQ-2026-101");
      assert.equal(row.equipmentName, "激光钻孔机 Laser driller");
      assert.equal(row.estimatedAmount, "2850000");
      assert.equal(row.fromAms, true);
      assert.equal(row.monthlyPurchase, true);
      assert.equal(row.isBidding, true);
    });

    await t.step("the flags as badges on the list and the publish page", async () => {
      const badges = rowOf(page, "Laser drilling line").getByTestId("project-badges");
      await badges.waitFor();
      assert.deepEqual(
        await badges.locator("[data-badge]").evaluateAll((els) =>
          els.map((e) => `${(e as HTMLElement).dataset.badge}:${e.textContent}`)
        ),
        ["isBidding:Bidding", "monthlyPurchase:Monthly purchase", "fromAms:From AMS"],
      );
      // A project typed by hand, not bidding and under the threshold, has none.
      assert.equal(
        await rowOf(page, "Reflow oven line 3").getByTestId("project-badges").count(),
        0,
      );
      await screenshot(page, "ams-list-badges-en");
      await rowOf(page, "Laser drilling line").getByTestId("launch").click();
      const launch = visible(page).getByTestId("launch-page");
      await launch.getByTestId("project-badges").getByText("From AMS").waitFor();
      await launch.getByTestId("flag-fromAms").getByText("Imported from the asset system")
        .waitFor();
      assert.equal(await launch.getByTestId("flag-isBidding").innerText(), "Yes");
      assert.equal(await launch.getByTestId("flag-monthlyPurchase").innerText(), "Yes");
      await launch.getByTestId("item-description").getByText("CO2, two heads").waitFor();
      await screenshot(page, "ams-launch-flags-en");
    });

    await t.step(
      "the asset system answering garbage: a clear message, nothing filled",
      async () => {
        ams.mode = "garbage";
        const before = await projectCount();
        await page.goto(LIST);
        await visible(page).getByTestId("add").click();
        await dialog.locator("#pj-name").fill("Must not be saved");
        await dialog.getByTestId("ams-import").click();
        await picker.getByTestId("ams-error").getByText(
          "The asset system's answer is not a list of demands: nothing was imported. " +
            "Ask an administrator to check AMS_URL.",
        ).waitFor();
        assert.equal(await picker.getByTestId("ams-table").count(), 0);
        await screenshot(page, "ams-import-garbage-en");
        await picker.getByRole("button", { name: "Cancel" }).click();
        await picker.waitFor({ state: "detached" });
        assert.equal(await dialog.locator("#pj-demand").inputValue(), "");
        assert.equal(await dialog.locator("#pj-equipment").inputValue(), "");
        assert.equal(await dialog.getByTestId("ams-imported").count(), 0);

        // Down: the message says so; back up, "Try again" lists the demands.
        await ams.stop();
        await dialog.getByTestId("ams-import").click();
        await picker.getByTestId("ams-error").getByText(
          "The asset system could not be reached: try again later. Nothing was changed.",
        ).waitFor();
        await screenshot(page, "ams-import-down-en");
        ams.mode = "demands";
        ams.start();
        await picker.getByRole("button", { name: "Try again" }).click();
        await pickerRows.nth(2).waitFor();
        await picker.getByRole("button", { name: "Cancel" }).click();
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        assert.equal(await projectCount(), before, "nothing was saved");
      },
    );

    await t.step("the result page shows the flags", async () => {
      await publishProject(env, admin, {
        offProManagerId: projectId,
        offerEndTime: "2026-11-24T09:00:00.000Z",
        supList: [{ id: s1.id }],
      });
      await page.goto(`/offerProjectManager/AMSOfferProjectManagerResult?id=${projectId}`);
      const result = visible(page).getByTestId("result-page");
      await result.getByTestId("project-badges").getByText("Bidding").waitFor();
      assert.equal(await result.getByTestId("flag-isBidding").innerText(), "Yes");
      assert.equal(await result.getByTestId("flag-monthlyPurchase").innerText(), "Yes");
      assert.equal(
        await result.getByTestId("flag-fromAms").innerText(),
        "Imported from the asset system",
      );
      await result.getByTestId("item-description").getByText("CO2, two heads").waitFor();
      await screenshot(page, "ams-result-flags-en");
    });

    await t.step("the same screens in Chinese", async () => {
      const zh = await newPage(browser!, server.base, {
        locale: "zh-CN",
        width: 1440,
        height: 900,
      });
      const p = zh.page;
      await p.goto(LIST);
      await signInAs(p);
      await p.waitForURL((u) => u.pathname === LIST);
      const badges = rowOf(p, "Laser drilling line").getByTestId("project-badges");
      await badges.getByText("来自AMS").waitFor();
      await badges.getByText("月度采购").waitFor();
      await badges.getByText("招标").waitFor();
      await screenshot(p, "ams-list-badges-zh");
      await visible(p).getByTestId("add").click();
      await p.getByTestId("project-dialog").getByTestId("ams-import").click();
      const zhPicker = p.getByTestId("ams-dialog");
      await zhPicker.getByText(`已被 ${used.code} 使用`).waitFor();
      await zhPicker.getByText("共 3 条未结需求，1 条未使用").waitFor();
      await screenshot(p, "ams-import-list-zh");
      await zhPicker.getByTestId("ams-table").getByTestId("row").filter({
        hasText: "REQ-2026-102",
      }).click();
      await p.getByTestId("project-dialog").getByTestId("ams-imported").waitFor();
      await screenshot(p, "ams-import-dialog-zh");
      await p.getByTestId("project-dialog").getByRole("button", { name: "取消" }).click();
      await p.goto(`/offerProjectManager/AMSOfferProjectManagerResult?id=${projectId}`);
      await visible(p).getByTestId("flag-fromAms").getByText("从资产系统导入").waitFor();
      await screenshot(p, "ams-result-flags-zh");
      ams.mode = "garbage";
      await p.goto(LIST);
      await visible(p).getByTestId("add").click();
      await p.getByTestId("project-dialog").getByTestId("ams-import").click();
      await zhPicker.getByTestId("ams-error").getByText(/资产系统的应答不是需求列表/).waitFor();
      await screenshot(p, "ams-import-garbage-zh");
      await zh.context.close();
    });
    await context.close();
  } finally {
    await browser?.close();
    await server.close();
    await ams.stop();
  }
});
