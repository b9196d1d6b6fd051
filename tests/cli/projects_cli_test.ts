// projects list / end / close / export, run as a real subprocess against a file database.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { publishProject } from "../../server/domain/projects/publish.ts";
import { suppliers } from "../../db/schema.ts";
import { DEADLINE, everything } from "../domain/projects_fixtures.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { runCli } from "./run.ts";

async function cli(dataDir: string, args: string[]) {
  return await runCli(dataDir, args, { DEMO_DATA: "0" });
}

Deno.test("CLI: projects list, end, close with a reason, export to .xlsx", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-projects-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    // Now, so the deadline a week ahead is still open when the subprocess reads the real clock.
    const deps = await openDeps(config, fixedClock(new Date()));
    await seed(deps);
    const [s] = await deps.db.insert(suppliers).values({
      code: "S1",
      abbrName: "S1",
      fullName: "S1",
      email1: "s1@example.com",
    })
      .returning();
    const a = await createProject(deps, everything(), { name: "Laminates", kind: "material" });
    const b = await createProject(deps, everything(), { name: "Prepreg", kind: "material" });
    const deadline = new Date(Math.max(Date.now() + 7 * 86400_000, Date.parse(DEADLINE)));
    // A working day in the future: step forward until one is accepted.
    for (let i = 0; i < 10; i++) {
      try {
        await publishProject(deps, everything(), {
          offProManagerId: a.id,
          offerEndTime: new Date(deadline.getTime() + i * 86400_000),
          supList: [{ id: s.id }],
        });
        break;
      } catch { /* not a working day */ }
    }
    deps.close();

    let r = await cli(dir, ["projects", "list", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const listed = JSON.parse(r.stdout);
    assert.deepEqual(
      listed.map((p: { code: string; status: string }) => [p.code, p.status]).sort(),
      [
        [a.code, "published"],
        [b.code, "unpublished"],
      ].sort(),
    );
    r = await cli(dir, ["projects", "list", "--status", "published"]);
    assert.match(r.stdout, new RegExp(a.code));
    assert.doesNotMatch(r.stdout, new RegExp(b.code));

    r = await cli(dir, ["projects", "end", b.code]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Only a project in quotation can be ended/);
    r = await cli(dir, ["projects", "end", a.code]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /has ended/);
    // Quoting closed when it was ended by hand, not at the deadline still a week ahead.
    r = await cli(dir, ["projects", "list", "--status", "ended"]);
    const line = r.stdout.split("\n").find((l) => l.includes(a.code)) ?? "";
    assert.match(line, /\(Ended by hand by the buyer; original deadline \d{4}-\d\d-\d\d \d\d:\d\d/);
    const ended = JSON.parse((await cli(dir, ["projects", "list", "--json"])).stdout)
      .find((p: { code: string }) => p.code === a.code);
    assert.equal(ended.closesAt, ended.endTime);
    assert.ok(line.includes(`${formatUtc8(new Date(ended.endTime))} (Ended by hand`), line);
    r = await cli(dir, ["projects", "close", b.code]);
    assert.notEqual(r.code, 0, "the reason is required");
    r = await cli(dir, ["projects", "close", b.code, "--reason", "demand cancelled"]);
    assert.equal(r.code, 0, r.stderr);
    r = await cli(dir, ["projects", "list", "--status", "closed", "--json"]);
    assert.equal(JSON.parse(r.stdout)[0].closeReason, "demand cancelled");

    const out = `${dir}/projects.xlsx`;
    r = await cli(dir, ["projects", "export", "--out", out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /2 projects written/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const sheet = wb.worksheets[0];
    assert.equal(sheet.getRow(1).getCell(1).value, "Project number");
    const codes = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value].sort();
    assert.deepEqual(codes, [a.code, b.code].sort());
    r = await cli(dir, ["projects", "export", "--out", `${dir}/none.xlsx`, "--kind", "asset"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No records can be exported/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
