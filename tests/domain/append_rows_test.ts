// appendRows (db/client.ts): rows written in one transaction through the connection that reads use,
// every value as drizzle would have written it, all of a batch or none of it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { asc, count } from "drizzle-orm";
import { appendRows, migrateDatabase, openDatabase } from "../../db/client.ts";
import { statementCache } from "../../db/nativeReads.ts";
import { auditLogs } from "../../db/schema.ts";

type Entry = typeof auditLogs.$inferInsert;

async function migrated() {
  const dir = await Deno.makeTempDir({ prefix: "qmo-append-" });
  const opened = await openDatabase(`file:${join(dir, "t.db")}`);
  await migrateDatabase(opened.db);
  return {
    db: opened.db,
    [Symbol.asyncDispose]: async () => {
      opened.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

const entry = (i: number): Entry => ({
  userId: i % 3 ? i : null,
  userName: i % 5 ? `用户 ${i} ✓` : null,
  serviceName: "OfferProjectManager",
  methodName: `Get${i}`,
  httpMethod: "GET",
  path: `/api/services/QMO/OfferProjectManager/Get${i}`,
  parameters: i % 2 ? JSON.stringify({ i }) : null,
  executionTime: new Date(Date.UTC(2026, 10, 24, 8, 0, 0, i)),
  executionDuration: i,
  clientIp: "127.0.0.1",
  browserInfo: null,
  httpStatus: i % 7 ? 200 : 403,
  exception: null,
});

Deno.test("appendRows writes every row of a batch of any size with drizzle's values", async () => {
  await using t = await migrated();
  // 1 + 2 + 300 rows: sizes that take one and several statements.
  const batches = [
    [entry(0)],
    [entry(1), entry(2)],
    Array.from({ length: 300 }, (_, i) => entry(i + 3)),
  ];
  for (const rows of batches) await appendRows(t.db, auditLogs, rows);
  // Compared with the same rows written by drizzle's own insert.
  const expected = batches.flat();
  await t.db.insert(auditLogs).values(expected);
  const all = await t.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
  assert.equal(all.length, 2 * expected.length);
  const strip = ({ id: _, ...rest }: typeof all[number]) => rest;
  assert.deepEqual(
    all.slice(0, expected.length).map(strip),
    all.slice(expected.length).map(strip),
  );
  assert.deepEqual(all[3].executionTime, new Date(Date.UTC(2026, 10, 24, 8, 0, 0, 3)));
  assert.equal(all[4].userName, "用户 4 ✓");
  assert.equal(all[5].userName, null);
});

Deno.test("appendRows writes none of a batch with a bad row, and says why", async () => {
  await using t = await migrated();
  const rows = [entry(1), { ...entry(2), serviceName: null } as unknown as Entry, entry(3)];
  await assert.rejects(() => appendRows(t.db, auditLogs, rows), /NOT NULL/);
  const [{ n }] = await t.db.select({ n: count() }).from(auditLogs);
  assert.equal(n, 0);
  // The connection is usable afterwards.
  await appendRows(t.db, auditLogs, [entry(4)]);
  assert.equal((await t.db.select({ n: count() }).from(auditLogs))[0].n, 1);
});

Deno.test("appendRows leaves the reads' compiled statements as they are", async () => {
  await using t = await migrated();
  const read = () => t.db.select({ n: count() }).from(auditLogs);
  await read();
  await appendRows(t.db, auditLogs, [entry(1)]); // its insert compiled once
  await appendRows(t.db, auditLogs, [entry(2)]);
  const compiled = statementCache.compiled;
  for (let i = 0; i < 3; i++) {
    await appendRows(t.db, auditLogs, [entry(i)]);
    assert.equal((await read())[0].n, 3 + i);
  }
  assert.equal(statementCache.compiled, compiled, "neither the insert nor the read compiled again");
});
