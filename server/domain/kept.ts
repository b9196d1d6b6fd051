// Results of costly reads kept per database handle, each with the stamp of the data it was read
// from (a change counter, see migrations/0010 and 0016), and used again while the stamp is the
// same.
import { AsyncLocalStorage } from "node:async_hooks";
import { type DbOrTx, firstRow, writesBegun } from "../../db/client.ts";

/** The change counters the triggers raise: one per group of tables a kept result is read from. */
const counters = ["suppliers", "actors"] as const;
export type ChangeCounter = typeof counters[number];

/** All counters in one row (one native `get`, see firstRow), in the order of `counters`. */
const allCounters = `select ${
  counters.map((n) => `(select version from change_versions where name = '${n}')`).join(", ")
}`;

type CounterRows = Record<ChangeCounter, number>;
type Snapshot = { db?: DbOrTx; writes?: number; rows?: CounterRows };
const snapshots = new AsyncLocalStorage<Snapshot>();

/**
 * Runs one call (an API request) with one read of the change counters for all its kept results:
 * its first read is used again by the later ones, as long as this process has begun no write on
 * the database since (writesBegun: the call's own writes are then seen). Reused values are only
 * ever older than the data read after them, which leaves a result stamped older than it is.
 */
export function withOneCounterRead<T>(fn: () => T): T {
  return snapshots.run({}, fn);
}

/**
 * The values of these counters now, in this instance or any other on the same database, in one
 * read. Read them before the data a kept result is made of: a change made in between then leaves
 * the result stamped older than it is (read again next time), never newer.
 */
async function counterValues(db: DbOrTx, names: ChangeCounter[]): Promise<number[]> {
  const snapshot = snapshots.getStore();
  const writes = writesBegun(db);
  let rows: CounterRows;
  if (snapshot?.rows && snapshot.db === db && writes !== undefined && snapshot.writes === writes) {
    rows = snapshot.rows;
  } else {
    const values = await firstRow(db, allCounters);
    rows = Object.fromEntries(counters.map((n, i) => [n, Number(values?.[i] ?? 0)])) as CounterRows;
    if (snapshot && writes !== undefined) Object.assign(snapshot, { db, writes, rows });
  }
  return names.map((n) => rows[n]);
}

/** One counter's value now (see counterValues). */
export async function changeVersion(db: DbOrTx, name: ChangeCounter): Promise<number> {
  return (await counterValues(db, [name]))[0];
}

/** These counters' values now, as a stamp (see counterValues). */
export async function changeStamp(db: DbOrTx, names: ChangeCounter[]): Promise<string> {
  return (await counterValues(db, names)).join(":");
}

type Entry<T> = { stamp: string; value: T; size: number };

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
  /** The result kept under `key` if it was read at `stamp`; else `read()`'s, kept. */
  return async function kept(
    db: DbOrTx,
    key: string,
    stamp: string,
    read: () => Promise<T>,
  ): Promise<T> {
    let mine = perDb.get(db);
    if (!mine) perDb.set(db, mine = { map: new Map(), size: 0 });
    const found = mine.map.get(key);
    if (found) {
      mine.map.delete(key);
      if (found.stamp === stamp) {
        mine.map.set(key, found); // most recently used last
        return found.value;
      }
      mine.size -= found.size;
    }
    const value = await read();
    const size = sizeOf(value);
    if (size <= budget / 4) {
      mine.map.set(key, { stamp, value, size });
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
