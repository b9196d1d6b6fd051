// The kept-results store (server/domain/kept.ts): a result is read again when its counter moves,
// the least recently used go first, and the store never holds more than its budget.
import assert from "node:assert/strict";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { keptResults, suppliersVersion } from "../../server/domain/kept.ts";
import { type DbOrTx, openDatabase } from "../../db/client.ts";
import { suppliers } from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";

/** Two stand-ins for database handles: the store keeps results per handle. */
const dbA = {} as DbOrTx;
const dbB = {} as DbOrTx;

Deno.test("kept results: read again on a new counter value, least recently used dropped, budget held", async () => {
  const kept = keptResults<number[]>({ entries: 3, budget: 100, sizeOf: (v) => v.length });
  const reads: string[] = [];
  const get = (db: DbOrTx, key: string, stamp: number, size = 10) =>
    kept(db, key, stamp, () => {
      reads.push(`${key}@${stamp}`);
      return Promise.resolve(Array.from({ length: size }, (_, i) => i));
    });

  await get(dbA, "a", 1);
  await get(dbA, "a", 1);
  assert.deepEqual(reads, ["a@1"], "kept while the counter holds");
  await get(dbA, "a", 2);
  assert.deepEqual(reads, ["a@1", "a@2"], "read again on a new counter value");
  await get(dbB, "a", 2);
  assert.equal(reads.at(-1), "a@2", "another handle keeps its own");
  assert.equal(reads.length, 3);

  // Three entries at the most: b, c, then a is used again, d drops the least recently used (b).
  await get(dbA, "b", 1);
  await get(dbA, "c", 1);
  await get(dbA, "a", 2);
  await get(dbA, "d", 1);
  reads.length = 0;
  await get(dbA, "a", 2);
  await get(dbA, "c", 1);
  await get(dbA, "d", 1);
  assert.deepEqual(reads, []);
  await get(dbA, "b", 1);
  assert.deepEqual(reads, ["b@1"], "b was dropped");

  // A budget of 100: a result larger than a quarter of it is answered but not kept, and the
  // entries are dropped, oldest first, until the rest fits.
  reads.length = 0;
  await get(dbA, "big", 1, 26);
  await get(dbA, "big", 1, 26);
  assert.deepEqual(reads, ["big@1", "big@1"]);
  const fits = keptResults<number[]>({ entries: 100, budget: 100, sizeOf: (v) => v.length });
  const sizes: string[] = [];
  const put = (key: string) =>
    fits(dbA, key, 1, () => {
      sizes.push(key);
      return Promise.resolve(Array.from({ length: 25 }, () => 0));
    });
  for (const k of ["p", "q", "r", "s", "t"]) await put(k);
  sizes.length = 0;
  for (const k of ["q", "r", "s", "t"]) await put(k);
  assert.deepEqual(sizes, [], "the last four (100 in all) are kept");
  await put("p");
  assert.deepEqual(sizes, ["p"], "the first was dropped to stay within the budget");
});

Deno.test("the suppliers' counter moves with a change made by any connection", async () => {
  await using env = await testEnv();
  const other = await openDatabase(`file:${join(env.dataDir, "qmo.db")}`);
  try {
    const start = await suppliersVersion(env.db);
    await other.db.insert(suppliers).values({
      code: "KEPT-1",
      abbrName: "K",
      fullName: "Kept Ltd",
    });
    assert.equal(await suppliersVersion(env.db), start + 1, "another connection's insert");
    await env.db.update(suppliers).set({ abbrName: "K2" }).where(eq(suppliers.code, "KEPT-1"));
    assert.equal(await suppliersVersion(other.db), start + 2, "this connection's edit");
  } finally {
    other.close();
  }
});
