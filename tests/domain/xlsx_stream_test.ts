// The .xlsx writer streams: bytes come out before later rows are read, and the file reads back with
// its header, text (escaped, formulas neutralised by the caller), numbers and dates.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { xlsxStream } from "../../server/domain/exports/xlsx.ts";

Deno.test("an export's first bytes come out before its last rows are read", async () => {
  let batchesRead = 0;
  async function* rows() {
    for (let b = 0; b < 200; b++) {
      batchesRead++;
      yield Array.from({ length: 500 }, (_, i) => [`供应商 ${b}-${i} ${crypto.randomUUID()}`, i]);
    }
  }
  const reader = xlsxStream({
    name: "S",
    columns: [{ header: "A" }, { header: "B" }],
    rows: rows(),
  })
    .getReader();
  const first = await reader.read();
  assert.ok(first.value && first.value.length > 0);
  assert.ok(batchesRead < 200, `only ${batchesRead} of 200 batches were read for the first bytes`);
  await reader.cancel();
});

Deno.test("the streamed workbook reads back with header, text, numbers and dates", async () => {
  const when = new Date("2026-11-23T02:00:00.000Z");
  async function* rows() {
    yield [[`<b>&"名字"`, 12.5, when], ["'=1+1", null, null]];
  }
  const stream = xlsxStream({
    name: "供应商 Suppliers",
    columns: [
      { header: "名称 Name", width: 30 },
      { header: "Amount" },
      { header: "Time", numFmt: "yyyy-mm-dd hh:mm:ss" },
    ],
    rows: rows(),
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await new Response(stream).arrayBuffer());
  const ws = wb.worksheets[0];
  assert.equal(ws.name, "供应商 Suppliers");
  assert.equal(ws.getCell("A1").value, "名称 Name");
  assert.equal(ws.getCell("A1").font?.bold, true);
  assert.equal(ws.getCell("A2").value, `<b>&"名字"`);
  assert.equal(ws.getCell("B2").value, 12.5);
  assert.equal((ws.getCell("C2").value as Date).toISOString(), when.toISOString());
  assert.equal(ws.getCell("A3").value, "'=1+1");
  assert.equal(ws.getCell("B3").value, null);
  assert.equal(ws.rowCount, 3);
});
