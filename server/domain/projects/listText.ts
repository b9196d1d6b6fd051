// The project list's text filters (number, name, demand number): "contains", through the trigram
// index of migration 0019 for pieces of two characters or more (no row read to check them), all
// of them in one search of the index; a single character is checked on the rows.
import { type SQL, sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import { containsBound, likePattern } from "../paging.ts";
import { phraseMatch, prefixMatch, trigramKind } from "../shared/trigram.ts";
import type { ExportProjectsInput } from "./schemas.ts";

/** The text filters, each the column it reads and its column in the trigram index. */
const textFilters = {
  code: { column: offerProjects.code, indexed: "code" },
  name: { column: offerProjects.name, indexed: "name" },
  demandCode: { column: offerProjects.demandCode, indexed: "demand_code" },
} as const;
type TextFilter = keyof typeof textFilters;
const fields = Object.keys(textFilters) as TextFilter[];

/** How each given text filter is answered: through the index (as a phrase or a prefix), or on the rows. */
export type TextPlan = Partial<Record<TextFilter, "phrase" | "prefix" | "rows">>;

/** How the given text filters are answered: pieces of two characters or more through the index. */
export function textPlanOf(input: ExportProjectsInput): TextPlan {
  const plan: TextPlan = {};
  for (const field of fields) {
    const text = input[field];
    if (!text) continue;
    const kind = trigramKind(text);
    plan[field] = kind === "none" ? "rows" : kind;
  }
  return plan;
}

/**
 * The conditions of the text filters: the pieces for the index in one search of it that asks for
 * all of them at once (no row read to check them), the others on the rows. Their values are bound
 * by `textValues`.
 */
export function textConditions(plan: TextPlan): SQL[] {
  const p = sql.placeholder;
  const matches: SQL[] = [];
  const where: SQL[] = [];
  for (const field of fields) {
    const { column, indexed } = textFilters[field];
    switch (plan[field]) {
      case undefined:
        break;
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

/** The values `textConditions`' placeholders stand for. */
export function textValues(plan: TextPlan, input: ExportProjectsInput) {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const text = input[field];
    if (!text) continue;
    const { indexed } = textFilters[field];
    switch (plan[field]) {
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
