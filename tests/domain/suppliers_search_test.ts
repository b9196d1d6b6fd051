// Supplier search through the trigram index answers exactly what a LIKE over the table answers,
// for one, two and more characters, and stays right as suppliers are added, renamed and deleted.
import assert from "node:assert/strict";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { suppliers } from "../../db/schema.ts";
import { openDatabase } from "../../db/client.ts";
import {
  supplierMatches,
  supplierTextContains,
  type SupplierTextField,
} from "../../server/domain/suppliers/search.ts";
import { contains } from "../../server/domain/paging.ts";
import { searchSuppliers } from "../../server/domain/projects/launchSearch.ts";
import { supplierSearchInput } from "../../server/domain/projects/schemas.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import en from "../../locales/en.json" with { type: "json" };
import zh from "../../locales/zh.json" with { type: "json" };

const names: [string, string, string][] = [
  [
    "HX01",
    "华鑫电子 Huaxin",
    "深圳市华鑫电子材料有限公司 Shenzhen Huaxin Electronic Materials Co., Ltd.",
  ],
  ["HX02", "鑫华", "东莞市鑫华化工有限公司"],
  ["AP03", "Apex Circuits", "Apex Circuits (Kunshan) Inc."],
  ["PC04", "100% 纯铜", 'Pure_Copper 100% "Quoted" Ltd. 华鑫'],
  ["ZN05", "Zenith", "zenith laminates gmbh"],
];

const queries: [SupplierTextField, string][] = [
  ["fullName", "华鑫"],
  ["fullName", "华"],
  ["fullName", "鑫电子"],
  ["fullName", "APEX"],
  ["abbrName", "ap"],
  ["fullName", "Zenith Lam"],
  ["fullName", "100%"],
  ["fullName", "_C"],
  ["fullName", '"Quoted"'],
  ["fullName", "Ltd. 华鑫"],
  ["abbrName", "Huaxin"],
  ["code", "X0"],
  ["any", "鑫华"],
  ["any", "gmbh"],
  ["fullName", "nothing like this"],
  ["fullName", "xq"],
];

async function idsBoth(env: TestEnv, field: SupplierTextField, text: string) {
  const like = field === "any"
    ? or(
      contains(suppliers.code, text),
      contains(suppliers.fullName, text),
      contains(suppliers.abbrName, text),
    )
    : contains(suppliers[field], text);
  const viaIndex = await env.db.select({ id: suppliers.id }).from(suppliers)
    .where(supplierTextContains(field, text)).orderBy(suppliers.id);
  const viaScan = await env.db.select({ id: suppliers.id }).from(suppliers).where(like)
    .orderBy(suppliers.id);
  return { viaIndex: viaIndex.map((r) => r.id), viaScan: viaScan.map((r) => r.id) };
}

/** The named suppliers, each with an email address (as the launch page lists them). */
async function insertInvitable(env: TestEnv) {
  for (const [code, abbrName, fullName] of names) {
    await env.db.insert(suppliers).values({
      code,
      abbrName,
      fullName,
      email1: `${code}@example.com`,
      createdAt: env.clock.now(),
    });
  }
}

async function assertSame(env: TestEnv) {
  for (const [field, text] of queries) {
    const { viaIndex, viaScan } = await idsBoth(env, field, text);
    assert.deepEqual(viaIndex, viaScan, `${field} contains ${text}`);
  }
}

Deno.test("the indexed supplier search finds exactly what a scan finds, before and after edits", async () => {
  await using env = await testEnv();
  const now = env.clock.now();
  for (const [code, abbrName, fullName] of names) {
    await env.db.insert(suppliers).values({ code, abbrName, fullName, createdAt: now });
  }
  const found = await idsBoth(env, "fullName", "华鑫");
  assert.equal(found.viaIndex.length, 2, "the two-character name at the very end is found too");
  await assertSame(env);

  // Renamed and deleted suppliers leave the index with their old names.
  await env.db.update(suppliers).set({ fullName: "Renamed Holdings 鑫华" })
    .where(eq(suppliers.code, "AP03"));
  await env.db.delete(suppliers).where(eq(suppliers.code, "HX01"));
  await assertSame(env);
  assert.deepEqual((await idsBoth(env, "fullName", "Apex")).viaIndex, []);
});

Deno.test("the launch page's search answers a two-character Chinese name through the API", async () => {
  await using env = await testEnv();
  await insertInvitable(env);
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const r = await call(env, "get", "/QMO/OfferProjectManager/GetSupplierData", {
    token,
    query: { FullName: "华鑫", MaxResultCount: 5 },
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.json.result.items.map((s: { code: string }) => s.code), ["HX01", "PC04"]);
  assert.equal(r.json.result.totalCount, 2);
});

Deno.test("the search pages in the chosen order with the full count, also past the last page", async () => {
  await using env = await testEnv();
  await insertInvitable(env);
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const page = async (skip: number, sorting?: string) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetSupplierData", {
      token,
      query: {
        FullName: "Ltd",
        MaxResultCount: 1,
        SkipCount: skip,
        ...sorting ? { Sorting: sorting } : {},
      },
    });
    assert.equal(r.status, 200);
    return [r.json.result.items.map((s: { code: string }) => s.code), r.json.result.totalCount];
  };
  // "Ltd" is in HX01's and PC04's full names (and 有限公司 is not "Ltd").
  assert.deepEqual(await page(0), [["HX01"], 2]);
  assert.deepEqual(await page(1), [["PC04"], 2]);
  assert.deepEqual(await page(0, "code desc"), [["PC04"], 2]);
  assert.deepEqual(await page(2), [[], 2]);
  assert.deepEqual(await page(9), [[], 2]);
});

Deno.test("a kept search follows every change to the suppliers, also one made by another instance", async () => {
  await using env = await testEnv();
  await insertInvitable(env);
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const search = async (query: Record<string, string | number>) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetSupplierData", {
      token,
      query: { MaxResultCount: 10, ...query },
    });
    assert.equal(r.status, 200);
    return [r.json.result.items.map((s: { code: string }) => s.code), r.json.result.totalCount];
  };
  assert.deepEqual(await search({ FullName: "Ltd" }), [["HX01", "PC04"], 2]);
  assert.deepEqual(await search({ FullName: "Ltd", IsInvalidFiltering: 1 }), [["HX01", "PC04"], 2]);
  // Another server process on the same database file.
  const other = await openDatabase(env.config.databaseUrl);
  try {
    await other.db.update(suppliers).set({ fullName: "Apex Circuits Ltd" })
      .where(eq(suppliers.code, "AP03"));
    assert.deepEqual(await search({ FullName: "Ltd" }), [["AP03", "HX01", "PC04"], 3]);
    await other.db.update(suppliers).set({ status: "invalid" }).where(eq(suppliers.code, "HX01"));
    assert.deepEqual(await search({ FullName: "Ltd", IsInvalidFiltering: 1 }), [
      ["AP03", "PC04"],
      2,
    ]);
    await other.db.delete(suppliers).where(eq(suppliers.code, "PC04"));
    assert.deepEqual(await search({ FullName: "Ltd" }), [["AP03", "HX01"], 2]);
    await other.db.insert(suppliers).values({
      code: "AA00",
      abbrName: "New",
      fullName: "New Laminates Ltd",
      email1: "aa00@example.com",
      createdAt: env.clock.now(),
    });
    assert.deepEqual(await search({ FullName: "Ltd" }), [["AA00", "AP03", "HX01"], 3]);
    // What the page shows of a supplier, in the caller's language.
    const row = async (lang: "zh" | "en") =>
      (await call(env, "get", "/QMO/OfferProjectManager/GetSupplierData", {
        token,
        lang,
        query: { FullName: "Ltd", Code: "HX01" },
      })).json.result.items[0];
    assert.equal((await row("en")).notInvitableReason, en.suppliers.notEffectiveReason);
    assert.equal((await row("zh")).notInvitableReason, zh.suppliers.notEffectiveReason);
    await other.db.update(suppliers).set({ status: "effective", email1: "sales@hx.example.com" })
      .where(eq(suppliers.code, "HX01"));
    assert.deepEqual(
      [(await row("en")).email1, (await row("en")).invitable, (await row("zh")).invitable],
      ["sales@hx.example.com", true, true],
    );
  } finally {
    other.close();
  }
});

Deno.test("kept matches are used until the suppliers' change counter moves", async () => {
  await using env = await testEnv();
  await insertInvitable(env);
  const where = supplierTextContains("fullName", "Ltd");
  const matches =
    async () => [...await supplierMatches(env.db, "Ltd", where, [asc(suppliers.code)])];
  const codes = async (ids: number[]) =>
    (await env.db.select({ id: suppliers.id, code: suppliers.code }).from(suppliers))
      .filter((r) => ids.includes(r.id)).map((r) => r.code).sort();
  assert.deepEqual(await codes(await matches()), ["HX01", "PC04"]);
  // A supplier added without raising the counter: the kept matches are answered as they were.
  await env.db.run(sql`drop trigger suppliers_version_insert`);
  await env.db.insert(suppliers).values({
    code: "AA00",
    abbrName: "New",
    fullName: "New Laminates Ltd",
    createdAt: env.clock.now(),
  });
  assert.deepEqual(await codes(await matches()), ["HX01", "PC04"]);
  await env.db.run(sql`update change_versions set version = version + 1 where name = 'suppliers'`);
  assert.deepEqual(await codes(await matches()), ["AA00", "HX01", "PC04"]);
});

Deno.test("a word of two characters or more is answered from the index in code order, as a scan of the table answers it", async () => {
  await using env = await testEnv();
  const words = [
    "Apex",
    "Circuits",
    "华鑫电子",
    "Laminates",
    "深圳市",
    "Copper",
    "Kunshan",
    "材料",
  ];
  // Codes in an order of their own (not the ids'), every seventh supplier invalid.
  for (let i = 0; i < 120; i++) {
    await env.db.insert(suppliers).values({
      code: `S${String((i * 37) % 120).padStart(3, "0")}`,
      abbrName: `${words[i % 8]} ${i}`,
      fullName: `${words[(i * 3) % 8]} ${words[(i * 5 + 1) % 8]} Co. ${i}`,
      status: i % 7 ? "effective" : "invalid",
      createdAt: env.clock.now(),
    });
  }
  const viaSearch = async (query: Record<string, unknown>) => {
    const r = await searchSuppliers(
      env,
      supplierSearchInput.parse({ maxResultCount: 1000, ...query }),
    );
    return [r.items.map((s) => s.code), r.totalCount];
  };
  const viaScan = async (query: { fullName?: string; code?: string; effective?: boolean }) => {
    const where = and(
      query.fullName ? contains(suppliers.fullName, query.fullName) : undefined,
      query.code ? contains(suppliers.code, query.code) : undefined,
      query.effective ? eq(suppliers.status, "effective") : undefined,
    );
    const rows = await env.db.select({ code: suppliers.code }).from(suppliers).where(where)
      .orderBy(suppliers.code);
    return [rows.map((r) => r.code), rows.length];
  };
  const terms = [
    "Apex",
    "circuits",
    "华鑫电子",
    "鑫电子",
    "Lam",
    "深圳市",
    "per Kun",
    "Co. 1",
    "nothing",
    "材料",
    "ap",
    "o.",
    "xq",
  ];
  let tried = 0;
  const same = async () => {
    for (const term of terms) {
      for (const effective of [false, true]) {
        assert.deepEqual(
          await viaSearch({ fullName: term, isInvalidFiltering: effective }),
          await viaScan({ fullName: term, effective }),
          `${term}${effective ? ", effective only" : ""}`,
        );
        tried++;
      }
    }
    assert.deepEqual(
      await viaSearch({ fullName: "Copper", code: "S01" }),
      await viaScan({ fullName: "Copper", code: "S01" }),
    );
  };
  await same();
  // Renamed, made invalid, deleted: the counter moves, and the search goes the SQL way until the
  // code order may be read again (at most every 10 s): the same suppliers, in the same order.
  await env.db.update(suppliers).set({ code: "A000", fullName: "Apex Laminates" })
    .where(eq(suppliers.code, "S050"));
  await env.db.update(suppliers).set({ status: "invalid" }).where(eq(suppliers.code, "S001"));
  await env.db.delete(suppliers).where(eq(suppliers.code, "S002"));
  await same();
  assert.ok(tried >= 52);
  // A supplier the code order does not know yet (added without raising the counter) is found too.
  await env.db.run(sql`drop trigger suppliers_version_insert`);
  await env.db.insert(suppliers).values({
    code: "0NEW",
    abbrName: "New",
    fullName: "Brand New Laminates",
    createdAt: env.clock.now(),
  });
  assert.deepEqual(await viaSearch({ fullName: "Brand New" }), [["0NEW"], 1]);
});

Deno.test("the daily upkeep merges the search index into one piece and every search finds the same", async () => {
  await using env = await testEnv();
  // Suppliers added one at a time, as an ERP sync or the master data page adds them: each write
  // leaves a piece of the index of its own.
  for (let i = 0; i < 60; i++) {
    await env.db.insert(suppliers).values({
      code: `M${String(i).padStart(3, "0")}`,
      abbrName: `${["华鑫", "Apex", "Zenith"][i % 3]} ${i}`,
      fullName: `${["深圳市华鑫电子", "Apex Circuits", "Zenith Laminates"][i % 3]} Co. ${i}`,
      createdAt: env.clock.now(),
    });
  }
  const terms = ["华鑫", "深圳市", "Apex", "lam", "Co. 1", "M01"];
  const found = async () => {
    const out: unknown[] = [];
    for (const term of terms) {
      out.push(
        (await searchSuppliers(env, supplierSearchInput.parse({ fullName: term }))).totalCount,
      );
      out.push((await searchSuppliers(env, supplierSearchInput.parse({ code: term }))).totalCount);
    }
    return out;
  };
  const before = await found();
  const [run] = await runDueJobs(env, { only: ["mergeSupplierIndex"] });
  assert.equal(run.status, "done", JSON.stringify(run));
  const { before: pieces, after } = run.result as { before: number; after: number };
  assert.ok(after < pieces, `index entries ${pieces} → ${after}`);
  // Read afresh (not kept): the suppliers' counter moves with an edit that changes nothing found.
  await env.db.update(suppliers).set({ contactPerson: "x" }).where(eq(suppliers.code, "M000"));
  assert.deepEqual(await found(), before);
  assert.ok((before as number[]).some((n) => n > 0));
  const [again] = await runDueJobs(env, { only: ["mergeSupplierIndex"] });
  assert.equal(again.status, "notDue", "once a day");
});
