// `suppliers export` and `categories export`, run as real subprocesses against a file database:
// the same filters as their pages, no overwrite without --force, a bad filter or a missing folder
// refused with a clear message before anything is written.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { suppliers } from "../../db/schema.ts";
import { createCategory } from "../../server/domain/categories/service.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { runCli } from "./run.ts";

async function cli(dataDir: string, args: string[], lang = "en_US.UTF-8") {
  return await runCli(dataDir, args, { LANG: lang, DEMO_DATA: "0" });
}

async function sheetOf(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? "")))
  );
  return rows;
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

async function database(dir: string) {
  const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
  const deps = await openDeps(config, fixedClock("2026-11-23T02:00:00.000Z"));
  await seed(deps);
  return deps;
}

Deno.test("CLI: suppliers export writes the filtered list; a bad filter or an existing file changes nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-sup-export-" });
  try {
    const deps = await database(dir);
    await deps.db.insert(suppliers).values([
      { code: "V1001", abbrName: "南亚", fullName: "南亚塑胶工业", email1: "a@example.com" },
      { code: "V1002", abbrName: "Doosan", fullName: "Doosan Electro-Materials" },
      { code: "V2001", abbrName: "Old", fullName: "Old Supplier Ltd", status: "invalid" },
    ]);
    deps.close();

    const out = `${dir}/suppliers.xlsx`;
    let r = await cli(dir, ["suppliers", "export", "--out", out, "--status", "effective"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /2 suppliers written to .*suppliers\.xlsx/);
    let rows = await sheetOf(out);
    assert.equal(rows[0][0], "Supplier code");
    assert.deepEqual(rows.slice(1).map((row) => row[0]), ["V1001", "V1002"]);

    // An existing file is kept unless --force; the same file with --force takes the new filter.
    const before = await Deno.readFile(out);
    r = await cli(dir, ["suppliers", "export", "--out", out, "--keyword", "Old"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /suppliers\.xlsx already exists; .* add --force to overwrite it/);
    assert.deepEqual(await Deno.readFile(out), before);
    r = await cli(dir, ["suppliers", "export", "--out", out, "--keyword", "Old", "--force"]);
    assert.equal(r.code, 0, r.stderr);
    rows = await sheetOf(out);
    assert.deepEqual(rows.slice(1).map((row) => row[0]), ["V2001"]);

    // A bad filter value is named by its option; nothing is written.
    const bad = `${dir}/bad.xlsx`;
    r = await cli(dir, ["suppliers", "export", "--out", bad, "--status", "sleeping"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--status/);
    assert.equal(await exists(bad), false);
    r = await cli(dir, ["suppliers", "export", "--out", `${dir}/no/such/folder/s.xlsx`]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /The folder .*no\/such\/folder does not exist/);
    r = await cli(dir, ["suppliers", "export", "--out", bad, "--code", "NOPE"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No records can be exported/);
    assert.equal(await exists(bad), false);
    r = await cli(dir, ["suppliers", "export"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--out/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("CLI: categories export writes the filtered category list in the reader's language", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-cat-export-" });
  try {
    const deps = await database(dir);
    const laminates = await createCategory(deps, {
      name: "Laminates",
      description: "=FR-4 and prepreg",
      sort: 1,
    });
    await createCategory(deps, { name: "Chemicals", sort: 2 });
    await createCategory(deps, { name: "Laminate tools", sort: 3 });
    await createProject(deps, everything(), {
      name: "FR-4 2027",
      kind: "material",
      category: laminates.id,
    });
    deps.close();

    const out = `${dir}/categories.xlsx`;
    let r = await cli(dir, ["categories", "export", "--out", out, "--name", "Laminat"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /2 category\(ies\) written to/);
    let rows = await sheetOf(out);
    assert.deepEqual(rows[0].slice(0, 5), [
      "Category name",
      "Description",
      "Required certificates",
      "Order",
      "Projects",
    ]);
    // The list's order (the category order), a formula-like text kept as text, projects counted.
    assert.deepEqual(rows.slice(1).map((row) => [row[0], row[1], row[4]]), [
      ["Laminates", "=FR-4 and prepreg", "1"],
      ["Laminate tools", "", "0"],
    ]);

    r = await cli(dir, ["categories", "export", "--out", `${dir}/zh.xlsx`], "zh_CN.UTF-8");
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /已将 3 个类别写入/);
    rows = await sheetOf(`${dir}/zh.xlsx`);
    assert.equal(rows[0][0], "类别名称");

    const before = await Deno.readFile(out);
    r = await cli(dir, ["categories", "export", "--out", out]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /already exists/);
    assert.deepEqual(await Deno.readFile(out), before);
    r = await cli(dir, ["categories", "export", "--out", `${dir}/none.xlsx`, "--name", "Nothing"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No records can be exported/);
    assert.equal(await exists(`${dir}/none.xlsx`), false);
    r = await cli(dir, [
      "categories",
      "export",
      "--out",
      `${dir}/x.xlsx`,
      "--name",
      "x".repeat(101),
    ]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--name/);
    assert.equal(await exists(`${dir}/x.xlsx`), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
