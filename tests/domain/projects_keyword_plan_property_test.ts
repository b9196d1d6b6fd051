// Whichever way a keyword list finds its matches (listText.ts keywordPlan: the page and the count
// each on the rows, read from the list's indexes, or through the trigram index), it answers what a
// plain reading of every project answers: over random projects and random lists (a piece of a name
// in any letter case, the start of a number, a status, a category, a sort and a page), the same
// rows in the same order and the same count.
import assert from "node:assert/strict";
import fc from "fast-check";
import { offerProjects, offerProjectTypes } from "../../db/schema.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { listProjectsInput } from "../../server/domain/projects/listFilters.ts";
import { rng } from "../../server/domain/demo/vocabulary.ts";
import { testEnv } from "../helpers.ts";
import { everything } from "./projects_fixtures.ts";

const WORDS = [
  "采购",
  "覆铜板",
  "铜箔",
  "Copper",
  "foil",
  "Laser",
  "drill",
  "AOI",
  "and",
  "材料",
  "二厂",
];
const STATUSES = ["unpublished", "ended", "closed"] as const;
const SORTS = [undefined, "code asc", "code desc", "name asc", "creationTime desc"] as const;
const PLANS = [
  undefined,
  { way: "index", count: "index" },
  { way: "index", count: "rows" },
  { way: "rows", count: "index" },
  { way: "rows", count: "rows" },
] as const;

Deno.test("a keyword list answers as a reading of every project does, every way, over random lists", async () => {
  await using env = await testEnv();
  const actor = everything();
  const types = await env.db.insert(offerProjectTypes).values([{ name: "A" }, { name: "B" }])
    .returning();
  const categories = [null, ...types.map((t) => t.id)];
  const r = rng(20_261_127);
  // Words drawn unevenly, so that some are in most names and some in few.
  const word = () => WORDS[Math.floor(WORDS.length * r.next() ** 2)];
  const rows = Array.from({ length: 600 }, (_, i) => ({
    code: `${r.chance(0.7) ? "QP" : "AMS"}-2026${String(r.int(1, 12)).padStart(2, "0")}-${
      String(i).padStart(3, "0")
    }`,
    name: Array.from({ length: r.int(1, 4) }, word).join(r.chance(0.5) ? " " : ""),
    kind: r.chance(0.7) ? "material" as const : "asset" as const,
    typeId: r.pick(categories),
    status: r.pick(STATUSES),
    createdAt: new Date(Date.UTC(2026, 0, 1) + r.int(0, 200) * 86_400_000),
  }));
  await env.db.insert(offerProjects).values(rows);
  const all = await env.db.select().from(offerProjects);

  const piece = (text: string, from: number, length: number, upper: boolean) => {
    const chars = [...text];
    const start = from % chars.length;
    const cut = chars.slice(start, start + length).join("").trim();
    return upper ? cut.toUpperCase() : cut;
  };
  const list = fc.record({
    of: fc.nat({ max: all.length - 1 }),
    from: fc.nat({ max: 40 }),
    length: fc.integer({ min: 1, max: 5 }),
    upper: fc.boolean(),
    code: fc.option(fc.integer({ min: 2, max: 9 }), { nil: undefined }),
    name: fc.boolean(),
    status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
    category: fc.option(fc.constantFrom(...types.map((t) => t.id)), { nil: undefined }),
    sorting: fc.constantFrom(...SORTS),
    maxResultCount: fc.constantFrom(5, 20),
    skipCount: fc.constantFrom(0, 5, 40, 200),
    plan: fc.constantFrom(...PLANS),
  });

  await fc.assert(
    fc.asyncProperty(list, async (l) => {
      const p = all[l.of];
      const name = l.name || l.code === undefined ? piece(p.name, l.from, l.length, l.upper) : "";
      const code = l.code === undefined ? "" : p.code.slice(0, l.code);
      const input = listProjectsInput.parse({
        name: name || undefined,
        code: code || undefined,
        status: l.status,
        category: l.category,
        sorting: l.sorting,
        maxResultCount: l.maxResultCount,
        skipCount: l.skipCount,
      });
      const has = (value: string, part: string) =>
        !part || value.toLowerCase().includes(part.toLowerCase());
      const matching = all.filter((x) =>
        has(x.name, input.name ?? "") && has(x.code, input.code ?? "") &&
        (!l.status || x.status === l.status) && (!l.category || x.typeId === l.category)
      );
      const [field, direction] = (l.sorting ?? "id desc").split(" ");
      const key = { code: "code", name: "name", creationTime: "createdAt", id: "id" }[field] as
        | "code"
        | "name"
        | "createdAt"
        | "id";
      const sorted = [...matching].sort((a, b) => {
        const x = a[key], y = b[key];
        const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return direction === "desc" ? -c : c;
      });
      const page = await listProjects(env, actor, input, l.plan && { ...l.plan });
      assert.deepEqual(
        page.items.map((x) => x.id),
        sorted.slice(l.skipCount, l.skipCount + l.maxResultCount).map((x) => x.id),
      );
      assert.equal(page.totalCount, matching.length);
      assert.equal(page.totalCountExact, true);
    }),
    { seed: 20_261_127, numRuns: 300 },
  );
});
