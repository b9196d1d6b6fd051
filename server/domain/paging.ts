// Paged lists as ABP answers them: SkipCount, MaxResultCount (default 20, at most 1000), Sorting
// ("field desc") in; { items, totalCount } out.
import { asc, Column, desc, is, type Placeholder, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { wholeNumber } from "./shared/input.ts";
import { fieldError } from "./errors.ts";

export const pagedInput = {
  skipCount: wholeNumber(0).default(0),
  maxResultCount: wholeNumber(1, 1000).default(20),
  sorting: z.string().max(100).optional(),
};

type PagedInput = { skipCount: number; maxResultCount: number; sorting?: string };
export type Paged<T> = { items: T[]; totalCount: number };

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
