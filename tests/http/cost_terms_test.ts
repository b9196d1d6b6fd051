// The buyer's cost terms over HTTP: the matrix's total-cost view ranks by them, bad input is a 4xx
// naming the field with nothing saved, a closed project refuses them, and no route a supplier may
// call (walked from the route table) answers any term's name or value.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { emailOutbox } from "../../db/schema.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf, type RouteDef } from "../../server/http/route.ts";
import { call, type TestEnv, testEnv } from "../helpers.ts";
import { awardReady, PM } from "./award_fixtures.ts";
import { pdfFile, submitForm } from "./quotes_fixtures.ts";

const matrix = (env: TestEnv, token: string, id: number, view?: string) =>
  call(env, "get", `${PM}/GetComparisonMatrix`, { token, query: { offProId: id, view } });
const addTerm = (env: TestEnv, token: string, body: Record<string, unknown>) =>
  call(env, "post", `${PM}/CreateCostTerm`, { token, body, lang: "en" });

Deno.test("freight and financing change who is cheapest in the total-cost view only", async () => {
  await using env = await testEnv();
  const { buyer, s2, project } = await awardReady(env);
  // Price: S1 216,000 + 1,000 = 217,000; S2 205,000 + 1,200 = 206,200 (rank 1).
  const before = await matrix(env, buyer.token, project.id, "total");
  assert.equal(before.status, 200, JSON.stringify(before.json));
  assert.deepEqual(before.json.result.suppliers.map((s: { rank: number }) => s.rank), [2, 1]);

  // S2: freight 2,000 USD (× 7.2 = 14,400) and financing 3.65 % a year on its 60 days' payment
  // term: 206,200 × 3.65 × 60 / 36,500 = 1,237.20; total 221,837.20, above S1's 217,000.
  const freight = await addTerm(env, buyer.token, {
    offProId: project.id,
    supplierId: s2.supplier.id,
    kind: "freight",
    basis: "amount",
    value: "2000",
    currency: "usd",
  });
  assert.equal(freight.status, 200, JSON.stringify(freight.json));
  const financing = await addTerm(env, buyer.token, {
    offProId: project.id,
    supplierId: s2.supplier.id,
    kind: "financing",
    basis: "percent",
    value: "3.65",
  });
  assert.equal(financing.status, 200, JSON.stringify(financing.json));

  const price = (await matrix(env, buyer.token, project.id)).json.result;
  assert.equal(price.view, "price");
  assert.deepEqual(price.suppliers.map((s: { rank: number }) => s.rank), [2, 1]);
  const total = (await matrix(env, buyer.token, project.id, "total")).json.result;
  assert.equal(total.view, "total");
  assert.deepEqual(total.suppliers.map((s: { rank: number }) => s.rank), [1, 2]);
  const [c1, c2] = total.totalCost.suppliers;
  assert.deepEqual([c1.total, c1.priceTotal, c1.termsTotal], ["217000.00", "217000.00", "0.00"]);
  assert.deepEqual([c2.total, c2.priceTotal, c2.termsTotal], [
    "221837.20",
    "206200.00",
    "15637.20",
  ]);
  assert.deepEqual([c2.rank, c2.priceRank], [2, 1]);
  assert.deepEqual(
    total.totalCost.terms.map((t: { kind: string; cny: string }) => [t.kind, t.cny]),
    [["freight", "14400.00"], ["financing", "1237.20"]],
  );
  // The line of laminate: S2's 205 CNY + 0.6 % financing = 206.23 a sheet, + 14,400 spread on
  // nothing (the freight is on the whole offer) — still below S1's 216.
  const row = total.totalCost.rows[0];
  assert.equal(row.cells[1].totalCny, "206.2300");
  assert.deepEqual(row.lowestSupplierIds, [s2.supplier.id]);

  // The export carries both: the price sheet as before, and the total cost with each term.
  const file = await call(env, "get", `${PM}/ExportComparisonMatrix`, {
    token: buyer.token,
    lang: "en",
    query: { offProId: project.id },
  });
  assert.equal(file.status, 200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await file.res.arrayBuffer());
  assert.deepEqual(book.worksheets.map((w) => w.name), [
    "Comparison",
    "Priced lines",
    "Total cost",
  ]);
  const sheet = book.getWorksheet("Total cost")!;
  const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
  const find = (first: string) => rows.filter((r) => String(r[0]).startsWith(first));
  assert.deepEqual(find("S1 ")[0], ["S1 Abbr S1", 217000, 0, 217000, 2, 1]);
  assert.deepEqual(find("S2 ")[0], ["S2 Abbr S2", 206200, 15637.2, 221837.2, 1, 2]);
  assert.deepEqual(find("S2 ").slice(1), [
    ["S2 Abbr S2", "Whole offer", "Freight", "", "Amount", 2000, "USD", 14400],
    [
      "S2 Abbr S2",
      "Whole offer",
      "Payment-term financing",
      "",
      "Annual rate (%)",
      3.65,
      "",
      1237.2,
    ],
  ]);
  assert.deepEqual(find("FR-4 laminate")[0], ["FR-4 laminate (1000)", 216, 216000, 206.23, 206230]);

  // Savings keep their price basis (best 206,200 from S2) and add the lowest total cost (S1's).
  const savings = await call(env, "get", "/QMO/Savings/GetProjectSavings", {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.equal(savings.status, 200, JSON.stringify(savings.json));
  const f = savings.json.result.figures;
  assert.deepEqual([f.best, f.bestTotalCost, f.awardedTotalCost], ["206200.00", "217000.00", null]);

  // The award to S2 (206,200 CNY, above the 200,000 threshold) waits for approval: the request
  // (answer and the approver's email) carries both the price and the total cost.
  const award = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    body: { offProId: project.id, scope: "project", supplierId: s2.supplier.id, reason: "Stock" },
  });
  assert.equal(award.status, 200, JSON.stringify(award.json));
  assert.equal(award.json.result.status, "pendingApproval");
  assert.deepEqual(
    [award.json.result.proposal.amountCny, award.json.result.proposal.totalCostCny],
    ["206200", "221837.20"],
  );
  const mails = await env.db.select().from(emailOutbox);
  const request = mails.find((m) => m.recipient === "leader1@qmo.test")!;
  assert.match(request.body, /¥206,200(\.00)?/);
  assert.match(request.body, /Total cost with the buyer's cost terms: ¥221,837\.20/);

  // Removed: the ranks are the price's again.
  const del = await call(env, "delete", `${PM}/DeleteCostTerm`, {
    token: buyer.token,
    query: { id: freight.json.result.id },
  });
  assert.equal(del.status, 200, JSON.stringify(del.json));
  const after = (await matrix(env, buyer.token, project.id, "total")).json.result;
  assert.equal(after.totalCost.suppliers[1].total, "207437.20");
  assert.deepEqual(after.suppliers.map((s: { rank: number }) => s.rank), [2, 1]);
});

Deno.test("a bad cost term is a 4xx naming its field and nothing is saved", async () => {
  await using env = await testEnv();
  const { buyer, other, s1, project, a } = await awardReady(env);
  const base = {
    offProId: project.id,
    supplierId: s1.supplier.id,
    kind: "freight",
    basis: "amount",
    value: "100",
    currency: "CNY",
  };
  const cases: [Record<string, unknown>, string][] = [
    [{ kind: "other" }, "name"],
    [{ kind: "rebate" }, "kind"],
    [{ currency: null }, "currency"],
    [{ currency: "XYZ" }, "currency"],
    [{ kind: "financing" }, "basis"],
    [{ kind: "financing", basis: "percent", value: "120" }, "value"],
    [{ value: "-5" }, "value"],
    [{ value: "1e3" }, "value"],
    [{ basis: "share" }, "basis"],
    [{ supplierId: 999999 }, "supplierId"],
    [{ itemId: 999999 }, "itemId"],
    [{ itemId: "x" }, "itemId"],
    [{ name: "a\u0007b", kind: "other" }, "name"],
  ];
  for (const [change, field] of cases) {
    const r = await addTerm(env, buyer.token, { ...base, ...change });
    const what = `${JSON.stringify(change)}: ${JSON.stringify(r.json)}`;
    assert.equal(r.status, 400, what);
    const members = r.json.error.validationErrors.flatMap((e: { members: string[] }) => e.members);
    assert.ok(members.includes(field), what);
    assert.ok(r.json.error.message && !r.json.error.message.includes("costs."), what);
  }
  // One good term on a line; another buyer without … still may (publish permission); a supplier may not.
  const ok = await addTerm(env, buyer.token, { ...base, itemId: a });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  const bySupplier = await addTerm(env, s1.token, base);
  assert.equal(bySupplier.status, 403);
  const update = await call(env, "put", `${PM}/UpdateCostTerm`, {
    token: other.token,
    lang: "en",
    body: { id: ok.json.result.id, kind: "duty", basis: "percent", value: "abc" },
  });
  assert.equal(update.status, 400);
  const list = await call(env, "get", `${PM}/GetCostTerms`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.equal(list.json.result.totalCount, 1);
  assert.deepEqual(
    [list.json.result.items[0].kind, list.json.result.items[0].value],
    ["freight", "100"],
  );

  // Closed: refused (409), nothing changes.
  const closed = await call(env, "post", `${PM}/CreateOfferProjectCloses`, {
    token: buyer.token,
    body: { offProId: project.id, closeReason: "Bought elsewhere" },
  });
  assert.equal(closed.status, 200, JSON.stringify(closed.json));
  const late = await addTerm(env, buyer.token, base);
  assert.equal(late.status, 409, JSON.stringify(late.json));
  const lateDelete = await call(env, "delete", `${PM}/DeleteCostTerm`, {
    token: buyer.token,
    query: { id: ok.json.result.id },
  });
  assert.equal(lateDelete.status, 409);
  const still = await call(env, "get", `${PM}/GetCostTerms`, {
    token: buyer.token,
    query: { offProId: project.id },
  });
  assert.equal(still.json.result.totalCount, 1);
});

/** The text of an answer: a spreadsheet's cells, else the body as text. */
async function answerText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer);
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((c) => cells.push(JSON.stringify(c.value))))
    );
    return cells.join("\n");
  }
  return new TextDecoder().decode(bytes);
}

Deno.test("no route a supplier may call answers a cost term's name or value", async () => {
  await using env = await testEnv();
  const { buyer, admin, s1, s2, project, a } = await awardReady(env);
  const secrets = ["Harbour levy QX7", "987.654321", "3.6517", "4321.0987"];
  for (
    const term of [
      { kind: "other", name: secrets[0], basis: "amount", value: secrets[1], currency: "CNY" },
      { kind: "financing", basis: "percent", value: secrets[2] },
      { kind: "duty", basis: "amount", value: secrets[3], currency: "USD", itemId: a },
    ]
  ) {
    for (const s of [s1, s2]) {
      const r = await addTerm(env, buyer.token, {
        offProId: project.id,
        supplierId: s.supplier.id,
        ...term,
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
    }
  }
  // What the terms add, as the matrix shows them, must not reach a supplier either.
  const m = (await matrix(env, buyer.token, project.id, "total")).json.result;
  for (const t of m.totalCost.terms) if (t.cny && t.cny !== "0.00") secrets.push(t.cny);
  for (const s of m.totalCost.suppliers) secrets.push(s.total, s.termsTotal);

  // The award (in force at once: no approval asked) mails the suppliers: those mails carry no
  // term either. Savings add the award's total cost: S1's 217,000 plus its lump sum and duty.
  const mode = await call(env, "put", "/QMO/SystemResource/Update", {
    token: admin,
    body: { items: [{ key: "awardApproval", value: { mode: "none", thresholdCny: "200000" } }] },
  });
  assert.equal(mode.status, 200, JSON.stringify(mode.json));
  const award = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    body: { offProId: project.id, scope: "project", supplierId: s1.supplier.id, reason: "Best" },
  });
  assert.equal(award.json.result?.status, "awarded", JSON.stringify(award.json));
  const savings = await call(env, "get", "/QMO/Savings/GetProjectSavings", {
    token: buyer.token,
    query: { offProId: project.id },
  });
  const s1Total =
    m.totalCost.suppliers.find((x: { supplierId: number }) => x.supplierId === s1.supplier.id)
      .total;
  assert.deepEqual(
    [savings.json.result.figures.awarded, savings.json.result.figures.awardedTotalCost],
    ["217000.00", s1Total],
  );
  // The savings export carries both figures in columns of their own.
  const report = await call(env, "get", "/QMO/Savings/ExportSavingsReport", {
    token: buyer.token,
    lang: "en",
  });
  assert.equal(report.status, 200);
  const reportBook = new ExcelJS.Workbook();
  await reportBook.xlsx.load(await report.res.arrayBuffer());
  const reportRows = reportBook.worksheets[0].getSheetValues().filter(Boolean)
    .map((r) => (r as unknown[]).slice(-2));
  assert.deepEqual(reportRows[0], [
    "Lowest total cost (CNY, with cost terms)",
    "Awarded total cost (CNY, with cost terms)",
  ]);
  assert.ok(reportRows.some((r) => r[1] === Number(s1Total)), JSON.stringify(reportRows));

  const routes = allRoutes.filter((r: RouteDef) =>
    r.access !== "public" && audienceOf(r) !== "staff" && !r.path.endsWith("/Logout") && !r.stream
  );
  assert.ok(routes.length >= 15, `only ${routes.length} supplier routes`);
  const quotes = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s1.token,
    query: { offProId: project.id },
  });
  assert.equal(quotes.status, 200, JSON.stringify(quotes.json));
  const quote = quotes.json.result.items?.[0] ?? quotes.json.result[0];
  let answered = 0;
  for (const s of [s1, s2]) {
    for (const r of routes) {
      const params: Record<string, string> = {
        offProId: String(project.id),
        id: String(quote?.fileId ?? project.id),
        quoteId: String(quote?.id ?? quote?.quoteId ?? 1),
        itemId: String(a),
        languageName: "en",
      };
      const url = new URL(`http://localhost/api/services${r.path}`);
      let body: BodyInit | undefined;
      const headers: Record<string, string> = {
        authorization: `Bearer ${s.token}`,
        "accept-language": "en",
      };
      if (r.method === "get" || r.method === "delete") {
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      } else if (r.form) {
        const form = submitForm(project.id, pdfFile("late"));
        for (const [k, v] of Object.entries(params)) if (!form.has(k)) form.set(k, v);
        body = form;
      } else {
        body = JSON.stringify(params);
        headers["content-type"] = "application/json";
      }
      const res = await env.app.request(url.toString(), {
        method: r.method.toUpperCase(),
        headers,
        body,
      });
      if (res.status === 200) answered++;
      const text = await answerText(res);
      for (const secret of secrets) {
        assert.ok(!text.includes(secret), `${r.method} ${r.path} answers ${secret}`);
      }
    }
  }
  assert.ok(answered >= 10, `only ${answered} answers`);
  const mails = await env.db.select().from(emailOutbox);
  assert.ok(mails.some((m) => m.supplierId === s1.supplier.id), "the award is mailed");
  for (const mail of mails.filter((m) => m.supplierId !== null)) {
    for (const secret of secrets) {
      assert.ok(!`${mail.subject}\n${mail.body}`.includes(secret), `mail ${mail.templateCode}`);
    }
  }
});
