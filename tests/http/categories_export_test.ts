// GetExportList of the category page: the list's filter and order as an .xlsx in the caller's
// language; an empty result is "no records can be exported"; the category permission is needed.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { createCategory } from "../../server/domain/categories/service.ts";
import { P, staff } from "../domain/projects_fixtures.ts";

Deno.test("category export: the filtered list as .xlsx, headers in the caller's language", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await createCategory(env, { name: "Laminates", sort: 2 });
  await createCategory(env, { name: "Laminate tools", sort: 1 });
  await createCategory(env, { name: "Chemicals", sort: 3 });
  const path = "/QMO/OfferProjectType/GetExportList";

  const r = await call(env, "get", path, { token: admin, lang: "zh", query: { Name: "Laminat" } });
  assert.equal(r.status, 200);
  assert.match(r.res.headers.get("content-disposition") ?? "", /\.xlsx/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await r.res.arrayBuffer());
  const sheet = wb.worksheets[0];
  assert.equal(sheet.getRow(1).getCell(1).value, "类别名称");
  assert.deepEqual(
    [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value, sheet.rowCount],
    ["Laminate tools", "Laminates", 3],
  );

  const none = await call(env, "get", path, {
    token: admin,
    lang: "en",
    query: { Name: "Nothing" },
  });
  assert.equal(none.status, 404);
  assert.equal(none.json.error.message, "No records can be exported");
  const bad = await call(env, "get", path, { token: admin, query: { Sorting: "password desc" } });
  assert.equal(bad.status, 400);
  const buyer = await staff(env, "viewer", [P.OfferProjectManagerSearch]);
  assert.equal((await call(env, "get", path, { token: buyer.token })).status, 403);
});
