// db migrate | backup | restore | backups list: the database file's upkeep from the shell.
import type { Command } from "commander";
import { dirname, join, resolve } from "node:path";
import { loadConfig } from "../../server/config.ts";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { holdAlone, openHeldDatabase } from "../../db/lock.ts";
import {
  BACKUP_DATABASE,
  BackupCheckError,
  checkDatabaseFile,
  copyDatabase,
  linkOrCopyTree,
  listBackups,
} from "../../server/domain/backups/service.ts";
import { formatUtc8 } from "../../server/domain/shared/time.ts";
import { cliConfig, CliError, EXIT_BAD_INPUT, formatSize, printTable, say } from "../context.ts";

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

/** The check's refusal in the command's words. */
async function checkBackup(file: string, shownAs: string): Promise<void> {
  try {
    await checkDatabaseFile(file);
  } catch (err) {
    if (!(err instanceof BackupCheckError)) throw err;
    if (err.reason === "notSqlite") {
      throw new CliError("notSqlite", { file: shownAs }, EXIT_BAD_INPUT);
    }
    throw new CliError("integrityFailed", { file: shownAs, detail: err.detail });
  }
}

/**
 * What `db restore` was given: a backup file, a backup folder (its database and stored files), or
 * the name of a backup in BACKUP_DIR.
 */
async function backupSource(given: string): Promise<{ database: string; files?: string }> {
  const backupDir = cliConfig().backupDir;
  const candidates = [resolve(given), ...(backupDir ? [join(backupDir, given)] : [])];
  for (const path of candidates) {
    const stat = await Deno.stat(path).catch(() => null);
    if (stat?.isFile) return { database: path };
    if (stat?.isDirectory && await exists(join(path, BACKUP_DATABASE))) {
      return { database: join(path, BACKUP_DATABASE), files: join(path, "files") };
    }
  }
  throw new CliError("noSuchFile", { file: given }, EXIT_BAD_INPUT);
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
      // VACUUM INTO writes a consistent, compacted copy while the server keeps running.
      await copyDatabase(source, target);
      const { size } = await Deno.stat(target);
      console.log(say("backupDone", { file: target, size: formatSize(size) }));
    });

  db.command("restore")
    .description(say("help.dbRestore"))
    .argument("<backup>", say("backups.argBackup"))
    .option("--force", say("help.optForce"))
    .action(async (file: string, opts: { force?: boolean }) => {
      const target = databaseFileOrFail();
      const { database: source, files } = await backupSource(file);
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
        // The stored files beside a backup folder's database: linked (or copied) into the store.
        if (files) {
          const { linked, copied } = await linkOrCopyTree(files, join(dirname(target), "files"));
          console.log(say("backups.filesRestored", { count: linked + copied }));
        }
      } finally {
        for (const f of [temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`]) {
          await Deno.remove(f).catch(() => {});
        }
        alone.release();
      }
      console.log(say("restoreDone", { file }));
    });

  db.command("backups").description(say("backups.help"))
    .command("list")
    .description(say("backups.helpList"))
    .option("--json", say("help.optJson"))
    .action(async (opts: { json?: boolean }) => {
      const dir = cliConfig().backupDir;
      if (!dir) throw new CliError("backups.noBackupDir", {}, EXIT_BAD_INPUT);
      const list = await listBackups(dir);
      if (opts.json) return console.log(JSON.stringify(list, null, 2));
      if (!list.length) return console.log(say("backups.none", { folder: dir }));
      printTable([
        [say("backups.name"), say("backups.takenAt"), say("backups.size"), say("backups.files")],
        ...list.map((b) => [
          b.name,
          formatUtc8(b.takenAt),
          formatSize(b.databaseBytes),
          String(b.files),
        ]),
      ]);
    });
}
