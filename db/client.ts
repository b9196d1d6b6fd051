// Opens the libSQL database (file or server), sets pragmas, serialises writes within the process,
// reads plain SELECTs on a file through its own native connection (nativeReads.ts), and migrates.
import {
  type Client,
  createClient,
  type InArgs,
  type InStatement,
  type ResultSet,
  type TransactionMode,
} from "@libsql/client";
import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/libsql/migrator";
import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath } from "node:url";
import * as schema from "./schema.ts";
import { type NativeReads, nativeReads } from "./nativeReads.ts";

export type Db = LibSQLDatabase<typeof schema>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or an open transaction: domain functions accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** How plain SELECTs on a database file are read: `native` (a connection of their own), `driver`. */
export type ReadPath = "native" | "driver";

export type Database = { db: Db; close: () => void; url: string; reads: ReadPath };

/** A first-come, first-served lock for async work. */
function createLock() {
  let tail: Promise<void> = Promise.resolve();
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = tail;
    tail = before.then(() => mine);
    await before;
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter|vacuum)\b/i;
const sqlOf = (stmt: InStatement) => typeof stmt === "string" ? stmt : stmt.sql;

class NestedWriteError extends Error {
  constructor() {
    super("a write outside the open transaction, inside it: use the transaction's handle");
  }
}

/**
 * SQLite lets one writer at a time, and the native driver waits for a busy database by blocking the
 * whole process. So writes in this process queue here instead: a transaction holds the lock from
 * BEGIN to COMMIT, and a single write statement holds it while it runs. Reads are never held up
 * (WAL). The busy timeout is left for writers in other processes (the CLI beside the server).
 */
function serialiseWrites(
  client: Client,
  inTransaction: AsyncLocalStorage<true>,
  reads?: NativeReads,
) {
  const lock = createLock();
  const locked = <T>(fn: () => Promise<T>) => {
    if (inTransaction.getStore()) return Promise.reject(new NestedWriteError());
    return lock(fn);
  };
  const execute = (stmt: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    if (WRITE.test(sqlOf(stmt))) {
      return locked(() => client.execute(stmt as never, args as never));
    }
    try {
      const answer = reads?.execute(stmt, args);
      if (answer) return Promise.resolve(answer);
    } catch (err) {
      return Promise.reject(err);
    }
    return client.execute(stmt as never, args as never);
  };
  // The client as drizzle sees it: every call goes to the real one, writes through the queue.
  const wrapped: Client = {
    execute: execute as Client["execute"],
    batch: (stmts, mode) => locked(() => client.batch(stmts, mode)),
    migrate: (stmts) => locked(() => client.migrate(stmts)),
    executeMultiple: (sql) => locked(() => client.executeMultiple(sql)),
    transaction: ((mode?: TransactionMode) => client.transaction(mode)) as Client["transaction"],
    sync: () => client.sync(),
    close: () => client.close(),
    reconnect: () => client.reconnect(),
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
  };
  return { client: wrapped, lock: locked };
}

/** The file behind a `file:` URL, unless it is in memory (another connection would not see it). */
function localFile(url: string): string | undefined {
  if (!url.startsWith("file:") || url.includes("?") || url.includes(":memory:")) return undefined;
  const path = url.slice("file:".length);
  return path.startsWith("//") ? fileURLToPath(url) : path;
}

/**
 * Opens the database. On a file, plain SELECTs are read through a native connection of their own
 * (`reads: "native"`, the default: nativeReads.ts, which keeps its compiled statements) or through
 * the driver like everything else (`"driver"`); DB_READS chooses (config.ts). Elsewhere (a libsql://
 * server, memory) always through the driver.
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  readPath: ReadPath = "native",
): Promise<Database> {
  const raw = createClient({ url, authToken, timeout: 5000 });
  if (url.startsWith("file:")) {
    // WAL lets readers go on while one writer commits.
    await raw.execute("PRAGMA journal_mode = WAL");
    await raw.execute("PRAGMA synchronous = NORMAL");
  }
  await raw.execute("PRAGMA foreign_keys = ON");
  const inTransaction = new AsyncLocalStorage<true>();
  const file = localFile(url);
  const reads = file && readPath === "native" ? nativeReads(file, 5000) : undefined;
  const { client, lock } = serialiseWrites(raw, inTransaction, reads);
  const db = drizzle(client, { schema });
  if (reads) {
    nativeFirstRows.set(db, reads.firstRow);
    nativeWriters.set(db, (statements) =>
      lock(() =>
        // A throw in the executor rejects the promise.
        new Promise<void>((resolve) => {
          reads.writeAll(statements);
          resolve();
        })
      ));
  }
  transactions.set(db, (fn) => lock(() => inTransaction.run(true, () => db.transaction(fn))));
  return {
    db,
    close: () => {
      reads?.close();
      raw.close();
    },
    url,
    reads: reads ? "native" : "driver",
  };
}

type RunTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
const transactions = new WeakMap<Db, RunTransaction>();

/**
 * Runs `fn` in one transaction of a database opened with openDatabase, in its turn among this
 * process's writes (serialiseWrites): every transaction goes through here, never through drizzle's
 * `db.transaction` directly (tests/domain/transactions_test.ts holds it).
 */
export function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const run = transactions.get(db);
  if (!run) throw new Error("transaction: a database not opened with openDatabase");
  return run(fn);
}

const nativeWriters = new WeakMap<
  Db,
  (statements: { sql: string; args: unknown[] }[]) => Promise<void>
>();

const nativeFirstRows = new WeakMap<Db, (sql: string) => unknown[] | undefined>();

/**
 * The values of the first row a SELECT without parameters answers, in column order (undefined when
 * it answers none). On a database file it is read on the reading connection with the native
 * driver's `get`, which steps to that row alone: reading through `all` (what drizzle and the client
 * do) costs 5–10 µs a statement whatever it reads, a `get` under 2 µs, and a read made with every
 * call (the change counters) shows. Inside a transaction (its handle), on a libsql:// server or in
 * memory, through drizzle.
 */
export async function firstRow(db: DbOrTx, query: string): Promise<unknown[] | undefined> {
  const native = nativeFirstRows.get(db as Db);
  if (native) return native(query);
  const [row] = await db.values(sql.raw(query));
  // The client's rows carry names beside positions: the positions alone.
  return row && Array.from(row as ArrayLike<unknown>);
}

/** Rows in one statement, for appendRows: powers of two, so that few statements are compiled. */
const appendSizes = [256, 128, 64, 32, 16, 8, 4, 2, 1];

/**
 * Inserts rows (of a table without column defaults; NULL for a missing value) in one transaction,
 * on a database file through the native connection that plain SELECTs read through, under this
 * process's write lock. In WAL mode a connection drops its page cache whenever another connection
 * has committed since its last read; rows written by the reading connection itself leave its cache
 * as it is. So rows written with every call (the audit log) do not make the next calls' reads start
 * cold (docs/performance.md). Elsewhere (libsql:// servers, memory) through drizzle.
 */
export async function appendRows<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  if (!rows.length) return;
  const write = nativeWriters.get(db);
  if (!write) {
    await db.insert(table).values(rows);
    return;
  }
  const given = Object.entries(getTableColumns(table)).filter(([, c]) =>
    !(c as unknown as { autoIncrement?: boolean }).autoIncrement
  );
  const keys = given.map(([k]) => k);
  const columns = given.map(([, c]) => c);
  // A missing value is written as NULL: a column default would be lost, so none is allowed.
  const defaulted = columns.find((c) => c.hasDefault);
  if (defaulted) throw new Error(`appendRows: ${defaulted.name} has a default`);
  const statements: { sql: string; args: unknown[] }[] = [];
  let at = 0;
  for (const size of appendSizes) {
    while (rows.length - at >= size) {
      const args: unknown[] = [];
      for (const row of rows.slice(at, at + size)) {
        const r = row as Record<string, unknown>;
        keys.forEach((k, i) => {
          const v = r[k];
          args.push(v === undefined || v === null ? null : columns[i].mapToDriverValue(v));
        });
      }
      statements.push({ sql: appendSql(table, columns, size), args });
      at += size;
    }
  }
  await write(statements);
}

const appendSqlKept = new WeakMap<SQLiteTable, Map<number, string>>();
function appendSql(table: SQLiteTable, columns: SQLiteColumn[], size: number): string {
  let bySize = appendSqlKept.get(table);
  if (!bySize) appendSqlKept.set(table, bySize = new Map());
  let text = bySize.get(size);
  if (!text) {
    const row = `(${columns.map(() => "?").join(", ")})`;
    text = `insert into "${getTableName(table)}" (${
      columns.map((c) => `"${c.name}"`).join(", ")
    }) values ${Array(size).fill(row).join(", ")}`;
    bySize.set(size, text);
  }
  return text;
}

/**
 * Applies the pending migrations. Several instances may start on one database at the same moment:
 * each reads which migrations are applied, then applies the rest in one transaction, so the slower
 * one's transaction fails ("table already exists") and is rolled back whole. It reads again and finds
 * nothing left to do.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  for (let attempt = 1;; attempt++) {
    try {
      await migrate(db, { migrationsFolder });
      // Fresh statistics for the planner where tables have grown or shrunk much since the last; a
      // server that does not allow it (a remote libSQL server) keeps its own.
      await db.run(sql`PRAGMA optimize`).catch(() => {});
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt + Math.random() * 100));
    }
  }
}

/**
 * A statement that drizzle builds (SQL text and parameter order) once per database handle and then
 * only binds, for the reads every page makes: building a query costs more CPU than SQLite takes to
 * answer a small one. `build` uses `sql.placeholder(name)` for the values and ends in `.prepare()`.
 * Inside a transaction the handle is the transaction's, so the statement is built for it alone.
 */
export function preparedQuery<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let stmt = built.get(db);
    if (stmt === undefined) built.set(db, stmt = build(db));
    return stmt;
  };
}

/** Statements of one query kept per database handle (see preparedPerKey). */
const STATEMENTS_KEPT = 64;

/**
 * Like preparedQuery, for a query whose SQL depends on its input (which filters are given, the
 * sort): `build` makes the statement for one input, with `sql.placeholder` for every value, and
 * `key` names what the statement was built from; each key's statement is built once per database
 * handle (the 64 most recently used are kept), then only bound.
 */
export function preparedPerKey<I, T>(
  key: (input: I) => string,
  build: (db: DbOrTx, input: I) => T,
): (db: DbOrTx, input: I) => T {
  const built = new WeakMap<DbOrTx, Map<string, T>>();
  return (db, input) => {
    let statements = built.get(db);
    if (!statements) built.set(db, statements = new Map());
    const k = key(input);
    let stmt = statements.get(k);
    if (stmt === undefined) {
      stmt = build(db, input);
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
    } else statements.delete(k);
    statements.set(k, stmt); // most recently used last
    return stmt;
  };
}

/**
 * `column IN (…)` over a list passed as one JSON array parameter named `name`, so that a prepared
 * statement serves lists of any length (SQLite looks each value up by the index, as for IN (?, ?)).
 */
export const idIn = (column: SQLiteColumn, name: string): SQL =>
  sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
