// System management and system settings screens in a real browser: users with roles, a role's
// permissions through the tree, the audit log by user, a system resource, a dictionary code, the
// delete confirmation, a server field error beside its field, and screenshots in both languages.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const dialog = (page: Page, id: string) => page.getByTestId(id);
const rows = (page: Page, view: string) =>
  page.locator(`[data-view="${view}"] [data-testid="row"]`);
const okMessage = (page: Page, text: string) =>
  page.getByRole("status").filter({ hasText: text }).first().waitFor();

/** Opens a page; answers its own view (tabs stay mounted, so lookups are scoped to it). */
async function open(page: Page, path: string, testId: string) {
  await page.goto(path);
  const v = page.locator(`[data-view="${path}"]`);
  await v.getByTestId(testId).waitFor();
  return v;
}

Deno.test("system management and settings screens in a browser", opts, async (t) => {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const { context, page } = await newPage(browser, server.base);
    await page.goto("/login");
    await signInAs(page);
    await page.waitForURL((u) => u.pathname === "/dashboard");

    await t.step(
      "a user created with a role is found in the list; a server error sits beside its field",
      async () => {
        const v = await open(page, "/systemManager/userManager", "users-page");
        await v.getByTestId("add").click();
        const d = dialog(page, "user-dialog");
        // Required fields are checked before sending.
        await d.getByTestId("dialog-submit").click();
        await d.locator('[data-field="userName"]').getByTestId("field-error").waitFor();
        // A user name the server refuses: its message appears beside the user name field.
        await d.locator("#user-userName").fill("bad name!");
        await d.locator("#user-name").fill("Li Buyer");
        await d.locator("#user-password").fill("Buyer@12345");
        await d.getByText("Buyer", { exact: true }).click();
        await d.getByTestId("dialog-submit").click();
        await d.locator('[data-field="userName"]').getByTestId("field-error")
          .filter({ hasText: /letters, digits/ }).waitFor();
        await page.getByRole("alert").filter({ hasText: "Could not save" }).first().waitFor();
        await d.locator("#user-userName").fill("li.buyer");
        await d.getByTestId("dialog-submit").click();
        await okMessage(page, "Saved");
        await d.waitFor({ state: "detached" });
        await page.locator("#users-keyword").fill("li.buyer");
        await page.locator("#users-keyword").press("Enter");
        // The filtered answer has come back when the total says so.
        await v.getByTestId("total").filter({ hasText: /Total 1\b/ }).waitFor();
        assert.equal(await rows(page, "/systemManager/userManager").count(), 1);
        const row = rows(page, "/systemManager/userManager").first();
        assert.match(await row.innerText(), /Buyer/);
        assert.match(await v.getByTestId("total").innerText(), /Total 1/);
      },
    );

    await t.step("deletion asks the spec's confirmation; cancel keeps the row", async () => {
      const row = rows(page, "/systemManager/userManager").first();
      await row.getByTestId("delete").click();
      const confirm = page.getByTestId("confirm-dialog");
      assert.equal(
        await confirm.getByTestId("confirm-text").innerText(),
        "Delete this record?",
      );
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      assert.equal(await rows(page, "/systemManager/userManager").count(), 1);
    });

    await t.step("a role's permissions are edited through the tree", async () => {
      await open(page, "/systemManager/roleManager", "roles-page");
      const buyer = rows(page, "/systemManager/roleManager").filter({ hasText: "Buyer" }).first();
      await buyer.getByTestId("edit").click();
      const d = dialog(page, "role-dialog");
      const tree = d.getByTestId("permission-tree");
      await tree.waitFor();
      // Label from locales; checking the permission and the whole "System management" group.
      await tree.getByLabel(/^Log management/).check();
      await tree.getByLabel("System management", { exact: true }).check();
      await d.getByTestId("dialog-submit").click();
      await okMessage(page, "Saved");
      const res = await server.env.db.query.roles.findFirst({
        where: (r, { eq }) => eq(r.name, "Buyer"),
        with: undefined,
      });
      assert.ok(res);
      const perms = await server.env.db.query.rolePermissions.findMany({
        where: (p, { eq }) => eq(p.roleId, res.id),
      });
      const names = perms.map((p) => p.permission);
      for (const p of ["System.Log.Search", "System.User.Search", "System.Group.Search"]) {
        assert.ok(names.includes(p), p);
      }
      // Unchecking one permission of the group leaves the group indeterminate.
      await buyer.getByTestId("edit").click();
      await tree.getByLabel(/^Group management/).uncheck();
      assert.equal(
        await tree.getByLabel("System management", { exact: true }).evaluate((e) =>
          (e as HTMLInputElement).indeterminate
        ),
        true,
      );
      await d.getByRole("button", { name: "Cancel" }).click();
    });

    await t.step("the audit log filtered by user, and an entry's details", async () => {
      const v = await open(page, "/systemManager/logManager", "logs-page");
      await page.locator("#logs-user").fill("admin");
      await page.locator("#logs-service").fill("User");
      await page.locator("#logs-service").press("Enter");
      const list = rows(page, "/systemManager/logManager");
      await list.first().waitFor();
      for (const text of await list.allInnerTexts()) assert.match(text, /admin/);
      await page.locator("#logs-user").fill("nobody-at-all");
      await v.getByTestId("search").click();
      await v.getByTestId("table-empty").getByText("No data").waitFor();
      await v.getByTestId("reset").click();
      await list.first().waitFor();
      await page.locator("#logs-method").fill("Create");
      await page.locator("#logs-method").press("Enter");
      await list.filter({ hasText: "Create" }).first().click();
      const d = dialog(page, "log-detail");
      await d.getByTestId("log-parameters").waitFor();
      assert.match(await d.getByTestId("log-parameters").innerText(), /"userName"/);
      // Passwords are masked in the log.
      assert.doesNotMatch(await d.getByTestId("log-parameters").innerText(), /Buyer@12345/);
      await d.getByRole("button", { name: "Close" }).last().click();
    });

    await t.step("a system resource is edited and read back", async () => {
      await open(page, "/systemSetting/systemResource", "resources-page");
      await page.locator("#res-reminderHours").fill("48, 4");
      await page.locator("#res-uploadLimitMb").fill("20");
      await page.getByTestId("save").click();
      await okMessage(page, "Saved");
      await page.reload();
      await page.getByTestId("resources-page").waitFor();
      assert.equal(await page.locator("#res-reminderHours").inputValue(), "48, 4");
      assert.equal(await page.locator("#res-uploadLimitMb").inputValue(), "20");
      // An empty instruction is refused beside its field.
      await page.locator("#res-quoteInstructionEn").fill("");
      await page.getByTestId("save").click();
      await page.locator('[data-field="quoteInstructionEn"]').getByTestId("field-error").waitFor();
      await page.locator("#res-quoteInstructionEn").fill("Quote before the deadline.");
      await page.getByTestId("save").click();
      await okMessage(page, "Saved");
    });

    await t.step(
      "the supplier quotations page shows the instructions suppliers see now",
      async () => {
        const v = await open(page, "/supplierOffer/SupplierOfferList", "supplier-offer-page");
        // How quoting works and the instructions are folded away above the list of quotes.
        await v.getByTestId("supplier-offer-help").locator("summary").click();
        await v.getByTestId("supplier-offer-instruction").getByText("Quote before the deadline.")
          .waitFor();
        await v.getByRole("link", { name: "Edit the instructions" }).click();
        await page.waitForURL((u) => u.pathname === "/systemSetting/systemResource");
      },
    );

    await t.step("a dictionary type and code are added; deleting asks first", async () => {
      await open(page, "/systemSetting/systemCodeType", "dictionary-page");
      await page.getByRole("button", { name: "Add type" }).click();
      let d = dialog(page, "type-dialog");
      await d.locator("#type-code").fill("Packaging");
      await d.locator("#type-name").fill("包装方式");
      await d.locator("#type-nameEn").fill("Packaging");
      await d.getByTestId("dialog-submit").click();
      await okMessage(page, "Saved");
      await page.getByTestId("type-table").getByText("Packaging").first().click();
      await page.getByText("Codes of Packaging").waitFor();
      await page.getByRole("button", { name: "Add code" }).click();
      d = dialog(page, "code-dialog");
      await d.locator("#code-code").fill("REEL");
      await d.locator("#code-name").fill("卷装");
      await d.locator("#code-nameEn").fill("Reel");
      await d.getByTestId("dialog-submit").click();
      await okMessage(page, "Saved");
      const codes = page.getByTestId("code-table").getByTestId("row");
      await codes.filter({ hasText: "REEL" }).waitFor();
      // The same code twice: the server's error sits beside the code field.
      await page.getByRole("button", { name: "Add code" }).click();
      await d.locator("#code-code").fill("REEL");
      await d.locator("#code-name").fill("卷装");
      await d.getByTestId("dialog-submit").click();
      await d.locator('[data-field="code"]').getByTestId("field-error").filter({
        hasText: "already exists",
      }).waitFor();
      await d.getByRole("button", { name: "Cancel" }).click();
      await codes.filter({ hasText: "REEL" }).getByTestId("delete").click();
      await page.getByTestId("confirm-text").getByText(
        "Delete this record?",
      ).waitFor();
      await page.getByTestId("confirm-ok").click();
      await okMessage(page, "Deleted");
      await page.getByTestId("code-table").getByTestId("table-empty").waitFor();
    });

    await t.step("email alerts: the spec's prompts for code, subject and mechanism", async () => {
      const v = await open(page, "/systemSetting/emailManager", "email-page");
      await v.getByTestId("add").click();
      const d = dialog(page, "template-dialog");
      await d.getByTestId("dialog-submit").click();
      await d.getByText("Please enter the reminder code", { exact: true }).last().waitFor();
      await d.locator('[data-field="subject"]').getByText("Please enter the subject").waitFor();
      await d.locator('[data-field="mechanism"]').getByText("Please enter the sending mechanism")
        .last().waitFor();
      await d.getByRole("button", { name: "Cancel" }).click();

      // An English reader sees the English subjects; a template the system sends on an event
      // says so before it is deleted, and cancelling keeps it.
      const receipt = v.getByTestId("row").filter({ hasText: "QUOTE_RECEIPT" });
      await receipt.getByText("[Quotation receipt]", { exact: false }).waitFor();
      await receipt.getByTestId("delete").click();
      const confirmBox = page.getByTestId("confirm-dialog");
      await confirmBox.getByText(
        "The system sends QUOTE_RECEIPT on its own: Receipt to the supplier after each submission.",
        { exact: false },
      ).waitFor();
      await screenshot(page, "en-system-email-delete-event");
      await confirmBox.getByRole("button", { name: "Cancel" }).click();
      await receipt.waitFor();
    });
    await context.close();

    await t.step("screenshots of each page in both languages", async () => {
      const shots: [string, string, string][] = [
        ["/systemManager/userManager", "users-page", "users"],
        ["/systemManager/roleManager", "roles-page", "roles"],
        ["/systemManager/permissionManager", "permissions-page", "permissions"],
        ["/systemManager/groupManager", "groups-page", "groups"],
        ["/systemManager/logManager", "logs-page", "logs"],
        ["/systemSetting/systemResource", "resources-page", "resources"],
        ["/systemSetting/systemCodeType", "dictionary-page", "dictionary"],
        ["/systemSetting/emailManager", "email-page", "email"],
        ["/systemSetting/userLeaderSet", "leaders-page", "leaders"],
      ];
      for (const lang of ["en", "zh"] as const) {
        const { context, page } = await newPage(browser!, server.base, {
          locale: lang === "zh" ? "zh-CN" : "en-US",
          height: 860,
        });
        await page.goto("/login");
        await signInAs(page);
        await page.waitForURL((u) => u.pathname === "/dashboard");
        for (const [path, testId, name] of shots) {
          const v = await open(page, path, testId);
          // Wait for the page's data: rows, an empty table, a form or the permission tree.
          await v.locator(
            '[data-testid="row"], [data-testid="table-empty"], textarea, [data-testid="permission-tree"]',
          ).first().waitFor();
          await page.waitForTimeout(150);
          await screenshot(page, `${lang}-system-${name}`);
        }
        // The other pages of the menu: authorisation, supplier quotations, error log, 401, 404.
        const others: [string, string][] = [
          ["/userManager/index", "authorisation-users"],
          ["/roleManager/index", "authorisation-roles"],
          ["/supplierOffer/SupplierOfferList", "supplier-offer"],
          ["/error-log/index", "error-log"],
          ["/error/401", "401"],
          ["/error/404", "404"],
        ];
        for (const [path, name] of others) {
          await page.goto(path);
          await page.locator(`[data-view="${path}"]`).locator(
            '[data-testid="row"], [data-testid="error-log-table"], [data-testid="supplier-offer-instruction"], h1',
          ).first().waitFor();
          await page.waitForTimeout(150);
          await screenshot(page, `${lang}-system-${name}`);
        }
        // Dialogs: a user, a role with its tree, an email alert.
        let v = await open(page, "/systemManager/userManager", "users-page");
        // The built-in roles read in the page's language (the admin user's name stays as it is).
        if (lang === "zh") {
          await rows(page, "/systemManager/userManager").filter({ hasText: "admin" }).first()
            .getByText("管理员", { exact: true }).waitFor();
        }
        await v.getByTestId("add").click();
        await page.getByTestId("dialog-submit").click();
        await page.getByTestId("field-error").first().waitFor();
        await screenshot(page, `${lang}-system-users-dialog`);
        await page.keyboard.press("Escape");
        v = await open(page, "/systemManager/roleManager", "roles-page");
        await rows(page, "/systemManager/roleManager").first().getByTestId("edit").click();
        await page.getByTestId("role-dialog").getByTestId("permission-tree").waitFor();
        await screenshot(page, `${lang}-system-roles-dialog`);
        await page.keyboard.press("Escape");
        v = await open(page, "/systemSetting/emailManager", "email-page");
        await rows(page, "/systemSetting/emailManager").first().getByTestId("edit").click();
        await page.getByTestId("template-dialog").waitFor();
        await screenshot(page, `${lang}-system-email-dialog`);
        await page.keyboard.press("Escape");
        await rows(page, "/systemSetting/emailManager").first().getByTestId("delete").click();
        await page.getByTestId("confirm-dialog").waitFor();
        await screenshot(page, `${lang}-system-confirm`);
        await context.close();
      }
    });
  } finally {
    await browser?.close();
    await server.close();
  }
});
