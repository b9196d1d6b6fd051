// Rules every command follows, run as real subprocesses: no database is created except by
// `db migrate` (and the server's start); no file is overwritten without --force; what is named
// and not found exits 2; messages name the CLI's options, never the domain's fields, raw SQL or
// untranslated keys.
import assert from "node:assert/strict";
import { join } from "node:path";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };
import { jobs } from "../../server/jobs/index.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { everything } from "../domain/projects_fixtures.ts";
import { prepareDataDir, runCli } from "../reliability/support.ts";

const cli = runCli;

Deno.test("commands other than db migrate create no database: they say there is none and leave the folder as it was", async () => {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-empty-" });
  const missing = join(dir, "not-yet");
  try {
    for (
      const args of [
        ["users", "list"],
        ["users", "create", "--user-name", "first", "--name", "First"],
        ["projects", "list"],
        ["jobs", "run"],
        ["quotes", "recent"],
        ["demo", "generate"],
        ["db", "backup", join(dir, "b.db")],
      ]
    ) {
      for (const dataDir of [dir, missing]) {
        const r = await cli(dataDir, args, { JWT_SECRET: "" });
        assert.equal(r.code, 1, `${args.join(" ")}: ${r.stdout}`);
        assert.match(
          r.stderr,
          /There is no database at .*qmo\.db yet; start the server or run db migrate/,
        );
      }
      assert.deepEqual([...Deno.readDirSync(dir)], [], args.join(" "));
    }
    const zh = await cli(dir, ["users", "list"], { LANG: "zh_CN.UTF-8" });
    assert.match(zh.stderr, /还没有数据库/);

    const migrated = await cli(dir, ["db", "migrate"]);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.equal((await cli(dir, ["users", "list"])).code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("no command overwrites an existing file without --force; with it, export replaces the file", async () => {
  const { dataDir, value: code } = await prepareDataDir(async (deps) =>
    (await createProject(deps, everything(), { name: "Laminates", kind: "material" })).code
  );
  try {
    const existing = join(dataDir, "existing.xlsx");
    await Deno.writeTextFile(existing, "keep me");
    for (
      const args of [
        ["projects", "export", "--out", existing],
        ["matrix", code, "--xlsx", existing],
        ["quotes", "download", "1", "--out", existing],
      ]
    ) {
      const r = await cli(dataDir, args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, /existing\.xlsx already exists; .*add --force to overwrite it/);
      assert.equal(await Deno.readTextFile(existing), "keep me", args.join(" "));
    }
    const backup = await cli(dataDir, ["db", "backup", existing]);
    assert.equal(backup.code, 2);
    assert.equal(await Deno.readTextFile(existing), "keep me");

    const forced = await cli(dataDir, ["projects", "export", "--out", existing, "--force"]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.notEqual(await Deno.readTextFile(existing), "keep me");
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a file written into a folder that does not exist is refused in plain words, never with the SQL", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    const into = join(dataDir, "no-such-folder", "x");
    for (
      const args of [
        ["db", "backup", `${into}.db`],
        ["projects", "export", "--out", `${into}.xlsx`],
      ]
    ) {
      for (const lang of ["en_US.UTF-8", "zh_CN.UTF-8"]) {
        const r = await cli(dataDir, args, { LANG: lang });
        assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
        assert.match(
          r.stderr,
          lang.startsWith("zh")
            ? /文件夹 .*no-such-folder 不存在/
            : /The folder .*no-such-folder does not exist/,
        );
        assert.doesNotMatch(r.stderr, /Failed query|VACUUM|params:|\n\s+at /);
      }
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("something named that does not exist exits 2 in every command", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    for (
      const [args, said] of [
        [["projects", "end", "QP-NOPE"], /QP-NOPE was not found/],
        [["quotes", "list", "QP-NOPE"], /QP-NOPE was not found/],
        [["matrix", "QP-NOPE"], /QP-NOPE was not found/],
        [["quotes", "download", "99999", "--out", join(dataDir, "q.pdf")], /not found/],
        [["users", "reset-password", "nobody"], /There is no user named nobody/],
        [
          ["users", "create", "--user-name", "erin", "--name", "Erin", "--role", "Wizard"],
          /no role named "Wizard"/,
        ],
        [["suppliers", "invalidate", "NOPE"], /Supplier NOPE was not found/],
        [
          ["reminders", "send", "--project", "QP-NOPE", "--template", "NOPE"],
          /not found|no template/i,
        ],
        [["db", "restore", join(dataDir, "none.db"), "--force"], /does not exist/],
      ] as const
    ) {
      const r = await cli(dataDir, [...args]);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, said, args.join(" "));
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("bad input is told with the CLI's own option names, and impossible dates are refused", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    const since = await cli(dataDir, ["quotes", "recent", "--since", "2026-02-30"]);
    assert.equal(since.code, 2);
    assert.match(since.stderr, /Invalid input: --since is not a valid time/);
    const zh = await cli(dataDir, ["quotes", "recent", "--since", "2026-02-30"], {
      LANG: "zh_CN.UTF-8",
    });
    assert.match(zh.stderr, /--since 不是有效的时间/);
    const limit = await cli(dataDir, ["quotes", "recent", "--limit", "0"]);
    assert.equal(limit.code, 2);
    assert.match(limit.stderr, /--limit must be at least 1/);
    const name = await cli(dataDir, ["users", "create", "--user-name", "a b", "--name", "A"]);
    assert.equal(name.code, 2);
    assert.match(name.stderr, /--user-name may hold/);
    const email = await cli(dataDir, [
      "users",
      "create",
      "--user-name",
      "ab",
      "--name",
      "A",
      "--email",
      "x",
    ]);
    assert.match(email.stderr, /--email must be a valid email address/);
    for (const r of [since, zh, limit, name, email]) {
      assert.doesNotMatch(
        r.stderr,
        /submittedFrom|maxResultCount|userName|emailAddress|Your request is not valid|请求无效/,
      );
    }
    const sync = await cli(dataDir, ["suppliers", "sync", "--since", "2026-02-30"]);
    assert.equal(sync.code, 2);
    assert.match(sync.stderr, /2026-02-30/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("every scheduled job has a name in both languages, and jobs run prints it", async () => {
  for (const job of jobs) {
    assert.ok(en.jobs.names[job.name as keyof typeof en.jobs.names], `en: ${job.name}`);
    assert.ok(zh.jobs.names[job.name as keyof typeof zh.jobs.names], `zh: ${job.name}`);
  }
  const { dataDir } = await prepareDataDir();
  try {
    for (const lang of ["en_US.UTF-8", "zh_CN.UTF-8"]) {
      const r = await cli(dataDir, ["jobs", "run", "--force"], { LANG: lang });
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /jobs\.names\./);
      assert.match(
        r.stdout,
        lang.startsWith("zh") ? /合并供应商搜索索引/ : /Compact the supplier search index/,
      );
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("an argument holding a control character is refused before any command runs", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    // (A NUL cannot be passed as an argument at all: the system ends the argument there.)
    for (const name of ["Bell\u0007", "Esc\u001b[31m", "Del\u007f", "Csi\u009b"]) {
      const r = await cli(dataDir, ["users", "create", "--user-name", "ctl", "--name", name]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /the argument .* contains a control character/);
    }
    const zh = await cli(dataDir, ["users", "create", "--user-name", "ctl", "--name", "x\u0007"], {
      LANG: "zh_CN.UTF-8",
    });
    assert.match(zh.stderr, /含有控制字符/);
    const list = await cli(dataDir, ["users", "list", "--json"]);
    assert.ok(!JSON.parse(list.stdout).some((u: { userName: string }) => u.userName === "ctl"));
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
