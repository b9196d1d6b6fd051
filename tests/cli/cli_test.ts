// The CLI run as a real subprocess against a file database in a temporary data folder.
import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { loadConfig } from "../../server/config.ts";
import { openDeps } from "../../server/bootstrap.ts";
import { authenticate } from "../../server/domain/auth/service.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { runCli } from "./run.ts";

/** A data folder whose database `db migrate` created (no other command creates one). */
async function withDataDir(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "qmo-cli-" });
  try {
    const migrated = await cli(dir, ["db", "migrate"]);
    assert.equal(migrated.code, 0, migrated.stderr);
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function cli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}) {
  return await runCli(dataDir, args, {
    DATABASE_URL: `file:${dataDir}/qmo.db`,
    JWT_SECRET: "cli-test-secret-cli-test-secret-0123456",
    ...extraEnv,
  });
}

async function signInThroughDomain(dataDir: string, userName: string, password: string) {
  const deps = await openDeps(loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "cli-test-secret-cli-test-secret-0123456",
  }));
  try {
    return await authenticate(deps, { userNameOrEmailAddress: userName, password })
      .then(() => "ok", (err) => err instanceof DomainError ? err.kind : Promise.reject(err));
  } finally {
    deps.close();
  }
}

async function userNames(dbFile: string): Promise<string[]> {
  const client = createClient({ url: `file:${dbFile}` });
  try {
    const rs = await client.execute("SELECT user_name FROM users ORDER BY user_name");
    return rs.rows.map((r) => String(r[0]));
  } finally {
    client.close();
  }
}

Deno.test("cli: users create prints a generated password that signs in; reset-password replaces it", async () => {
  await withDataDir(async (dir) => {
    const created = await cli(dir, [
      "users",
      "create",
      "--user-name",
      "carol",
      "--name",
      "Carol",
      "--email",
      "carol@example.com",
      "--role",
      "Buyer",
      "Admin",
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /Created user carol/);
    const password = created.stdout.match(/Generated password: (\S+)/)?.[1];
    assert.ok(password, created.stdout);
    assert.equal(await signInThroughDomain(dir, "carol", password), "ok");

    const listed = await cli(dir, ["users", "list", "--json"]);
    assert.equal(listed.code, 0, listed.stderr);
    const carol = JSON.parse(listed.stdout).find((u: { userName: string }) =>
      u.userName === "carol"
    );
    assert.deepEqual(carol.roleNames, ["Admin", "Buyer"]);
    assert.equal(carol.emailAddress, "carol@example.com");

    const reset = await cli(dir, ["users", "reset-password", "carol", "--password", "Brand-New-9"]);
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /Password of carol was reset/);
    assert.doesNotMatch(reset.stdout, /Generated password/);
    assert.equal(await signInThroughDomain(dir, "carol", password), "unauthorized");
    assert.equal(await signInThroughDomain(dir, "carol", "Brand-New-9"), "ok");

    const generated = await cli(dir, ["users", "reset-password", "carol"]);
    const again = generated.stdout.match(/Generated password: (\S+)/)?.[1];
    assert.ok(again, generated.stdout);
    assert.equal(await signInThroughDomain(dir, "carol", again), "ok");
  });
});

Deno.test("cli: backup, then restore --force brings back exactly the backed-up rows", async () => {
  await withDataDir(async (dir) => {
    const db = `${dir}/qmo.db`;
    const backup = `${dir}/backup-1.db`;
    assert.equal(
      (await cli(dir, [
        "users",
        "create",
        "--user-name",
        "first",
        "--name",
        "First",
        "--password",
        "First-Pass-1",
      ])).code,
      0,
    );
    const b = await cli(dir, ["db", "backup", backup]);
    assert.equal(b.code, 0, b.stderr);
    assert.match(b.stdout, /Backup written to .*backup-1\.db \(\d+(\.\d)? (B|KiB|MiB)\)/);

    // A backup never overwrites an existing file.
    const again = await cli(dir, ["db", "backup", backup]);
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /already exists/);

    assert.equal(
      (await cli(dir, [
        "users",
        "create",
        "--user-name",
        "second",
        "--name",
        "Second",
        "--password",
        "Second-Pass-2",
      ])).code,
      0,
    );
    assert.deepEqual(await userNames(db), ["first", "second"]);

    // Without --force nothing changes.
    const refused = await cli(dir, ["db", "restore", backup]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /--force/);
    assert.deepEqual(await userNames(db), ["first", "second"]);

    const restored = await cli(dir, ["db", "restore", backup, "--force"]);
    assert.equal(restored.code, 0, restored.stderr);
    assert.deepEqual(await userNames(db), ["first"]);
    assert.equal(await signInThroughDomain(dir, "first", "First-Pass-1"), "ok");
    assert.equal(await signInThroughDomain(dir, "second", "Second-Pass-2"), "unauthorized");

    const client = createClient({ url: `file:${db}` });
    try {
      const check = await client.execute("PRAGMA integrity_check");
      assert.equal(check.rows[0][0], "ok");
    } finally {
      client.close();
    }
    // No temporary file is left beside the database.
    const left = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.includes("restore"));
    assert.deepEqual(left, []);
  });
});

Deno.test("cli: restore refuses a file that is not a database, and leaves the database alone", async () => {
  await withDataDir(async (dir) => {
    await cli(dir, [
      "users",
      "create",
      "--user-name",
      "keep",
      "--name",
      "Keep",
      "--password",
      "Keep-Pass-1",
    ]);
    const junk = `${dir}/junk.db`;
    await Deno.writeTextFile(junk, "this is not a database at all, just some text to fill a page");
    const r = await cli(dir, ["db", "restore", junk, "--force"]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /not a QMO database backup/);
    assert.deepEqual(await userNames(`${dir}/qmo.db`), ["keep"]);
    const missing = await cli(dir, ["db", "restore", `${dir}/nothing.db`, "--force"]);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /does not exist/);
  });
});

Deno.test("cli: backup and restore say they need a file database", async () => {
  await withDataDir(async (dir) => {
    const r = await cli(dir, ["db", "backup", `${dir}/b.db`], {
      DATABASE_URL: "libsql://db.example.com",
    });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /work on a file database/);
  });
});

Deno.test("cli: --help prints usage for the program and each command", async () => {
  await withDataDir(async (dir) => {
    const top = await cli(dir, ["--help"]);
    assert.equal(top.code, 0);
    assert.match(top.stdout, /Usage: qmo/);
    assert.match(top.stdout, /users/);
    assert.match(top.stdout, /db/);
    for (
      const cmd of [
        ["users", "create"],
        ["users", "reset-password"],
        ["users", "list"],
        [
          "db",
          "migrate",
        ],
        ["db", "backup"],
        ["db", "restore"],
      ]
    ) {
      const r = await cli(dir, [...cmd, "--help"]);
      assert.equal(r.code, 0, cmd.join(" "));
      assert.match(r.stdout, new RegExp(`Usage: qmo ${cmd.join(" ")}`), cmd.join(" "));
    }
  });
});

Deno.test("cli: failing commands exit non-zero with a clear message on stderr", async () => {
  await withDataDir(async (dir) => {
    const short = await cli(dir, [
      "users",
      "create",
      "--user-name",
      "dave",
      "--name",
      "Dave",
      "--password",
      "123",
    ]);
    assert.equal(short.code, 2);
    assert.match(short.stderr, /Failed: .*password must be at least 8 characters/);

    const missing = await cli(dir, ["users", "create", "--name", "No user name"]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--user-name/);

    const unknownRole = await cli(dir, [
      "users",
      "create",
      "--user-name",
      "erin",
      "--name",
      "Erin",
      "--role",
      "Wizard",
    ]);
    assert.equal(unknownRole.code, 2);
    assert.match(unknownRole.stderr, /There is no role named "Wizard"/);

    const nobody = await cli(dir, ["users", "reset-password", "nobody"]);
    assert.equal(nobody.code, 2);
    assert.match(nobody.stderr, /There is no user named nobody/);

    const zh = await cli(dir, ["users", "reset-password", "nobody"], { LANG: "zh_CN.UTF-8" });
    assert.equal(zh.code, 2);
    assert.match(zh.stderr, /没有名为 nobody 的用户/);

    const badConfig = await cli(dir, ["db", "migrate"], { PORT: "not-a-port" });
    assert.notEqual(badConfig.code, 0);
    assert.match(badConfig.stderr, /PORT/);

    const unknown = await cli(dir, ["frobnicate"]);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /unknown command/);
  });
});
