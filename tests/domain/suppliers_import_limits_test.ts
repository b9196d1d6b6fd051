// The limits of a supplier import file, each refused with a message naming it (nothing imported),
// a CSV read in pieces parsing the same as whole, and the ERP's answer read up to its size limit.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
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
