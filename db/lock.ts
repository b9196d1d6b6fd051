// Who has a database file open, across processes: every process that opens it (the server, each
// of its workers, every CLI command) holds a shared lock on `<file>.lock` for as long as it has it
// open; replacing the file (db restore) or changing its schema (migrations) needs the lock alone.
// These are the kernel's advisory locks (flock): they go with the process that held them, however
// it ends, so a lock is never left behind.
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { type Database, migrateDatabase, migrationsFolder, openDatabase } from "./client.ts";

/**
 * Why a database could not be had: `inUse` another process has it open; `migrationBlocked` it
 * needs migrations but another process (a server of another version) has it open; `busy` another
 * process is replacing it or changing its schema; `newerSchema` it holds migrations this version
 * does not ship (it was migrated by a newer version).
 */
export type HeldReason = "inUse" | "migrationBlocked" | "busy" | "newerSchema";

export class DatabaseHeldError extends Error {
  constructor(readonly reason: HeldReason, readonly file: string) {
    super(`database ${file}: ${reason}`);
    this.name = "DatabaseHeldError";
  }
}

const lockFileOf = (databaseFile: string) => `${databaseFile}.lock`;

const openLockFile = (databaseFile: string) =>
  Deno.open(lockFileOf(databaseFile), { read: true, write: true, create: true });

/** Holds the database for this process alone, or throws `inUse`; `release` when done. */
export async function holdAlone(databaseFile: string): Promise<{ release: () => void }> {
  const lock = await openLockFile(databaseFile);
  if (!(await lock.tryLock(true))) {
    lock.close();
    throw new DatabaseHeldError("inUse", databaseFile);
  }
  return { release: () => lock.close() };
}

/** Holds the database beside the other processes that have it open, or throws `busy`. */
export async function holdShared(databaseFile: string): Promise<{ release: () => void }> {
  const lock = await openLockFile(databaseFile);
  if (!(await lock.tryLock(false))) {
    lock.close();
    throw new DatabaseHeldError("busy", databaseFile);
  }
  return { release: () => lock.close() };
}

/** The shipped migrations not applied yet, and whether the database has ones not shipped here. */
async function migrationState(
  database: Database,
): Promise<{ pending: number; newer: boolean }> {
  const shipped = readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  const table = await database.db.values(
    sql`select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'`,
  );
  let last = -Infinity;
  if (table.length) {
    const [row] = await database.db.values(sql`select max(created_at) from __drizzle_migrations`);
    if (row?.[0] != null) last = Number(row[0]);
  }
  return {
    pending: shipped.filter((t) => t > last).length,
    newer: last > Math.max(...shipped),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens a database file for this process's lifetime (until `close`), brought up to this version's
 * migrations. A database migrated by a newer version is refused (`newerSchema`). Pending migrations
 * are applied only while no other process has the file open: a server of another version never
 * finds its schema changed under it. Instances of one version starting together wait for the one
 * that migrates (up to `waitMs`), then share the file; past that, `migrationBlocked` (or `busy`).
 */
export async function openHeldDatabase(
  databaseFile: string,
  url: string,
  opts: { waitMs: number },
): Promise<Database> {
  const deadline = Date.now() + opts.waitMs;
  const opened = async () => {
    const database = await openDatabase(url);
    try {
      const state = await migrationState(database);
      if (state.newer) throw new DatabaseHeldError("newerSchema", databaseFile);
      return { database, pending: state.pending };
    } catch (err) {
      database.close();
      throw err;
    }
  };
  for (;;) {
    let reason: HeldReason = "busy";
    const lock = await openLockFile(databaseFile);
    const held = (database: Database): Database => ({
      ...database,
      close: () => {
        database.close();
        lock.close();
      },
    });
    try {
      if (await lock.tryLock(false)) {
        const first = await opened();
        if (!first.pending) return held(first.database);
        first.database.close();
        // Migrations to apply: only with the file to ourselves.
        await lock.unlock();
        reason = "migrationBlocked";
        if (await lock.tryLock(true)) {
          // Read again: another instance may have migrated, or db restore replaced the file.
          const { database } = await opened();
          try {
            await migrateDatabase(database.db);
            await lock.lock(false); // back to sharing, for the process's lifetime
          } catch (err) {
            database.close();
            throw err;
          }
          return held(database);
        }
      }
    } catch (err) {
      lock.close();
      throw err;
    }
    lock.close();
    if (Date.now() >= deadline) throw new DatabaseHeldError(reason, databaseFile);
    await sleep(100 + Math.random() * 100);
  }
}
