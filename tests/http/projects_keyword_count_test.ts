// The project list by keyword counts its matches exactly up to 2,000; past that it answers 2,000,
// not exact, and its later pages are still read by their offset (docs/decisions.md).
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";

Deno.test("a list by keyword counts 2,000 matches exactly, more as 2,000 not exact, and pages on past them", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  // 2,000 projects named "Laminate A …", 100 "Laminate B …" and 3 "Copper foil …", in one statement.
  await env.db.run(sql`insert into offer_projects (code, name, kind)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 2103)
    select printf('KW-%05d', i),
      case when i <= 2000 then 'Laminate A ' || i when i <= 2100 then 'Laminate B ' || i
        else 'Copper foil ' || i end,
      'material'
    from n`);

  const list = async (query: Record<string, string | number>) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", { token, query });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result as {
      items: { code: string }[];
      totalCount: number;
      totalCountExact: boolean;
    };
  };

  const first = await list({ name: "Laminate", MaxResultCount: 20, Sorting: "code asc" });
  assert.equal(first.totalCount, 2000);
  assert.equal(first.totalCountExact, false);
  assert.deepEqual(first.items.map((p) => p.code), codes(1, 20));

  const second = await list({
    name: "Laminate",
    MaxResultCount: 20,
    SkipCount: 20,
    Sorting: "code asc",
  });
  assert.equal(second.totalCount, 2000);
  assert.deepEqual(second.items.map((p) => p.code), codes(21, 40), "page 2");

  // Past the 2,000 counted: read by the offset, up to the last match.
  const past = await list({
    name: "Laminate",
    MaxResultCount: 20,
    SkipCount: 2080,
    Sorting: "code asc",
  });
  assert.deepEqual(past.items.map((p) => p.code), codes(2081, 2100));
  assert.equal(
    (await list({ name: "Laminate", MaxResultCount: 20, SkipCount: 2100 })).items.length,
    0,
  );

  // Exactly 2,000 matches, fewer, and a list by no keyword: exact.
  const exactly = await list({ name: "Laminate A", MaxResultCount: 1 });
  assert.deepEqual([exactly.totalCount, exactly.totalCountExact], [2000, true]);
  const few = await list({ name: "Copper", code: "KW-021" });
  assert.deepEqual([few.totalCount, few.totalCountExact, few.items.length], [3, true, 3]);
  const all = await list({ MaxResultCount: 1 });
  assert.deepEqual([all.totalCount, all.totalCountExact], [2103, true]);
  const byDate = await list({ CreatedFrom: "2000-01-01", MaxResultCount: 1 });
  assert.deepEqual([byDate.totalCount, byDate.totalCountExact], [2103, true]);
  // A code keyword past 2,000 as well.
  const byCode = await list({ code: "KW-", MaxResultCount: 1 });
  assert.deepEqual([byCode.totalCount, byCode.totalCountExact], [2000, false]);
});

const codes = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `KW-${String(from + i).padStart(5, "0")}`);
