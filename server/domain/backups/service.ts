// Backups of the database and the file store: a consistent copy of the database (`db backup` and
// the nightly job), its check, the stored files beside it, which backups are kept, and putting one
// back (`db restore`). Also the size of the database, for the metrics.
import { createClient } from "@libsql/client";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { join } from "node:path";
import { type DbOrTx, openDatabase, transaction } from "../../../db/client.ts";
import { holdShared } from "../../../db/lock.ts";
import { emailTemplates, roles, userRoles, users } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { isStorageFull } from "../errors.ts";
import { formatUtc8, UTC8_OFFSET_MS, wallClockUtc8 } from "../shared/time.ts";
import { StaticRoles } from "../auth/permissions.ts";
import { writeEmail } from "../email/outbox.ts";

/** The database's size in bytes (its pages), read without touching the file system. */
export async function databaseSize(db: DbOrTx): Promise<number> {
  const [row] = await db.values<[number]>(
    sql`select page_count * page_size from pragma_page_count(), pragma_page_size()`,
  );
  return Number(row?.[0] ?? 0);
}

const SQLITE_HEADER = "SQLite format 3\0";
/** The database file inside a backup folder, and the stored files beside it. */
export const BACKUP_DATABASE = "qmo.db";
const BACKUP_FILES = "files";
const MANIFEST = "backup.json";
/** A backup folder's name: `qmo-` and its time in UTC+8, so names sort as times do. */
const BACKUP_NAME = /^qmo-\d{8}-\d{6}$/;
const PARTIAL = ".partial-";

/** Why a file is no backup to restore: not a QMO database, or it fails the integrity check. */
export class BackupCheckError extends Error {
  constructor(readonly reason: "notSqlite" | "integrityFailed", readonly detail = "") {
    super(`backup check: ${reason}${detail ? `: ${detail}` : ""}`);
    this.name = "BackupCheckError";
  }
}

/**
 * Writes a consistent, compacted copy of the database file `source` to `target` (VACUUM INTO, on a
 * connection of its own, while other processes keep writing). A copy cut short by a full disk is
 * removed: it is no backup, and would block the next.
 */
export async function copyDatabase(source: string, target: string): Promise<void> {
  const held = await holdShared(source);
  const { db, close } = await openDatabase(`file:${source}`);
  try {
    await db.run(sql`VACUUM INTO ${target}`);
  } catch (err) {
    if (isStorageFull(err)) await Deno.remove(target).catch(() => {});
    throw err;
  } finally {
    close();
    held.release();
  }
}

/** Checks that `file` is an SQLite database holding QMO's tables and passes `PRAGMA integrity_check`. */
export async function checkDatabaseFile(file: string): Promise<void> {
  const head = new Uint8Array(16);
  const f = await Deno.open(file, { read: true });
  try {
    const n = await f.read(head);
    if (n !== 16 || new TextDecoder().decode(head) !== SQLITE_HEADER) {
      throw new BackupCheckError("notSqlite");
    }
  } finally {
    f.close();
  }
  const client = createClient({ url: `file:${file}` });
  try {
    const check = await client.execute("PRAGMA integrity_check");
    const detail = check.rows.map((r) => String(r[0])).join("; ");
    if (detail !== "ok") throw new BackupCheckError("integrityFailed", detail);
    const tables = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'roles', 'sessions')",
    );
    if (tables.rows.length !== 3) throw new BackupCheckError("notSqlite");
  } catch (err) {
    if (err instanceof BackupCheckError) throw err;
    throw new BackupCheckError("integrityFailed", err instanceof Error ? err.message : String(err));
  } finally {
    client.close();
  }
}

/**
 * Copies the tree `from` into `to`: each file hard-linked where the file system allows (stored
 * files are never rewritten, so a link is as good as a copy and takes no room), else copied. A
 * file already at the target is left. Uploads still arriving (`tmp`) are not part of the store.
 */
export async function linkOrCopyTree(
  from: string,
  to: string,
): Promise<{ linked: number; copied: number }> {
  const tally = { linked: 0, copied: 0 };
  let canLink = true;
  const walk = async (src: string, dst: string) => {
    await Deno.mkdir(dst, { recursive: true });
    for await (const e of Deno.readDir(src)) {
      if (e.isDirectory && src === from && e.name === "tmp") continue;
      const s = join(src, e.name), d = join(dst, e.name);
      if (e.isDirectory) {
        await walk(s, d);
        continue;
      }
      if (!e.isFile) continue;
      if (canLink) {
        try {
          await Deno.link(s, d);
          tally.linked++;
          continue;
        } catch (err) {
          if (err instanceof Deno.errors.AlreadyExists) continue;
          // Another file system, or one without hard links: copies from here on.
          canLink = false;
        }
      }
      if (await Deno.lstat(d).then(() => true, () => false)) continue;
      const temp = `${d}.${crypto.randomUUID()}.tmp`;
      await Deno.copyFile(s, temp);
      await Deno.rename(temp, d);
      tally.copied++;
    }
  };
  if (await Deno.stat(from).then((s) => s.isDirectory, () => false)) await walk(from, to);
  return tally;
}

export type BackupInfo = {
  name: string;
  path: string;
  takenAt: Date | null;
  databaseBytes: number;
  files: number;
};

/** The backups in `dir` that passed their check, newest first. */
export async function listBackups(dir: string): Promise<BackupInfo[]> {
  const out: BackupInfo[] = [];
  try {
    for await (const e of Deno.readDir(dir)) {
      if (!e.isDirectory || !BACKUP_NAME.test(e.name)) continue;
      const path = join(dir, e.name);
      let manifest: { takenAt?: string; databaseBytes?: number; files?: number } = {};
      try {
        manifest = JSON.parse(await Deno.readTextFile(join(path, MANIFEST)));
      } catch {
        continue; // no manifest: not a backup that passed its check
      }
      out.push({
        name: e.name,
        path,
        takenAt: manifest.takenAt ? new Date(manifest.takenAt) : null,
        databaseBytes: manifest.databaseBytes ?? 0,
        files: manifest.files ?? 0,
      });
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return out.sort((a, b) => b.name.localeCompare(a.name));
}

/** The latest time of day `minute` (UTC+8) at or before `now`. */
function latestBackupTime(now: Date, minute: number): Date {
  const local = wallClockUtc8(now);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let at = dayStart + minute * 60_000;
  if (at > local.getTime()) at -= 24 * 3600_000;
  return new Date(at - UTC8_OFFSET_MS);
}

/** Whether the nightly backup is due: its time of day has come since it last ran. */
export const backupDue = (deps: Deps, lastRun: Date | null): boolean =>
  !lastRun || lastRun < latestBackupTime(deps.clock.now(), deps.config.backupMinute);

/** Whether this installation takes nightly backups: a backup folder and a database file. */
export const backupsOn = (deps: Deps): boolean =>
  !!deps.config.backupDir && !!deps.config.databaseFile;

const nameAt = (d: Date) =>
  "qmo-" + wallClockUtc8(d).toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");

/**
 * Takes a backup into BACKUP_DIR: the database copied (VACUUM INTO) then checked, and then the
 * stored files linked beside it (a file is stored before its row, so every file the copy names is
 * there). Only a backup that passed its check gets its name and manifest; then backups beyond
 * BACKUP_KEEP go, oldest first. A failure removes the unfinished folder, mails the administrators
 * and is thrown again (the job runner logs and counts it).
 */
export async function takeBackup(
  deps: Deps,
): Promise<
  { name: string; databaseBytes: number; linked: number; copied: number; removed: number }
> {
  const dir = deps.config.backupDir!;
  const now = deps.clock.now();
  const name = nameAt(now);
  const partial = join(dir, `${PARTIAL}${name}-${crypto.randomUUID().slice(0, 8)}`);
  try {
    await Deno.mkdir(partial, { recursive: true });
    const dbFile = join(partial, BACKUP_DATABASE);
    await copyDatabase(deps.config.databaseFile!, dbFile);
    await checkDatabaseFile(dbFile);
    const { linked, copied } = await linkOrCopyTree(
      join(deps.config.dataDir, "files"),
      join(partial, BACKUP_FILES),
    );
    const databaseBytes = (await Deno.stat(dbFile)).size;
    await Deno.writeTextFile(
      join(partial, MANIFEST),
      JSON.stringify({ takenAt: now.toISOString(), databaseBytes, files: linked + copied }) + "\n",
    );
    await Deno.rename(partial, join(dir, name));
    const removed = await pruneBackups(dir, deps.config.backupKeep);
    return { name, databaseBytes, linked, copied, removed };
  } catch (err) {
    await Deno.remove(partial, { recursive: true }).catch(() => {});
    await mailBackupFailed(deps, name, err).catch((e) => console.error("backup failure mail:", e));
    throw err;
  }
}

/** Removes the backups past the newest `keep`, and folders left by backups that never finished. */
async function pruneBackups(dir: string, keep: number): Promise<number> {
  let removed = 0;
  for (const b of (await listBackups(dir)).slice(keep)) {
    await Deno.remove(b.path, { recursive: true });
    removed++;
  }
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory && e.name.startsWith(PARTIAL)) {
      // Another runner's backup in progress is younger than a day; older ones were cut off.
      const { mtime } = await Deno.stat(join(dir, e.name));
      if (mtime && Date.now() - mtime.getTime() > 24 * 3600_000) {
        await Deno.remove(join(dir, e.name), { recursive: true }).catch(() => {});
      }
    }
  }
  return removed;
}

/** Writes the BACKUP_FAILED email to every active administrator with an address (the outbox). */
async function mailBackupFailed(deps: Deps, name: string, err: unknown): Promise<void> {
  const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  await transaction(deps.db, async (tx) => {
    const templates = await tx.select().from(emailTemplates).where(and(
      eq(emailTemplates.mechanism, "backupFailed"),
      eq(emailTemplates.isActive, true),
    ));
    if (!templates.length) return;
    const admins = await tx.selectDistinct({
      id: users.id,
      name: users.name,
      emailAddress: users.emailAddress,
      language: users.language,
    }).from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(
        eq(roles.name, StaticRoles.Admin),
        eq(users.isActive, true),
        isNotNull(users.emailAddress),
      ));
    for (const tpl of templates) {
      for (const a of admins) {
        if (!a.emailAddress?.trim()) continue;
        await writeEmail(tx, deps, `backupFailed:${name}:${tpl.code}`, tpl, {
          address: a.emailAddress.trim(),
          name: a.name,
          language: a.language ?? "zh",
          supplierId: null,
          userId: a.id,
        }, { recipientName: a.name, backupError: error, backupTime: formatUtc8(deps.clock.now()) });
      }
    }
  });
}
