import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { call, testEnv } from "../helpers.ts";
import { createCategory } from "../../server/domain/categories/service.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { DEADLINE, P, staff, supplier } from "../domain/projects_fixtures.ts";

async function read(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb.worksheets[0];
}

Deno.test("export: an .xlsx with headers in the reader's language, times in UTC+8, formula-like text kept as text", async () => {
  await using env = await testEnv();
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
    P.AmsOfferProjectManagerSearch,
  ]);
  const cat = await createCategory(env, { name: "覆铜板" });
  const p1 = await createProject(env, buyer.actor, {
    name: "年度覆铜板",
    kind: "material",
    category: cat.id,
  });
  const s = await supplier(env, "S1");
  await publishProject(env, buyer.actor, {
    offProManagerId: p1.id,
    offerEndTime: DEADLINE,
    supList: [{ id: s.id }],
  });
  env.clock.advance(60_000);
  await createProject(env, buyer.actor, {
    name: '=HYPERLINK("http://evil")',
    kind: "asset",
    offerItemType: "tendering",
    estimatedAmount: "250000.50",
    demandCode: "REQ-9",
  });

  const en = await call(env, "get", "/QMO/OfferProjectManager/GetExportList", {
    token: buyer.token,
    lang: "en",
    query: { Sorting: "code asc" },
  });
  assert.equal(en.status, 200);
  assert.equal(en.res.headers.get("content-type"), "application/octet-stream");
  assert.match(en.res.headers.get("content-disposition")!, /quotation-projects-20261123\.xlsx/);
  const sheet = await read(en.res);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  assert.deepEqual(header.slice(0, 5), [
    "Project number",
    "Project name",
    "Kind",
    "Category",
    "Status",
  ]);
  assert.equal(sheet.rowCount, 3);
  const col = (name: string) => header.indexOf(name) + 1;
  const asset = sheet.getRow(2); // AMS-… sorts before QP-…
  const material = sheet.getRow(3);
  assert.equal(asset.getCell(1).value, "AMS-20261123-001");
  assert.equal(asset.getCell(2).value, '=HYPERLINK("http://evil")');
  assert.equal(asset.getCell(col("Status")).value, "Unpublished");
  assert.equal(asset.getCell(col("Quotation type")).value, "Tendering");
  assert.equal(asset.getCell(col("Demand estimated untaxed amount (CNY)")).value, "250000.50");
  assert.equal(asset.getCell(col("Monthly purchase amount")).value, "Yes");
  assert.equal(asset.getCell(col("Creation time (UTC+8)")).value, "2026-11-23 10:01:00");
  assert.equal(material.getCell(1).value, "QP-20261123-001");
  assert.equal(material.getCell(2).value, "年度覆铜板");
  assert.equal(material.getCell(col("Category")).value, "覆铜板");
  assert.equal(material.getCell(col("Status")).value, "Published");
  assert.equal(material.getCell(col("Release date (UTC+8)")).value, "2026-11-23 10:00:00");
  assert.equal(material.getCell(col("Deadline (UTC+8)")).value, "2026-11-30 17:00:00");
  assert.equal(material.getCell(col("Suppliers invited")).value, 1);
  assert.equal(material.getCell(col("Creator")).value, "buyer1");

  const zh = await call(env, "get", "/QMO/OfferProjectManager/GetExportList", {
    token: buyer.token,
    lang: "zh",
    query: { kind: "material" },
  });
  const zs = await read(zh.res);
  assert.deepEqual((zs.getRow(1).values as unknown[]).slice(1, 4), [
    "项目编号",
    "项目名称",
    "类型",
  ]);
  assert.equal(zs.rowCount, 2);
  assert.equal(zs.getRow(2).getCell(5).value, "已发布");

  const none = await call(env, "get", "/QMO/OfferProjectManager/GetExportList", {
    token: buyer.token,
    lang: "en",
    query: { status: "closed" },
  });
  assert.equal(none.status, 404);
  assert.equal(none.json.error.message, "No records can be exported");
});
