// A keyword list finds its matches one of three ways, chosen from a first look at the trigram index
// (listText.ts keywordPlan): by the few ids found, or, for its page and its count each, on the rows
// or through the index. Each way must list and count exactly what "contains" finds by reading every
// project, in every sort and page.
import assert from "node:assert/strict";
import { offerProjects } from "../../db/schema.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { keywordsOf, listProjectsInput } from "../../server/domain/projects/listFilters.ts";
import { keywordPlan } from "../../server/domain/projects/listText.ts";
import { testEnv } from "../helpers.ts";
import { everything } from "./projects_fixtures.ts";

Deno.test("a keyword list answers the same whichever way its matches are found", async () => {
  await using env = await testEnv();
  const actor = everything();
  // 1,500 projects: "采购" in 2 of 3 (dense), "Copper" in 1 of 2 from the 300th on (dense after a
  // stretch of none), "Laser" in 1 of 7 (sparse), "Drill" in 13.
  const rows = Array.from({ length: 1500 }, (_, i) => ({
    code: `QP-${String(i).padStart(4, "0")}`,
    name: [
      i % 3 ? "覆铜板 采购" : "铜箔",
      i >= 300 && i % 2 ? "Copper" : "",
      i % 7 === 0 ? "Laser" : "",
      i % 120 === 7 ? "Drill" : "",
      `#${(i * 37) % 1500}`,
    ].join(" "),
    kind: i % 4 === 3 ? "asset" as const : "material" as const,
    status: i % 5 === 0 ? "unpublished" as const : "closed" as const,
    createdAt: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 1500) * 3_600_000),
  }));
  await env.db.insert(offerProjects).values(rows);
  const all = await env.db.select().from(offerProjects);

  // The way a first page of 30 is found: on the rows where the matches are many.
  const ways: Record<string, string> = {
    "采购": "rows",
    "Copper": "rows",
    "copp": "rows",
    "Laser": "rows",
    "Drill": "ids",
    "铜": "rows",
  };
  const needs = {
    page: 30,
    countUpTo: 2000,
    otherFilters: false,
    filtersInIndex: true,
    sortInIndex: true,
  };
  for (const [name, way] of Object.entries(ways)) {
    const plan = await keywordPlan(env.db, keywordsOf(listProjectsInput.parse({ name })), needs);
    assert.equal(plan.way, way, `${name}: found by ${way}`);
  }
  // Every way, chosen or not, for the page and the count.
  const plans = [
    undefined,
    { way: "index", count: "index" },
    { way: "index", count: "rows" },
    { way: "rows", count: "index" },
    { way: "rows", count: "rows" },
  ] as const;
  const sorts = [undefined, "code asc", "name desc", "creationTime desc"];
  for (const name of Object.keys(ways)) {
    for (const status of [undefined, "unpublished"]) {
      const matching = all.filter((p) =>
        p.name.toLowerCase().includes(name.toLowerCase()) && (!status || p.status === status)
      );
      for (const sorting of sorts) {
        const order = (sorting ?? "id desc").split(" ");
        const field = { code: "code", name: "name", creationTime: "createdAt", id: "id" }[
          order[0]
        ] as "code" | "name" | "createdAt" | "id";
        const sorted = [...matching].sort((a, b) => {
          const x = a[field]!, y = b[field]!;
          const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
          return order[1] === "desc" ? -c : c;
        });
        for (const skipCount of [0, 30, 400]) {
          for (const plan of plans) {
            const page = await listProjects(
              env,
              actor,
              listProjectsInput.parse({ name, status, sorting, maxResultCount: 30, skipCount }),
              plan && { ...plan },
            );
            const what = `${name} ${status ?? ""} ${sorting ?? ""} from ${skipCount} ${
              JSON.stringify(plan)
            }`;
            assert.deepEqual(
              page.items.map((p) => p.code),
              sorted.slice(skipCount, skipCount + 30).map((p) => p.code),
              what,
            );
            assert.equal(page.totalCount, matching.length, `${what}: count`);
          }
        }
      }
    }
  }
});
