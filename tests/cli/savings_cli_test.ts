// savings: the report as a table, filtered by period and category, and as an .xlsx file; run as a
// real subprocess against a file database (figures in tests/domain/savings_fixtures.ts).
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { SAVINGS_NOW, savingsData } from "../domain/savings_fixtures.ts";
import { runCli } from "./run.ts";

const cli = (dir: string, args: string[]) => runCli(dir, args, { DEMO_DATA: "0" });

Deno.test("CLI: savings as a table (period, category) and as .xlsx", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-savings-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    const clock = fixedClock(SAVINGS_NOW);
    const deps = await openDeps(config, clock);
    await seed(deps);
    const { a, a2, b, c, d } = await savingsData({ ...deps, clock });
    deps.close();

    let r = await cli(dir, ["savings"]);
    assert.equal(r.code, 0, r.stderr);
    const line = (code: string) => r.stdout.split("\n").find((l) => l.startsWith(code)) ?? "";
    assert.match(
      line(b.code),
      /Equipment\s+2026-12-01\s+1400000\.00\s+1349000\.00\s+1349000\.00\s+51000\.00\s+3\.64%\s+—\s+—\s+151000\.00\s+10\.07%\s+On the awarded total/,
    );
    assert.match(
      line(a.code),
      /Laminate\s+2026-12-01\s+206200\.00\s+206200\.00\s+217000\.00\s+-10800\.00\s+-5\.24%\s+33000\.00\s+13\.20%\s+-7000\.00\s+-3\.33%/,
    );
    assert.match(line(c.code), /No priced quotes/);
    assert.match(line(d.code), /Sealed until 2026-12-05 17:00:00/);
    assert.doesNotMatch(line(d.code), /\d+\.\d\d\s/);
    assert.match(r.stdout, /Total\s+1606200\.00\s+1555200\.00\s+1566000\.00\s+40200\.00\s+2\.50%/);
    // A category's sums cover its awarded projects only (A, not A2 on its best quote).
    assert.match(r.stdout, /Σ Laminate\s+206200\.00\s+206200\.00\s+217000\.00\s+-10800\.00/);

    r = await cli(dir, ["savings", "--from", "2026-10-01", "--to", "2026-10-31"]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes(a2.code) && !r.stdout.includes(a.code), r.stdout);
    r = await cli(dir, ["savings", "--category", "laminate"]);
    assert.ok(r.stdout.includes(a.code) && !r.stdout.includes(b.code), r.stdout);

    r = await cli(dir, ["savings", "--from", "2026-13-01"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--from must be a day, YYYY-MM-DD/);
    r = await cli(dir, ["savings", "--category", "Chemicals"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Chemicals/);

    const out = `${dir}/savings.xlsx`;
    r = await cli(dir, ["savings", "--category", "Equipment", "--out", out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Savings of 2 projects written to/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const ws = book.worksheets[0];
    assert.deepEqual(
      [
        ws.getRow(2).getCell(1).value,
        ws.getRow(2).getCell(9).value,
        ws.getRow(2).getCell(13).value,
      ],
      [b.code, 1400000, 51000],
    );
    r = await cli(dir, ["savings", "--out", out]);
    assert.equal(r.code, 2, "an existing file is never overwritten");
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
