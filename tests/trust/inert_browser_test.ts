// An HTML/script payload typed into every text field (users, roles, groups, categories, the data
// dictionary, email templates, system resources, suppliers, projects and their line items) comes
// back inert: the API answers it as JSON, and the back-office and the portal show it as text in a
// real browser: no script runs, no markup is parsed, nothing is blocked by the CSP because nothing
// tried to run.
import type { Page } from "playwright-core";
import { ADMIN_PASSWORD, call, signIn } from "../helpers.ts";
import { launchBrowser, newPage, signInAs, startServer } from "../e2e/browser.ts";
import { answerProblems, send, Tally } from "./support.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
/** Fits the shortest text fields (64 characters); each part would run or fetch if parsed as HTML. */
const XSS = "<img src=/xss-probe onerror=alert(1)><script>alert(2)</script>";
const PASSWORD = "Portal@2026x";
const PM = "/QMO/OfferProjectManager";

Deno.test(
  "an HTML/script payload in every text field stays text in the API, the back-office and the portal",
  opts,
  async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    const tally = new Tally("HTML payload in every text field");
    try {
      const env = server.env;
      const admin = await signIn(env, "admin", ADMIN_PASSWORD);
      const ok = async (path: string, body: unknown, method = "post") => {
        const r = await call(env, method, path, { token: admin, body });
        tally.check(
          `store through ${path}`,
          r.status === 200,
          JSON.stringify(r.json).slice(0, 200),
        );
        return r.json?.result;
      };
      await ok("/app/User/Create", {
        userName: "xss.user",
        name: XSS,
        password: "Passw0rd!x",
        introduction: XSS,
        roleNames: ["Buyer"],
      });
      await ok("/app/Role/Create", { name: "XssRole", displayName: XSS, description: XSS });
      await ok("/QMO/Group/Create", { name: XSS, description: XSS });
      const category = await ok("/QMO/OfferProjectType/CreateOfferProjectType", {
        name: XSS,
        description: XSS,
      });
      const type = await ok("/QMO/SystemCodeType/Create", {
        code: "XSS_TYPE",
        name: XSS,
        nameEn: XSS,
        description: XSS,
      });
      await ok("/QMO/SystemCodeType/CreateCode", { typeId: type.id, code: "X1", name: XSS });
      await ok("/QMO/EmailManager/Create", {
        code: "XSS_TPL",
        subject: XSS,
        content: XSS,
        subjectEn: XSS,
        contentEn: XSS,
        mechanism: "manual",
        mechanismDescription: XSS,
      });
      await ok("/QMO/SystemResource/Update", {
        items: [{ key: "quoteInstructionZh", value: XSS }, {
          key: "quoteInstructionEn",
          value: XSS,
        }],
      }, "put");
      const supplier = await ok("/QMO/Supplier/CreateSupplierData", {
        code: "XSS01",
        abbrName: XSS,
        fullName: XSS,
        contactPerson: XSS,
        contactNumber: XSS.slice(0, 32),
        email1: "xss01@example.com",
        createPortalAccount: true,
        password: PASSWORD,
      });
      const project = await ok(`${PM}/CreateOfferProjectManagerData`, {
        name: XSS,
        kind: "material",
        category: category.id,
        remark: XSS,
        instructionText: XSS,
        opiList: [{ itemName: XSS, description: XSS, unit: "pcs", needExplain: XSS }],
      });
      await ok(`${PM}/UpdateSupplierOfferProject`, {
        offProManagerId: project.id,
        offerEndTime: new Date(env.clock.now().getTime() + 48 * 3600_000).toISOString(),
        supList: [{ id: supplier.id, code: supplier.code }],
      });

      // The API: every list that now holds the payload answers it as JSON, exactly as typed.
      for (
        const [path, query] of [
          ["/app/User/GetAll", "keyword=xss.user"],
          ["/app/Role/GetAll", ""],
          ["/QMO/Group/GetAll", ""],
          ["/QMO/OfferProjectType/GetAll", ""],
          ["/QMO/SystemCodeType/GetAll", ""],
          ["/QMO/EmailManager/GetAll", "maxResultCount=100"],
          ["/QMO/SystemResource/GetAll", ""],
          ["/QMO/Supplier/GetAll", ""],
          [`${PM}/GetAll`, ""],
          [`${PM}/GetOfferProjectManagerData`, `offProId=${project.id}`],
          ["/QMO/AuditLog/GetAll", "maxResultCount=50"],
        ]
      ) {
        const res = await send(env, "get", path, { token: admin, query });
        const text = await res.clone().text();
        const problems = await answerProblems(res);
        if (!text.includes(JSON.stringify(XSS).slice(1, -1))) {
          problems.push(
            "payload not answered as typed",
          );
        }
        tally.record(`API ${path}`, res.status, problems);
      }

      // The browser: the back-office pages and the portal that show these rows.
      const watch = (page: Page, where: () => string) => {
        page.on("dialog", (d) => {
          tally.check(where(), false, `a dialog opened: ${d.message()}`);
          d.dismiss().catch(() => {});
        });
        page.on("request", (r) => {
          if (r.url().includes("xss-probe")) {
            tally.check(where(), false, "markup was parsed (img fetched)");
          }
        });
        page.on("console", (m) => {
          if (/Content Security Policy|Refused to/i.test(m.text())) {
            tally.check(where(), false, `CSP had to block: ${m.text().slice(0, 120)}`);
          }
        });
      };
      const visit = async (page: Page, path: string) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(200);
        const text = await page.locator("body").innerText();
        const shown = text.includes("<img src=/xss-probe") || text.includes("<script>alert(2)");
        const injected = await page.locator('img[src="/xss-probe"], script:not([src])').count();
        tally.check(`page ${path}`, injected === 0, `${injected} injected elements`);
        return shown;
      };

      let current = "";
      const staff = await newPage(browser, server.base);
      watch(staff.page, () => current);
      await staff.page.goto("/login");
      await signInAs(staff.page);
      await staff.page.waitForURL((u) => u.pathname === "/dashboard");
      const adminPages = [
        "/dashboard",
        "/systemManager/userManager",
        "/systemManager/roleManager",
        "/systemManager/groupManager",
        "/systemManager/logManager",
        "/systemSetting/systemResource",
        "/systemSetting/systemCodeType",
        "/systemSetting/emailManager",
        "/supplier/SupplierList",
        "/offerProjectManager/OfferProjectTypeList",
        "/offerProjectManager/OfferProjectManagerList",
        `/offerProjectManager/launch?id=${project.id}`,
        `/offerProjectManager/offerProjectManagerResult?id=${project.id}`,
      ];
      let shownOn = 0;
      for (const path of adminPages) {
        current = path;
        if (await visit(staff.page, path)) shownOn++;
      }
      const portal = await newPage(browser, server.base);
      watch(portal.page, () => current);
      await portal.page.goto("/login");
      await signInAs(portal.page, "XSS01", PASSWORD);
      await portal.page.waitForURL((u) => u.pathname === "/portal");
      for (const path of ["/portal", `/portal/projects/${project.id}`, "/portal/account"]) {
        current = path;
        if (await visit(portal.page, path)) shownOn++;
      }
      // Shown as text on most of them (the payload is really on screen, not lost).
      tally.check("shown as text", shownOn >= 8, `only on ${shownOn} pages`);
      console.log(`[trust] payload shown as text on ${shownOn} of ${adminPages.length + 3} pages`);
    } finally {
      await browser.close();
      await server.close();
    }
    tally.done();
  },
);
