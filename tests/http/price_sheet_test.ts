// Prices from a spreadsheet: the price sheet a supplier downloads (items filled and locked, a
// column per price field with the dictionary's lists), read back with every row checked by the
// rules of quote lines, and submitted through the usual submission. Reading saves nothing.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { count, eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { files, quoteLines, quotes } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { pdfFile } from "./quotes_fixtures.ts";
import { bytesOf, downloadSheet, fill, readSheet, sheetProject } from "./price_sheet_fixtures.ts";

const SO = "/QMO/SupplierOffer";

async function submitLines(env: TestEnv, token: string, offProId: number, lines: unknown) {
  const form = new FormData();
  form.set("offProId", String(offProId));
  form.set("file", pdfFile("stamped quotation"));
  form.set("lines", JSON.stringify(lines));
  return await call(env, "post", `${SO}/Submit`, { token, body: form });
}

Deno.test("the price sheet lists the items locked, with a column per price field and the dictionary's lists", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env);
  const { book, sheet, res } = await downloadSheet(env, suppliers[0].token, project.id);
  assert.match(res.headers.get("content-disposition")!, /price%20sheet\.xlsx/);
  const header = [];
  for (let c = 2; c <= 15; c++) header.push(sheet.getRow(3).getCell(c).value);
  assert.deepEqual(header, [
    "No.",
    "Material code",
    "Material name",
    "Unit",
    "Expected yearly usage",
    "Unit price before tax *",
    "Tax rate (%) *",
    "Currency *",
    "Trade terms *",
    "Payment method *",
    "Payment term (days) *",
    "Lead time (days) *",
    "Valid until",
    "Remark",
  ]);
  assert.deepEqual(
    [4, 5, 6].map((r) => [2, 3, 4, 5, 6].map((c) => sheet.getRow(r).getCell(c).value)),
    [
      [1, "M-001", "FR-4 laminate 1.6mm", "sheet", 1000],
      [2, null, "Prepreg 1080", "roll", 200],
      [3, null, "Copper foil 18um", "roll", 50.5],
    ],
  );
  // Protected: the items stay as they are, only the price cells take input.
  const protection = (sheet as unknown as { sheetProtection?: { sheet?: boolean } })
    .sheetProtection;
  assert.equal(protection?.sheet, true);
  assert.equal(sheet.getCell("E4").protection?.locked, undefined); // locked, the default
  for (const ref of ["G4", "J5", "O6"]) assert.equal(sheet.getCell(ref).protection?.locked, false);
  // The marker column is hidden; the lists come from the Codes sheet.
  assert.equal(sheet.getColumn(1).hidden, true);
  assert.match(String(sheet.getCell("A1").value), /^QMO price sheet v1; project \d+; pack 1;/);
  assert.deepEqual(sheet.getCell("I5").dataValidation.formulae, ["'Codes'!$A$2:$A$6"]);
  assert.deepEqual(sheet.getCell("K4").dataValidation.formulae, ["'Codes'!$G$2:$G$5"]);
  assert.equal(sheet.getCell("L6").dataValidation.type, "whole");
  const codes = book.getWorksheet("Codes")!;
  assert.deepEqual(
    [2, 3, 4, 5, 6].map((r) => codes.getCell(`A${r}`).value),
    ["CNY", "USD", "EUR", "JPY", "HKD"],
  );
  assert.equal(codes.getCell("E4").value, "Free on board (FOB)");

  // In Chinese: the headers, the sheets and the file name.
  const zh = await downloadSheet(env, suppliers[0].token, project.id, "zh");
  assert.equal(zh.sheet.name, "报价");
  assert.equal(zh.sheet.getCell("G3").value, "未税单价 *");
  assert.equal(zh.book.worksheets[1].getCell("E4").value, "船上交货 FOB");
  assert.match(zh.res.headers.get("content-disposition")!, /%E6%8A%A5%E4%BB%B7%E8%A1%A8\.xlsx/);

  // Only an invited supplier gets it.
  const stranger = await sheetProject(env, { codes: ["PS9"], name: "Other" });
  const refused = await call(env, "get", `${SO}/GetPriceSheet`, {
    token: stranger.suppliers[0].token,
    query: { offProId: project.id },
  });
  assert.equal(refused.status, 404);
});

Deno.test("a filled price sheet reads back as the lines a submission stores, and only the submission saves them", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env);
  const s = suppliers[0];
  const { book, sheet } = await downloadSheet(env, s.token, project.id);
  // A pasted 0.1 + 0.2 is 0.30000000000000004; the sheet shows it, and it reads, as 0.3.
  fill(sheet, (n) => [0.1 + 0.2, "14", 9.875][n]);
  sheet.getCell("I4").value = "USD";
  // A tax rate typed as 13% is kept as 0.13 in a percentage cell: it reads as 13.
  sheet.getCell("H5").value = 0.09;
  sheet.getCell("H5").style = { ...sheet.getCell("H5").style, numFmt: "0%" };
  sheet.getCell("N6").value = null;
  sheet.getCell("O6").value = null;

  const read = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(read.status, 200, JSON.stringify(read.json));
  const preview = read.json.result;
  const line = (
    itemId: number,
    unitPrice: string,
    taxRate: string,
    currency: string,
    n: number,
  ) => ({
    itemId,
    unitPrice,
    taxRate,
    currency,
    tradeTerms: "DDP",
    paymentMethod: "TT",
    paymentTermDays: 60,
    leadTimeDays: 14,
    validUntil: n === 2 ? null : "2027-03-31",
    remark: n === 2 ? null : `row ${n}`,
    moq: null,
    packMultiple: null,
    breaks: null,
    alternative: false,
    altBrand: null,
    altGrade: null,
    altSpec: null,
    altDatasheetFileId: null,
  });
  const [a, b, c] = project.opiList.map((i) => i.id);
  const expected = [
    line(a, "0.3", "13", "USD", 0),
    line(b, "14", "9", "CNY", 1),
    line(c, "9.875", "13", "CNY", 2),
  ];
  assert.deepEqual(preview.lines, expected);
  assert.deepEqual(preview.rows.map((r: { row: number }) => r.row), [4, 5, 6]);
  assert.equal(preview.sheetPackVersion, 1);
  // Reading saved nothing: no quote, no line, no file.
  assert.equal((await env.db.select({ n: count() }).from(quotes))[0].n, 0);
  assert.equal((await env.db.select({ n: count() }).from(files))[0].n, 0);

  // Confirming submits exactly those lines with the quotation file.
  const submitted = await submitLines(env, s.token, project.id, preview.lines);
  assert.equal(submitted.status, 200, JSON.stringify(submitted.json));
  const stored = await env.db.select().from(quoteLines)
    .where(eq(quoteLines.quoteId, (await env.db.select().from(quotes))[0].id));
  assert.deepEqual(stored.map(({ id: _, quoteId: __, ...l }) => l), expected);

  // The next download starts from those lines, and reads back unchanged as it is.
  const again = await call(env, "get", `${SO}/GetPriceSheet`, {
    token: s.token,
    query: { offProId: project.id },
  });
  const asIs = new Uint8Array(await again.res.arrayBuffer());
  const reread = await readSheet(env, s.token, project.id, asIs);
  assert.equal(reread.status, 200, JSON.stringify(reread.json));
  assert.deepEqual(reread.json.result.lines, expected);

  // A sheet added before the price sheet (a supplier's notes) is passed over.
  const notes = book.addWorksheet("Notes");
  notes.getCell("A1").value = "our notes";
  // exceljs writes its sheets in the order of `orderNo`, which its types leave out.
  (notes as unknown as { orderNo: number }).orderNo = -1;
  const withNotes = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(withNotes.status, 200, JSON.stringify(withNotes.json));
  assert.deepEqual(withNotes.json.result.lines, expected);
});

Deno.test("each kind of bad sheet is refused with its reason, and nothing is saved", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env);
  const s = suppliers[0];
  const other = await sheetProject(env, { suppliers: [s], name: "Solder mask 2027" });
  /** A filled copy of this project's sheet, changed by `change`. */
  const sheetWith = async (change: (ws: ExcelJS.Worksheet) => void, offProId = project.id) => {
    const { book, sheet } = await downloadSheet(env, s.token, offProId);
    fill(sheet, (n) => 10 + n);
    change(sheet);
    return await bytesOf(book);
  };
  const refused = async (bytes: Uint8Array<ArrayBuffer> | string, status = 400, lang?: "zh") => {
    const r = await readSheet(env, s.token, project.id, bytes, { lang });
    assert.equal(r.status, status, JSON.stringify(r.json));
    return r.json.error.validationErrors?.map((e: { message: string }) => e.message) ??
      [r.json.error.message];
  };

  // A sheet of another project names it.
  assert.deepEqual(await refused(await sheetWith(() => {}, other.project.id)), [
    `This price sheet belongs to project ${other.project.code}, not to this one: download the price sheet of this project. Nothing was saved`,
  ]);
  // A row added (with or without an item's key), a row removed.
  assert.deepEqual(
    await refused(
      await sheetWith((ws) => {
        ws.getRow(7).values = [null, null, 4, null, "Extra item", "pcs", 5, 3];
        ws.getCell("G9").value = 1;
      }),
    ),
    [
      "Row 7 was added: rows cannot be added to the price sheet",
      "Row 9 was added: rows cannot be added to the price sheet",
    ],
  );
  assert.deepEqual(await refused(await sheetWith((ws) => ws.spliceRows(5, 1))), [
    "The row of line item 2 (Prepreg 1080) was removed: rows cannot be removed from the price sheet",
  ]);
  // A formula in a price cell.
  assert.deepEqual(
    await refused(
      await sheetWith((ws) => {
        ws.getCell("G5").value = { formula: "G4*2", result: 20 } as ExcelJS.CellFormulaValue;
      }),
    ),
    ["Row 5, Unit price before tax (column G) holds a formula: enter the value itself"],
  );
  // Data right of the sheet's last column (AC), however far.
  assert.deepEqual(
    await refused(
      await sheetWith((ws) => {
        ws.getCell("AD5").value = "note";
        ws.getCell(6, 16_384).value = 1;
      }),
    ),
    [
      "Row 5 holds data in column AD, outside the price sheet's columns",
      "Row 6 holds data in column XFD, outside the price sheet's columns",
    ],
  );
  // A code that is not in the dictionary, and a missing price, by row and column, in both languages.
  const badCode = await sheetWith((ws) => {
    ws.getCell("I4").value = "XYZ";
    ws.getCell("G6").value = null;
  });
  assert.deepEqual(await refused(badCode), [
    "Row 4, Currency (column I), FR-4 laminate 1.6mm: XYZ is not a currency of the data dictionary",
    "Row 6, Unit price before tax (column G), Copper foil 18um: enter the unit price before tax",
  ]);
  assert.deepEqual(await refused(badCode, 400, "zh"), [
    "第 4 行“币种”（I 列），FR-4 laminate 1.6mm：XYZ 不是数据字典中的币种",
    "第 6 行“未税单价”（G 列），Copper foil 18um：请输入未税单价",
  ]);

  // Files that are not a price sheet: text renamed .xlsx, a zip, a damaged workbook, a plain one.
  assert.deepEqual(await refused("code,price\nM-001,10\n", 415), [
    "This file is not a spreadsheet: upload the .xlsx price sheet downloaded from this project. Nothing was saved",
  ]);
  const unreadable =
    "This spreadsheet could not be read (damaged, encrypted, or not an .xlsx workbook): nothing was saved";
  assert.deepEqual(await refused(zipSync({ "prices.csv": strToU8("a,b\n") })), [unreadable]);
  const good = await sheetWith(() => {});
  assert.deepEqual(await refused(good.slice(0, good.length - 200)), [unreadable]);
  const plain = new ExcelJS.Workbook();
  plain.addWorksheet("Prices").addRow(["Item", "Price"]);
  assert.deepEqual(await refused(await bytesOf(plain)), [
    "This workbook is not a QMO price sheet: download the price sheet of this project, fill it in and upload it. Nothing was saved",
  ]);
  // Too big: as sent, and once unpacked.
  assert.deepEqual(await refused(new Uint8Array(5 * 1024 * 1024 + 1), 413), [
    "The price sheet is larger than 5 MB: nothing was saved",
  ]);
  const parts = unzipSync(good);
  parts["xl/sharedStrings.xml"] = new Uint8Array(17 * 1024 * 1024).fill(32);
  assert.deepEqual(await refused(zipSync(parts, { level: 9 }) as Uint8Array<ArrayBuffer>), [
    "This spreadsheet unpacks to more than 16 MB, far more than a price sheet holds: nothing was saved",
  ]);
  // More rows than a project may have line items.
  assert.deepEqual(
    await refused(
      await sheetWith((ws) => {
        for (let r = 7; r <= 504; r++) ws.getRow(r).values = [null, 1000 + r, r - 3];
      }),
    ),
    ["The sheet holds more than 500 rows of line items (row 504), the most a project has: nothing was saved"],
  );

  // A sheet of an older request version whose items differ.
  const old = await sheetWith(() => {});
  env.clock.advance(60_000);
  const [first, ...rest] = project.opiList;
  const revised = await call(env, "post", "/QMO/OfferProjectManager/ReviseRequestPack", {
    token: await signIn(env, "admin", ADMIN_PASSWORD),
    body: {
      offProId: project.id,
      opiList: [{ ...first, estimateYearAmount: "1200" }, ...rest],
      attList: [],
    },
  });
  assert.equal(revised.status, 200, JSON.stringify(revised.json));
  assert.deepEqual(await refused(old), [
    "This price sheet lists the line items of request version 1, and they have changed since (now version 2): download the price sheet again. Nothing was saved",
  ]);

  // Nothing of all this was saved.
  assert.equal((await env.db.select({ n: count() }).from(quotes))[0].n, 0);
  assert.equal((await env.db.select({ n: count() }).from(quoteLines))[0].n, 0);
  assert.equal((await env.db.select({ n: count() }).from(files))[0].n, 0);
});

Deno.test("where priced lines are optional, rows left blank are not priced, and a started row must be complete", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env, { linesRequired: false });
  const s = suppliers[0];
  const { book, sheet } = await downloadSheet(env, s.token, project.id);
  fill(sheet, (n) => 20 + n);
  for (const r of [4, 6]) {
    for (let c = 7; c <= 15; c++) sheet.getRow(r).getCell(c).value = null;
  }
  const read = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(read.status, 200, JSON.stringify(read.json));
  assert.deepEqual(read.json.result.lines.map((l: { unitPrice: string }) => l.unitPrice), ["21"]);
  assert.deepEqual(read.json.result.rows.map((r: { row: number }) => r.row), [5]);
  assert.equal(read.json.result.blankRows, 2);

  sheet.getCell("G6").value = 5;
  const partial = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(partial.status, 400);
  assert.equal(
    partial.json.error.validationErrors[0].message,
    "Row 6, Tax rate (%) (column H), Copper foil 18um: enter the tax rate",
  );
  for (let c = 7; c <= 15; c++) sheet.getRow(5).getCell(c).value = null;
  sheet.getCell("G6").value = null;
  const none = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(
    none.json.error.message,
    "The sheet holds no prices: fill in at least one row. Nothing was saved",
  );
});
