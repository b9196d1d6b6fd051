// Substring search through an SQLite FTS5 trigram index (a "contains" filter that reads no row to
// check it). Values are indexed with a trailing space, so every two-character piece of a value
// starts some indexed trigram, found in the index's fts5vocab table.
import { type SQL, sql } from "drizzle-orm";

/**
 * How the index finds a piece of text: as a phrase of its trigrams (three characters or more), as
 * any indexed trigram starting with it (two), or not at all (one: the caller reads the rows).
 */
export function trigramKind(text: string): "phrase" | "prefix" | "none" {
  const length = [...text.trim()].length;
  return length >= 3 ? "phrase" : length === 2 ? "prefix" : "none";
}

/** The index's MATCH value for `text` in `columns` (an FTS5 column filter such as `name`). */
export const phraseMatch = (columns: string, text: string) =>
  `${columns} : "${text.trim().replaceAll('"', '""')}"`;

/**
 * The MATCH value, made in SQL, for a two-character piece: any of the index's trigrams that start
 * with `lower` (the piece in lower case; a value or a placeholder). Where none does, `none` (the
 * piece as a phrase, which matches nothing) stands in.
 */
export function prefixMatch(columns: string, terms: string, lower: unknown, none: unknown): SQL {
  return sql`(select coalesce(${columns} || ' : (' || group_concat('"' || replace(term,
    '"', '""') || '"', ' OR ') || ')', ${none}) from ${sql.identifier(terms)}
    where term >= ${lower} and term < ${lower} || char(1114111))`;
}
