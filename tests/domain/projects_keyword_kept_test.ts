// A list by keyword keeps its matches between calls (projects/listKept.ts) with the projects'
// change counter: a project renamed, added, deleted or moved to another status, by this connection
// or another, is seen by the next list; a status the clock moves on is judged at the list's time.
import assert from "node:assert/strict";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { offerProjects } from "../../db/schema.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { listProjectsInput } from "../../server/domain/projects/listFilters.ts";
import { testEnv } from "../helpers.ts";
import { everything } from "./projects_fixtures.ts";

Deno.test("a list by keyword sees every change to a project made since it last ran, by any connection", async () => {
  await using env = await testEnv();
  const other = await openDatabase(`file:${join(env.dataDir, "qmo.db")}`);
  try {
    const actor = everything();
    // More matches than a list finds by their ids, so the kept matches are counted and grouped.
    const rows = Array.from({ length: 260 }, (_, i) => ({
      code: `QP-KEPT-${String(i).padStart(3, "0")}`,
      name: i < 240 ? `Copper foil ${i}` : `Laser drill ${i}`,
      kind: "material" as const,
      status: "unpublished" as const,
    }));
    const made = await env.db.insert(offerProjects).values(rows).returning();
    const list = async (filters: Record<string, string>) => {
      const page = await listProjects(
        env,
        actor,
        listProjectsInput.parse({ maxResultCount: 10, skipCount: 0, ...filters }),
      );
      return { total: page.totalCount, ids: page.items.map((p) => p.id) };
    };
    assert.equal((await list({ name: "copper" })).total, 240);
    assert.equal((await list({ name: "copper", status: "unpublished" })).total, 240);
    assert.equal((await list({ name: "laser" })).total, 20);

    // A new project, written by another connection, is the newest of its keyword's list.
    const [added] = await other.db.insert(offerProjects).values({
      code: "QP-KEPT-NEW",
      name: "Copper clad laminate",
      kind: "material",
      status: "unpublished",
    }).returning();
    let copper = await list({ name: "copper" });
    assert.equal(copper.total, 241);
    assert.equal(copper.ids[0], added.id);

    // Renamed by another connection: into one keyword's list and out of the other's.
    const laser = made[250];
    await other.db.update(offerProjects).set({ name: "Copper laser drill" })
      .where(eq(offerProjects.id, laser.id));
    assert.equal((await list({ name: "copper" })).total, 242);
    assert.equal((await list({ name: "laser" })).total, 20, "its name still holds laser");
    await other.db.update(offerProjects).set({ name: "Brass foil" })
      .where(eq(offerProjects.id, made[0].id));
    copper = await list({ name: "copper", sorting: "code asc" });
    assert.equal(copper.total, 241);
    assert.ok(!copper.ids.includes(made[0].id));
    assert.deepEqual((await list({ name: "brass" })).ids, [made[0].id]);

    // A status changed by this connection: counted and listed under its new status only.
    await env.db.update(offerProjects).set({ status: "closed" })
      .where(inArray(offerProjects.id, [made[1].id, made[2].id]));
    assert.equal((await list({ name: "copper", status: "unpublished" })).total, 239);
    assert.deepEqual((await list({ name: "copper", status: "closed" })).ids, [
      made[2].id,
      made[1].id,
    ]);

    // Published with its deadline to come, then past it by the clock alone: ended, not published.
    const deadline = new Date(env.clock.now().getTime() + 3_600_000);
    await other.db.update(offerProjects).set({
      status: "published",
      pubDate: env.clock.now(),
      offerEndTime: deadline,
    }).where(eq(offerProjects.id, made[3].id));
    assert.deepEqual((await list({ name: "copper", status: "published" })).ids, [made[3].id]);
    assert.equal((await list({ name: "copper", status: "ended" })).total, 0);
    env.clock.advance(2 * 3_600_000);
    assert.equal((await list({ name: "copper", status: "published" })).total, 0);
    assert.deepEqual((await list({ name: "copper", status: "ended" })).ids, [made[3].id]);
    assert.equal((await list({ name: "copper", open: "1" })).total, 0);

    // Deleted by another connection: gone from the count and the page.
    await other.db.delete(offerProjects).where(eq(offerProjects.id, added.id));
    copper = await list({ name: "copper" });
    assert.equal(copper.total, 240);
    assert.ok(!copper.ids.includes(added.id));
  } finally {
    other.close();
  }
});
