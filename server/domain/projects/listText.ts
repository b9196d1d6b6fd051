// The project list's keyword filters (number, name, demand number; declared in listFilters.ts):
// "contains", through the trigram index of migration 0019 for pieces of two characters or more (no
// row read to check them), all of them in one search of the index; a single character is checked
// on the rows. Before the list's statements run, one look at the index (`keywordPlan`) decides how
// they find the matches: by the ids it found when they are few; else the page and the count each
// the cheaper of two ways for the share of projects that match: on the rows (the list's indexes
// hold the keyword columns, migration 0034, so the rows are read in the sort's order from an index
// and each checked there, until the page or the count's limit is reached) or through the index.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedPerKey } from "../../../db/client.ts";
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
 * How the list's statements find the keywords' matches: through the index (`index`), by the ids
 * the index found (`ids`: all of them, IDS_AT_MOST at most), or on the rows (`rows`). `joined`: the
 * statement reads the index itself, joined to the projects (`matchCondition`; listCount.ts).
 * `count`: how the count of a list by keyword finds them (listCount.ts), when not by the ids.
 */
export type KeywordPlan =
  | { way: "index" | "rows"; count?: "index" | "rows" }
  | { way: "ids"; ids: number[] }
  | { way: "joined" };
const byIndex: KeywordPlan = { way: "index" };

/** The index's MATCH value for the keywords it answers, made of placeholders; undefined if none. */
function matchValue(keywords: Keyword[]): SQL | undefined {
  const p = sql.placeholder;
  const matches: SQL[] = [];
  for (const { field, text, indexed } of keywords) {
    switch (keywordWay(text)) {
      case "phrase":
        matches.push(sql`${p(field)}`);
        break;
      case "prefix":
        matches.push(
          prefixMatch(indexed, "offer_projects_fts_terms", p(field), p(`${field}None`)),
        );
    }
  }
  return matches.length ? sql.join(matches, sql` || ' AND ' || `) : undefined;
}

/**
 * The keywords' conditions: the pieces for the index in one search of it that asks for all of them
 * at once (no row read to check them), or the ids it found, or all on the rows (`plan`); a single
 * character always on the rows. Their values are bound by `keywordValues`.
 */
export function keywordConditions(keywords: Keyword[], plan: KeywordPlan = byIndex): SQL[] {
  const where: SQL[] = [];
  for (const { field, text, column } of keywords) {
    if (plan.way === "rows" || keywordWay(text) === "rows") {
      where.push(containsBound(column, `${field}Like`));
    }
  }
  if (plan.way === "ids") where.push(idIn(offerProjects.id, "keywordIds"));
  const match = plan.way === "index" ? matchValue(keywords) : undefined;
  if (match) {
    where.push(sql`${offerProjects.id} in (select rowid from offer_projects_fts
      where offer_projects_fts match ${match})`);
  }
  return where;
}

/** The keywords' condition on the index, `offer_projects_fts`, for a statement that reads it. */
export const matchCondition = (keywords: Keyword[]) =>
  sql`offer_projects_fts match ${matchValue(keywords)}`;

/**
 * The values `keywordConditions`' placeholders stand for, every way (the page and the count of one
 * list may find the matches different ways): the index's pieces named after the field, the
 * pattern on the rows after the field and "Like".
 */
export function keywordValues(keywords: Keyword[], plan: KeywordPlan = byIndex) {
  const values: Record<string, string> = {};
  if (plan.way === "ids") values.keywordIds = JSON.stringify(plan.ids);
  for (const { field, text, indexed } of keywords) {
    values[`${field}Like`] = likePattern(text);
    switch (keywordWay(text)) {
      case "phrase":
        values[field] = phraseMatch(indexed, text);
        break;
      case "prefix":
        values[field] = text.trim().toLowerCase();
        values[`${field}None`] = phraseMatch(indexed, text);
    }
  }
  return values;
}

/** Up to this many matches are listed by their ids. */
const IDS_AT_MOST = 200;

/**
 * What each way costs, in microseconds of SQLite per row it reads (measured on the bench's data,
 * docs/performance.md): a row of a list's index checked there (`walk`: the indexes in the order of
 * a sort other than the id hold the keyword columns), a row read from the table in id order
 * (`scan`), a row looked up from an index that does not hold them (`fetch`); a match of the index
 * read and its project looked up, then sorted (`lookup`, the page through the index); a match read
 * and checked on an index by its id (`joined`, the count through the index); a match read and
 * nothing more (`match`, the count through the index when no other filter is given).
 */
const COST = { walk: 0.1, scan: 0.15, fetch: 1.4, lookup: 1, joined: 0.5, match: 0.25 };

/**
 * The first IDS_AT_MOST + 1 matches of the keywords in the index (as one JSON array: a row each
 * would cost more to hand over than to find), and the highest project id: about how many projects
 * there are.
 */
const firstMatches = preparedPerKey(
  (keywords: Keyword[]) => keywords.map((k) => `${k.field}=${keywordWay(k.text)}`).join(),
  (db, keywords: Keyword[]) =>
    db.select({
      ids: sql<string>`json_group_array(id)`,
      highest: sql<number | null>`(select max(${offerProjects.id}) from ${offerProjects})`,
    }).from(sql`(select rowid as id from offer_projects_fts where ${matchCondition(keywords)}
      order by rowid limit ${sql.raw(String(IDS_AT_MOST + 1))})`).prepare(),
);

/**
 * Whether a keyword is checked on the rows as the index checks it: LIKE folds the case of ASCII
 * letters only, the index that of every letter, so a keyword of other letters with a case (É, Ж)
 * stays with the index. (A stored letter outside ASCII that the index folds into an ASCII one, such
 * as the Kelvin sign K, is matched by the index only: docs/decisions.md.)
 */
const foldsAlike = (text: string) =>
  [...text].every((ch) => ch < "\x80" || ch.toLowerCase() === ch.toUpperCase());

/**
 * A keyword's matches as kept (listKept.ts): every id, ascending; the highest project id; and,
 * when they are few, the ids of the matches that may be in the list (the filters judged as stored,
 * and those the clock moved on).
 */
type KeptIds = { ids: Int32Array; highest: number; listed?: number[] };

/** What the list asks of its matches, for the choice of a way. */
export type KeywordNeeds = {
  /** The rows a page reaches (its offset and its size); undefined: every match (exports). */
  page?: number;
  /** The count stops at this many matches; undefined: it is not bounded (exports). */
  countUpTo?: number;
  /** About how many projects the other filters leave (undefined: unknown, all of them). */
  filtered?: number;
  /** Whether a filter other than the keywords is given (the count then reads the projects). */
  otherFilters: boolean;
  /** Whether the list's indexes hold every other filter given (kind, category, status, open). */
  filtersInIndex: boolean;
  /** Whether the page is read from an index that holds the keyword columns (see COST). */
  sortInIndex: boolean;
  /** The field the page is sorted by, when one alone (`name`, `code`, …). */
  sortedBy?: string;
};

/**
 * How the list finds the keywords' matches (see KeywordPlan): the first matches in the index
 * (fast to read: the index gives them in id order and stops) say how many there are, or, when
 * there are more, how dense they are among the first ids; from that, about how many rows each way
 * reads, and so the cheaper. The answer is the same every way.
 */
export async function keywordPlan(
  db: DbOrTx,
  keywords: Keyword[],
  needs?: KeywordNeeds,
  kept?: KeptIds,
): Promise<KeywordPlan> {
  if (kept?.listed && kept.listed.length <= IDS_AT_MOST) return { way: "ids", ids: kept.listed };
  if (kept && kept.ids.length <= IDS_AT_MOST) return { way: "ids", ids: Array.from(kept.ids) };
  // Single characters only: the index has nothing to answer.
  if (keywords.every((k) => keywordWay(k.text) === "rows")) return { way: "rows" };
  let found: ArrayLike<number>, highest;
  if (kept) ({ ids: found, highest } = kept);
  else {
    const [first] = await firstMatches(db, keywords).all(keywordValues(keywords));
    found = (JSON.parse(first.ids) as number[]).sort((a, b) => a - b);
    highest = first.highest;
    if (found.length <= IDS_AT_MOST) return { way: "ids", ids: found as number[] };
  }
  if (!needs || !keywords.every((k) => foldsAlike(k.text))) return byIndex;
  // Among the ids from the first match to the last found, the share that match (among all
  // projects when every match is kept); so about how many match in all, and how many of the other filters' rows a read in
  // order passes to find n.
  const projects = Math.max(Number(highest ?? 0), 1);
  const share = Math.min(
    kept ? found.length / projects : found.length / (found[IDS_AT_MOST] - found[0] + 1),
    1,
  );
  const matches = share * projects;
  const filtered = Math.max(Math.min(needs.filtered ?? projects, projects), 1);
  const walked = (n: number) => Math.min(filtered, n / share);
  const inIndex = needs.filtersInIndex;
  const pageRow = inIndex && needs.sortInIndex
    ? COST.walk
    : needs.otherFilters
    ? COST.fetch
    : COST.scan;
  const page = needs.page ?? projects;
  // Sorted by a keyword's own field, the matches stand together in the sort's order (names with a
  // word, numbers with a start), perhaps after all the others: the read may pass them all first.
  const clustered = keywords.some((k) => k.field === needs.sortedBy);
  const pageRows = clustered ? Math.min(filtered, page + (1 - share) * filtered) : walked(page);
  const pageWay = pageRow * pageRows < COST.lookup * matches ? "rows" : "index";
  // By the kept ids of the matches that may be in the list: each looked up, as through the index,
  // but only those.
  const listed = kept?.listed;
  if (listed && COST.lookup * listed.length < Math.min(pageRow * pageRows, COST.lookup * matches)) {
    return { way: "ids", ids: listed };
  }
  if (needs.countUpTo === undefined) return { way: pageWay };
  const limit = needs.countUpTo;
  const countByIndex = needs.otherFilters
    ? COST.joined * Math.min(matches, limit * projects / filtered)
    : COST.match * Math.min(matches, limit);
  const countRow = inIndex ? COST.walk : COST.fetch;
  return { way: pageWay, count: countRow * walked(limit) < countByIndex ? "rows" : "index" };
}
