// Opens the libSQL database (file or server), sets pragmas, serialises writes within the process,
// keeps the native statements each connection compiled, and applies the generated migrations.
import { type Client, createClient, type InStatement } from "@libsql/client";
import { type SQL, sql } from "drizzle-orm";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/libsql/migrator";
import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath } from "node:url";
// @ts-types="./libsql.d.ts"
import Libsql from "libsql";
import * as schema from "./schema.ts";

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or an open transaction: domain functions accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export type Database = { db: Db; close: () => void; url: string };

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

export class NestedWriteError extends Error {
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
function serialiseWrites(client: Client, inTransaction: AsyncLocalStorage<true>) {
  const lock = createLock();
  const locked = <T>(fn: () => Promise<T>) => {
    if (inTransaction.getStore()) return Promise.reject(new NestedWriteError());
    return lock(fn);
  };
  const wrapped = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "execute") {
        return (stmt: InStatement, args?: unknown) =>
          WRITE.test(sqlOf(stmt))
            ? locked(() => target.execute(stmt as never, args as never))
            : target.execute(stmt as never, args as never);
      }
      if (prop === "batch" || prop === "migrate" || prop === "executeMultiple") {
        const fn = Reflect.get(target, prop, receiver) as (...a: unknown[]) => Promise<unknown>;
        return (...a: unknown[]) => locked(() => fn.apply(target, a));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { client: wrapped, lock: locked };
}

// ---- Statement cache of the native driver ----------------------------------------------------

type NativeStatement = {
  raw(toggle?: boolean): NativeStatement;
  columns(): unknown[];
};
type NativeConnection = {
  prepare(sql: string): NativeStatement;
  exec(sql: string): void;
  close(): void;
};

/** Statements each connection keeps, the least recently used dropped first. */
export const STATEMENTS_PER_CONNECTION = 256;
/** How many statements the native driver has compiled, and how many calls reused one. */
export const statementCache = { compiled: 0, reused: 0 };
const cacheOf = new WeakMap<NativeConnection, Map<string, NativeStatement>>();
const installed = Symbol.for("qmo.statementCache");
const STAR = /(select|,)\s*\*|\.\*/i;
const DDL = /^\s*(create|alter|drop)\b/i;

/**
 * `@libsql/client` (local files) compiles every statement anew on every call and reads its column
 * names twice: for a page of small reads that is most of the CPU (README, Performance). It has no
 * prepared-statement API, but the native `libsql` statements it uses can be run again, so each
 * connection keeps the statements it compiled, by SQL text. A statement always runs to its end or is
 * reset before it runs again (libsql does both; tested in tests/domain/statement_cache_test.ts), so
 * a kept statement holds no read snapshot, sees other connections' writes, and recovers from a
 * failed run. Statements with a `*` are not kept (their columns would not follow a table altered
 * elsewhere); a schema change made through the connection, and closing it, forget its statements. Installed once, on the class the client itself
 * imports.
 */
function cacheNativeStatements() {
  const proto = (Libsql as unknown as { prototype: NativeConnection & { [installed]?: true } })
    .prototype;
  if (proto[installed]) return;
  proto[installed] = true;
  const compile = proto.prepare;
  const close = proto.close;
  proto.prepare = function (this: NativeConnection, sql: string) {
    if (DDL.test(sql)) cacheOf.delete(this);
    // A `*` widens when another process alters the table, but a compiled statement keeps the
    // columns it was compiled with: those, and schema changes, are compiled every time.
    if (DDL.test(sql) || STAR.test(sql)) {
      statementCache.compiled++;
      return compile.call(this, sql);
    }
    let kept = cacheOf.get(this);
    if (!kept) cacheOf.set(this, kept = new Map());
    const found = kept.get(sql);
    if (found) {
      statementCache.reused++;
      kept.delete(sql); // most recently used last
      kept.set(sql, found);
      return found;
    }
    const stmt = compile.call(this, sql);
    statementCache.compiled++;
    // The client asks both on every call; neither changes for a compiled statement.
    let columns: unknown[] | undefined;
    const readColumns = stmt.columns.bind(stmt);
    stmt.columns = () => columns ??= readColumns();
    let rawError: unknown;
    let isRaw = false;
    const setRaw = stmt.raw.bind(stmt);
    stmt.raw = (toggle?: boolean) => {
      if (rawError) throw rawError; // not a reader: the client runs it instead of reading rows
      if (isRaw && toggle !== false) return stmt;
      try {
        setRaw(toggle);
        isRaw = toggle !== false;
        return stmt;
      } catch (err) {
        rawError = err;
        throw err;
      }
    };
    kept.set(sql, stmt);
    if (kept.size > STATEMENTS_PER_CONNECTION) kept.delete(kept.keys().next().value!);
    return stmt;
  };
  proto.close = function (this: NativeConnection) {
    cacheOf.delete(this);
    close.call(this);
  };
  // Scripts (migrations) may change the schema: this connection compiles afresh afterwards.
  const exec = proto.exec;
  proto.exec = function (this: NativeConnection, sql: string) {
    cacheOf.delete(this);
    exec.call(this, sql);
  };
}

export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (url.startsWith("file:")) cacheNativeStatements();
  const raw = createClient({ url, authToken, timeout: 5000 });
  if (url.startsWith("file:")) {
    // WAL lets readers go on while one writer commits.
    await raw.execute("PRAGMA journal_mode = WAL");
    await raw.execute("PRAGMA synchronous = NORMAL");
  }
  await raw.execute("PRAGMA foreign_keys = ON");
  const inTransaction = new AsyncLocalStorage<true>();
  const { client, lock } = serialiseWrites(raw, inTransaction);
  const db = drizzle(client, { schema });
  const transaction = db.transaction.bind(db);
  db.transaction =
    ((fn, config) => lock(() => inTransaction.run(true, () => transaction(fn, config)))) as Db[
      "transaction"
    ];
  return { db, close: () => raw.close(), url };
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

/**
 * `column IN (…)` over a list passed as one JSON array parameter named `name`, so that a prepared
 * statement serves lists of any length (SQLite looks each value up by the index, as for IN (?, ?)).
 */
export const idIn = (column: SQLiteColumn, name: string): SQL =>
  sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
