// Projects that sort alike (the same name) come in id order, the same way as the sort asks: so a
// page boundary never splits or repeats them, and the sort's index gives the whole order.
import assert from "node:assert/strict";
import { offerProjects } from "../../db/schema.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { listProjectsInput } from "../../server/domain/projects/listFilters.ts";
import { testEnv } from "../helpers.ts";
import { everything } from "./projects_fixtures.ts";

Deno.test("ties in a sorted list follow the sort's direction, newest first when unsorted", async () => {
  await using env = await testEnv();
  const actor = everything();
  const ids: number[] = [];
  for (const [i, name] of ["B", "A", "A", "A", "C"].entries()) {
    const [p] = await env.db.insert(offerProjects).values({
      code: `ORDER-${i}`,
      name,
      kind: "material",
    }).returning();
    ids.push(p.id);
  }
  const [b, a1, a2, a3, c] = ids;
  const order = async (sorting?: string, maxResultCount = 100, skipCount = 0) =>
    (await listProjects(
      env,
      actor,
      listProjectsInput.parse({ sorting, maxResultCount, skipCount, code: "ORDER-" }),
    )).items.map((p) => p.id);

  assert.deepEqual(await order("name asc"), [a1, a2, a3, b, c]);
  assert.deepEqual(await order("name"), [a1, a2, a3, b, c], "a bare field sorts ascending");
  assert.deepEqual(await order("name desc"), [c, b, a3, a2, a1]);
  assert.deepEqual(await order(), [c, a3, a2, a1, b], "unsorted: newest first");
  // Pages of two cut the same order: nothing repeated, nothing left out.
  const paged = [
    ...await order("name", 2, 0),
    ...await order("name", 2, 2),
    ...await order("name", 2, 4),
  ];
  assert.deepEqual(paged, [a1, a2, a3, b, c]);
});
