// Substring search through an SQLite FTS5 trigram index (a "contains" filter that reads no row to
// check it). Values are indexed with a trailing space, so every two-character piece of a value
// starts some indexed trigram, found in the index's fts5vocab table.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";

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

/**
 * Merges a trigram index's segments into one (FTS5 'optimize'). Each batch of inserted or edited
 * rows adds segments, merged only now and then; a search reads every segment, so after a large
 * import a piece of text is found faster once merged. It writes the whole index anew (about half a
 * second for 100,000 rows), so it runs daily (server/jobs) and after the demo data is generated.
 * Answers the index's leaf entries before and after.
 */
export async function mergeIndex(db: DbOrTx, table: "suppliers_fts" | "offer_projects_fts") {
  const entries = async () =>
    (await db.get<{ n: number }>(sql`select count(*) as n from ${sql.identifier(`${table}_idx`)}`))
      ?.n ?? 0;
  const before = await entries();
  await db.run(
    sql`insert into ${sql.identifier(table)}(${sql.identifier(table)}) values ('optimize')`,
  );
  return { before, after: await entries() };
}
