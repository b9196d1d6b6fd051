// When quoting closes, and why, over every combination of the early end (none, pending, happened),
// the end by hand, the deadline (none, passed, ahead) and an optimisation round (none, open, over),
// at a fixed clock: the project's answer (as the list, the result page and the CLI read it), the
// list's SQL and the answer after the clock's ends are recorded all agree with a table written out
// by hand, in which the earliest end that happened is the one shown, with its own reason.
import assert from "node:assert/strict";
import { inArray } from "drizzle-orm";
import { offerProjects, offerRounds } from "../../db/schema.ts";
import { projectDto } from "../../server/domain/projects/dto.ts";
import { recordAutomaticEnds } from "../../server/domain/projects/lifecycle.ts";
import { closesAtSql } from "../../server/domain/projects/statusSql.ts";
import { closingOf, EARLY_END_WINDOW_MS } from "../../server/domain/shared/closing.ts";
import { NOW, testEnv } from "../helpers.ts";

const N = Date.parse(NOW);
const MIN = 60_000;

const DEADLINE = { none: null, passed: N - 60 * MIN, ahead: N + 120 * MIN } as const;
/** When every invited supplier had quoted: the early end is 30 minutes later. */
const ALL_QUOTED = {
  none: null,
  pending: N - 10 * MIN, // closes at N + 20 min
  happened: N - 50 * MIN, // closed at N - 20 min
} as const;
const ENDED_BY_HAND = N - 5 * MIN;
const ROUND = {
  none: null,
  open: { openedAt: N - 15 * MIN, endTime: N + 60 * MIN },
  over: { openedAt: N - 4 * MIN, endTime: N - MIN },
} as const;

type Case = {
  deadline: keyof typeof DEADLINE;
  early: keyof typeof ALL_QUOTED;
  byHand: boolean;
  round: keyof typeof ROUND;
};
type Expected = { at: number | null; reason: string | null; round: number };

/** The answer, by hand: an open round's end; else the earliest end that happened; else the next. */
function expected(c: Case): Expected {
  if (c.round === "open") return { at: N + 60 * MIN, reason: "round", round: 1 };
  const happened: Expected[] = [];
  if (c.byHand) happened.push({ at: N - 5 * MIN, reason: "endedByHand", round: 0 });
  if (c.deadline === "passed") happened.push({ at: N - 60 * MIN, reason: null, round: 0 });
  if (c.early === "happened") happened.push({ at: N - 20 * MIN, reason: "earlyEnd", round: 0 });
  if (happened.length) return happened.sort((a, b) => a.at! - b.at!)[0];
  if (c.early === "pending") return { at: N + 20 * MIN, reason: "earlyEnd", round: 0 };
  return { at: c.deadline === "ahead" ? N + 120 * MIN : null, reason: null, round: 0 };
}

function* cases(): Generator<Case> {
  for (const deadline of ["none", "passed", "ahead"] as const) {
    for (const early of ["none", "pending", "happened"] as const) {
      for (const byHand of [false, true]) {
        for (const round of ["none", "open", "over"] as const) {
          yield { deadline, early, byHand, round };
        }
      }
    }
  }
}

const date = (ms: number | null) => ms === null ? null : new Date(ms);
const msOf = (d: Date | null) => d?.getTime() ?? null;

Deno.test("the closing time and its reason, over every combination of the ways quoting ends", async () => {
  await using env = await testEnv();
  const now = new Date(N);
  const made: { id: number; c: Case }[] = [];
  for (const c of cases()) {
    const [p] = await env.db.insert(offerProjects).values(
      {
        code: `CL-${made.length + 1}`,
        name: JSON.stringify(c),
        kind: "asset",
        status: c.byHand ? "ended" : "published",
        offerEndTime: date(DEADLINE[c.deadline]),
        allQuotedAt: date(ALL_QUOTED[c.early]),
        ...(c.byHand ? { endedAt: new Date(ENDED_BY_HAND), endedBy: 1, endReason: "manual" } : {}),
        pubDate: new Date(N - 24 * 60 * MIN),
        createdAt: new Date(N - 48 * 60 * MIN),
      } as typeof offerProjects.$inferInsert,
    ).returning();
    const r = ROUND[c.round];
    if (r) {
      await env.db.insert(offerRounds).values({
        projectId: p.id,
        round: 1,
        openedAt: new Date(r.openedAt),
        endTime: new Date(r.endTime),
      });
    }
    made.push({ id: p.id, c });
  }
  assert.equal(made.length, 54);
  assert.equal(EARLY_END_WINDOW_MS, 30 * MIN);

  /** The closing as every page builds it from the project's answer (ProjectDto). */
  const closingNow = async (id: number) => {
    const p = await projectDto(env.db, id, now);
    const c = closingOf({
      deadline: p.offerEndTime,
      firstClosesAt: p.closesAt,
      endedByHandAt: p.endedByHandAt,
      round: p.currentRound,
      roundEndsAt: p.roundEndsAt,
    });
    return { at: msOf(c.at), reason: c.reason, round: c.round, deadline: msOf(c.deadline) };
  };
  const bySql = new Map(
    (await env.db.select({ id: offerProjects.id, at: closesAtSql(now) }).from(offerProjects)
      .where(inArray(offerProjects.id, made.map((m) => m.id))))
      .map((r) => [r.id, r.at === null ? null : Number(r.at)]),
  );

  const before = new Map<number, Expected>();
  for (const { id, c } of made) {
    const want = expected(c);
    const got = await closingNow(id);
    const label = JSON.stringify(c);
    assert.deepEqual(got, { ...want, deadline: DEADLINE[c.deadline] }, label);
    // The list's filter by closing time reads the same instant.
    assert.equal(bySql.get(id), want.at, `SQL ${label}`);
    before.set(id, want);
  }

  // The job that records the clock's ends (deadline, early end) changes none of the answers: an
  // end the clock recorded is not taken for an end by hand.
  const recorded = await recordAutomaticEnds(env);
  assert.ok(recorded.length > 0);
  for (const { id, c } of made) {
    const { deadline: _, ...got } = await closingNow(id);
    assert.deepEqual(got, before.get(id), `after the recorded ends ${JSON.stringify(c)}`);
  }
});

Deno.test("closingOf: an end by hand before the early end is shown, not the early end to come", () => {
  // The case: everyone quoted at 02:26:57 (early end 02:56:57), ended by hand at 02:27:05.
  const c = closingOf({
    deadline: new Date("2026-11-30T09:00:00Z"),
    firstClosesAt: new Date("2026-11-23T18:56:57Z"),
    endedByHandAt: new Date("2026-11-23T18:27:05Z"),
  });
  assert.equal(c.at?.toISOString(), "2026-11-23T18:27:05.000Z");
  assert.equal(c.reason, "endedByHand");
});
