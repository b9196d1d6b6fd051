import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { suppliers, users } from "../../db/schema.ts";
import { EXPORT_BATCH_ROWS, EXPORT_ID_PAGE } from "../../server/domain/exports/batches.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv, userWithRoles } from "../helpers.ts";
import { supplierRoutes } from "../../server/http/routes/suppliers.ts";
import { settingRoutes } from "../../server/http/routes/settings.ts";
import { assertInvitable } from "../../server/domain/suppliers/service.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { agree, pdfFile, publishedProject, submit, supplierWithLogin } from "./quotes_fixtures.ts";

const base = "/QMO/Supplier";

const laminate = {
  code: "SY001",
  abbrName: "生益科技",
  fullName: "广东生益科技股份有限公司",
  contactPerson: "王女士",
  contactNumber: "0769-22271828",
  email1: "sales@syst.example.com",
  email2: "",
  cooperationStatus: "qualified",
};

Deno.test("a buyer adds, finds, edits and exports suppliers; bad emails and repeated codes are refused", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const created = await call(env, "post", `${base}/CreateSupplierData`, { token, body: laminate });
  assert.equal(created.status, 200);
  const id = created.json.result.id;
  assert.equal(created.json.result.status, "effective");
  assert.equal(created.json.result.email2, null);
  assert.equal(created.json.result.portalUserName, null);

  await call(env, "post", `${base}/CreateSupplierData`, {
    token,
    body: {
      code: "RG002",
      abbrName: "Rogers",
      fullName: '=HYPERLINK("http://evil")',
      email1: "rfq@rogers.example.com",
      status: "invalid",
    },
  });

  const dup = await call(env, "post", `${base}/CreateSupplierData`, {
    token,
    lang: "en",
    body: { ...laminate, code: "sy001" },
  });
  assert.equal(dup.status, 400);
  assert.equal(dup.json.error.message, "Supplier code sy001 is already used");

  const badMail = await call(env, "post", `${base}/CreateSupplierData`, {
    token,
    lang: "en",
    body: { ...laminate, code: "X9", email3: "someone@" },
  });
  assert.equal(badMail.status, 400);
  assert.deepEqual(badMail.json.error.validationErrors[0].members, ["email3"]);

  const byName = await call(env, "get", `${base}/GetAll`, { token, query: { FullName: "生益" } });
  assert.deepEqual(byName.json.result.items.map((s: { code: string }) => s.code), ["SY001"]);
  const valid = await call(env, "get", `${base}/GetAll`, {
    token,
    query: { IsInvalidFiltering: "1" },
  });
  assert.equal(valid.json.result.totalCount, 1);
  const invalid = await call(env, "get", `${base}/GetAll`, { token, query: { status: "invalid" } });
  assert.deepEqual(invalid.json.result.items.map((s: { code: string }) => s.code), ["RG002"]);

  const edit = await call(env, "post", `${base}/UpdateSupplierData`, {
    token,
    body: { ...laminate, id, email2: "backup@syst.example.com", contactPerson: "李先生" },
  });
  assert.equal(edit.status, 200);
  assert.equal(edit.json.result.email2, "backup@syst.example.com");
  const recode = await call(env, "put", `${base}/Update`, {
    token,
    body: { ...laminate, id, code: "SY999" },
  });
  assert.equal(recode.status, 400);
  const got = await call(env, "get", `${base}/GetSupplierDataByID`, { token, query: { Id: id } });
  assert.equal(got.json.result.code, "SY001");
  assert.equal(got.json.result.contactPerson, "李先生");

  for (const lang of ["en", "zh"] as const) {
    const xlsx = await call(env, "get", `${base}/Export`, { token, lang });
    assert.equal(xlsx.status, 200);
    assert.match(xlsx.res.headers.get("content-disposition") ?? "", /\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.res.arrayBuffer());
    const ws = wb.worksheets[0];
    assert.equal(ws.getCell("A1").value, lang === "en" ? "Supplier code" : "供应商编码");
    const rg = ws.getRow(2);
    assert.equal(rg.getCell(1).value, "RG002");
    // A name that looks like a formula stays text.
    assert.equal(rg.getCell(3).value, '=HYPERLINK("http://evil")');
    assert.equal(rg.getCell(4).value, lang === "en" ? "Invalid" : "失效");
  }
  const none = await call(env, "get", `${base}/Export`, {
    token,
    lang: "en",
    query: { code: "nothing" },
  });
  assert.equal(none.status, 404, "the same answer as the project list's export");
  assert.equal(none.json.error.message, "No records can be exported");
});

Deno.test("an export longer than its read batches keeps every supplier, in the list's order", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  // More than one page of ids (5,000) and many batches of rows (200), sorted by a column whose
  // order is the reverse of the codes'.
  const n = EXPORT_ID_PAGE + 3 * EXPORT_BATCH_ROWS + 7;
  const codes = Array.from({ length: n }, (_, i) => `BULK${String(i).padStart(5, "0")}`);
  for (let i = 0; i < n; i += 500) {
    await env.db.insert(suppliers).values(
      codes.slice(i, i + 500).map((code, j) => ({
        code,
        abbrName: `Name ${String(n - i - j).padStart(5, "0")}`,
        fullName: `Full ${code}`,
      })),
    );
  }
  const xlsx = await call(env, "get", `${base}/Export`, {
    token,
    lang: "en",
    query: { code: "BULK", sorting: "abbrName asc" },
  });
  assert.equal(xlsx.status, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await xlsx.res.arrayBuffer());
  const ws = wb.worksheets[0];
  const exported: string[] = [];
  ws.eachRow((row, i) => i > 1 && exported.push(String(row.getCell(1).value)));
  assert.deepEqual(exported, codes.toReversed());
});

Deno.test("a portal sign-in is created on request; the password can be set and the supplier can change it", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const created = await call(env, "post", `${base}/CreateSupplierData`, {
    token: admin,
    body: { ...laminate, createPortalAccount: true },
  });
  assert.equal(created.status, 200);
  const generated = created.json.result.account.password;
  assert.equal(created.json.result.account.userName, "SY001");
  assert.equal(typeof generated, "string");
  const supplierToken = await signIn(env, "SY001", generated);
  const info = await call(env, "get", "/QMO/SystemUserExt/GetUserInfo", { token: supplierToken });
  assert.equal(info.json.result.kind, "supplier");
  assert.equal(info.json.result.supplierId, created.json.result.id);
  assert.deepEqual(info.json.result.roleNames, ["Supplier"]);

  const again = await call(env, "post", `${base}/CreatePortSupplierData`, {
    token: admin,
    body: { id: created.json.result.id },
  });
  assert.equal(again.status, 409);

  const set = await call(env, "post", `${base}/UpdateSupplierPassword`, {
    token: admin,
    body: { id: created.json.result.id, password: "NewPortal#2026" },
  });
  assert.equal(set.status, 200);
  assert.equal(set.json.result.password, undefined);
  // The old session ended everywhere.
  const old = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: supplierToken });
  assert.equal(old.status, 401);
  const fresh = await signIn(env, "SY001", "NewPortal#2026");
  const change = await call(env, "post", "/app/User/ChangePassword", {
    token: fresh,
    body: { currentPassword: "NewPortal#2026", newPassword: "Mine-only-2026" },
  });
  assert.equal(change.status, 200);
  await signIn(env, "sy001", "Mine-only-2026");

  // A supplier without a sign-in gets one from UpdateSupplierPassword.
  const bare = await call(env, "post", `${base}/CreateSupplierData`, {
    token: admin,
    body: { ...laminate, code: "KB002" },
  });
  const made = await call(env, "post", `${base}/UpdateSupplierPassword`, {
    token: admin,
    body: { id: bare.json.result.id },
  });
  assert.equal(made.json.result.userName, "KB002");
  await signIn(env, "KB002", made.json.result.password);
});

Deno.test("deleting a supplier that quoted makes it invalid; one that never took part is gone with its sign-in", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const quoted = await supplierWithLogin(env, "Q001");
  const idle = await supplierWithLogin(env, "I001");
  const p = await publishedProject(env, [quoted.supplier.id]);
  await agree(env, quoted.token, p.id);
  await submit(env, quoted.token, p.id, pdfFile("q"));

  const d1 = await call(env, "delete", `${base}/Delete`, {
    token: admin,
    query: { id: quoted.supplier.id },
  });
  assert.deepEqual(d1.json.result, { deleted: false, invalidated: true });
  const still = await call(env, "get", `${base}/GetSupplierDataByID`, {
    token: admin,
    query: { id: quoted.supplier.id },
  });
  assert.equal(still.json.result.status, "invalid");
  // Its quote stays readable by the supplier.
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: quoted.token,
    query: { offProId: p.id },
  });
  assert.equal(mine.json.result.totalCount, 1);

  const d2 = await call(env, "delete", `${base}/Delete`, {
    token: admin,
    query: { id: idle.supplier.id },
  });
  assert.deepEqual(d2.json.result, { deleted: true, invalidated: false });
  const gone = await call(env, "get", `${base}/GetSupplierDataByID`, {
    token: admin,
    query: { id: idle.supplier.id },
  });
  assert.equal(gone.status, 404);
  assert.equal(
    await env.db.query.users.findFirst({ where: eq(users.userName, "I001") }),
    undefined,
  );
});

Deno.test("only effective suppliers with an email can be invited", () => {
  const ok = {
    code: "A1",
    abbrName: "A",
    status: "effective" as const,
    email1: null,
    email2: "a@b.cn",
    email3: null,
  };
  assertInvitable(ok);
  assert.throws(
    () => assertInvitable({ ...ok, email2: null }),
    (e) =>
      e instanceof DomainError && e.messageKey === "suppliers.noEmail" && e.params.code === "A1",
  );
  assert.throws(
    () => assertInvitable({ ...ok, status: "invalid" }),
    (e) => e instanceof DomainError && e.messageKey === "suppliers.notEffective",
  );
});

Deno.test("supplier users get 403 on every supplier and system-resource route; staff without the permission too", async () => {
  await using env = await testEnv();
  const s = await supplierWithLogin(env, "P001");
  const { token: noRights } = await userWithRoles(env, "plain", []);
  const routes = [...supplierRoutes, ...settingRoutes];
  assert.ok(routes.length >= 15);
  for (const route of routes) {
    for (const token of [s.token, noRights]) {
      const r = await call(env, route.method, route.path, {
        token,
        query: { id: s.supplier.id },
        body: route.form ? new FormData() : route.body ? { id: s.supplier.id } : undefined,
      });
      assert.equal(r.status, 403, `${route.method} ${route.path}`);
      assert.equal(r.json.success, false);
    }
  }
});

Deno.test("system resources: an admin reads defaults and saves typed values; bad values save nothing", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const all = await call(env, "get", "/QMO/SystemResource/GetAll", { token: admin });
  const byKey = Object.fromEntries(
    all.json.result.items.map((i: { key: string; value: unknown }) => [i.key, i.value]),
  );
  assert.deepEqual(byKey.reminderHours, [24, 2]);
  assert.equal(byKey.uploadLimitMb, 50);
  assert.match(byKey.quoteInstructionZh, /未提交报价，视为放弃/);

  const bad = await call(env, "put", "/QMO/SystemResource/Update", {
    token: admin,
    body: { items: [{ key: "reminderHours", value: [48] }, { key: "uploadLimitMb", value: -1 }] },
  });
  assert.equal(bad.status, 400);
  const unchanged = await call(env, "get", "/QMO/SystemResource/GetAll", { token: admin });
  assert.deepEqual(
    unchanged.json.result.items.find((i: { key: string }) => i.key === "reminderHours").value,
    [24, 2],
  );
  const ok = await call(env, "put", "/QMO/SystemResource/Update", {
    token: admin,
    body: {
      items: [{ key: "reminderHours", value: [2, 48, 2] }, { key: "uploadLimitMb", value: 1 }],
    },
  });
  assert.equal(ok.status, 200);
  const hours = ok.json.result.items.find((i: { key: string }) => i.key === "reminderHours");
  assert.deepEqual(hours.value, [48, 2]);
  assert.equal(hours.isDefault, false);

  // The upload limit applies to quotes.
  const s = await supplierWithLogin(env, "U001");
  const p = await publishedProject(env, [s.supplier.id]);
  await agree(env, s.token, p.id);
  const big = new File([
    new Uint8Array(1024 * 1024 + 10).fill(0x20).map((b, i) => i < 5 ? "%PDF-".charCodeAt(i) : b),
  ], "big.pdf");
  const r = await submit(env, s.token, p.id, big);
  assert.equal(r.status, 413);
});
