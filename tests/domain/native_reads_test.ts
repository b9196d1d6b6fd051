// Plain SELECTs on a database file are answered by a native connection of their own (db/client.ts):
// every value, row shape and error must be what @libsql/client itself answers for the same query,
// and a read must see every write committed before it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { createClient, LibsqlError } from "@libsql/client";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { openDatabase } from "../../db/client.ts";
import { statementCache } from "../../db/nativeReads.ts";

async function bothWays() {
  const dir = await Deno.makeTempDir({ prefix: "qmo-reads-" });
  const url = `file:${join(dir, "t.db")}`;
  const ours = await openDatabase(url);
  const client = createClient({ url });
  await ours.db.run(
    sql`create table v (id integer primary key, i integer, r real, t text, b blob)`,
  );
  return {
    ours: ours.db,
    theirs: drizzle(client),
    [Symbol.asyncDispose]: async () => {
      ours.close();
      client.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("a SELECT answers the same values and row shapes as @libsql/client", async () => {
  await using c = await bothWays();
  await c.ours.run(sql`insert into v (i, r, t, b) values
    (42, 1.5, ${"报价单 ✓ 𠮷"}, x'00ff10'), (-7, 0, '', null), (${2 ** 52}, -2.25, null, x'')`);
  const queries = [
    sql`select * from v order by id`,
    sql`select id, t as name, t as name, i + 1 as next from v where i > ${-100} order by id desc`,
    sql`select count(*) as n, max(r) as top, group_concat(t, ${"|"}) as all_t from v`,
    sql`select id from v where id in (select value from json_each(${"[1,3]"})) order by id`,
    sql`select ${true} as yes, ${new Date(Date.UTC(2026, 10, 23))} as at, ${"x"} as s`,
    sql`select * from v where id = ${999}`,
  ];
  const before = statementCache.nativeReads;
  for (const q of queries) {
    const [a, b] = [await c.ours.all(q), await c.theirs.all(q)];
    assert.deepEqual(a, b);
    // Positions and length, as drizzle reads a row for a typed select.
    const positions = (rows: unknown[]) => rows.map((r) => Array.from(r as ArrayLike<unknown>));
    assert.deepEqual(positions(await c.ours.values(q)), positions(await c.theirs.values(q)));
  }
  assert.equal(statementCache.nativeReads - before, queries.length * 2, "answered natively");
  // The result set itself, as JSON.
  const stmt = { sql: "select id, i, t, b from v where id > ? order by id", args: [0] };
  const client = (db: unknown) =>
    (db as { $client: { execute(s: typeof stmt): Promise<{ toJSON(): unknown }> } }).$client;
  assert.deepEqual(
    (await client(c.ours).execute(stmt)).toJSON(),
    (await client(c.theirs).execute(stmt)).toJSON(),
  );
});

Deno.test("an integer past 2^53 and a bad query fail as with @libsql/client", async () => {
  await using c = await bothWays();
  await c.ours.run(sql`insert into v (i) values (${2n ** 60n})`);
  // drizzle reports a failed query with the driver's error as its cause.
  const causeOf = (db: { all(q: SQL): Promise<unknown> }, q: SQL) =>
    db.all(q).then(() => assert.fail("no error"), (e) => e.cause);
  for (const db of [c.ours, c.theirs]) {
    assert.ok(await causeOf(db, sql`select i from v`) instanceof RangeError);
  }
  const [mine, theirs] = await Promise.all(
    [c.ours, c.theirs].map((db) => causeOf(db, sql`select * from missing`)),
  );
  assert.ok(mine instanceof LibsqlError && theirs instanceof LibsqlError);
  assert.equal(mine.code, theirs.code);
  assert.equal(mine.code, "SQLITE_ERROR");
  assert.match(mine.message, /no such table: missing/);
});

Deno.test("a read sees each write committed before it, and none still in a transaction", async () => {
  await using c = await bothWays();
  const count = async () =>
    (await c.ours.all<{ n: number }>(sql`select count(*) as n from v`))[0].n;
  for (let i = 1; i <= 3; i++) {
    await c.ours.run(sql`insert into v (t) values (${`row ${i}`})`);
    assert.equal(await count(), i);
  }
  let seenInside = -1;
  let seenOutside = -1;
  await c.ours.transaction(async (tx) => {
    await tx.run(sql`insert into v (t) values ('in tx')`);
    seenInside = (await tx.all<{ n: number }>(sql`select count(*) as n from v`))[0].n;
    seenOutside = await count();
  });
  assert.equal(seenInside, 4, "the transaction reads its own write");
  assert.equal(seenOutside, 3, "others do not see it before the commit");
  assert.equal(await count(), 4);
});
