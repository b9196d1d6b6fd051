// The savings calls through the API: a project's panel (guarded as the result page is), the report
// with its filters and their refusals, and the .xlsx export opened with exceljs — figures computed
// by hand in tests/domain/savings_fixtures.ts.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { auditLogs } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { P, staff } from "../domain/projects_fixtures.ts";
import { savingsData } from "../domain/savings_fixtures.ts";

const SV = "/QMO/Savings";

Deno.test("savings through the API: a project's panel, the report and its refusals", async () => {
  await using env = await testEnv();
  const { a, b, d } = await savingsData(env);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);

  const panel = await call(env, "get", `${SV}/GetProjectSavings`, {
    token: admin,
    query: { OffProId: b.id },
  });
  assert.equal(panel.status, 200, JSON.stringify(panel.json));
  const f = panel.json.result.figures;
  assert.deepEqual([f.first, f.best, f.awarded, f.vsFirst.amount, f.vsFirst.percent], [
    "1400000.00",
    "1349000.00",
    "1349000.00",
    "51000.00",
    "3.64",
  ]);
  // A sealed project's panel holds no figure.
  const sealed = await call(env, "get", `${SV}/GetProjectSavings`, {
    token: admin,
    query: { OffProId: d.id },
  });
  assert.deepEqual([sealed.json.result.state, sealed.json.result.figures], ["sealed", null]);

  // Guarded as the result page: the asset project is not a material buyer's to see.
  const material = await staff(env, "mat", [P.OfferProjectManagerSearch]);
  const refused = await call(env, "get", `${SV}/GetProjectSavings`, {
    token: material.token,
    query: { OffProId: b.id },
  });
  assert.equal(refused.status, 403);
  const own = await call(env, "get", `${SV}/GetProjectSavings`, {
    token: material.token,
    query: { OffProId: a.id },
  });
  assert.equal(own.json.result.figures.vsBudget.amount, "33000.00");
  const stranger = await staff(env, "stranger", [P.SupplierSearch]);
  assert.equal(
    (await call(env, "get", `${SV}/GetSavingsReport`, { token: stranger.token })).status,
    403,
  );

  const report = await call(env, "get", `${SV}/GetSavingsReport`, {
    token: admin,
    query: { From: "2026-01-01", To: "2026-12-31" },
  });
  assert.equal(report.status, 200);
  assert.deepEqual(
    [report.json.result.total.vsFirst.amount, report.json.result.total.vsFirst.percent],
    ["40200.00", "2.50"],
  );
  // Empty filters are as if left out.
  const all = await call(env, "get", `${SV}/GetSavingsReport`, {
    token: admin,
    query: { from: "", to: "", category: "" },
  });
  assert.equal(all.json.result.rows.length, 5);

  for (
    const [query, message] of [
      [{ from: "2026-02-30" }, "From must be a day, YYYY-MM-DD"],
      [{ from: "2026-12-01", to: "2026-11-01" }, "The period ends before it starts"],
      [{ category: "abc" }, "Category must be a whole number"],
      [{ from: "2026-01-01\u0007" }, "control character"],
    ] as const
  ) {
    const bad = await call(env, "get", `${SV}/GetSavingsReport`, {
      token: admin,
      lang: "en",
      query,
    });
    assert.equal(bad.status, 400, JSON.stringify(query));
    assert.match(bad.json.error.message, new RegExp(message));
  }
  const summary = await call(env, "get", `${SV}/GetSavingsSummary`, { token: admin });
  assert.equal(summary.json.result.months.length, 12);
  assert.equal(summary.json.result.months[11].vsFirst.amount, "40200.00");
});

Deno.test("a category row of the report compares like with like: the awarded projects only, with their count", async () => {
  await using env = await testEnv();
  const { a2 } = await savingsData(env);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const report = await call(env, "get", `${SV}/GetSavingsReport`, { token: admin });
  assert.equal(report.status, 200);
  const row = (name: string | null) =>
    report.json.result.categories.find((g: { categoryName: string | null }) =>
      g.categoryName === name
    );
  // Laminate: A awarded at 217,000 on a first quote of 206,200; A2 (first quote 500) is not
  // awarded yet, so its first quote is not added to A's awarded total.
  const lam = row("Laminate");
  assert.deepEqual(
    [lam.projects, lam.awardedProjects, lam.first, lam.best, lam.awarded],
    [2, 1, "206200.00", "206200.00", "217000.00"],
  );
  assert.deepEqual(
    [lam.vsFirst.projects, lam.vsFirst.base, lam.vsFirst.final, lam.vsFirst.amount],
    [1, "206200.00", "217000.00", "-10800.00"],
  );
  assert.equal(lam.vsFirst.percent, "-5.24");
  // The budget saving too: A's 250,000 − 217,000, not A2's budget added on.
  assert.deepEqual([lam.vsBudget.projects, lam.vsBudget.amount], [1, "33000.00"]);
  // The row of A2 alone (its own period) has no awarded project: no sum, not a first quote of 500.
  const oct = await call(env, "get", `${SV}/GetSavingsReport`, {
    token: admin,
    query: { from: "2026-10-01", to: "2026-10-31" },
  });
  assert.deepEqual(oct.json.result.rows.map((r: { projectId: number }) => r.projectId), [a2.id]);
  const [alone] = oct.json.result.categories;
  assert.deepEqual(
    [alone.projects, alone.awardedProjects, alone.first, alone.awarded, alone.vsFirst],
    [1, 0, null, null, null],
  );
  // The total: each sum over A and B, the two awarded projects.
  const t = report.json.result.total;
  assert.deepEqual(
    [t.awardedProjects, t.first, t.awarded, t.vsFirst.amount, t.vsFirst.percent],
    [2, "1606200.00", "1566000.00", "40200.00", "2.50"],
  );
});

Deno.test("the savings report as .xlsx: each project's figures, the categories' and the total, in the caller's language", async () => {
  await using env = await testEnv();
  const { a, b, c, d } = await savingsData(env);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "get", `${SV}/ExportSavingsReport`, {
    token: admin,
    lang: "en",
    query: { from: "2026-11-01", to: "2026-12-31" },
  });
  assert.equal(r.status, 200);
  assert.match(r.res.headers.get("content-disposition") ?? "", /savings-20261201\.xlsx/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await r.res.arrayBuffer());
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  const col = (name: string) => header.indexOf(name) + 1;
  assert.ok(col("First quote (CNY)") > 0, header.join(" | "));
  const cells = (row: number, ...names: string[]) =>
    names.map((n) => ws.getRow(row).getCell(col(n)).value);
  const rowOf = (code: string) => {
    for (let i = 2; i <= ws.rowCount; i++) {
      if (ws.getRow(i).getCell(1).value === code) return i;
    }
    throw new Error(`${code} is not in the sheet`);
  };
  // B: numbers, not text, from the exact decimals.
  assert.deepEqual(
    cells(
      rowOf(b.code),
      "First quote (CNY)",
      "Best quote (CNY)",
      "Best quote from",
      "Awarded total (CNY)",
      "Saved vs first quote (CNY)",
      "Saved vs first quote (%)",
      "Last purchase price (CNY)",
      "Saved vs last purchase price (CNY)",
      "Saved vs last purchase price (%)",
    ),
    [1400000, 1349000, "Optimisation quote 1", 1349000, 51000, 3.64, 1500000, 151000, 10.07],
  );
  assert.deepEqual(
    cells(
      rowOf(a.code),
      "Awarded total (CNY)",
      "Saved vs first quote (CNY)",
      "Saved vs budget (%)",
    ),
    [217000, -10800, 13.2],
  );
  assert.deepEqual(cells(rowOf(c.code), "Basis", "First quote (CNY)"), ["No priced quotes", null]);
  assert.deepEqual(cells(rowOf(d.code), "Basis", "First quote (CNY)"), [
    "Sealed until 2026-12-05 17:00:00: no figure shows before then",
    null,
  ]);
  // The roll-ups after the projects: Equipment (B; D sealed), Laminate (A), no category (C), total.
  const totals = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const first = ws.getRow(i).getCell(1).value;
    if (first === "Category total" || first === "Total") {
      totals.push([
        first,
        ws.getRow(i).getCell(col("Category")).value || null,
        ...cells(i, "Projects", "Saved vs first quote (CNY)", "Saved vs first quote (%)"),
      ]);
    }
  }
  // Total: 206,200 + 1,400,000 − (217,000 + 1,349,000) = 40,200 = 2.50% of 1,606,200.
  assert.deepEqual(totals, [
    ["Category total", "Equipment", 2, 51000, 3.64],
    ["Category total", "Laminate", 1, -10800, -5.24],
    ["Category total", "No category", 1, null, null],
    ["Total", null, 4, 40200, 2.5],
  ]);
  assert.match(String(ws.getRow(ws.rowCount).getCell(1).value), /^Period 2026-11-01 – 2026-12-31/);

  const zh = await call(env, "get", `${SV}/ExportSavingsReport`, { token: admin, lang: "zh" });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await zh.res.arrayBuffer());
  assert.equal(book.worksheets[0].getRow(1).getCell(1).value, "项目编号");
  assert.equal(book.worksheets[0].name, "节约");

  const none = await call(env, "get", `${SV}/ExportSavingsReport`, {
    token: admin,
    lang: "en",
    query: { from: "2025-01-01", to: "2025-12-31" },
  });
  assert.equal(none.status, 404);
  assert.equal(none.json.error.message, "No records can be exported");
});

Deno.test("a buyer who may publish sets a project's budget and last purchase price at any time; refusals are explained", async () => {
  await using env = await testEnv();
  const { a } = await savingsData(env); // awarded at 217,000 CNY: 33,000 under its 250,000 budget
  const reader = await staff(env, "reader", [P.OfferProjectManagerSearch]);
  const buyer = await staff(env, "setter", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const set = (token: string, body: Record<string, unknown>, lang: "en" | "zh" = "en") =>
    call(env, "post", `${SV}/SetSavingsBaselines`, {
      token,
      lang,
      body: { offProId: a.id, ...body },
    });

  const refused = await set(reader.token, { budget: "1" });
  assert.equal(refused.status, 403);

  // The budget changes, the last purchase price left out stays; the savings follow at once.
  const changed = await set(buyer.token, { budget: "240000" });
  assert.equal(changed.status, 200, JSON.stringify(changed.json));
  const r = changed.json.result;
  assert.deepEqual([r.budget, r.lastPurchasePrice, r.figures.vsBudget.amount], [
    "240000",
    "210000",
    "23000.00",
  ]);
  // Empty clears one.
  const cleared = await set(buyer.token, { lastPurchasePrice: "" });
  assert.deepEqual([cleared.json.result.budget, cleared.json.result.lastPurchasePrice], [
    "240000",
    null,
  ]);
  assert.equal(cleared.json.result.figures.vsLastPrice, null);

  for (
    const [lang, message] of [["en", /must be an amount in CNY/], [
      "zh",
      /必须是人民币金额/,
    ]] as const
  ) {
    const bad = await set(buyer.token, { budget: "12.345" }, lang);
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.validationErrors[0].message, message);
    assert.deepEqual(bad.json.error.validationErrors[0].members, ["budget"]);
  }
  const seen = await call(env, "get", `${SV}/GetProjectSavings`, {
    token: buyer.token,
    query: { OffProId: a.id },
  });
  assert.equal(seen.json.result.budget, "240000", "a refused change leaves the budget as it was");
  const unknown = await call(env, "post", `${SV}/SetSavingsBaselines`, {
    token: buyer.token,
    body: { offProId: 999999, budget: "1" },
  });
  assert.equal(unknown.status, 404);
  // Each change is in the audit log, with what was sent.
  const logged = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.methodName, "SetSavingsBaselines"));
  const accepted = logged.filter((x) => x.httpStatus === 200);
  assert.deepEqual(accepted.map((x) => [x.userName, JSON.parse(x.parameters!).budget]), [
    ["setter", "240000"],
    ["setter", undefined],
  ]);
});
