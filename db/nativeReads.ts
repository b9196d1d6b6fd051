// A native libsql connection of its own for plain SELECTs on a database file (and the audit
// rows' batches): it keeps the statements it compiled, through the driver's public API, and answers
// values and rows shaped as @libsql/client answers them.
import {
  type InArgs,
  type InStatement,
  LibsqlError,
  type ResultSet,
  type Row,
} from "@libsql/client";
import { Buffer } from "node:buffer";
// @ts-types="./libsql.d.ts"
import Libsql from "libsql";

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
export type NativeReads = {
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
export function nativeReads(path: string, timeout: number): NativeReads {
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
