// The limits of a supplier import file, each refused with a message naming it (nothing imported),
// a CSV read in pieces parsing the same as whole, and the ERP's answer read up to its size limit.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { suppliers } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { syncFromErp, syncFromFile } from "../../server/domain/suppliers/sync.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { describeError } from "../../server/i18n.ts";

const HEADER =
  "code,abbrName,fullName,contactPerson,contactNumber,email1,email2,email3,status,editDate";
const row = (code: string, fullName = `${code} Ltd`) =>
  `${code},${code},${fullName},,,,,,effective,2026-11-01`;
const utf8 = (s: string) => new TextEncoder().encode(s);

/** The refusal's message in English and Chinese (throws when the call did not fail so). */
async function refusal(run: () => Promise<unknown>): Promise<{ en: string; zh: string }> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    assert.equal(err.kind, "validation");
    assert.deepEqual(err.fieldErrors.map((f) => f.members), [["file"]]);
    return { en: describeError("en", err).message, zh: describeError("zh", err).message };
  }
  throw new Error("the import was not refused");
}

Deno.test("a CSV cell past 2,000 characters or a value past column 100 is refused, naming where", async () => {
  await using env = await testEnv();
  const long = await refusal(() =>
    syncFromFile(env, utf8([HEADER, row("V1001"), row("V1002", "x".repeat(2001))].join("\n")))
  );
  assert.equal(
    long.en,
    "The cell in row 3, column 3 is longer than 2,000 characters, the most a cell may hold: nothing was imported",
  );
  assert.equal(long.zh, "第 3 行第 3 列的单元格超过 2,000 个字符（单元格的上限）：未导入任何数据");

  const wide = await refusal(() =>
    syncFromFile(env, utf8([HEADER, row("V1001") + ",".repeat(91) + "note"].join("\n")))
  );
  assert.equal(
    wide.en,
    "Row 2 holds data in column 101, but a file may use at most 100 columns: nothing was imported",
  );
  assert.equal(wide.zh, "第 2 行第 101 列有数据，但文件最多只能使用 100 列：未导入任何数据");
  assert.equal((await env.db.select().from(suppliers)).length, 0);

  // Empty cells past the limit (a trailing run of commas) are no data.
  const report = await syncFromFile(env, utf8([HEADER, row("V1001") + ",".repeat(200)].join("\n")));
  assert.equal(report.created, 1);
});

Deno.test("an .xlsx with a value in column XFD or a shared string past 2,000 characters is refused", async () => {
  await using env = await testEnv();
  const book = async (fill: (ws: ExcelJS.Worksheet) => void) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("ERP");
    ws.addRow(HEADER.split(","));
    fill(ws);
    return new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
  };
  const far = await refusal(async () =>
    syncFromFile(
      env,
      await book((ws) => {
        ws.addRow(row("V1001").split(","));
        ws.getCell(2, 16_384).value = "far";
      }),
    )
  );
  assert.match(
    far.en,
    /^Row 2 holds data in column 16,384, but a file may use at most 100 columns/,
  );
  const long = await refusal(async () =>
    syncFromFile(env, await book((ws) => ws.addRow(row("V1001", "y".repeat(3000)).split(","))))
  );
  assert.match(long.zh, /^第 2 行第 3 列的单元格超过 2,000 个字符/);
  assert.equal((await env.db.select().from(suppliers)).length, 0);
});

Deno.test("a CSV read in 64 KB pieces: a doubled quote and a CRLF cut by a piece's end parse whole", async () => {
  await using env = await testEnv();
  const PIECE = 64 * 1024;
  let text = HEADER + "\r\n";
  let fillers = 0;
  const filler = () => row(`F${String(++fillers).padStart(5, "0")}`);
  /** Rows up to `at`, the last padded (in an unnamed 11th column) to end exactly there. */
  const fillTo = (at: number) => {
    while (at - text.length > 1500) text += filler() + "\r\n";
    const last = filler() + ",";
    text += last + "p".repeat(at - text.length - last.length - 2) + "\r\n";
    assert.equal(text.length, at);
  };
  // V2001's full name holds a doubled quote whose halves fall either side of the first cut.
  const quoted = `V2001,Quote,"Quote `;
  fillTo(PIECE - 1 - quoted.length);
  text += `${quoted}""A"" Ltd",,,,,,effective,2026-11-01\r\n`;
  assert.equal(text.slice(PIECE - 1, PIECE + 1), '""');
  // V2002's line ends with a CRLF cut in two by the second piece's end.
  const crlf = row("V2002");
  fillTo(2 * PIECE - 1 - crlf.length);
  text += crlf + "\r\n";
  assert.equal(text.slice(2 * PIECE - 1, 2 * PIECE + 1), "\r\n");
  text += row("V2003") + "\r\n";

  const report = await syncFromFile(env, utf8(text));
  assert.deepEqual([report.created, report.rejected], [fillers + 3, 0]);
  assert.equal(report.rows.at(-1)?.code, "V2003");
  assert.equal(report.rows.at(-1)?.row, fillers + 4);
  const v2001 = await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V2001") });
  assert.equal(v2001?.fullName, 'Quote "A" Ltd');
});

Deno.test("an ERP answer past 64 MB is refused and not read further", async () => {
  let sent = 0;
  const LIMIT = 100 * 1024 * 1024;
  const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () =>
      new Response(
        new ReadableStream({
          pull(c) {
            // JSON whitespace without end (bounded here): a list that never comes.
            if (sent >= LIMIT) return c.close();
            sent += chunk.length;
            c.enqueue(chunk);
          },
        }),
        { headers: { "content-type": "application/json" } },
      ),
  );
  try {
    await using env = await testEnv({
      env: { ERP_SUPPLIERS_URL: `http://127.0.0.1:${server.addr.port}/suppliers` },
    });
    await assert.rejects(
      () => syncFromErp(env),
      (e) =>
        e instanceof DomainError && e.kind === "unavailable" &&
        describeError("en", e).message ===
          "The ERP supplier list is larger than 64 MB: nothing was changed",
    );
    assert.ok(sent < LIMIT, `the server sent ${sent} bytes`);
  } finally {
    await server.shutdown();
  }
});

Deno.test("the ERP's list is read element by element as one JSON.parse would; a broken one is refused", async () => {
  let answer = "";
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () => new Response(answer, { headers: { "content-type": "application/json" } }),
  );
  try {
    await using env = await testEnv({
      env: { ERP_SUPPLIERS_URL: `http://127.0.0.1:${server.addr.port}/suppliers` },
    });
    const record = (code: string, fullName: string) => ({
      code,
      abbrName: code,
      fullName,
      status: "effective",
      editDate: "2026-11-01T00:00:00Z",
      extra: { nested: [1, { deeper: "]}" }] },
    });
    answer = JSON.stringify(
      {
        totalCount: 2,
        meta: { items: "not this one" },
        items: [record("V7001", 'Brackets ], {} and "quotes" Ltd'), record("V7002", "逗号，Ltd")],
        next: null,
      },
      null,
      2,
    );
    const report = await syncFromErp(env);
    assert.deepEqual([report.created, report.rejected], [2, 0]);
    const v7001 = await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V7001") });
    assert.equal(v7001?.fullName, 'Brackets ], {} and "quotes" Ltd');

    answer = JSON.stringify([record("V7003", "Cut Ltd")]).slice(0, -1);
    await assert.rejects(
      () => syncFromErp(env),
      (e) => e instanceof DomainError && e.messageKey === "sync.erpFailed",
    );
    assert.equal((await env.db.select().from(suppliers)).length, 2);
  } finally {
    await server.shutdown();
  }
});

Deno.test("an .xlsx is read as Excel shows it: first sheet in tab order, rich text, 1904 dates, prefixed tags", async () => {
  await using env = await testEnv();
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const inline = (ref: string, v: string) =>
    `<x:c r="${ref}" t="inlineStr"><x:is><x:t>${v}</x:t></x:is></x:c>`;
  const serial1904 = (iso: string) => Date.parse(iso) / 86_400_000 + 25569 - 1462;
  const header = HEADER.split(",").map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h));
  const sheet = (rows: string) =>
    `<?xml version="1.0"?><x:worksheet xmlns:x="${main}"><x:sheetData>` +
    `<x:row r="1">${header.join("")}</x:row>${rows}</x:sheetData></x:worksheet>`;
  const bytes = zipSync({
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0"?><x:workbook xmlns:x="${main}" xmlns:r="${rel}">` +
        `<x:workbookPr date1904="1"/><x:sheets><x:sheet name="ERP" sheetId="3" r:id="rId7"/>` +
        `<x:sheet name="Other" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId7" Type="${rel}/worksheet" Target="/xl/worksheets/erp.xml"/>` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/other.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${rel}/styles" Target="./styles.xml"/></Relationships>`,
    ),
    "xl/styles.xml": strToU8(
      `<?xml version="1.0"?><styleSheet xmlns="${main}">` +
        `<numFmts count="1"><numFmt numFmtId="164" formatCode="[$-804]yyyy&quot;/&quot;mm/dd;@"/></numFmts>` +
        `<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>` +
        `<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="31"/>` +
        `<xf numFmtId="164"><alignment horizontal="left"/></xf></cellXfs></styleSheet>`,
    ),
    "xl/sharedStrings.xml": strToU8(
      `<?xml version="1.0"?><sst xmlns="${main}"><si><t>unused</t></si>` +
        `<si><r><t>Rich </t></r><r><rPr><b/></rPr><t xml:space="preserve">&amp; Co &#x2122;</t></r>` +
        `<rPh sb="0" eb="1"><t>リッチ</t></rPh></si></sst>`,
    ),
    "xl/worksheets/erp.xml": strToU8(sheet(
      `<x:row r="2">${inline("A2", "V8001")}${inline("B2", "Rich")}` +
        `<x:c r="C2" t="s"><x:v>1</x:v></x:c>${inline("I2", "effective")}` +
        `<x:c r="J2" s="1"><x:v>${serial1904("2026-11-01T00:00:00Z")}</x:v></x:c></x:row>` +
        `<x:row r="3">${inline("A3", "V8002")}${inline("B3", "Plain")}${
          inline("C3", "Plain Ltd")
        }` +
        `${inline("I3", "effective")}<x:c r="J3" s="2"><x:v>${
          serial1904("2026-11-02T12:00:00Z")
        }</x:v></x:c></x:row>`,
    )),
    "xl/worksheets/other.xml": strToU8(sheet(
      `<x:row r="2">${inline("A2", "V9999")}${inline("B2", "Other")}${inline("C2", "Other Ltd")}` +
        `${inline("I2", "effective")}${inline("J2", "2026-11-01")}</x:row>`,
    )),
  });
  const report = await syncFromFile(env, bytes);
  assert.deepEqual([report.created, report.rejected], [2, 0], JSON.stringify(report.rows));
  const rows = await env.db.select().from(suppliers).orderBy(suppliers.code);
  assert.deepEqual(
    rows.map((s) => [s.code, s.fullName, s.erpEditDate?.toISOString()]),
    [
      ["V8001", "Rich & Co ™", "2026-11-01T00:00:00.000Z"],
      ["V8002", "Plain Ltd", "2026-11-02T12:00:00.000Z"],
    ],
  );
});
