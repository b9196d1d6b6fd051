// A list by keyword keeps its keywords' matches between calls (kept.ts): every matching project's
// id as the trigram index finds them, and, once for all lists, every project's group as
// project_counts groups them (kind, stored status, first quote, category), both kept with the
// projects' change counter, which triggers raise on every change to what they are made of
// (migrations/0035). Nothing kept depends on the clock: the projects
// the clock moved on are judged at read time, by their ids (statusSql.ts). From them a list counts
// its matches (listCount.ts) and, where few are in the list, finds its page by their ids.
import { sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, preparedPerKey, preparedQuery } from "../../../db/client.ts";
import { keptResults, projectsVersion } from "../kept.ts";
import type { ClockMovedIds } from "./statusSql.ts";
import { type Keyword, keywordValues, keywordWay, matchCondition } from "./listText.ts";
import type { CountRow } from "./listFilters.ts";

/**
 * What every project is as project_counts groups them (kind, stored status, first quote,
 * category): `rows[group[id]]`, group 0 for an id no project has; and the highest project id.
 */
type Groups = { group: Uint16Array; rows: (CountRow | undefined)[]; highest: number };

/** A keyword's matches: every id, ascending, and the groups of every project. */
export type KeptMatches = { ids: Int32Array; groups: Groups; highest: number };

/** Lists kept per database, the least recently used dropped first. */
const LISTS_KEPT = 500;
/** Ids kept over all lists (4 bytes each): a list matching more is not kept. */
const IDS_KEPT = 1_000_000;

const keptIds = keptResults<Int32Array>({
  entries: LISTS_KEPT,
  budget: IDS_KEPT,
  sizeOf: (ids) => ids.length,
});
const keptGroups = keptResults<Groups>({ entries: 1 });

/** Every project's id and group, as two JSON arrays (a row each would cost more to hand over). */
const everyGroup = preparedQuery((db) =>
  db.select({
    ids: sql<string>`json_group_array(${offerProjects.id})`,
    groups: sql<string>`json_group_array(${offerProjects.kind} || ' ' || ${offerProjects.status}
      || ' ' || (${offerProjects.firstQuoteAt} is not null) || ' ' || coalesce(${offerProjects.typeId}, 0))`,
  }).from(offerProjects).prepare()
);

async function readGroups(db: DbOrTx): Promise<Groups> {
  const [row] = await everyGroup(db).all();
  const ids = JSON.parse(row.ids) as number[];
  const names = JSON.parse(row.groups) as string[];
  const highest = ids.reduce((a, b) => Math.max(a, b), 0);
  const group = new Uint16Array(highest + 1);
  const codes = new Map<string, number>();
  const rows: (CountRow | undefined)[] = [undefined];
  for (const [i, name] of names.entries()) {
    let code = codes.get(name);
    if (code === undefined) {
      const [kind, status, quoted, typeId] = name.split(" ");
      codes.set(name, code = rows.length);
      rows.push({ kind, status, quoted: Number(quoted), typeId: Number(typeId) });
    }
    group[ids[i]] = code;
  }
  return { group, rows, highest };
}

/** The keywords' matches in the trigram index, ascending, as one JSON array. */
const indexMatches = preparedPerKey(
  (keywords: Keyword[]) => keywords.map((k) => `${k.field}=${keywordWay(k.text)}`).join(),
  (db, keywords: Keyword[]) =>
    db.select({ ids: sql<string>`json_group_array(rowid)` })
      .from(sql`offer_projects_fts`).where(matchCondition(keywords)).prepare(),
);

/**
 * The keywords' matches, as kept while no project changes (read again when one has); undefined
 * for a single character, which the index does not answer.
 */
export async function keptMatches(
  db: DbOrTx,
  keywords: Keyword[],
): Promise<KeptMatches | undefined> {
  if (keywords.some((k) => keywordWay(k.text) === "rows")) return undefined;
  const key = JSON.stringify(keywords.map((k) => [k.field, k.text]));
  const version = await projectsVersion(db);
  const groups = await keptGroups(db, "groups", version, () => readGroups(db));
  const ids = await keptIds(db, key, version, async () => {
    const [row] = await indexMatches(db, keywords).all(keywordValues(keywords));
    return Int32Array.from(JSON.parse(row.ids) as number[]).sort();
  });
  return { ids, groups, highest: groups.highest };
}

/** Whether the ascending `ids` hold `id`. */
function holds(ids: Int32Array, id: number) {
  let lo = 0, hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && ids[lo] === id;
}

/** The projects the clock moved on that match the keywords (their status is judged now). */
export function movedMatches(matches: KeptMatches, clockMoved: ClockMovedIds | undefined) {
  if (!clockMoved) return [];
  const moved = new Set([...clockMoved.closedByClock, ...clockMoved.inRound]);
  return [...moved].filter((id) => holds(matches.ids, id)).sort((a, b) => a - b);
}

/**
 * The matches in the list as stored (`inList`, listFilters.ts countedRowTest): how many, and
 * their ids when `idsUpTo` or fewer (ascending).
 */
export function storedMatches(
  matches: KeptMatches,
  inList: (row: CountRow) => boolean,
  idsUpTo: number,
): { count: number; ids?: number[] } {
  const { group, rows } = matches.groups;
  const listed = Uint8Array.from(rows, (row) => row && inList(row) ? 1 : 0);
  const ids: number[] = [];
  let count = 0;
  for (const id of matches.ids) {
    if (!listed[group[id] ?? 0]) continue;
    if (++count <= idsUpTo) ids.push(id);
  }
  return count > idsUpTo ? { count } : { count, ids };
}
