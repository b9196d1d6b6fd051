// The database held while a server or a command has it open (db/lock.ts), across real processes:
// `db restore` refuses beside a running server, a server never runs on migrations it does not know,
// and `db migrate` waits for the file to be free.
import assert from "node:assert/strict";
import { join } from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import {
  api,
  prepareDataDir,
  ROOT,
  runCli,
  signInHttp,
  startServerProcess,
  withDbFile,
} from "../reliability/support.ts";
import { ADMIN_PASSWORD } from "../helpers.ts";
import { migrationsFolder } from "../../db/client.ts";
import { createClient } from "@libsql/client";

async function categoryNames(base: string, token: string): Promise<string[]> {
  const r = await api(base, "get", "/QMO/OfferProjectType/GetAll", {
    token,
    query: { MaxResultCount: 100 },
  });
  assert.equal(r.status, 200, r.text);
  return r.json.result.items.map((c: { name: string }) => c.name);
}

async function createCategory(base: string, token: string, name: string) {
  const r = await api(base, "post", "/QMO/OfferProjectType/CreateOfferProjectType", {
    token,
    body: { name, description: "" },
  });
  assert.equal(r.status, 200, r.text);
}

Deno.test("db restore --force is refused while the server runs; nothing it wrote is lost; after it stops, restore works", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    const backup = join(dataDir, "..", `${crypto.randomUUID()}.db`);
    const made = await runCli(dataDir, ["db", "backup", backup]);
    assert.equal(made.code, 0, made.stderr);

    const server = await startServerProcess(dataDir);
    try {
      const token = await signInHttp(server.base, "admin", ADMIN_PASSWORD);
      const restore = await runCli(dataDir, ["db", "restore", backup, "--force"]);
      assert.equal(restore.code, 1, restore.stdout);
      assert.match(restore.stderr, /in use by a running server or command; stop it first/);
      assert.doesNotMatch(restore.stdout, /restored/i);
      const zh = await runCli(dataDir, ["db", "restore", backup, "--force"], {
        LANG: "zh_CN.UTF-8",
      });
      assert.match(zh.stderr, /正被运行中的服务器或命令使用/);

      // What the server writes afterwards is in the file it keeps, and survives its restart.
      await createCategory(server.base, token, "Kept after a refused restore");
      assert.equal(await server.stop(), 0);
    } finally {
      await server[Symbol.asyncDispose]();
    }
    await using again = await startServerProcess(dataDir);
    const token = await signInHttp(again.base, "admin", ADMIN_PASSWORD);
    assert.ok((await categoryNames(again.base, token)).includes("Kept after a refused restore"));
    assert.equal(await again.stop(), 0);

    // With the server stopped the restore goes ahead: the category made after the backup is gone.
    const restore = await runCli(dataDir, ["db", "restore", backup, "--force"]);
    assert.equal(restore.code, 0, restore.stderr);
    await using restored = await startServerProcess(dataDir);
    const t2 = await signInHttp(restored.base, "admin", ADMIN_PASSWORD);
    assert.ok(!(await categoryNames(restored.base, t2)).includes("Kept after a refused restore"));
    await Deno.remove(backup);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("db restore is refused while another command has the database open, and goes ahead once it ends", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    const backup = join(dataDir, "..", `${crypto.randomUUID()}.db`);
    assert.equal((await runCli(dataDir, ["db", "backup", backup])).code, 0);
    // A second process holding the database through the same code path as every command.
    const holder = new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `import { openDeps } from "./server/bootstrap.ts";
         import { loadConfig } from "./server/config.ts";
         const deps = await openDeps(loadConfig());
         console.log("open");
         await new Promise((r) => setTimeout(r, 60_000));
         deps.close();`,
      ],
      cwd: ROOT,
      env: { DATA_DIR: dataDir, JWT_SECRET: "x".repeat(32) },
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const reader = holder.stdout.getReader();
    assert.match(new TextDecoder().decode((await reader.read()).value), /open/);
    try {
      const refused = await runCli(dataDir, ["db", "restore", backup, "--force"]);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /in use/);
    } finally {
      holder.kill("SIGKILL");
      await holder.status;
      reader.releaseLock();
      await holder.stdout.cancel().catch(() => {});
    }
    // The kernel let go of the killed process's lock: nothing stale is left to block the restore.
    const restored = await runCli(dataDir, ["db", "restore", backup, "--force"]);
    assert.equal(restored.code, 0, restored.stderr);
    await Deno.remove(backup);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

/** Records a migration this version does not ship, as a newer version's `db migrate` would. */
const newerMigration = (dataDir: string) =>
  withDbFile(
    dataDir,
    (q) =>
      q("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-a-newer-version', ?)", [
        Date.now() + 365 * 86_400_000,
      ]),
  );

Deno.test("a server and every command refuse a database migrated by a newer version", async () => {
  const { dataDir } = await prepareDataDir();
  try {
    await newerMigration(dataDir);
    await assert.rejects(
      () => startServerProcess(dataDir),
      /migrated by a newer version of QMO[^]*run the newer version/,
    );
    const list = await runCli(dataDir, ["users", "list"]);
    assert.equal(list.code, 1);
    assert.match(list.stderr, /migrated by a newer version/);
    const migrate = await runCli(dataDir, ["db", "migrate"]);
    assert.equal(migrate.code, 1);
    assert.match(migrate.stderr, /migrated by a newer version/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

/** A database as the previous version left it: every shipped migration but the last applied. */
async function previousVersionDatabase(): Promise<string> {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-cli-" });
  const client = createClient({ url: `file:${join(dataDir, "qmo.db")}` });
  try {
    await client.execute(
      "CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)",
    );
    for (const m of readMigrationFiles({ migrationsFolder }).slice(0, -1)) {
      for (const stmt of m.sql) if (stmt.trim()) await client.execute(stmt);
      await client.execute({
        sql: "INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)",
        args: [m.hash, m.folderMillis],
      });
    }
  } finally {
    client.close();
  }
  return dataDir;
}

const applied = (dataDir: string) =>
  withDbFile(dataDir, (q) => q("SELECT count(*) AS n FROM __drizzle_migrations"))
    .then((rows) => Number(rows[0].n));

Deno.test("db migrate refuses while a process of the previous version has the database open, and applies once it ends", async () => {
  const dataDir = await previousVersionDatabase();
  const shipped = readMigrationFiles({ migrationsFolder }).length;
  try {
    assert.equal(await applied(dataDir), shipped - 1);
    // The previous version's server: holds the database as each of its processes did, and knows
    // nothing of the last migration.
    const holder = new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `import { holdShared } from "./db/lock.ts";
         const held = await holdShared(Deno.env.get("DB"));
         console.log("open");
         await new Promise((r) => setTimeout(r, 60_000));
         held.release();`,
      ],
      cwd: ROOT,
      env: { DB: join(dataDir, "qmo.db") },
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const reader = holder.stdout.getReader();
    assert.match(new TextDecoder().decode((await reader.read()).value), /open/);
    try {
      const migrate = await runCli(dataDir, ["db", "migrate"]);
      assert.equal(migrate.code, 1, migrate.stdout);
      assert.match(migrate.stderr, /needs this version's migrations, but a running server/);
      assert.equal(await applied(dataDir), shipped - 1); // nothing changed under the old server
      // This version's server does not start beside it either (after waiting for it in vain).
      await assert.rejects(
        () => startServerProcess(dataDir),
        /needs this version's migrations/,
      );
      assert.equal(await applied(dataDir), shipped - 1);
    } finally {
      holder.kill("SIGKILL");
      await holder.status;
      reader.releaseLock();
      await holder.stdout.cancel().catch(() => {});
    }
    const migrate = await runCli(dataDir, ["db", "migrate"]);
    assert.equal(migrate.code, 0, migrate.stderr);
    assert.equal(await applied(dataDir), shipped);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
