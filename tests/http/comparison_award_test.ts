// Priced quote lines, the comparison matrix, exchange rates and the award through the API: lines
// checked with clear messages, refused after the deadline like the attachment, prices converted
// with dated rates, the matrix exported as .xlsx, the award recorded, shown and mailed over SMTP.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { codes, quoteLines, quotes, users } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { flushOutbox } from "../../server/domain/email/service.ts";
import { P, staff } from "../domain/projects_fixtures.ts";
import { startSmtp } from "../email_fixtures.ts";
import { agree, pdfFile, supplierWithLogin } from "./quotes_fixtures.ts";

const PM = "/QMO/OfferProjectManager";
const HOUR = 3600_000;
/** Monday 2026-11-23 17:00 in UTC+8, the same working day as the tests' "now" (10:00). */
const DEADLINE = "2026-11-23T09:00:00.000Z";

const line = (itemId: number, unitPrice: string, currency = "CNY", extra = {}) => ({
  itemId,
  unitPrice,
  taxRate: "13",
  currency,
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: 60,
  leadTimeDays: 14,
  validUntil: "2026-12-31",
  ...extra,
});

function form(offProId: number, lines: unknown, text = "quote") {
  const f = new FormData();
  f.set("offProId", String(offProId));
  f.set("round", "0");
  f.set("file", pdfFile(`${text} ${Math.random()}`));
  if (lines !== undefined) {
    f.set("lines", typeof lines === "string" ? lines : JSON.stringify(lines));
  }
  return f;
}

async function setUp(smtpUrl?: string) {
  const env = await testEnv(smtpUrl ? { env: { SMTP_URL: smtpUrl } } : {});
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  await env.db.update(users).set({ emailAddress: "buyer1@qmo.test" })
    .where(eq(users.id, buyer.user.id));
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplierWithLogin(env, "S1");
  const s2 = await supplierWithLogin(env, "S2");
  const s3 = await supplierWithLogin(env, "S3");
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: buyer.token,
    body: {
      name: "覆铜板年度采购",
      kind: "material",
      linesRequired: true,
      opiList: [
        { itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "1000" },
        { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "200" },
      ],
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  assert.equal(created.json.result.linesRequired, true);
  const p = created.json.result;
  const published = await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      OffProManagerId: p.id,
      OfferEndTime: DEADLINE,
      supList: [s1, s2, s3].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
    },
  });
  assert.equal(published.status, 200, JSON.stringify(published.json));
  for (const s of [s1, s2, s3]) await agree(env, s.token, p.id);
  const [a, b] = p.opiList.map((i: { id: number }) => i.id);
  return { env, buyer, admin, s1, s2, s3, p, a, b };
}

Deno.test("priced lines are checked with a clear message naming the line item and the field", async () => {
  const { env, s1, p, a, b } = await setUp();
  await using _ = env;
  const submit = (lines: unknown) =>
    call(env, "post", "/QMO/SupplierOffer/Submit", {
      token: s1.token,
      lang: "en",
      body: form(p.id, lines),
    });

  // The project requires every line: an attachment alone is refused.
  const none = await submit(undefined);
  assert.equal(none.status, 400);
  assert.match(
    none.json.error.message,
    /requires a price for every line item; missing: FR-4 1\.6mm, Prepreg 1080/,
  );

  const bad = await submit([
    line(a, "-3", "XYZ", { taxRate: "130", leadTimeDays: "soon", validUntil: "2026-11-01" }),
    line(b, "0.1234567", "USD", { paymentMethod: "", tradeTerms: "NOPE", remark: "ok\u0007" }),
  ]);
  assert.equal(bad.status, 400);
  const byMember = Object.fromEntries(
    bad.json.error.validationErrors.map((v: { members: string[]; message: string }) => [
      v.members[0],
      v.message,
    ]),
  );
  assert.deepEqual(Object.keys(byMember).sort(), [
    "lines.0.currency",
    "lines.0.leadTimeDays",
    "lines.0.taxRate",
    "lines.0.unitPrice",
    "lines.0.validUntil",
    "lines.1.paymentMethod",
    "lines.1.remark",
    "lines.1.tradeTerms",
    "lines.1.unitPrice",
  ]);
  assert.equal(
    byMember["lines.0.unitPrice"],
    "FR-4 1.6mm: the unit price before tax must be a number above 0 with at most 6 decimals",
  );
  assert.equal(
    byMember["lines.0.currency"],
    "FR-4 1.6mm: XYZ is not a currency of the data dictionary",
  );
  assert.equal(
    byMember["lines.0.validUntil"],
    "FR-4 1.6mm: the validity date 2026-11-01 has already passed",
  );
  assert.equal(byMember["lines.1.paymentMethod"], "Prepreg 1080: choose the payment method");
  assert.equal(byMember["lines.1.remark"], "Prepreg 1080: the remark contains a control character");

  // In Chinese too.
  const zh = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s1.token,
    lang: "zh",
    body: form(p.id, [line(a, "abc")]),
  });
  assert.match(zh.json.error.message, /FR-4 1\.6mm：未税单价须为大于 0 的数字/);

  const dup = await submit([line(a, "1"), line(a, "2"), line(b, "3")]);
  assert.match(dup.json.error.message, /FR-4 1\.6mm is priced twice/);
  const foreign = await submit([line(a, "1"), line(b, "2"), line(99999, "3")]);
  assert.match(foreign.json.error.message, /Line 3 does not name a line item of this project/);
  const json = await submit("[{oops");
  assert.equal(json.status, 400);
  assert.match(json.json.error.message, /could not be read/);

  // Codes come from the data dictionary: a currency switched off there is refused.
  await env.db.update(codes).set({ isActive: false }).where(eq(codes.code, "EUR"));
  const off = await submit([line(a, "1", "EUR"), line(b, "2")]);
  assert.match(off.json.error.message, /EUR is not a currency of the data dictionary/);

  // Nothing refused was stored.
  assert.equal((await env.db.select().from(quotes)).length, 0);

  // A good submission keeps the exact decimals as typed (normalised).
  const ok = await submit([line(a, "10.50"), line(b, "0.000100", "USD", { validUntil: "" })]);
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  const stored = await env.db.select().from(quoteLines).orderBy(quoteLines.itemId);
  assert.deepEqual(stored.map((l) => [l.unitPrice, l.currency, l.taxRate, l.validUntil]), [
    ["10.5", "CNY", "13", "2026-12-31"],
    ["0.0001", "USD", "13", null],
  ]);
  // The portal's form answers them back, with the dictionary's codes to choose from.
  const f = await call(env, "get", "/QMO/SupplierOffer/GetQuoteForm", {
    token: s1.token,
    query: { offProId: p.id },
  });
  assert.equal(f.json.result.linesRequired, true);
  assert.deepEqual(f.json.result.lines.map((l: { unitPrice: string }) => l.unitPrice), [
    "10.5",
    "0.0001",
  ]);
  assert.ok(f.json.result.currencies.some((c: { code: string }) => c.code === "USD"));
  assert.ok(f.json.result.tradeTerms.some((c: { code: string }) => c.code === "FOB"));
  assert.ok(f.json.result.paymentMethods.some((c: { code: string }) => c.code === "TT"));
});

Deno.test("priced lines follow the attachment's deadline: refused at the deadline, nothing stored", async () => {
  const { env, s1, p, a, b } = await setUp();
  await using _ = env;
  env.clock.set(DEADLINE);
  const late = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s1.token,
    lang: "en",
    body: form(p.id, [line(a, "1"), line(b, "2")]),
  });
  assert.equal(late.status, 409);
  assert.match(late.json.error.message, /deadline has passed/);
  assert.equal((await env.db.select().from(quoteLines)).length, 0);
  assert.equal((await env.db.select().from(quotes)).length, 0);
});

Deno.test("exchange rates are kept with their dates and checked", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const add = (body: unknown) =>
    call(env, "post", "/QMO/SystemCodeType/CreateExchangeRate", { token: admin, lang: "en", body });
  assert.equal(
    (await add({ currency: "usd", effectiveDate: "2026-11-01", rate: "7.1" })).status,
    200,
  );
  const again = await add({ currency: "USD", effectiveDate: "2026-11-01", rate: "7.2" });
  assert.equal(again.status, 400);
  assert.match(again.json.error.message, /USD already has a rate from 2026-11-01/);
  assert.match(
    (await add({ currency: "CNY", effectiveDate: "2026-11-01", rate: "1" })).json.error.message,
    /base currency/,
  );
  assert.match(
    (await add({ currency: "XYZ", effectiveDate: "2026-11-01", rate: "1" })).json.error.message,
    /XYZ is not an active currency/,
  );
  assert.match(
    (await add({ currency: "EUR", effectiveDate: "2026-02-30", rate: "7" })).json.error.message,
    /effective date/,
  );
  assert.match(
    (await add({ currency: "EUR", effectiveDate: "2026-02-01", rate: "0" })).json.error.message,
    /above 0/,
  );
  const list = await call(env, "get", "/QMO/SystemCodeType/GetExchangeRates", { token: admin });
  assert.deepEqual(
    list.json.result.items.map((r: { currency: string; rate: string }) => [r.currency, r.rate]),
    [["USD", "7.1"]],
  );
  const id = list.json.result.items[0].id;
  const upd = await call(env, "put", "/QMO/SystemCodeType/UpdateExchangeRate", {
    token: admin,
    body: { id, currency: "USD", effectiveDate: "2026-11-02", rate: "7.15" },
  });
  assert.equal(upd.json.result.rate, "7.15");
  const del = await call(env, "delete", "/QMO/SystemCodeType/DeleteExchangeRate", {
    token: admin,
    query: { id },
  });
  assert.equal(del.status, 200);
  // A buyer reads rates but does not change them.
  const buyer = await staff(env, "b2", [P.OfferProjectManagerSearch]);
  assert.equal(
    (await call(env, "get", "/QMO/SystemCodeType/GetExchangeRates", { token: buyer.token })).status,
    200,
  );
  assert.equal(
    (await call(env, "post", "/QMO/SystemCodeType/CreateExchangeRate", {
      token: buyer.token,
      body: { currency: "USD", effectiveDate: "2026-11-01", rate: "7" },
    })).status,
    403,
  );
});

Deno.test("the matrix converts with dated rates, the award is recorded, shown, exported and mailed over SMTP", async () => {
  await using smtp = await startSmtp();
  const { env, buyer, admin, s1, s2, s3, p, a, b } = await setUp(smtp.url);
  await using _ = env;
  for (
    const [currency, effectiveDate, rate] of [["USD", "2026-11-01", "7.1"], [
      "USD",
      "2026-11-23",
      "7.2",
    ]]
  ) {
    const r = await call(env, "post", "/QMO/SystemCodeType/CreateExchangeRate", {
      token: admin,
      body: { currency, effectiveDate, rate },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  const submit = async (token: string, lines: unknown) => {
    const r = await call(env, "post", "/QMO/SupplierOffer/Submit", {
      token,
      body: form(p.id, lines),
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  };
  // Quoted on 2026-11-23 (UTC+8): USD at 7.2.
  await submit(s1.token, [line(a, "10.5"), line(b, "2", "USD")]); // 10.5, 14.4 -> 10500 + 2880 = 13380
  await submit(s2.token, [line(a, "1.5", "USD"), line(b, "14.4")]); // 10.8, 14.4 -> 10800 + 2880 = 13680

  // Awarding before quoting has ended is refused.
  const early = await call(env, "post", `${PM}/AwardOfferProject`, {
    token: buyer.token,
    lang: "en",
    body: { offProId: p.id, scope: "project", supplierId: s1.supplier.id, reason: "lowest" },
  });
  assert.equal(early.status, 409);
  assert.match(early.json.error.message, /once quoting has ended/);

  env.clock.advance(8 * HOUR); // past the 17:00 deadline: S3 never quoted
  const m = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: buyer.token,
    query: { OffProId: p.id },
  });
  assert.equal(m.status, 200, JSON.stringify(m.json));
  const mx = m.json.result;
  assert.deepEqual(
    mx.rows.map((r: { cells: { cny: string | null }[] }) => r.cells.map((c) => c.cny)),
    [
      ["10.5000", "10.8000", null],
      ["14.4000", "14.4000", null],
    ],
  );
  assert.deepEqual(
    mx.rows.map((r: { lowestSupplierIds: number[]; tie: boolean }) => [r.lowestSupplierIds, r.tie]),
    [
      [[s1.supplier.id], false],
      [[s1.supplier.id, s2.supplier.id], true],
    ],
  );
  assert.deepEqual(
    mx.suppliers.map((
      s: { code: string; total: string; rank: number; rankNote: string },
    ) => [s.code, s.total, s.rank, s.rankNote]),
    [
      ["S1", "13380.00", 1, null],
      ["S2", "13680.00", 2, null],
      ["S3", null, null, "noQuote"],
    ],
  );

  // Bad awards are refused with their reason.
  const award = (body: Record<string, unknown>) =>
    call(env, "post", `${PM}/AwardOfferProject`, {
      token: buyer.token,
      lang: "en",
      body: { offProId: p.id, ...body },
    });
  assert.match(
    (await award({ scope: "project", supplierId: s1.supplier.id, reason: " " })).json.error.message,
    /reason for the award/,
  );
  assert.match(
    (await award({ scope: "project", supplierId: s3.supplier.id, reason: "x" })).json.error.message,
    /S3 has not quoted/,
  );
  assert.match(
    (await award({ scope: "lines", lines: [], reason: "x" })).json.error.message,
    /at least one line/,
  );

  // Per line: the laminate to S1 (lowest), the prepreg (a tie) to S2.
  const done = await award({
    scope: "lines",
    lines: [{ itemId: a, supplierId: s1.supplier.id }, { itemId: b, supplierId: s2.supplier.id }],
    reason: "Lowest price per line; prepreg tie goes to the shorter lead time",
  });
  assert.equal(done.status, 200, JSON.stringify(done.json));
  assert.deepEqual(done.json.result.award.supplierNames, ["Abbr S1", "Abbr S2"]);
  assert.equal(done.json.result.status, "awarded", "13,380 CNY is below the approval threshold");

  // The project shows it: in the list and in the matrix.
  const list = await call(env, "get", `${PM}/GetAll`, { token: buyer.token });
  assert.equal(list.json.result.items[0].award, "Abbr S1, Abbr S2");
  const after = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: buyer.token,
    query: { OffProId: p.id },
  });
  assert.deepEqual(
    after.json.result.rows.map((r: { awardedSupplierId: number }) => r.awardedSupplierId),
    [s1.supplier.id, s2.supplier.id],
  );

  // Each supplier reads in its portal what it was awarded, and nothing of the others'.
  const myAward = async (token: string) => {
    const listed = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token });
    const detail = await call(env, "get", "/QMO/SupplierOffer/Get", {
      token,
      query: { offProId: p.id },
    });
    assert.deepEqual(listed.json.result.items[0].award, detail.json.result.award);
    const award = detail.json.result.award;
    return award && { projectWide: award.projectWide, items: award.items };
  };
  assert.deepEqual(await myAward(s1.token), { projectWide: false, items: ["FR-4 1.6mm"] });
  assert.deepEqual(await myAward(s2.token), { projectWide: false, items: ["Prepreg 1080"] });
  assert.equal(await myAward(s3.token), null);

  // Each supplier awarded gets an email naming what it won; S3 none.
  await flushOutbox(env);
  const notices = smtp.received.filter((x) => x.subject.startsWith("【中标通知】"));
  assert.deepEqual(notices.map((x) => x.to[0]).sort(), ["s1@example.com", "s2@example.com"]);
  const toS1 = notices.find((x) => x.to[0] === "s1@example.com")!;
  assert.match(toS1.text, /FR-4 1\.6mm/);
  assert.doesNotMatch(toS1.text, /Prepreg/);

  // Awarding again replaces the award: the whole project to S2, mailed again to S2 only.
  const whole = await award({
    scope: "project",
    supplierId: s2.supplier.id,
    reason: "Single source",
  });
  assert.equal(whole.status, 200);
  assert.equal(
    (await call(env, "get", `${PM}/GetAll`, { token: buyer.token })).json.result.items[0].award,
    "Abbr S2",
  );
  await flushOutbox(env);
  const second = smtp.received.filter((x) => x.subject.startsWith("【中标通知】")).slice(2);
  assert.deepEqual(second.map((x) => x.to[0]), ["s2@example.com"]);
  assert.match(second[0].text, /整个项目/);
  assert.match(second[0].text, /Prepreg 1080/);
  // S1, named by the first award and left out of this one, is told it no longer holds it.
  const withdrawn = smtp.received.filter((x) => x.subject.startsWith("【定标变更】"));
  assert.deepEqual(withdrawn.map((x) => x.to[0]), ["s1@example.com"]);
  assert.match(withdrawn[0].text, /已撤销/);
  assert.equal(await myAward(s1.token), null, "S1's lines went to S2");
  assert.deepEqual(await myAward(s2.token), {
    projectWide: true,
    items: ["FR-4 1.6mm", "Prepreg 1080"],
  });

  // The export opens with the same numbers.
  const x = await call(env, "get", `${PM}/ExportComparisonMatrix`, {
    token: buyer.token,
    lang: "en",
    query: { OffProId: p.id },
  });
  assert.equal(x.status, 200);
  assert.match(x.res.headers.get("content-disposition") ?? "", /\.xlsx/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await x.res.arrayBuffer());
  const ws = wb.getWorksheet("Comparison")!;
  assert.equal(ws.getCell("F3").value, "S1 Abbr S1");
  assert.equal(ws.getCell("F5").value, 10.5);
  assert.equal(ws.getCell("G5").value, 10500);
  assert.equal(ws.getCell("H5").value, 10.8);
  assert.equal(ws.getCell("F6").value, 14.4);
  assert.equal(ws.getCell("H6").value, 14.4);
  assert.equal(ws.getCell("J5").value, "No quote");
  // Lowest highlighted: S1's laminate, and both prepreg prices (a tie).
  const green = (ref: string) =>
    (ws.getCell(ref).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
  assert.deepEqual(["F5", "H5", "F6", "H6"].map(green), [
    "FFC6EFCE",
    undefined,
    "FFC6EFCE",
    "FFC6EFCE",
  ]);
  assert.equal(ws.getCell("L6").value, "Abbr S1 / Abbr S2 (tie)");
  // Totals and ranks in the footer.
  assert.equal(ws.getCell("C8").value, "Total by yearly usage (CNY)");
  assert.deepEqual([ws.getCell("G8").value, ws.getCell("I8").value, ws.getCell("K8").value], [
    13380,
    13680,
    "",
  ]);
  assert.deepEqual([ws.getCell("G9").value, ws.getCell("I9").value, ws.getCell("K9").value], [
    1,
    2,
    "No quote",
  ]);
  const lines = wb.getWorksheet("Priced lines")!;
  assert.deepEqual((lines.getRow(4).values as unknown[]).slice(1), [
    "S1",
    "Abbr S1",
    "Prepreg 1080",
    "First quote",
    2,
    "USD",
    7.2,
    "2026-11-23",
    14.4,
    13,
    "DDP",
    "TT",
    60,
    14,
    "2026-12-31",
    "",
  ]);
});

Deno.test("an optimisation round replaces the first prices in the matrix, converted at its own date's rate, with the change shown", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "buyer2", [
    P.AmsOfferProjectManagerSearch,
    P.AmsOfferProjectManagerPublish,
  ]);
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplierWithLogin(env, "R1");
  const s2 = await supplierWithLogin(env, "R2");
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: buyer.token,
    body: {
      name: "Vacuum press",
      kind: "asset",
      offerItemType: "optimize",
      opiList: [
        { itemName: "Press frame", unit: "set", estimateYearAmount: "10" },
        { itemName: "Heating plates", unit: "pc", estimateYearAmount: "100" },
      ],
    },
  });
  const p = created.json.result;
  const [a, b] = p.opiList.map((i: { id: number }) => i.id);
  await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      OffProManagerId: p.id,
      OfferEndTime: DEADLINE,
      supList: [s1, s2].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
    },
  });
  for (const [date, rate] of [["2026-11-01", "7.1"], ["2026-11-24", "7.0"]]) {
    await call(env, "post", "/QMO/SystemCodeType/CreateExchangeRate", {
      token: admin,
      body: { currency: "USD", effectiveDate: date, rate },
    });
  }
  const submit = async (token: string, lines: unknown, round = 0) => {
    const f = form(p.id, lines);
    f.set("round", String(round));
    const r = await call(env, "post", "/QMO/SupplierOffer/Submit", { token, body: f });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  };
  for (const s of [s1, s2]) await agree(env, s.token, p.id);
  // First quotes on 11-23: R1 2 USD (× 7.1 = 14.2) and 5; R2 14 and 5.5.
  await submit(s1.token, [line(a, "2", "USD"), line(b, "5")]);
  await submit(s2.token, [line(a, "14"), line(b, "5.5")]);
  // Round 1 on Tuesday 11-24, when USD is at 7.0: R1 keeps 2 USD (now 14.0) and lowers to 4.8.
  env.clock.set("2026-11-24T02:00:00.000Z");
  const opened = await call(env, "post", `${PM}/OpenOptimizeRound`, {
    token: buyer.token,
    body: { offProId: p.id, round: 1, endTime: "2026-11-24T09:00:00.000Z" },
  });
  assert.equal(opened.status, 200, JSON.stringify(opened.json));
  await submit(s1.token, [line(a, "2", "USD"), line(b, "4.8")], 1);
  env.clock.set("2026-11-24T10:00:00.000Z"); // the round is over

  const m = (await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: buyer.token,
    query: { OffProId: p.id },
  })).json.result;
  const [r1, r2] = m.suppliers;
  // R1 shows its round-1 prices; R2 (no optimisation quote) its first quote.
  assert.deepEqual([r1.round, r2.round, m.hasRounds], [1, 0, true]);
  const frame = m.rows[0].cells[0];
  assert.deepEqual(
    [frame.cny, frame.rateDate, frame.firstCny, frame.change, frame.changePercent],
    ["14.0000", "2026-11-24", "14.2000", "-0.2000", "-1.41"],
  );
  // 2 USD at 7.0 equals R2's 14 CNY: a shared lowest across currencies and rounds.
  assert.deepEqual([m.rows[0].lowestSupplierIds, m.rows[0].tie], [[r1.id, r2.id], true]);
  assert.deepEqual(m.rows[1].lowestSupplierIds, [r1.id]);
  // Totals: R1 14×10 + 4.8×100 = 620 against 14.2×10 + 5×100 = 642 first; R2 140 + 550 = 690.
  assert.deepEqual(
    [r1.total, r1.firstTotal, r1.change, r1.changePercent, r1.rank],
    ["620.00", "642.00", "-22.00", "-3.43", 1],
  );
  assert.deepEqual([r2.total, r2.firstTotal, r2.change, r2.rank], ["690.00", null, null, 2]);
});
