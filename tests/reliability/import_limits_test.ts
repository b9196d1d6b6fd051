// Supplier import files made to stall a server: a workbook whose only data row is
// row 1,048,576, a workbook that inflates far past what it claims, and a 17 MB CSV of more rows
// than one file may hold. Each is posted to the real server while another loop keeps calling
// /healthz: each is refused with a 400 naming the limit, in English and Chinese, nothing is
// imported, every /healthz answers within a second, the server's peak memory stays within a few
// hundred MB, and a normal file is still imported after.
import assert from "node:assert/strict";
import { strToU8, zipSync } from "fflate";
import {
  prepareDataDir,
  printTally,
  signInHttp,
  sleep,
  startServerProcess,
  SUPPLIER_PASSWORD,
  withDbFile,
} from "./support.ts";
import { createUser } from "../../server/domain/users/service.ts";

const HEADER =
  "code,abbrName,fullName,contactPerson,contactNumber,email1,email2,email3,status,editDate";

const inlineCells = (row: number, values: string[]) =>
  values.map((v, i) =>
    `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${v}</t></is></c>`
  ).join("");

/** A worksheet with the header in row 1 and `rows` (raw XML) after it. */
const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
  `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
  `<row r="1">${inlineCells(1, HEADER.split(","))}</row>${rows}</sheetData></worksheet>`;

/** A minimal .xlsx: content types, the workbook, its relationships and one sheet. */
function workbook(sheet: string): Uint8Array {
  const rels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return zipSync({
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rels}">` +
        `<sheets><sheet name="ERP" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(sheet),
  }, { level: 9 });
}

/** The archive with the named entry's uncompressed size given as `size` in both of its headers. */
function claimSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const wanted = new TextEncoder().encode(name);
  const named = (at: number) => wanted.every((b, i) => out[at + i] === b);
  for (let i = 0; i + 46 < out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50 && named(i + 30)) view.setUint32(i + 22, size, true);
    if (sig === 0x02014b50 && named(i + 46)) view.setUint32(i + 24, size, true);
  }
  return out;
}

const supplierRow = (i: number) =>
  `S${String(i).padStart(6, "0")},Supplier ${i},Supplier number ${i} Trading Co. Ltd,` +
  `Contact ${i},+86 21 5555 ${String(i % 10000).padStart(4, "0")},buyer${i}@s${i}.example.com,,,` +
  `effective,2026-11-01`;

/** Watches /healthz until stopped; answers the slowest answer (ms) and how many there were. */
function watchHealth(base: string) {
  let running = true;
  let slowest = 0;
  let answered = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) });
      await res.body?.cancel();
      assert.equal(res.status, 200);
      slowest = Math.max(slowest, performance.now() - started);
      answered++;
      await sleep(20);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowest, answered };
  };
}

async function postImport(
  base: string,
  token: string,
  lang: string,
  bytes: Uint8Array,
  name: string,
) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await fetch(`${base}/api/services/QMO/Supplier/ImportSupplierData`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "accept-language": lang },
    body: form,
  });
  return { status: res.status, json: await res.json() };
}

Deno.test("import files past the limits are refused at once, nothing imported, /healthz answering throughout", async () => {
  const { dataDir } = await prepareDataDir(async (deps) => {
    await createUser(deps, {
      userName: "buyer1",
      name: "Buyer One",
      password: SUPPLIER_PASSWORD,
      roleNames: ["Buyer"],
    });
  });
  await using server = await startServerProcess(dataDir);
  const token = await signInHttp(server.base, "buyer1", SUPPLIER_PASSWORD);
  const supplierCount = () =>
    withDbFile(dataDir, async (q) => Number((await q("SELECT count(*) AS n FROM suppliers"))[0].n));
  const before = await supplierCount();

  const farRow = workbook(sheetXml(
    `<row r="1048576">${
      inlineCells(1_048_576, "V1,Far,Far Row Ltd,,,,,,effective,2026-11-01".split(","))
    }</row>`,
  ));
  assert.ok(farRow.length < 2048, "the far-row workbook is a small file");
  // 40 MB of sheet that claims to unpack to 1 KB.
  const bomb = claimSize(
    workbook(sheetXml(" ".repeat(40 * 1024 * 1024))),
    "xl/worksheets/sheet1.xml",
    1024,
  );
  assert.ok(bomb.length < 100_000, "the bomb is a small file");
  const lines = [HEADER];
  for (let i = 1, size = 0; size < 17 * 1024 * 1024; i++) {
    lines.push(supplierRow(i));
    size += lines[i].length + 1;
  }
  const csv = new TextEncoder().encode(lines.join("\n"));

  const cases = [
    {
      name: "far-row.xlsx",
      bytes: farRow,
      en: /^Row 1,048,576 holds data, but a file may hold at most 10,000 suppliers/,
      zh: /^第 1,048,576 行有数据，但一个文件最多包含 10,000 家供应商/,
    },
    {
      name: "bomb.xlsx",
      bytes: bomb,
      en: /^The workbook unpacks to more than 32 MB/,
      zh: /^工作簿解压后超过 32 MB/,
    },
    {
      name: "suppliers.csv",
      bytes: csv,
      en: /^Row 10,002 holds data, but a file may hold at most 10,000 suppliers/,
      zh: /^第 10,002 行有数据，但一个文件最多包含 10,000 家供应商/,
    },
  ];

  const peakMb = async () => {
    const status = await Deno.readTextFile(`/proc/${server.pid}/status`);
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
  };
  const peakBefore = await peakMb();
  const stop = watchHealth(server.base);
  let health: { slowest: number; answered: number };
  try {
    for (const c of cases) {
      for (const lang of ["en", "zh"] as const) {
        const r = await postImport(server.base, token, lang, c.bytes, c.name);
        assert.equal(r.status, 400, `${c.name} (${lang}): ${JSON.stringify(r.json)}`);
        assert.match(r.json.error.message, c[lang], c.name);
        assert.deepEqual(
          r.json.error.validationErrors.map((v: { members: string[] }) => v.members),
          [
            ["file"],
          ],
        );
      }
    }
  } finally {
    health = await stop();
  }
  assert.ok(health.slowest < 1000, `the slowest /healthz took ${Math.round(health.slowest)} ms`);
  assert.ok(health.answered >= 6, `/healthz answered ${health.answered} times`);
  const slowestWhileRefusing = health.slowest;
  // Refusing them costs memory of the order of the limits, not of the rows a sheet claims.
  const grown = (await peakMb()) - peakBefore;
  assert.ok(grown < 512, `the server's peak memory grew by ${Math.round(grown)} MB`);
  assert.equal(await supplierCount(), before, "no supplier was added");

  // A file within the limits is imported as before: 10,000 suppliers, the most one file holds.
  const full = new TextEncoder().encode(lines.slice(0, 10_001).join("\n"));
  const stopAgain = watchHealth(server.base);
  let ok;
  try {
    ok = await postImport(server.base, token, "en", full, "suppliers.csv");
  } finally {
    health = await stopAgain();
  }
  assert.equal(ok.status, 200, JSON.stringify(ok.json).slice(0, 500));
  assert.equal(ok.json.result.created, 10_000);
  assert.ok(health.slowest < 1000, `the slowest /healthz took ${Math.round(health.slowest)} ms`);
  assert.equal(await supplierCount(), before + 10_000);
  printTally("import_limits", {
    cases: cases.length * 2 + 1,
    failures: 0,
    rowsLost: 0,
    note: `slowest /healthz ${Math.round(Math.max(slowestWhileRefusing, health.slowest))} ms`,
  });
});
