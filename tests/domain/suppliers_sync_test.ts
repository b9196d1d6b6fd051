import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { suppliers, users } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { createPortalAccount, updateSupplier } from "../../server/domain/suppliers/service.ts";
import {
  erpCodesChangedSince,
  introduceSupplier,
  syncFromErp,
  syncFromFile,
} from "../../server/domain/suppliers/sync.ts";
import { DomainError } from "../../server/domain/errors.ts";

type Rec = Record<string, unknown>;

/** A small ERP: serves `records` as JSON and remembers the query strings it was asked. */
function fakeErp(records: () => Rec[]) {
  const asked: string[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const url = new URL(req.url);
    asked.push(url.search);
    return Response.json({ items: records() });
  });
  const url = `http://127.0.0.1:${server.addr.port}/erp/suppliers`;
  return {
    url,
    asked,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

const erpRows = (): Rec[] => [
  {
    code: "V1001",
    abbrName: "建滔积层板",
    fullName: "建滔积层板控股有限公司",
    contactPerson: "陈先生",
    contactNumber: "+86 769 1234 5678",
    email1: "sales@kblaminates.example.com",
    email2: "",
    status: "effective",
    editDate: "2026-11-01T08:00:00Z",
  },
  {
    code: "V1002",
    abbrName: "Isola",
    fullName: "Isola Group Asia Pacific Ltd.",
    email1: "rfq@isola.example.com",
    status: "effective",
    editDate: "2026-11-02T08:00:00Z",
  },
  // Rejected: a bad address, no code, an unknown status, a repeated code.
  {
    code: "V1003",
    abbrName: "Bad mail",
    fullName: "Bad Mail Ltd",
    email1: "not-an-address",
    status: "effective",
    editDate: "2026-11-02T08:00:00Z",
  },
  { abbrName: "No code", fullName: "No Code Ltd", status: "effective", editDate: "2026-11-02" },
  {
    code: "V1004",
    abbrName: "Odd",
    fullName: "Odd Status Ltd",
    status: "maybe",
    editDate: "2026-11-02",
  },
  {
    code: "V1001",
    abbrName: "dup",
    fullName: "dup",
    status: "effective",
    editDate: "2026-11-02",
  },
];

Deno.test("sync from the ERP over HTTP creates, rejects with a reason per row, and a second run changes nothing", async () => {
  let rows = erpRows();
  await using erp = fakeErp(() => rows);
  await using env = await testEnv({ env: { ERP_SUPPLIERS_URL: erp.url } });

  const first = await syncFromErp(env, { lang: "en" });
  assert.deepEqual(
    [first.created, first.updated, first.unchanged, first.rejected],
    [2, 0, 0, 4],
  );
  const reasons = first.rows.filter((r) => r.outcome === "rejected").map((r) => [r.row, r.reason]);
  assert.deepEqual(reasons, [
    [3, "email1 is not valid"],
    [4, "code is missing"],
    [5, "status is not valid"],
    [6, "Code V1001 appears more than once: only its first row was used"],
  ]);
  const kb = await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V1001") });
  assert.equal(kb?.fullName, "建滔积层板控股有限公司");
  assert.equal(kb?.source, "erp");
  assert.equal(kb?.email2, null);
  assert.equal(kb?.erpEditDate?.toISOString(), "2026-11-01T08:00:00.000Z");

  const second = await syncFromErp(env, { lang: "en" });
  assert.deepEqual(
    [second.created, second.updated, second.unchanged, second.rejected],
    [0, 0, 2, 4],
  );
  assert.equal((await env.db.select().from(suppliers)).length, 2);

  // The ERP edits V1002; here the buyer qualified it and gave it a sign-in.
  const isola = (await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V1002") }))!;
  await updateSupplier(env, {
    id: isola.id,
    abbrName: isola.abbrName,
    fullName: isola.fullName,
    email1: isola.email1,
    cooperationStatus: "qualified",
  });
  await createPortalAccount(env, { id: isola.id, password: "Portal@2026x" });
  rows = rows.map((r) =>
    r.code === "V1002"
      ? { ...r, email1: "quotes@isola.example.com", editDate: "2026-11-20T08:00:00Z" }
      : r
  );
  const third = await syncFromErp(env, { lang: "en" });
  assert.deepEqual([third.created, third.updated, third.unchanged], [0, 1, 1]);
  const after = (await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V1002") }))!;
  assert.equal(after.email1, "quotes@isola.example.com");
  assert.equal(after.cooperationStatus, "qualified");
  const account = await env.db.query.users.findFirst({ where: eq(users.supplierId, isola.id) });
  assert.equal(account?.userName, "V1002");
});

Deno.test("a local edit stays until the ERP edits the supplier again", async () => {
  const rows = erpRows().slice(0, 1);
  await using erp = fakeErp(() => rows);
  await using env = await testEnv({ env: { ERP_SUPPLIERS_URL: erp.url } });
  await syncFromErp(env);
  const kb = (await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V1001") }))!;
  await updateSupplier(env, {
    id: kb.id,
    abbrName: kb.abbrName,
    fullName: kb.fullName,
    email1: "buyer-fixed@kb.example.com",
  });
  const again = await syncFromErp(env);
  assert.equal(again.unchanged, 1);
  const kept = (await env.db.query.suppliers.findFirst({ where: eq(suppliers.id, kb.id) }))!;
  assert.equal(kept.email1, "buyer-fixed@kb.example.com");
});

Deno.test("since: only records edited at or after the date, passed on to the ERP", async () => {
  const rows = erpRows().slice(0, 2);
  await using erp = fakeErp(() => rows);
  await using env = await testEnv({ env: { ERP_SUPPLIERS_URL: erp.url } });
  const since = new Date("2026-11-02T00:00:00Z");
  const report = await syncFromErp(env, { since });
  assert.deepEqual(report.rows.map((r) => r.code), ["V1002"]);
  assert.equal(erp.asked.at(-1), `?since=${encodeURIComponent(since.toISOString())}`);

  const codes = await erpCodesChangedSince(env, new Date("2026-10-01T00:00:00Z"));
  assert.deepEqual(codes.map((c) => [c.code, c.local]), [["V1001", "new"], ["V1002", "same"]]);
});

Deno.test("a dry run reports without writing; an unreachable ERP is 'unavailable', not a crash", async () => {
  const rows = erpRows().slice(0, 2);
  await using erp = fakeErp(() => rows);
  await using env = await testEnv({ env: { ERP_SUPPLIERS_URL: erp.url } });
  const dry = await syncFromErp(env, { dryRun: true });
  assert.equal(dry.created, 2);
  assert.equal((await env.db.select().from(suppliers)).length, 0);

  await using down = await testEnv({ env: { ERP_SUPPLIERS_URL: "http://127.0.0.1:9/none" } });
  await assert.rejects(
    () => syncFromErp(down),
    (e) => e instanceof DomainError && e.kind === "unavailable",
  );
  await using unset = await testEnv();
  await assert.rejects(
    () => syncFromErp(unset),
    (e) => e instanceof DomainError && e.messageKey === "sync.notConfigured",
  );
});

Deno.test("introduce one supplier by code from the ERP", async () => {
  const rows = erpRows();
  await using erp = fakeErp(() => rows);
  await using env = await testEnv({ env: { ERP_SUPPLIERS_URL: erp.url } });
  const r = await introduceSupplier(env, "v1002");
  assert.equal(r.outcome, "created");
  assert.equal(r.supplier.code, "V1002");
  assert.equal((await env.db.select().from(suppliers)).length, 1);
  await assert.rejects(
    () => introduceSupplier(env, "NOPE1"),
    (e) => e instanceof DomainError && e.kind === "notFound",
  );
  await assert.rejects(
    () => introduceSupplier(env, "V1003"),
    (e) => e instanceof DomainError && e.kind === "validation",
  );
});

const csvHeader =
  "code,abbrName,fullName,contactPerson,contactNumber,email1,email2,email3,status,editDate";

Deno.test("sync from a .csv file: quoted fields, row numbers in the reasons, run twice", async () => {
  await using env = await testEnv();
  const csv = [
    csvHeader,
    'V2001,生益科技,"广东生益科技股份有限公司, 东莞",王女士,0769-2222,sy@shengyi.example.com,,,effective,2026-11-01',
    "V2002,Rogers,Rogers Corporation,,,,,,effective,2026-11-01",
    "V2003,Broken,Broken Ltd,,,x@,,,effective,2026-11-01",
    "V2004,NoDate,No Date Ltd,,,a@b.example.com,,,effective,",
  ].join("\r\n");
  const bytes = new TextEncoder().encode("\uFEFF" + csv);
  const first = await syncFromFile(env, bytes, { lang: "zh" });
  assert.deepEqual([first.created, first.rejected], [2, 2]);
  assert.deepEqual(first.rows.filter((r) => r.outcome === "rejected").map((r) => r.row), [4, 5]);
  assert.equal(first.rows[3].reason, "缺少 editDate");
  const sy = await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V2001") });
  assert.equal(sy?.fullName, "广东生益科技股份有限公司, 东莞");
  const second = await syncFromFile(env, bytes);
  assert.deepEqual([second.created, second.updated, second.unchanged], [0, 0, 2]);
});

Deno.test("sync from a file refuses a row whose name holds a control character, and imports the rest", async () => {
  await using env = await testEnv();
  const csv = [
    csvHeader,
    "V3001,Clean,Clean Ltd,,,,,,effective,2026-11-01",
    "V3002,Bell\u0007,Bell Ltd,,,,,,effective,2026-11-01",
    "V3003,Nul,Nul\u0000 Ltd,,,,,,effective,2026-11-01",
    "V3004,Csi,Csi\u009b Ltd,,,,,,effective,2026-11-01",
  ].join("\n");
  const report = await syncFromFile(env, new TextEncoder().encode(csv), { lang: "en" });
  assert.deepEqual([report.created, report.rejected], [1, 3]);
  assert.deepEqual(
    report.rows.filter((r) => r.outcome === "rejected").map((r) => [r.row, r.reason]),
    [
      [3, "abbrName contains a control character"],
      [4, "fullName contains a control character"],
      [5, "fullName contains a control character"],
    ],
  );
  const stored = await env.db.select({ code: suppliers.code }).from(suppliers)
    .where(eq(suppliers.code, "V3002"));
  assert.deepEqual(stored, []);
});

Deno.test("sync from an .xlsx file in the same columns; a file without a code column is refused", async () => {
  await using env = await testEnv();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("ERP");
  ws.addRow(csvHeader.split(","));
  ws.addRow([
    1001,
    "Panasonic",
    "Panasonic Industry",
    null,
    null,
    "pcb@panasonic.example.com",
    null,
    null,
    "effective",
    new Date("2026-11-03T00:00:00Z"),
  ]);
  ws.addRow([
    "V3002",
    "Ventec",
    "Ventec International Group",
    null,
    null,
    null,
    null,
    null,
    "invalid",
    "2026-11-03",
  ]);
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
  const report = await syncFromFile(env, bytes);
  assert.deepEqual([report.created, report.rejected], [2, 0]);
  const ventec = await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "V3002") });
  assert.equal(ventec?.status, "invalid");
  assert.ok(await env.db.query.suppliers.findFirst({ where: eq(suppliers.code, "1001") }));
  assert.equal((await syncFromFile(env, bytes)).unchanged, 2);

  await assert.rejects(
    () => syncFromFile(env, new TextEncoder().encode("name,email\nx,y\n")),
    (e) => e instanceof DomainError && e.messageKey === "sync.noCodeColumn",
  );
});
