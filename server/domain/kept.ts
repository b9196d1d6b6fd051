// The one place results are kept between calls: the supplier search's matches and the suppliers'
// code order (suppliers/search.ts), each kept with the suppliers' change counter (raised by the
// triggers of migrations/0010 on every change to a supplier, by any process), and the project
// list's keyword matches (projects/listKept.ts), kept with the projects' change counter (migrations/
// 0035); each used again while its counter has not moved. The varied workload shows why
// (docs/performance.md): a word matches thousands of suppliers or projects and a page shows a few,
// so finding and counting them all is most of a search's or a list's work.
import { type DbOrTx, firstRow } from "../../db/client.ts";

/** The suppliers' change counter now, in this process or any other on the same database. */
export async function suppliersVersion(db: DbOrTx): Promise<number> {
  const row = await firstRow(db, "select version from change_versions where name = 'suppliers'");
  return Number(row?.[0] ?? 0);
}

/**
 * The projects' change counter now, in this process or any other: raised by every new or deleted
 * project and every change to its keyword columns, kind, stored status, first quote or category.
 */
export async function projectsVersion(db: DbOrTx): Promise<number> {
  const row = await firstRow(db, "select version from change_versions where name = 'projects'");
  return Number(row?.[0] ?? 0);
}

type Entry<T> = { version: number; value: T; size: number };

/**
 * A store of up to `entries` results per database handle, the least recently used dropped first,
 * and of at most `budget` in all as `sizeOf` counts them (a result larger than a quarter of it is
 * not kept). A kept result is answered to every later caller as it is: build new objects from it,
 * never change it.
 */
export function keptResults<T>(
  { entries, budget = Infinity, sizeOf = () => 1 }: {
    entries: number;
    budget?: number;
    sizeOf?: (value: T) => number;
  },
) {
  const perDb = new WeakMap<DbOrTx, { map: Map<string, Entry<T>>; size: number }>();
  /**
   * The result kept under `key` if it was read at the counter's `version`; else `read()`'s, kept.
   * Read the version before the data: a change in between then leaves the result marked older
   * than it is (read again next time), never newer.
   */
  return async function kept(
    db: DbOrTx,
    key: string,
    version: number,
    read: () => Promise<T>,
  ): Promise<T> {
    let mine = perDb.get(db);
    if (!mine) perDb.set(db, mine = { map: new Map(), size: 0 });
    const found = mine.map.get(key);
    if (found) {
      mine.map.delete(key);
      if (found.version === version) {
        mine.map.set(key, found); // most recently used last
        return found.value;
      }
      mine.size -= found.size;
    }
    const value = await read();
    const size = sizeOf(value);
    if (size <= budget / 4) {
      mine.map.set(key, { version, value, size });
      mine.size += size;
      for (const [k, v] of mine.map) {
        if (mine.map.size <= entries && mine.size <= budget) break;
        mine.map.delete(k);
        mine.size -= v.size;
      }
    }
    return value;
  };
}
