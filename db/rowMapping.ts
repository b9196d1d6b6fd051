// Rows of a drizzle query mapped to its result objects by a function made once per query, in place
// of drizzle's `mapResultRow`, which works out each column's decoder and path again for every row
// (README, Performance). The same objects come out (tests/domain/row_mapping_test.ts).
import { Buffer } from "node:buffer";
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";
import { LibSQLPreparedQuery } from "drizzle-orm/libsql";

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = { path: string[]; field: unknown };
type Row = ArrayLike<unknown>;
type Mapper = (row: Row) => Record<string, unknown>;

/** What drizzle's libsql session does to each value first (a blob becomes a Buffer). */
const normalize = (value: unknown) =>
  value instanceof ArrayBuffer && !(value instanceof Buffer) ? Buffer.from(value) : value;

/** drizzle's SQL keeps the decoder of its `mapWith` in a field its types leave out. */
type Decoded = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** `mapResultRow(fields, row, joinsNotNullableMap)`, made once for these fields. */
function compileRowMapper(
  fields: Field[],
  joinsNotNullableMap?: Record<string, boolean>,
): Mapper {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1],
    decoder: decoderOf(field),
    // A column of a joined table: all-null columns of a table that may be missing make it null.
    table: joinsNotNullableMap && is(field, Column) && path.length === 2
      ? getTableName((field as Column).table)
      : undefined,
  }));
  return (row) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const { parents, key, decoder, table } = columns[i];
      let node = result;
      for (const p of parents) node = (node[p] ??= {}) as Record<string, unknown>;
      const raw = normalize(row[i]);
      const value = node[key] = raw === null ? null : decoder.mapFromDriverValue(raw);
      if (table !== undefined) {
        nullify ??= {};
        const object = parents[0];
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === "string" && nullify[object] !== table) {
          nullify[object] = false;
        }
      }
    }
    if (nullify) {
      for (const [object, table] of Object.entries(nullify)) {
        if (typeof table === "string" && !joinsNotNullableMap![table]) result[object] = null;
      }
    }
    return result;
  };
}

type Prepared = {
  fields?: Field[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
  mapGetResult(rows: unknown, isFromBatch?: boolean): unknown;
};
const mapperOf = new WeakMap<Prepared, Mapper>();
const installed = Symbol.for("qmo.rowMapping");

/** Installed once, on the prepared-query class of drizzle's libsql session. */
export function installRowMapping() {
  const proto = LibSQLPreparedQuery.prototype as unknown as Prepared & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const { mapAllResult, mapGetResult } = proto;
  const mapper = (q: Prepared) => {
    let m = mapperOf.get(q);
    if (!m) mapperOf.set(q, m = compileRowMapper(q.fields!, q.joinsNotNullableMap));
    return m;
  };
  const rowsOf = (rows: unknown, isFromBatch?: boolean) =>
    (isFromBatch ? (rows as { rows: Row[] }).rows : rows) as Row[];
  proto.mapAllResult = function (this: Prepared, rows, isFromBatch) {
    if (!this.fields || this.customResultMapper) return mapAllResult.call(this, rows, isFromBatch);
    return rowsOf(rows, isFromBatch).map(mapper(this));
  };
  proto.mapGetResult = function (this: Prepared, rows, isFromBatch) {
    if (!this.fields || this.customResultMapper) return mapGetResult.call(this, rows, isFromBatch);
    const row = rowsOf(rows, isFromBatch)[0];
    return row ? mapper(this)(row) : undefined;
  };
}
