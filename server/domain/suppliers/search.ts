// Supplier code and name search: "contains" as LIKE means it, answered through the trigram index
// (migration 0006_suppliers_fts) instead of reading every supplier.
import { or, type SQL, sql } from "drizzle-orm";
import { suppliers } from "../../../db/schema.ts";
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
 * Suppliers whose `field` contains `text`, wildcards taken literally and ASCII case ignored (as
 * LIKE). Three characters or more are looked up as a trigram phrase; two characters as any indexed
 * trigram starting with them (each value is indexed with a trailing space, so one always does);
 * a single character reads every supplier. The LIKE is kept as the final word either way.
 */
export function supplierTextContains(field: SupplierTextField, text: string): SQL {
  const t = text.trim();
  const like = field === "any"
    ? or(
      contains(suppliers.code, t),
      contains(suppliers.fullName, t),
      contains(suppliers.abbrName, t),
    )!
    : contains(suppliers[field], t);
  const length = [...t].length;
  const columns = ftsColumns[field];
  if (length >= 3) {
    return sql`(${suppliers.id} in (select rowid from suppliers_fts where suppliers_fts match ${`${columns} : ${
      phrase(t)
    }`}) and ${like})`;
  }
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
