// The price sheet round-trips quantity breaks, MOQ, packing multiple, lead time, validity and an
// alternative: filled offline, read back, submitted, downloaded again with the same cells, read
// again unchanged; a bad break is named by its row and column.
import assert from "node:assert/strict";
import { testEnv } from "../helpers.ts";
import { pdfFile } from "./quotes_fixtures.ts";
import { call } from "../helpers.ts";
import { bytesOf, downloadSheet, fill, readSheet, sheetProject } from "./price_sheet_fixtures.ts";

const SO = "/QMO/SupplierOffer";

Deno.test("the price sheet round-trips breaks, MOQ, packing multiple, lead time, validity and an alternative", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env);
  const s = suppliers[0];
  const { book, sheet } = await downloadSheet(env, s.token, project.id);
  const header = (col: string) => sheet.getCell(`${col}3`).value;
  assert.deepEqual(["P", "Q", "R", "S", "Y", "Z", "AA", "AB", "AC"].map(header), [
    "Minimum order quantity",
    "Packing multiple",
    "Break 2: from quantity",
    "Break 2: unit price",
    "Break 5: unit price",
    "Alternative: unit price before tax",
    "Alternative: brand",
    "Alternative: grade",
    "Alternative: specification",
  ]);
  fill(sheet, (n) => [10, 14, 9.875][n]);
  // Row 4: MOQ 100 in packs of 20, from 500 at 9.5, from 1,000 at 9.25; lead time 21 days.
  const set = (ref: string, v: ExcelJS_Value) => (sheet.getCell(ref).value = v);
  set("M4", 21);
  set("P4", 100);
  set("Q4", 20);
  set("R4", 500);
  set("S4", 9.5);
  set("T4", 1000);
  set("U4", 9.25);
  // Row 5: an alternative beside the line as asked.
  set("Z5", 12.5);
  set("AA5", "Shengyi");
  set("AB5", "S1141");
  set("AC5", "Same glass style, Tg 140");

  const read = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(read.status, 200, JSON.stringify(read.json));
  const lines = read.json.result.lines;
  const [a, b] = project.opiList.map((i) => i.id);
  const first = lines.find((l: { itemId: number }) => l.itemId === a);
  assert.deepEqual(
    [first.moq, first.packMultiple, first.leadTimeDays, first.validUntil, first.breaks],
    ["100", "20", 21, "2027-03-31", [
      { fromQty: "100", unitPrice: "10" },
      { fromQty: "500", unitPrice: "9.5" },
      { fromQty: "1000", unitPrice: "9.25" },
    ]],
  );
  const alt = lines.find((l: { itemId: number; alternative: boolean }) =>
    l.itemId === b && l.alternative
  );
  assert.deepEqual(
    [alt.unitPrice, alt.altBrand, alt.altGrade, alt.altSpec, alt.currency, alt.validUntil],
    ["12.5", "Shengyi", "S1141", "Same glass style, Tg 140", "CNY", "2027-03-31"],
  );
  assert.deepEqual(
    read.json.result.rows.map((r: { row: number; alternative: boolean }) => [r.row, r.alternative]),
    [[4, false], [5, false], [5, true], [6, false]],
  );

  const form = new FormData();
  form.set("offProId", String(project.id));
  form.set("file", pdfFile("stamped quotation"));
  form.set("lines", JSON.stringify(lines));
  const submitted = await call(env, "post", `${SO}/Submit`, { token: s.token, body: form });
  assert.equal(submitted.status, 200, JSON.stringify(submitted.json));

  // Downloaded again, the cells hold what was sent, and read back unchanged.
  const again = await downloadSheet(env, s.token, project.id);
  const cell = (ref: string) => again.sheet.getCell(ref).value;
  assert.deepEqual(["M4", "P4", "Q4", "R4", "S4", "T4", "U4", "V4"].map(cell), [
    21,
    100,
    20,
    500,
    9.5,
    1000,
    9.25,
    null,
  ]);
  assert.deepEqual(["Z5", "AA5", "AB5", "AC5"].map(cell), [
    12.5,
    "Shengyi",
    "S1141",
    "Same glass style, Tg 140",
  ]);
  const reread = await readSheet(env, s.token, project.id, await bytesOf(again.book));
  assert.equal(reread.status, 200, JSON.stringify(reread.json));
  assert.deepEqual(reread.json.result.lines, lines);
});

Deno.test("a descending break in the price sheet is named by its row and column; a MOQ is needed", async () => {
  await using env = await testEnv();
  const { project, suppliers } = await sheetProject(env);
  const s = suppliers[0];
  const { book, sheet } = await downloadSheet(env, s.token, project.id);
  fill(sheet, (n) => [10, 14, 9.875][n]);
  sheet.getCell("P4").value = 100;
  sheet.getCell("R4").value = 500;
  sheet.getCell("S4").value = 9.5;
  sheet.getCell("T4").value = 300;
  sheet.getCell("U4").value = 9.25;
  sheet.getCell("R5").value = 50;
  sheet.getCell("S5").value = 13;
  const read = await readSheet(env, s.token, project.id, await bytesOf(book));
  assert.equal(read.status, 400);
  assert.deepEqual(read.json.error.validationErrors.map((e: { message: string }) => e.message), [
    "Row 4, Break 2: from quantity (column R), FR-4 laminate 1.6mm: quantity break 3 starts at 300, not above the break before it (500): the quantities must rise",
    "Row 5, Minimum order quantity (column P), Prepreg 1080: give the minimum order quantity: the first quantity break starts at it",
  ]);
});

type ExcelJS_Value = string | number | null;
