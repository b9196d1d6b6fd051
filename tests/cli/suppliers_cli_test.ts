// `suppliers sync | list | invalidate` run as real subprocesses against a file database.
import assert from "node:assert/strict";
import { runCli } from "./run.ts";

async function cli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}) {
  return await runCli(dataDir, args, {
    DATABASE_URL: `file:${dataDir}/qmo.db`,
    JWT_SECRET: "cli-test-secret-cli-test-secret-0123456",
    ...extraEnv,
  });
}

const csv = [
  "code,abbrName,fullName,contactPerson,contactNumber,email1,email2,email3,status,editDate",
  "V5001,南亚塑胶,南亚塑胶工业股份有限公司,林经理,,cs@npc.example.com,,,effective,2026-11-01",
  "V5002,Doosan,Doosan Electro-Materials,,,,,,effective,2026-11-05",
  "V5003,Broken,Broken Ltd,,,nope,,,effective,2026-11-05",
].join("\n");

Deno.test("suppliers sync from a file: dry run, real run, run twice, --since, list and invalidate", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-sup-" });
  try {
    const file = `${dir}/erp.csv`;
    await Deno.writeTextFile(file, csv);
    assert.equal((await cli(dir, ["db", "migrate"])).code, 0);

    const dry = await cli(dir, ["suppliers", "sync", "--file", file, "--dry-run"]);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /2 created, 0 updated, 0 unchanged, 1 rejected/);
    assert.match(dry.stdout, /Dry run: nothing was changed/);
    assert.match(dry.stdout, /4\s+V5003\s+Rejected\s+email1 is not valid/);
    const empty = await cli(dir, ["suppliers", "list"]);
    assert.match(empty.stdout, /No suppliers/);

    const run = await cli(dir, ["suppliers", "sync", "--file", file]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /2 created, 0 updated, 0 unchanged, 1 rejected/);
    const twice = await cli(dir, ["suppliers", "sync", "--file", file, "--json"]);
    const report = JSON.parse(twice.stdout);
    assert.deepEqual([report.created, report.unchanged, report.rejected], [0, 2, 1]);

    const since = await cli(dir, [
      "suppliers",
      "sync",
      "--file",
      file,
      "--since",
      "2026-11-03",
      "--json",
    ]);
    assert.deepEqual(JSON.parse(since.stdout).rows.map((r: { code: string }) => r.code), [
      "V5002",
      "V5003",
    ]);

    const list = await cli(dir, ["suppliers", "list"]);
    assert.match(list.stdout, /V5001\s+南亚塑胶\s+Effective/);

    const inv = await cli(dir, ["suppliers", "invalidate", "v5002"]);
    assert.equal(inv.code, 0, inv.stderr);
    assert.match(inv.stdout, /Supplier V5002 is now invalid/);
    const invalid = await cli(dir, ["suppliers", "list", "--status", "invalid", "--json"]);
    assert.deepEqual(JSON.parse(invalid.stdout).map((s: { code: string }) => s.code), ["V5002"]);

    const unknown = await cli(dir, ["suppliers", "invalidate", "NOPE"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Supplier NOPE was not found/);
    const badDate = await cli(dir, ["suppliers", "sync", "--file", file, "--since", "someday"]);
    assert.equal(badDate.code, 2);
    const noErp = await cli(dir, ["suppliers", "sync"]);
    assert.equal(noErp.code, 1);
    assert.match(noErp.stderr, /ERP_SUPPLIERS_URL/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("suppliers sync --file past the row limit says which row in words, exits 2 and imports nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-sup-" });
  try {
    const file = `${dir}/erp.csv`;
    const rows = Array.from(
      { length: 10_001 },
      (_, i) => `S${i + 1},A${i + 1},Full ${i + 1} Ltd,,,,,,effective,2026-11-01`,
    );
    await Deno.writeTextFile(file, [csv.split("\n")[0], ...rows].join("\n"));
    assert.equal((await cli(dir, ["db", "migrate"])).code, 0);
    const run = await cli(dir, ["suppliers", "sync", "--file", file], { LANG: "zh_CN.UTF-8" });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /第 10,002 行有数据，但一个文件最多包含 10,000 家供应商/);
    const list = await cli(dir, ["suppliers", "list"]);
    assert.match(list.stdout, /No suppliers/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
