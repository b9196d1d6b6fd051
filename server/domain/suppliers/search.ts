// Supplier code and name search: "contains" as LIKE means it, answered through the trigram index
// (migration 0006_suppliers_fts) instead of reading every supplier; the matches of recent searches
// are kept until a supplier changes.
import { or, type SQL, sql } from "drizzle-orm";
import { suppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { changeVersion, keptResults } from "../kept.ts";
import { contains } from "../paging.ts";

export type SupplierTextField = "code" | "abbrName" | "fullName" | "any";

const ftsColumns: Record<SupplierTextField, string> = {
  code: "code",
  abbrName: "abbr_name",
  fullName: "full_name",
  any: "{code abbr_name full_name}",
};

const phrase = (s: string) => `"${s.replaceAll('"', '""')}"`;

/**
 * Suppliers whose `field` contains `text`, wildcards taken literally and case ignored (as LIKE
 * ignores ASCII case; the index also folds other scripts' case). Three characters or more are
 * looked up as a trigram phrase, which matches exactly the values containing them, so no row is
 * read to check it; two characters as any indexed trigram starting with them (each value is
 * indexed with a trailing space, so one always does), checked with LIKE; a single character reads
 * every supplier.
 */
export function supplierTextContains(field: SupplierTextField, text: string): SQL {
  const t = text.trim();
  const length = [...t].length;
  const columns = ftsColumns[field];
  if (length >= 3) {
    return sql`${suppliers.id} in (select rowid from suppliers_fts where suppliers_fts match ${`${columns} : ${
      phrase(t)
    }`})`;
  }
  const like = field === "any"
    ? or(
      contains(suppliers.code, t),
      contains(suppliers.fullName, t),
      contains(suppliers.abbrName, t),
    )!
    : contains(suppliers[field], t);
  if (length === 2) {
    const lower = t.toLowerCase();
    // No indexed trigram starts with the two characters: the phrase below matches nothing, as
    // a two-character phrase never does.
    const query = sql`(select coalesce(${columns} || ' : (' || group_concat('"' || replace(term,
      '"', '""') || '"', ' OR ') || ')', ${phrase(t)}) from suppliers_fts_terms
      where term >= ${lower} and term < ${lower} || char(1114111))`;
    return sql`(${suppliers.id} in (select rowid from suppliers_fts where suppliers_fts match ${query}) and ${like})`;
  }
  return like;
}

// ---------------------------------------------------------------------------------------------
// Recent searches' matches, kept until a supplier changes
// ---------------------------------------------------------------------------------------------

/** Searches kept per database, the least recently used dropped first. */
export const SEARCHES_KEPT = 200;
/** Ids kept over all searches (4 bytes each): a search matching more is not kept. */
const IDS_KEPT = 1_000_000;

const keptMatches = keptResults<Int32Array>({
  entries: SEARCHES_KEPT,
  budget: IDS_KEPT,
  sizeOf: (ids) => ids.length,
});

/**
 * The ids of every supplier matching `where`, in `order`. A frequent word matches thousands of
 * suppliers and the launch page shows five at a time: finding, counting and sorting them all is
 * most of a search's work, so the sorted ids of recent searches are kept with the suppliers'
 * change counter (migrations/0010) they were read at, and used while it has not moved, in this
 * instance or any other on the same database.
 */
export async function supplierMatches(
  db: DbOrTx,
  key: string,
  where: SQL | undefined,
  order: SQL[],
): Promise<Int32Array> {
  const version = await changeVersion(db, "suppliers");
  return await keptMatches(db, key, String(version), async () => {
    const [row] = await db.select({
      ids: sql<string>`json_group_array(${suppliers.id} order by ${sql.join(order, sql`, `)})`,
    }).from(suppliers).where(where);
    return Int32Array.from(JSON.parse(row?.ids ?? "[]") as number[]);
  });
}
