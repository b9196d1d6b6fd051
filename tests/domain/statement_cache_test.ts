// The native read connection keeps the statements it compiled (db/client.ts): a read run again is
// not compiled again, and a kept statement behaves as a fresh one would: it sees other connections'
// writes, holds no read snapshot that would stop a checkpoint, and follows a schema change. Writes
// go through @libsql/client, which compiles each one.
import assert from "node:assert/strict";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { firstRow, openDatabase } from "../../db/client.ts";
import { statementCache, STATEMENTS_PER_CONNECTION } from "../../db/nativeReads.ts";

async function twoConnections() {
  const dir = await Deno.makeTempDir({ prefix: "qmo-stmt-" });
  const url = `file:${join(dir, "t.db")}`;
  const a = await openDatabase(url);
  const b = await openDatabase(url);
  await a.db.run(sql`create table t (id integer primary key, name text not null unique)`);
  return {
    a: a.db,
    b: b.db,
    [Symbol.asyncDispose]: async () => {
      a.close();
      b.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

const names = async (db: Awaited<ReturnType<typeof twoConnections>>["a"]) =>
  (await db.all<{ name: string }>(sql`select name from t order by id`)).map((r) => r.name);

Deno.test("a read run again is reused, and still sees what another connection wrote", async () => {
  await using c = await twoConnections();
  await c.a.run(sql`insert into t (name) values (${"甲"})`);
  assert.deepEqual(await names(c.a), ["甲"]);
  const compiled = statementCache.compiled;
  const reused = statementCache.reused;
  await c.b.run(sql`insert into t (name) values (${"乙"})`);
  assert.deepEqual(await names(c.a), ["甲", "乙"]);
  await c.b.run(sql`insert into t (name) values (${"丙"})`);
  assert.deepEqual(await names(c.a), ["甲", "乙", "丙"]);
  assert.equal(statementCache.compiled - compiled, 0, "the read was compiled once, before");
  assert.ok(statementCache.reused - reused >= 2);
});

Deno.test("a kept statement holds no snapshot: another connection checkpoints the whole log", async () => {
  await using c = await twoConnections();
  for (let i = 0; i < 20; i++) {
    await c.b.run(sql`insert into t (name) values (${`n${i}`})`);
    await names(c.a);
    await c.a.all(sql`select name from t where id = ${1}`); // one row of many: read to the end
  }
  const [row] = await c.b.all<{ busy: number }>(sql`pragma wal_checkpoint(truncate)`);
  assert.equal(Number(row.busy), 0);
  assert.equal((await names(c.a)).length, 20);
});

Deno.test("a first row read natively sees each commit, stops at that row, and holds no snapshot", async () => {
  await using c = await twoConnections();
  const first = "select name, (select count(*) from t) from t order by id";
  assert.equal(await firstRow(c.a, first), undefined, "no row: undefined");
  for (let i = 0; i < 20; i++) {
    await c.b.run(sql`insert into t (name) values (${`n${i}`})`);
    assert.deepEqual(await firstRow(c.a, first), ["n0", i + 1], "b's commit is seen");
  }
  // Many rows, only the first read: the statement is not left open on the others.
  const [row] = await c.b.all<{ busy: number }>(sql`pragma wal_checkpoint(truncate)`);
  assert.equal(Number(row.busy), 0);
  await c.b.run(sql`update t set name = '改' where id = 1`);
  assert.deepEqual(await firstRow(c.a, first), ["改", 20]);
  // Inside a transaction the transaction's own writes are read.
  await c.a.transaction(async (tx) => {
    await tx.run(sql`insert into t (name) values ('tx')`);
    assert.deepEqual(await firstRow(tx, first), ["改", 21]);
    assert.deepEqual(await firstRow(c.b, first), ["改", 20], "not seen before the commit");
  });
  assert.deepEqual(await firstRow(c.b, first), ["改", 21]);
  await assert.rejects(firstRow(c.a, "select * from missing"), /no such table: missing/);
});

Deno.test("a write that failed runs again with other values; a schema change is followed", async () => {
  await using c = await twoConnections();
  const insert = (name: string) => c.a.run(sql`insert into t (name) values (${name})`);
  await insert("x");
  await assert.rejects(
    () => insert("x"),
    (err: Error) => /UNIQUE/.test(String(err.cause ?? err)),
  );
  await insert("y");
  assert.deepEqual(await names(c.a), ["x", "y"]);

  // `*` over a table another connection altered: @libsql/client names the columns before SQLite
  // notices the change, so the very next answer still has the old names (as without the cache);
  // the one after has the new column under its name, never the old names for good.
  const star = async () =>
    await c.a.all<Record<string, unknown>>(sql`select * from t where id = 1`);
  assert.deepEqual(Object.keys((await star())[0]), ["id", "name"]);
  await c.b.run(sql`alter table t add column note text default 'n'`);
  await star();
  assert.deepEqual((await star())[0], { id: 1, name: "x", note: "n" });
});

Deno.test("each connection keeps a bounded number of statements", async () => {
  await using c = await twoConnections();
  const compiled = statementCache.compiled;
  for (let i = 0; i < STATEMENTS_PER_CONNECTION + 10; i++) {
    await c.a.all(sql.raw(`select ${i} as n`));
  }
  // The oldest were dropped: the first is compiled again, the newest is not.
  await c.a.all(sql.raw(`select 0 as n`));
  await c.a.all(sql.raw(`select ${STATEMENTS_PER_CONNECTION + 9} as n`));
  assert.equal(statementCache.compiled - compiled, STATEMENTS_PER_CONNECTION + 11);
});
