// The project list's name, number and demand-number filters go through a trigram index; they must
// find exactly what "contains" finds by reading every project, for pieces of one, two and more
// characters, Chinese and English, after edits and deletes.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects } from "../../db/schema.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { listProjectsInput } from "../../server/domain/projects/listFilters.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { testEnv } from "../helpers.ts";
import { everything } from "./projects_fixtures.ts";

const names = [
  "2026 年 覆铜板 采购 11 月",
  "2025 年 铜箔 采购 3 月",
  "激光钻孔机 Suzhou 2 台",
  "AOI 检测机 Kunshan 1 台",
  "Copper foil 35um (rolled)",
  "Solder mask 绿油 100% 采购",
  "Drill bits_0.2mm",
];

Deno.test("the list's text filters find what a scan of every project finds", async () => {
  await using env = await testEnv();
  const actor = everything();
  for (const [i, name] of names.entries()) {
    await env.db.insert(offerProjects).values({
      code: `QP-2026110${i}-00${i}`,
      name,
      kind: i % 3 === 2 ? "asset" : "material",
      demandCode: i % 3 === 2 ? `AMS-REQ-${i}0${i}` : null,
      createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
    });
  }
  // An edit and a delete must reach the index too.
  await env.db.update(offerProjects).set({ name: "2026 年 半固化片 采购 12 月" })
    .where(eq(offerProjects.code, "QP-20261101-001"));
  await env.db.delete(offerProjects).where(eq(offerProjects.code, "QP-20261106-006"));

  const rows = await env.db.select().from(offerProjects);
  type Field = "name" | "code" | "demandCode";
  const scan = (field: Field, text: string) =>
    rows.filter((p) => (p[field] ?? "").toLowerCase().includes(text.trim().toLowerCase()))
      .map((p) => p.code).sort();
  const terms: [Field, string][] = [
    ["name", "采购"],
    ["name", "覆铜板"],
    ["name", "半固化"],
    ["name", "铜"],
    ["name", "Suzhou"],
    ["name", "suzhou"],
    ["name", "foil 35"],
    ["name", "(rol"],
    ["name", "100%"],
    ["name", "s_0"],
    ["name", "_"],
    ["name", "%"],
    ["name", "绿油"],
    ["name", "Drill bits_0.2mm"],
    ["name", "铜箔 采购 3 月 不存在"],
    ["name", "Zx"],
    ["code", "2026110"],
    ["code", "-00"],
    ["code", "QP"],
    ["demandCode", "REQ"],
    ["demandCode", "505"],
  ];
  for (const [field, text] of terms) {
    const page = await listProjects(
      env,
      actor,
      listProjectsInput.parse({ [field]: text, maxResultCount: 100 }),
    );
    assert.deepEqual(
      page.items.map((p) => p.code).sort(),
      scan(field, text),
      `${field} contains ${JSON.stringify(text)}`,
    );
    assert.equal(page.totalCount, scan(field, text).length, `${field} ${text}: count`);
  }
  // Several filters at once: a project must hold every one (pieces of one, two and more characters).
  const both = (a: [Field, string], b: [Field, string]) =>
    scan(...a).filter((code) => scan(...b).includes(code));
  const pairs: [Field, string][][] = [
    [["name", "采购"], ["code", "2026110"]],
    [["name", "铜"], ["code", "-00"]],
    [["name", "覆铜板"], ["code", "QP"]],
    [["name", "Suzhou"], ["demandCode", "REQ"]],
    [["name", "采购"], ["code", "1"]],
    [["name", "Zx"], ["code", "QP"]],
  ];
  for (const [a, b] of pairs) {
    const page = await listProjects(
      env,
      actor,
      listProjectsInput.parse({ [a[0]]: a[1], [b[0]]: b[1], maxResultCount: 100 }),
    );
    const expected = both(a, b);
    assert.deepEqual(page.items.map((p) => p.code).sort(), expected, `${a} and ${b}`);
    assert.equal(page.totalCount, expected.length, `${a} and ${b}: count`);
  }
});

Deno.test("the daily merge of the project search index finds the same projects from fewer pieces", async () => {
  await using env = await testEnv();
  const actor = everything();
  // Each insert adds a piece (segment) to the index.
  for (const [i, name] of names.entries()) {
    await env.db.insert(offerProjects).values({ code: `QP-M-${i}`, name, kind: "material" });
  }
  const found = async () => {
    const out: number[] = [];
    for (const name of ["采购", "铜", "Suzhou", "bits_0"]) {
      out.push((await listProjects(env, actor, listProjectsInput.parse({ name }))).totalCount);
    }
    return out;
  };
  const before = await found();
  const [run] = await runDueJobs(env, { only: ["mergeProjectIndex"] });
  assert.equal(run.status, "done", JSON.stringify(run));
  const { before: pieces, after } = run.result as { before: number; after: number };
  assert.ok(after < pieces, `index entries ${pieces} → ${after}`);
  assert.deepEqual(await found(), before);
  assert.ok(before.every((n) => n > 0));
  const [again] = await runDueJobs(env, { only: ["mergeProjectIndex"] });
  assert.equal(again.status, "notDue", "once a day");
});
