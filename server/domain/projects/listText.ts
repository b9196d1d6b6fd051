// The project list's keyword filters (number, name, demand number; declared in listFilters.ts):
// "contains", through the trigram index of migration 0019 for pieces of two characters or more (no
// row read to check them), all of them in one search of the index; a single character is checked
// on the rows.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { offerProjects } from "../../../db/schema.ts";
import { containsBound, likePattern } from "../paging.ts";
import { phraseMatch, prefixMatch, trigramKind } from "../shared/trigram.ts";

/** A keyword filter's columns: the one the rows hold, and its column in the trigram index. */
export type KeywordColumns = { column: SQLiteColumn; indexed: string };

/** One keyword given: its field (which names its placeholders), its text and its columns. */
export type Keyword = { field: string; text: string } & KeywordColumns;

/** How a keyword is answered: through the index (as a phrase or a prefix), or on the rows. */
export type KeywordWay = "phrase" | "prefix" | "rows";

export function keywordWay(text: string): KeywordWay {
  const kind = trigramKind(text);
  return kind === "none" ? "rows" : kind;
}

/**
 * The keywords' conditions: the pieces for the index in one search of it that asks for all of them
 * at once (no row read to check them), the others on the rows. Their values are bound by
 * `keywordValues`.
 */
export function keywordConditions(keywords: Keyword[]): SQL[] {
  const p = sql.placeholder;
  const matches: SQL[] = [];
  const where: SQL[] = [];
  for (const { field, text, column, indexed } of keywords) {
    switch (keywordWay(text)) {
      case "phrase":
        matches.push(sql`${p(field)}`);
        break;
      case "prefix":
        matches.push(
          prefixMatch(indexed, "offer_projects_fts_terms", p(field), p(`${field}None`)),
        );
        break;
      default:
        where.push(containsBound(column, field));
    }
  }
  if (matches.length) {
    where.push(sql`${offerProjects.id} in (select rowid from offer_projects_fts
      where offer_projects_fts match ${sql.join(matches, sql` || ' AND ' || `)})`);
  }
  return where;
}

/** The values `keywordConditions`' placeholders stand for. */
export function keywordValues(keywords: Keyword[]) {
  const values: Record<string, string> = {};
  for (const { field, text, indexed } of keywords) {
    switch (keywordWay(text)) {
      case "phrase":
        values[field] = phraseMatch(indexed, text);
        break;
      case "prefix":
        values[field] = text.trim().toLowerCase();
        values[`${field}None`] = phraseMatch(indexed, text);
        break;
      default:
        values[field] = likePattern(text);
    }
  }
  return values;
}
