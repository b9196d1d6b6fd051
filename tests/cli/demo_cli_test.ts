// demo generate as a real subprocess: it says what it will write and the free space before it
// starts, refuses what would not fit, and leaves a database holding real data alone unless --force.
import assert from "node:assert/strict";
import { statfs } from "node:fs/promises";
import { prepareDataDir, runCli, withDbFile } from "../reliability/support.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { suppliers } from "../../db/schema.ts";
import { everything } from "../domain/projects_fixtures.ts";

const counts = (dataDir: string) =>
  withDbFile(
    dataDir,
    (q) =>
      q(`SELECT (SELECT count(*) FROM suppliers) AS suppliers, (SELECT count(*) FROM offer_projects)
         AS projects, (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM audit_logs) AS logs`),
  )
    .then((rows) => rows[0]);

Deno.test("demo generate refuses a database holding suppliers and projects of its own unless --force, and writes nothing", async () => {
  const { dataDir } = await prepareDataDir(async (deps) => {
    await deps.db.insert(suppliers).values({
      code: "V100",
      abbrName: "Kingboard",
      fullName: "Kingboard Laminates",
      email1: "sales@kingboard.example.com",
    });
    await createProject(deps, everything(), { name: "Laminates 2027", kind: "material" });
  });
  try {
    const before = await counts(dataDir);
    const refused = await runCli(dataDir, ["demo", "generate", "--scale", "0.0005"]);
    assert.equal(refused.code, 2, refused.stdout);
    assert.match(
      refused.stderr,
      /holds 1 suppliers and 1 projects that demo generate did not make[^]*--force/,
    );
    assert.deepEqual(await counts(dataDir), before);
    const zh = await runCli(dataDir, ["demo", "generate", "--scale", "0.0005"], {
      LANG: "zh_CN.UTF-8",
    });
    assert.match(zh.stderr, /不是 demo generate 生成的/);

    const forced = await runCli(dataDir, ["demo", "generate", "--scale", "0.0005", "--force"]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(Number((await counts(dataDir)).suppliers), Number(before.suppliers) + 50);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("demo generate adds to a database of demo and generated rows only, and says the size and free space first", async () => {
  const { dataDir } = await prepareDataDir(undefined, { DEMO_DATA: "1" });
  try {
    const demo = await counts(dataDir);
    assert.ok(Number(demo.suppliers) >= 5 && Number(demo.projects) >= 2, JSON.stringify(demo));
    for (let run = 0; run < 2; run++) {
      const r = await runCli(dataDir, ["demo", "generate", "--scale", "0.0005"]);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.trim().split("\n");
      assert.match(
        lines[0],
        /^About to write about \d+(\.\d)? (KiB|MiB) into .*, which has \d+(\.\d)? (MiB|GiB) free$/,
      );
      assert.match(lines[1], /^users: /);
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("demo generate refuses, before writing anything, a size the free disk space cannot hold", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    // More audit-log rows than the real free space here holds (each takes over 300 bytes).
    const fs = await statfs(dataDir);
    const tooMany = Math.ceil(fs.bavail * fs.bsize / 300) + 1_000_000;
    const before = await counts(dataDir);
    const r = await runCli(dataDir, [
      "demo",
      "generate",
      "--scale",
      "0.0005",
      "--logs",
      String(tooMany),
    ]);
    assert.equal(r.code, 2, r.stdout);
    assert.match(
      r.stdout,
      /^About to write about [\d.]+ (GiB|MiB) into .*, which has [\d.]+ (GiB|MiB) free/,
    );
    assert.match(
      r.stderr,
      /would not fit in the [\d.]+ (GiB|MiB) free in .*; the largest scale that fits is about --scale [\d.]+/,
    );
    assert.deepEqual(await counts(dataDir), before);

    // The scale is bounded too.
    const big = await runCli(dataDir, ["demo", "generate", "--scale", "101"]);
    assert.equal(big.code, 2);
    assert.match(big.stderr, /at most 100/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
