// db migrate | backup | restore: the database file's upkeep from the shell.
import type { Command } from "commander";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { dirname, join, resolve } from "node:path";
import { loadConfig } from "../../server/config.ts";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { holdAlone, holdShared, openHeldDatabase } from "../../db/lock.ts";
import { isStorageFull } from "../../server/domain/errors.ts";
import { cliConfig, CliError, EXIT_BAD_INPUT, formatSize, say } from "../context.ts";

const SQLITE_HEADER = "SQLite format 3\0";

function databaseFileOrFail(): string {
  const config = cliConfig();
  if (!config.databaseFile) throw new CliError("notFileDatabase", { url: config.databaseUrl });
  return resolve(config.databaseFile);
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/** Checks that `file` is an SQLite database holding QMO's tables and passes the integrity check. */
async function checkBackup(file: string, shownAs: string): Promise<void> {
  const head = new Uint8Array(16);
  const f = await Deno.open(file, { read: true });
  try {
    const n = await f.read(head);
    if (n !== 16 || new TextDecoder().decode(head) !== SQLITE_HEADER) {
      throw new CliError("notSqlite", { file: shownAs }, EXIT_BAD_INPUT);
    }
  } finally {
    f.close();
  }
  const client = createClient({ url: `file:${file}` });
  try {
    const check = await client.execute("PRAGMA integrity_check");
    const detail = check.rows.map((r) => String(r[0])).join("; ");
    if (detail !== "ok") throw new CliError("integrityFailed", { file: shownAs, detail });
    const tables = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'roles', 'sessions')",
    );
    if (tables.rows.length !== 3) {
      throw new CliError("notSqlite", { file: shownAs }, EXIT_BAD_INPUT);
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError("integrityFailed", {
      file: shownAs,
      detail: err instanceof Error ? err.message : String(err),
    });
  } finally {
    client.close();
  }
}

export function registerDbCommands(program: Command) {
  const db = program.command("db").description(say("help.db"));

  db.command("migrate")
    .description(say("help.dbMigrate"))
    .action(async () => {
      const config = loadConfig();
      if (config.databaseFile) {
        // Applied only while no other process has the file open (a server of another version).
        (await openHeldDatabase(config.databaseFile, config.databaseUrl, { waitMs: 0 })).close();
      } else {
        const { db, close } = await openDatabase(
          config.databaseUrl,
          config.databaseAuthToken,
          config.databaseReads,
        );
        try {
          await migrateDatabase(db);
        } finally {
          close();
        }
      }
      console.log(say("migrated", { url: config.databaseUrl }));
    });

  db.command("backup")
    .description(say("help.dbBackup"))
    .argument("<file>", say("help.argBackupFile"))
    .action(async (file: string) => {
      const source = databaseFileOrFail();
      if (!(await exists(source))) throw new CliError("noDatabase", { file: source });
      const target = resolve(file);
      if (await exists(target)) throw new CliError("backupExists", { file }, EXIT_BAD_INPUT);
      if (!(await exists(dirname(target)))) {
        throw new CliError("noSuchFolder", { folder: dirname(target) }, EXIT_BAD_INPUT);
      }
      const held = await holdShared(source);
      const { db, close } = await openDatabase(`file:${source}`);
      try {
        // VACUUM INTO writes a consistent, compacted copy while the server keeps running.
        await db.run(sql`VACUUM INTO ${target}`);
      } catch (err) {
        // A disk that filled leaves the copy cut short: it is no backup, and would block the next.
        if (isStorageFull(err)) await Deno.remove(target).catch(() => {});
        throw err;
      } finally {
        close();
        held.release();
      }
      const { size } = await Deno.stat(target);
      console.log(say("backupDone", { file: target, size: formatSize(size) }));
    });

  db.command("restore")
    .description(say("help.dbRestore"))
    .argument("<file>", say("help.argBackupFile"))
    .option("--force", say("help.optForce"))
    .action(async (file: string, opts: { force?: boolean }) => {
      const target = databaseFileOrFail();
      const source = resolve(file);
      if (!(await exists(source))) throw new CliError("noSuchFile", { file }, EXIT_BAD_INPUT);
      await Deno.mkdir(dirname(target), { recursive: true });
      // Refused while a server or another command has the database open: it would go on writing
      // to the replaced file, and what it wrote would be gone at its next start.
      const alone = await holdAlone(target);
      // The copy is checked, then renamed over the database: the swap is atomic, and the backup
      // file itself is never opened for writing.
      const temp = join(dirname(target), `.restore-${crypto.randomUUID()}.tmp`);
      try {
        await Deno.copyFile(source, temp);
        await checkBackup(temp, file);
        if (!opts.force) throw new CliError("restoreNeedsForce", {}, EXIT_BAD_INPUT);
        // A write-ahead log of the replaced database would be replayed onto the restored one.
        for (const suffix of ["-wal", "-shm"]) {
          await Deno.remove(target + suffix).catch((err) => {
            if (!(err instanceof Deno.errors.NotFound)) throw err;
          });
        }
        await Deno.rename(temp, target);
      } finally {
        for (const f of [temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`]) {
          await Deno.remove(f).catch(() => {});
        }
        alone.release();
      }
      console.log(say("restoreDone", { file }));
    });
}
