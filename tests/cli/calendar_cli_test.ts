// `calendar show` and `calendar import`, run as real subprocesses against a file database: a year
// without official data said so, an .ics for 2027 previewed and loaded, and a bad file, a missing
// file or a bad year refused with a clear message and exit code 2, changing nothing.
import assert from "node:assert/strict";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { seed } from "../../server/seed.ts";
import { fixedClock } from "../../server/domain/context.ts";
import { icsBytes } from "../calendar_fixtures.ts";
import { runCli } from "./run.ts";

async function cli(dataDir: string, args: string[], lang = "en_US.UTF-8") {
  return await runCli(dataDir, args, { LANG: lang, DEMO_DATA: "0" });
}

Deno.test("CLI: calendar show and import (.ics for 2027, a dry run first); bad files and years change nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-calendar-" });
  try {
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: "Admin@12345", DEMO_DATA: "0" });
    const deps = await openDeps(config, fixedClock("2026-11-23T02:00:00.000Z"));
    await seed(deps);
    deps.close();

    let r = await cli(dir, ["calendar", "show", "2026"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /2026: official schedule loaded from chinese-days 1\.5\.7 .*33 public holidays, 6 make-up working days/,
    );
    assert.match(r.stdout, /2026-10-10\s+Sat\s+Make-up working day\s+National Day/);
    r = await cli(dir, ["calendar", "show", "2027"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /2027: no official holiday schedule is loaded/);

    const file = `${dir}/holidays-2027.ics`;
    await Deno.writeFile(file, icsBytes());
    r = await cli(dir, ["calendar", "import", file, "--dry-run"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /2027: schedule replaced by 24 public holidays and 4 make-up working days \(before: not loaded\)/,
    );
    assert.match(r.stdout, /Dry run: nothing was changed/);
    r = await cli(dir, ["calendar", "show", "2027", "--json"]);
    assert.equal(JSON.parse(r.stdout).loaded, null, "the dry run changed nothing");

    r = await cli(dir, ["calendar", "import", file]);
    assert.equal(r.code, 0, r.stderr);
    r = await cli(dir, ["calendar", "show", "2027"], "zh_CN.UTF-8");
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /2027 年：官方安排已于 .*由 admin 从 holidays-2027\.ics 载入：法定节假日 24 天，调休上班日 4 天/,
    );
    assert.match(r.stdout, /2027-02-08\s+一\s+法定节假日\s+春节/);
    assert.match(r.stdout, /2027-02-20\s+六\s+调休上班日\s+春节/);
    const loaded = JSON.parse((await cli(dir, ["calendar", "show", "2027", "--json"])).stdout);

    // A bad file: the line and the reason, exit 2, nothing changed.
    const bad = `${dir}/bad.ics`;
    await Deno.writeTextFile(
      bad,
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270401\r\nSUMMARY:元旦\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    );
    r = await cli(dir, ["calendar", "import", bad]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /The event on line 2 lasts more than 31 days, or ends before it starts: nothing was imported/,
    );
    const csv = `${dir}/bad.csv`;
    await Deno.writeTextFile(
      csv,
      "date,kind,name\n2027-02-08,holiday,春节\n2027-02-30,workday,春节\n",
    );
    r = await cli(dir, ["calendar", "import", csv], "zh_CN.UTF-8");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /第 3 行：“2027-02-30”不是 YYYY-MM-DD 格式的日期：未导入任何内容/);
    r = await cli(dir, ["calendar", "import", `${dir}/missing.ics`]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /missing\.ics does not exist/);
    r = await cli(dir, ["calendar", "show", "twenty"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /<year>/);
    r = await cli(dir, ["calendar", "show", "1999"]);
    assert.equal(r.code, 2);
    assert.deepEqual(
      JSON.parse((await cli(dir, ["calendar", "show", "2027", "--json"])).stdout),
      loaded,
      "the bad files changed nothing",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
