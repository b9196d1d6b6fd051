// Lists in SQL: the Sorting of a paged input (shared/paging.ts) as ORDER BY terms over the columns
// a list allows, and text filters with LIKE wildcards taken literally.
import { asc, Column, desc, is, type Placeholder, type SQL, sql } from "drizzle-orm";
import { fieldError } from "./errors.ts";

/** Turns "field desc, other" into ORDER BY terms over the allowed columns; unknown fields are a 400. */
export function orderBy(
  sorting: string | undefined,
  columns: Record<string, Column | SQL>,
  fallback: (Column | SQL)[],
): SQL[] {
  const tail = fallback.map((f) => (is(f, Column) ? asc(f) : f));
  if (!sorting?.trim()) return tail;
  const terms = sorting.split(",").map((part) => {
    const [field, dir = "asc"] = part.trim().split(/\s+/);
    const key = Object.keys(columns).find((k) => k.toLowerCase() === field.toLowerCase());
    if (!key || !/^(asc|desc)$/i.test(dir)) {
      throw fieldError("sorting", "errors.badSorting", { value: part.trim() });
    }
    return dir.toLowerCase() === "desc" ? desc(columns[key]) : asc(columns[key]);
  });
  return [...terms, ...tail];
}

/** Escapes LIKE wildcards in user text; used with ESCAPE '\'. */
export const likePattern = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column` contains `text`, wildcards in the text taken literally. */
export const contains = (column: Column | SQL, text: string | Placeholder): SQL =>
  sql`${column} LIKE ${typeof text === "string" ? likePattern(text) : text} ESCAPE '\\'`;

/** `contains` for a prepared statement: bind `likePattern(text)` to the placeholder `name`. */
export const containsBound = (column: Column | SQL, name: string): SQL =>
  contains(column, sql.placeholder(name));
