// Opens the libSQL database (file or server), sets pragmas, serialises writes within the process,
// keeps the native statements each connection compiled, and applies the generated migrations.
import {
  type Client,
  createClient,
  type InArgs,
  type InStatement,
  LibsqlError,
  type ResultSet,
  type Row,
  type TransactionMode,
} from "@libsql/client";
import { Buffer } from "node:buffer";
import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/libsql/migrator";
import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath } from "node:url";
// @ts-types="./libsql.d.ts"
import Libsql from "libsql";
import * as schema from "./schema.ts";

export type Db = LibSQLDatabase<typeof schema>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
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
  const writes = { begun: 0 };
  const locked = <T>(fn: () => Promise<T>, counted = true) => {
    if (inTransaction.getStore()) return Promise.reject(new NestedWriteError());
    if (counted) writes.begun++;
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
  return { client: wrapped, lock: locked, writes };
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

/** Statements the native connection keeps, the least recently used dropped first. */
export const STATEMENTS_PER_CONNECTION = 256;
/** Statements the native connection compiled, calls that reused one, and SELECTs it answered. */
export const statementCache = { compiled: 0, reused: 0, nativeReads: 0 };
const STAR = /(select|,)\s*\*|\.\*/i;

/**
 * A connection's compiled statements by SQL text (the native driver's own prepare, called through
 * its public API): compiling a statement costs more than SQLite takes to answer a small read. A
 * statement always runs to its end or is reset before it runs again (the driver does both; tested
 * in tests/domain/statement_cache_test.ts), so a kept statement holds no read snapshot and sees
 * other connections' writes; SQLite recompiles it by itself after a schema change. Statements with
 * a `*` are not kept: their columns would not follow a table altered elsewhere.
 */
function statementsOf(conn: NativeConnection) {
  const kept = new Map<string, NativeStatement>();
  return (sql: string): NativeStatement => {
    const found = kept.get(sql);
    if (found) {
      statementCache.reused++;
      kept.delete(sql); // most recently used last
      kept.set(sql, found);
      return found;
    }
    statementCache.compiled++;
    const stmt = conn.prepare(sql);
    if (STAR.test(sql)) return stmt;
    kept.set(sql, stmt);
    if (kept.size > STATEMENTS_PER_CONNECTION) kept.delete(kept.keys().next().value!);
    return stmt;
  };
}

// ---- Reads straight from the native driver ---------------------------------------------------

type NativeReader = Omit<NativeStatement, "columns"> & {
  readonly reader: boolean;
  safeIntegers(toggle?: boolean): NativeReader;
  all(args: unknown[]): unknown[][];
  get(args: unknown[]): unknown[] | undefined;
  run(args: unknown[]): unknown;
  columns(): { name: string; type?: string | null }[];
};
type NativeReads = {
  /** The answer of a plain SELECT, or undefined for the client to run the statement. */
  execute(stmt: InStatement, args?: InArgs): ResultSet | undefined;
  /** The values of a SELECT's first row, in column order (see firstRow). */
  firstRow(sql: string): unknown[] | undefined;
  /** Runs these write statements in one transaction (see appendRows); throws after a rollback. */
  writeAll(statements: { sql: string; args: unknown[] }[]): void;
  close(): void;
};

const SELECT = /^\s*select\b/i;
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;
const VALUES = Symbol("values");

/** An argument as @libsql/client binds it (its `intMode: "number"`). */
function toSql(value: unknown): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    }
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INT64 || value > MAX_INT64) {
      throw new RangeError("bigint is too large to be represented as a 64-bit integer");
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument");
  return value;
}

/** A value as @libsql/client answers it: integers as numbers (refused past 2^53), blobs as bytes. */
function fromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError(
        "Received integer which cannot be safely represented as a JavaScript number",
      );
    }
    return Number(value);
  }
  return value instanceof Buffer ? value.buffer : value;
}

type RowClass = new (values: unknown[]) => Row;
const rowClasses = new Map<string, RowClass>();

/**
 * Rows of one column list, as @libsql/client shapes them: each value by the column's name (the
 * first column of a name wins; these are the enumerable keys) and by position, with a `length`.
 * The positions and the length live on a prototype made once per column list, not on every row.
 */
function rowClass(columns: string[]): RowClass {
  const key = columns.join("\0");
  let Row = rowClasses.get(key);
  if (Row) return Row;
  const named = columns.flatMap((c, i) => columns.indexOf(c) === i ? [[c, i] as const] : []);
  Row = class {
    [VALUES]: unknown[];
    constructor(values: unknown[]) {
      for (const [name, i] of named) (this as Record<string, unknown>)[name] = values[i];
      this[VALUES] = values;
    }
  } as unknown as RowClass;
  const proto = Row.prototype as Record<PropertyKey, unknown>;
  Object.defineProperty(proto, "length", { value: columns.length });
  for (let i = 0; i < columns.length; i++) {
    Object.defineProperty(proto, i, {
      get(this: { [VALUES]: unknown[] }) {
        return this[VALUES][i];
      },
    });
  }
  if (rowClasses.size >= 1000) rowClasses.clear();
  rowClasses.set(key, Row);
  return Row;
}

/** SQLite's primary result codes by number, as @libsql/client names an error's `code`. */
const RESULT_CODES = ("OK ERROR INTERNAL PERM ABORT BUSY LOCKED NOMEM READONLY INTERRUPT IOERR " +
  "CORRUPT NOTFOUND FULL CANTOPEN PROTOCOL EMPTY SCHEMA TOOBIG CONSTRAINT MISMATCH MISUSE NOLFS " +
  "AUTH FORMAT RANGE NOTADB NOTICE WARNING").split(" ");

/** A native driver's error as @libsql/client reports it (LibsqlError with the primary code). */
function fromNativeError(err: unknown): unknown {
  const e = err as { message?: string; code?: unknown; rawCode?: unknown };
  if (!(err instanceof Error) || typeof e.code !== "string") return err;
  const raw = typeof e.rawCode === "number" ? e.rawCode : undefined;
  const base = raw === undefined ? undefined : raw & 0xff;
  const code = base === undefined
    ? "SQLITE_UNKNOWN"
    : RESULT_CODES[base] && base > 0
    ? `SQLITE_${RESULT_CODES[base]}`
    : `SQLITE_UNKNOWN_${base}`;
  return new LibsqlError(e.message ?? "", code, e.code, raw, err);
}

/**
 * Plain SELECTs on a local database file, run on a native connection of their own instead of
 * through @libsql/client: same values and rows as the client answers (tested in
 * tests/domain/native_reads_test.ts), at a fraction of the CPU per row. Writes, transactions and
 * anything that is not a plain SELECT with positional arguments stay with the client. With WAL each
 * statement reads the latest committed state, so a read sees every write committed before it.
 */
function nativeReads(path: string, timeout: number): NativeReads {
  const conn = new (Libsql as unknown as new (p: string, o: object) => NativeConnection)(path, {
    timeout,
  });
  // As the client's connection is set (openDatabase), for the writes of appendRows.
  conn.exec("PRAGMA synchronous = NORMAL");
  conn.exec("PRAGMA foreign_keys = ON");
  const prepare = statementsOf(conn);
  const rawGets = new WeakSet<NativeReader>();
  const shapes = new WeakMap<
    NativeStatement,
    { columns: string[]; types: string[]; Row: RowClass }
  >();
  return {
    execute(stmt, args) {
      const sql = typeof stmt === "string" ? stmt : stmt.sql;
      const given = (typeof stmt === "string" ? args : stmt.args) ?? [];
      if (!SELECT.test(sql) || !Array.isArray(given)) return undefined;
      try {
        const compiled = prepare(sql) as unknown as NativeReader;
        let shape = shapes.get(compiled as unknown as NativeStatement);
        if (!shape) {
          if (!compiled.reader) return undefined;
          compiled.safeIntegers(true);
          compiled.raw(true);
          const cols = compiled.columns();
          const columns = cols.map((c) => c.name);
          shape = { columns, types: cols.map((c) => c.type ?? ""), Row: rowClass(columns) };
          shapes.set(compiled as unknown as NativeStatement, shape);
        }
        statementCache.nativeReads++;
        const { Row } = shape;
        const rows = compiled.all(given.map(toSql)).map((values) => {
          for (let i = 0; i < values.length; i++) values[i] = fromSql(values[i]);
          return new Row(values);
        });
        const columns = shape.columns, columnTypes = shape.types;
        return {
          columns,
          columnTypes,
          rows,
          rowsAffected: 0,
          lastInsertRowid: undefined,
          toJSON: () => ({
            columns,
            columnTypes,
            rows: rows.map((r) =>
              Array.from(
                r as unknown as ArrayLike<unknown>,
                (v) => v instanceof ArrayBuffer ? Buffer.from(v).toString("base64") : v,
              )
            ),
            rowsAffected: 0,
            lastInsertRowid: null,
          }),
        };
      } catch (err) {
        throw fromNativeError(err);
      }
    },
    firstRow(sql) {
      try {
        const compiled = prepare(sql) as unknown as NativeReader;
        if (!rawGets.has(compiled)) {
          compiled.safeIntegers(true);
          compiled.raw(true);
          rawGets.add(compiled);
        }
        const values = compiled.get([]);
        if (values) { for (let i = 0; i < values.length; i++) values[i] = fromSql(values[i]); }
        return values;
      } catch (err) {
        throw fromNativeError(err);
      }
    },
    writeAll(statements) {
      conn.exec("BEGIN IMMEDIATE");
      try {
        for (const { sql, args } of statements) {
          (prepare(sql) as unknown as NativeReader).run(args.map(toSql));
        }
        conn.exec("COMMIT");
      } catch (err) {
        try {
          conn.exec("ROLLBACK");
        } catch {
          // Already rolled back by SQLite.
        }
        throw fromNativeError(err);
      }
    },
    close: () => conn.close(),
  };
}

/** The file behind a `file:` URL, unless it is in memory (another connection would not see it). */
function localFile(url: string): string | undefined {
  if (!url.startsWith("file:") || url.includes("?") || url.includes(":memory:")) return undefined;
  const path = url.slice("file:".length);
  return path.startsWith("//") ? fileURLToPath(url) : path;
}

export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const raw = createClient({ url, authToken, timeout: 5000 });
  if (url.startsWith("file:")) {
    // WAL lets readers go on while one writer commits.
    await raw.execute("PRAGMA journal_mode = WAL");
    await raw.execute("PRAGMA synchronous = NORMAL");
  }
  await raw.execute("PRAGMA foreign_keys = ON");
  const inTransaction = new AsyncLocalStorage<true>();
  const file = localFile(url);
  const reads = file ? nativeReads(file, 5000) : undefined;
  const { client, lock, writes } = serialiseWrites(raw, inTransaction, reads);
  const db = drizzle(client, { schema });
  writeCounts.set(db, writes);
  if (reads) {
    nativeFirstRows.set(db, reads.firstRow);
    nativeWriters.set(db, (statements, counted) =>
      lock(
        () =>
          // A throw in the executor rejects the promise.
          new Promise<void>((resolve) => {
            reads.writeAll(statements);
            resolve();
          }),
        counted,
      ));
  }
  const transaction = db.transaction.bind(db);
  db.transaction =
    ((fn, config) => lock(() => inTransaction.run(true, () => transaction(fn, config)))) as Db[
      "transaction"
    ];
  return {
    db,
    close: () => {
      reads?.close();
      raw.close();
    },
    url,
  };
}

const nativeWriters = new WeakMap<
  Db,
  (statements: { sql: string; args: unknown[] }[], counted: boolean) => Promise<void>
>();

const writeCounts = new WeakMap<DbOrTx, { begun: number }>();

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

/**
 * How many writes this process has begun on this database handle (undefined for a transaction's
 * handle): a value read from the database, kept while this number stays the same, cannot predate a
 * write of this process. Rows appended to a table that no trigger follows (appendRows: the audit
 * log) are not counted.
 */
export function writesBegun(db: DbOrTx): number | undefined {
  return writeCounts.get(db)?.begun;
}

/** Whether a trigger follows writes to a table, per handle and table (read once). */
const triggered = new WeakMap<Db, Map<string, Promise<boolean>>>();
function hasTriggers(db: Db, table: string): Promise<boolean> {
  let tables = triggered.get(db);
  if (!tables) triggered.set(db, tables = new Map());
  let found = tables.get(table);
  if (!found) {
    found = db.get<{ n: number }>(
      sql`select count(*) as n from sqlite_master where type = 'trigger' and tbl_name = ${table}`,
    ).then((r) => Number(r.n) > 0);
    tables.set(table, found);
  }
  return found;
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
  await write(statements, await hasTriggers(db, getTableName(table)));
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
      // Fresh statistics for the planner where tables have grown or shrunk much since the last.
      await db.run(sql`PRAGMA optimize`);
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

/** Shapes of one query kept per database handle (see preparedByShape). */
const SHAPES_KEPT = 64;

/**
 * Like preparedQuery, for a query whose shape depends on its input (which filters are given, the
 * sort): `build` makes the statement for one shape, with `sql.placeholder` for every value, and
 * `shape` names that shape; each shape is built once per database handle (the 64 most recently
 * used are kept), then only bound.
 */
export function preparedByShape<I, T>(
  shape: (input: I) => string,
  build: (db: DbOrTx, input: I) => T,
): (db: DbOrTx, input: I) => T {
  const built = new WeakMap<DbOrTx, Map<string, T>>();
  return (db, input) => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, shapes = new Map());
    const key = shape(input);
    let stmt = shapes.get(key);
    if (stmt === undefined) {
      stmt = build(db, input);
      if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
    } else shapes.delete(key);
    shapes.set(key, stmt); // most recently used last
    return stmt;
  };
}

/**
 * `column IN (…)` over a list passed as one JSON array parameter named `name`, so that a prepared
 * statement serves lists of any length (SQLite looks each value up by the index, as for IN (?, ?)).
 */
export const idIn = (column: SQLiteColumn, name: string): SQL =>
  sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
