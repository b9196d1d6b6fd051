// Supplier code and name search: "contains" as LIKE means it, answered through the trigram index
// (migration 0006_suppliers_fts) instead of reading every supplier; the matches of recent searches
// are kept until a supplier changes.
import { or, type SQL, sql } from "drizzle-orm";
import { suppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { keptResults, suppliersVersion } from "../kept.ts";
import { contains } from "../paging.ts";
import { phraseMatch, prefixMatch, trigramKind } from "../shared/trigram.ts";

export type SupplierTextField = "code" | "abbrName" | "fullName" | "any";

const ftsColumns: Record<SupplierTextField, string> = {
  code: "code",
  abbrName: "abbr_name",
  fullName: "full_name",
  any: "{code abbr_name full_name}",
};

/**
 * The trigram index's query (an SQL string value) for the suppliers whose `field` contains
 * `text`, wildcards taken literally and case ignored (as LIKE ignores ASCII case; the index also
 * folds other scripts' case): for three characters or more, the text as a trigram phrase; for
 * two, any indexed trigram starting with them (each value is indexed with a trailing space, so
 * every two characters of it start one). Undefined for a single character: no trigram finds it.
 */
export function exactQuery(field: SupplierTextField, text: string): SQL | undefined {
  const t = text.trim();
  const columns = ftsColumns[field];
  switch (trigramKind(t)) {
    case "phrase":
      return sql`${phraseMatch(columns, t)}`;
    case "prefix":
      return prefixMatch(columns, "suppliers_fts_terms", t.toLowerCase(), phraseMatch(columns, t));
    default:
      return undefined;
  }
}

/**
 * Suppliers whose `field` contains `text` (see exactQuery), found through the trigram index with
 * no row read to check it; a single character reads every supplier.
 */
export function supplierTextContains(field: SupplierTextField, text: string): SQL {
  const t = text.trim();
  const query = exactQuery(field, t);
  if (query) {
    return sql`${suppliers.id} in (select rowid from suppliers_fts where suppliers_fts match ${query})`;
  }
  return field === "any"
    ? or(
      contains(suppliers.code, t),
      contains(suppliers.fullName, t),
      contains(suppliers.abbrName, t),
    )!
    : contains(suppliers[field], t);
}

// ---------------------------------------------------------------------------------------------
// Recent searches' matches, kept until a supplier changes
// ---------------------------------------------------------------------------------------------

/** Searches kept per database, the least recently used dropped first. */
const SEARCHES_KEPT = 200;
/** Ids kept over all searches (4 bytes each): a search matching more is not kept. */
const IDS_KEPT = 1_000_000;

const keptMatches = keptResults<Int32Array>({
  entries: SEARCHES_KEPT,
  budget: IDS_KEPT,
  sizeOf: (ids) => ids.length,
});

// ---------------------------------------------------------------------------------------------
// The suppliers' code order, kept while the suppliers' change counter stays
// ---------------------------------------------------------------------------------------------

/** A search the trigram index answers exactly (exactQuery), in code order. */
export type ExactSearch = { match: SQL; effectiveOnly: boolean };

/** Every supplier's place in code order and whether it is effective, at one counter value. */
type CodeOrder = {
  /** Supplier id → place in code order (-1: no such supplier). */
  placeOf: Int32Array;
  /** Place in code order → supplier id. */
  idAt: Int32Array;
  /** Supplier id → 1 when effective. */
  effective: Uint8Array;
};
const keptOrder = keptResults<CodeOrder>({ entries: 1 });
/** When the code order was last read, per database handle, and at which counter value. */
const orderReads = new WeakMap<DbOrTx, { version: number; at: number }>();
/**
 * Reading the order takes 40–80 ms for 100,000 suppliers: while suppliers keep changing (a sync, an
 * import) it is read again at most this often, and searches meanwhile go the SQL way (a few ms).
 */
const ORDER_READ_EVERY_MS = 10_000;

/** The code order at counter value `version`; undefined while it was read too recently. */
async function codeOrder(db: DbOrTx, version: number): Promise<CodeOrder | undefined> {
  const last = orderReads.get(db);
  if (last && last.version !== version && performance.now() - last.at < ORDER_READ_EVERY_MS) {
    return undefined;
  }
  return await keptOrder(db, "codeOrder", version, async () => {
    orderReads.set(db, { version, at: performance.now() });
    const [row] = await db.select({
      ids: sql<string>`json_group_array(${suppliers.id} order by ${suppliers.code})`,
      effective: sql<string>`json_group_array(${suppliers.id})
        filter (where ${suppliers.status} = 'effective')`,
    }).from(suppliers);
    const idAt = Int32Array.from(JSON.parse(row?.ids ?? "[]") as number[]);
    const size = idAt.reduce((max, id) => Math.max(max, id), 0) + 1;
    const placeOf = new Int32Array(size).fill(-1);
    idAt.forEach((id, place) => placeOf[id] = place);
    const effective = new Uint8Array(size);
    for (const id of JSON.parse(row?.effective ?? "[]") as number[]) effective[id] = 1;
    return { placeOf, idAt, effective };
  });
}

/**
 * The ids the trigram index finds for `match`, the effective ones only if asked, in code order:
 * placed by the code order of the counter's value `version` instead of reading each supplier's
 * row. Undefined when the index holds a supplier the code order does not know (added since), or
 * while the order is out of date and was read too recently to read again.
 */
async function indexMatchesInCodeOrder(
  db: DbOrTx,
  version: number,
  { match, effectiveOnly }: ExactSearch,
): Promise<Int32Array | undefined> {
  const order = await codeOrder(db, version);
  if (!order) return undefined;
  const [row] = await db.select({ ids: sql<string>`json_group_array(rowid)` })
    .from(sql`suppliers_fts`).where(sql`suppliers_fts match ${match}`);
  const found = JSON.parse(row?.ids ?? "[]") as number[];
  const places = new Int32Array(found.length);
  let n = 0;
  for (const id of found) {
    const place = id < order.placeOf.length ? order.placeOf[id] : -1;
    if (place < 0) return undefined;
    if (!effectiveOnly || order.effective[id]) places[n++] = place;
  }
  return places.subarray(0, n).sort().map((place) => order.idAt[place]);
}

/**
 * The ids of every supplier matching `where`, in `order`. A frequent word matches thousands of
 * suppliers and the launch page shows five at a time: finding, counting and sorting them all is
 * most of a search's work, so the sorted ids of recent searches are kept with the suppliers'
 * change counter (migrations/0010) they were read at, and used while it has not moved, in this
 * instance or any other on the same database. A search the trigram index answers exactly
 * (`exact`: the same suppliers as `where`, in code order) reads no supplier row: the index's
 * matches are filtered and placed by the suppliers' code order, kept per counter value.
 */
export async function supplierMatches(
  db: DbOrTx,
  key: string,
  where: SQL | undefined,
  order: SQL[],
  exact?: ExactSearch,
): Promise<Int32Array> {
  const version = await suppliersVersion(db);
  return await keptMatches(db, key, version, async () => {
    const viaIndex = exact && await indexMatchesInCodeOrder(db, version, exact);
    if (viaIndex) return viaIndex;
    const [row] = await db.select({
      ids: sql<string>`json_group_array(${suppliers.id} order by ${sql.join(order, sql`, `)})`,
    }).from(suppliers).where(where);
    return Int32Array.from(JSON.parse(row?.ids ?? "[]") as number[]);
  });
}
