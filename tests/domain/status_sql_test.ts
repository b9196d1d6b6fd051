// The project list filters by status in SQL (statusSql.ts) while every page decides it with the pure
// rules (rules.ts): over a grid of stored states and of times around each deadline, early close and
// round, both must name the same projects.
import assert from "node:assert/strict";
import { inArray, sql } from "drizzle-orm";
import { offerProjects, offerRounds, quotes } from "../../db/schema.ts";
import {
  clockMovedIdsAt,
  clockMovedValues,
  closesAtSql,
  statusCondition,
} from "../../server/domain/projects/statusSql.ts";
import { projectDisplayStatus } from "../../server/domain/projects/rules.ts";
import { EARLY_END_WINDOW_MS, quoteClosesAt } from "../../server/domain/shared/closing.ts";
import { testEnv } from "../helpers.ts";
import { H, quotesAndRounds, T0 } from "./status_fixtures.ts";

const STATUSES = ["unpublished", "published", "inQuotation", "ended", "closed"] as const;

Deno.test("the status SQL names the same projects as the status rule, over a grid of states and times", async () => {
  await using env = await testEnv();
  const { addQuote, addRound } = await quotesAndRounds(env, "GRID");

  // Every combination of stored status, deadline, "everyone quoted" instant, a quote or none, and
  // an optimisation round or none.
  const deadlines = [null, T0 + H, T0 + 3 * H];
  const allQuoted = [null, T0 - H, T0 + H, T0 + 2.5 * H];
  let n = 0;
  for (const status of ["unpublished", "published", "ended", "closed"] as const) {
    for (const deadline of deadlines) {
      for (const quoted of allQuoted) {
        for (const withQuote of [false, true]) {
          for (const withRound of [false, true]) {
            const [p] = await env.db.insert(offerProjects).values({
              code: `GRID-${++n}`,
              name: `Grid ${n}`,
              kind: n % 2 ? "material" : "asset",
              status,
              offerEndTime: deadline === null ? null : new Date(deadline),
              allQuotedAt: quoted === null ? null : new Date(quoted),
              createdAt: new Date(T0 - 48 * H),
            }).returning();
            if (withQuote) await addQuote(p.id);
            if (withRound) await addRound(p.id);
          }
        }
      }
    }
  }
  const rows = await env.db.select().from(offerProjects);
  const rounds = await env.db.select().from(offerRounds);
  const quoted = new Set(
    (await env.db.select({ id: quotes.projectId }).from(quotes)).map((q) => q.id),
  );

  // The stored close instant is the rule's.
  for (const p of rows) {
    assert.equal(p.closesAt?.getTime() ?? null, quoteClosesAt(p)?.getTime() ?? null, p.code);
  }

  // Every instant at which something changes, a millisecond either side, and between them.
  const edges = new Set<number>();
  for (const d of [...deadlines, ...allQuoted.map((q) => q && q + EARLY_END_WINDOW_MS)]) {
    if (d !== null) { for (const e of [d - 1, d, d + 1]) edges.add(e); }
  }
  for (const e of [T0 + 2 * H, T0 + 4 * H]) for (const x of [e - 1, e, e + 1]) edges.add(x);
  for (let t = T0 - 2 * H; t <= T0 + 5 * H; t += 20 * 60_000) edges.add(t);

  const ids = rows.map((p) => p.id);
  for (const t of [...edges].sort((a, b) => a - b)) {
    const now = new Date(t);
    const clockMoved = clockMovedValues(await clockMovedIdsAt(env.db, now));
    for (const status of STATUSES) {
      const bySql = (await env.db.select({ id: offerProjects.id }).from(offerProjects)
        .where(sql`${inArray(offerProjects.id, ids)} and ${statusCondition(status, clockMoved)}`))
        .map((r) => r.id).sort((a, b) => a - b);
      const byRule = rows.filter((p) =>
        projectDisplayStatus(
          p,
          rounds.filter((r) => r.projectId === p.id),
          now,
          quoted.has(p.id),
        ) ===
          status
      ).map((p) => p.id).sort((a, b) => a - b);
      assert.deepEqual(bySql, byRule, `${status} at ${now.toISOString()}`);
    }
    // When quoting closes as of now: an open round's end, else the first-quote close.
    const closes = await env.db.select({ id: offerProjects.id, at: closesAtSql(now) })
      .from(offerProjects);
    for (const c of closes) {
      const p = rows.find((r) => r.id === c.id)!;
      const open = rounds.find((r) =>
        r.projectId === p.id && r.openedAt.getTime() <= t && t < r.endTime.getTime()
      );
      const expected = open?.endTime.getTime() ?? quoteClosesAt(p)?.getTime() ?? null;
      assert.equal(
        c.at === null ? null : Number(c.at),
        expected,
        `${p.code} at ${now.toISOString()}`,
      );
    }
  }
});
