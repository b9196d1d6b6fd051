// The project list counts a status, a kind or a category from project_counts (kept by triggers)
// corrected by the projects the clock moved on: over a grid of stored states, categories and times,
// after projects are edited and deleted, its totals must be the status rule's counts.
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { offerProjects, offerProjectTypes, offerRounds, quotes } from "../../db/schema.ts";
import { listProjects } from "../../server/domain/projects/list.ts";
import { listProjectsInput } from "../../server/domain/projects/listFilters.ts";
import { projectDisplayStatus } from "../../server/domain/projects/rules.ts";
import { testEnv } from "../helpers.ts";
import { H, quotesAndRounds, T0 } from "./status_fixtures.ts";
import { everything } from "./projects_fixtures.ts";

Deno.test("list totals by status, kind and category match the status rule as the clock moves and projects change", async () => {
  await using env = await testEnv();
  const actor = everything();
  const { addQuote, addRound } = await quotesAndRounds(env, "COUNT");
  const types = await env.db.insert(offerProjectTypes).values([
    { name: "Laminate" },
    { name: "Drilling" },
  ]).returning();
  const categories = [null, ...types.map((t) => t.id)];

  let n = 0;
  for (const status of ["unpublished", "published", "ended", "closed"] as const) {
    for (const deadline of [T0 + H, T0 + 3 * H]) {
      for (const withQuote of [false, true]) {
        for (const withRound of [false, true]) {
          n++;
          const [p] = await env.db.insert(offerProjects).values({
            code: `COUNT-${n}`,
            name: `Count ${n}`,
            kind: n % 2 ? "material" : "asset",
            typeId: categories[n % 3],
            status,
            offerEndTime: new Date(deadline),
            createdAt: new Date(T0 - 48 * H),
          }).returning();
          if (withQuote) await addQuote(p.id);
          if (withRound) await addRound(p.id);
        }
      }
    }
  }
  // Edits the triggers must follow: a status, a category, a kind changed, and projects deleted.
  const all = await env.db.select().from(offerProjects);
  await env.db.update(offerProjects).set({ status: "closed" }).where(
    eq(offerProjects.id, all[1].id),
  );
  await env.db.update(offerProjects).set({ typeId: types[1].id }).where(
    eq(offerProjects.id, all[2].id),
  );
  await env.db.update(offerProjects).set({ kind: "asset", typeId: null }).where(
    eq(offerProjects.id, all[5].id),
  );
  await env.db.update(offerProjects).set({ name: "Renamed" }).where(
    eq(offerProjects.id, all[6].id),
  );
  const gone = [all[3].id, all[8].id, all[20].id];
  await env.db.delete(offerRounds).where(inArray(offerRounds.projectId, gone));
  await env.db.delete(quotes).where(inArray(quotes.projectId, gone));
  await env.db.delete(offerProjects).where(inArray(offerProjects.id, gone));

  const rows = await env.db.select().from(offerProjects);
  const rounds = await env.db.select().from(offerRounds);
  const quoted = new Set(
    (await env.db.select({ id: quotes.projectId }).from(quotes)).map((q) => q.id),
  );

  // Before, at and after each deadline, round start and round end.
  const times = [T0, T0 + H - 1, T0 + H, T0 + 2 * H, T0 + 3 * H, T0 + 4 * H, T0 + 5 * H];
  let checked = 0;
  for (const t of times) {
    const now = new Date(t);
    env.clock.set(now);
    const statusOf = (p: typeof rows[number]) =>
      projectDisplayStatus(p, rounds.filter((r) => r.projectId === p.id), now, quoted.has(p.id));
    for (
      const status of [
        undefined,
        "unpublished",
        "published",
        "inQuotation",
        "ended",
        "closed",
        "open",
      ] as const
    ) {
      for (const kind of [undefined, "material", "asset"] as const) {
        for (const category of [undefined, ...types.map((c) => c.id)]) {
          const expected = rows.filter((p) =>
            (kind === undefined || p.kind === kind) &&
            (category === undefined || p.typeId === category) &&
            (status === undefined ||
              (status === "open"
                ? ["published", "inQuotation"].includes(statusOf(p))
                : statusOf(p) === status))
          ).length;
          const { totalCount } = await listProjects(
            env,
            actor,
            listProjectsInput.parse({
              ...(status === "open" ? { open: "1" } : { status }),
              kind,
              category,
              maxResultCount: 1,
            }),
          );
          assert.equal(
            totalCount,
            expected,
            `${status} ${kind} ${category} at ${now.toISOString()}`,
          );
          checked++;
        }
      }
    }
    // A status and "open" together: both must hold.
    for (const status of ["ended", "inQuotation"] as const) {
      const { totalCount } = await listProjects(
        env,
        actor,
        listProjectsInput.parse({ status, open: "1", maxResultCount: 1 }),
      );
      // Ended is never open; in the quotation always is.
      const expected = status === "ended" ? 0 : rows.filter((p) => statusOf(p) === status).length;
      assert.equal(totalCount, expected, `${status} and open at ${now.toISOString()}`);
    }
  }
  assert.equal(checked, times.length * 7 * 3 * 3);
});
