// Supplier performance on a hand-computed case: invitations, response rate (over settled
// invitations), on-time rate (first quote at least 24 h before the deadline), and average rank —
// by price where priced lines give totals (ties share a rank), else by the time of the first quote.
import assert from "node:assert/strict";
import {
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  quoteLines,
  quotes,
} from "../../db/schema.ts";
import { files } from "../../db/schema.ts";
import { call, type TestEnv, testEnv } from "../helpers.ts";
import { P, staff, supplier } from "../domain/projects_fixtures.ts";

const HOUR = 3600_000;
const PERF = "/QMO/SupplierPerformance";

let seq = 0;

/** A project as the projects service leaves it, its invitations, and first quotes. */
async function project(
  env: TestEnv,
  o: {
    status?: "published" | "ended" | "closed";
    /** Deadline, hours from now (negative: past); null for none. */
    deadlineIn: number | null;
    invitedAt: string;
    invited: number[];
    /** supplierId -> hours before the deadline (or before now without one) it quoted. */
    quoted: [number, number, string?][];
    usage?: string;
  },
) {
  const now = env.clock.now().getTime();
  const deadline = o.deadlineIn === null ? null : new Date(now + o.deadlineIn * HOUR);
  const [p] = await env.db.insert(offerProjects).values({
    code: `P${++seq}`,
    name: `Project ${seq}`,
    kind: "material",
    status: o.status ?? "published",
    pubDate: new Date(o.invitedAt),
    offerEndTime: deadline,
  }).returning();
  const [item] = await env.db.insert(offerProjectItems).values({
    projectId: p.id,
    itemName: "FR-4",
    estimateYearAmount: o.usage ?? "100",
  }).returning();
  await env.db.insert(offerProjectSuppliers).values(
    o.invited.map((supplierId) => ({
      projectId: p.id,
      supplierId,
      invitedAt: new Date(o.invitedAt),
    })),
  );
  for (const [supplierId, hoursBefore, price] of o.quoted) {
    const [f] = await env.db.insert(files).values({
      sha256: `${seq}-${supplierId}`.padEnd(64, "0"),
      size: 1,
      contentType: "application/pdf",
      fileName: "q.pdf",
      purpose: "quote",
      projectId: p.id,
    }).returning();
    const [q] = await env.db.insert(quotes).values({
      projectId: p.id,
      supplierId,
      round: 0,
      fileId: f.id,
      submittedAt: new Date((deadline?.getTime() ?? now) - hoursBefore * HOUR),
    }).returning();
    if (price) {
      await env.db.insert(quoteLines).values({
        quoteId: q.id,
        itemId: item.id,
        unitPrice: price,
        taxRate: "13",
        currency: "CNY",
        tradeTerms: "DAP",
        paymentMethod: "TT",
        paymentTermDays: 30,
        leadTimeDays: 7,
      });
    }
  }
  return p;
}

Deno.test("performance numbers match a hand-computed case", async () => {
  await using env = await testEnv(); // now: 2026-11-23 10:00 UTC+8
  const buyer = await staff(env, "buyer1", [P.SupplierSearch, P.OfferProjectManagerSearch]);
  const s = (await supplier(env, "S")).id;
  const t = (await supplier(env, "T")).id;
  const u = (await supplier(env, "U")).id;
  const oct = "2026-10-12T02:00:00.000Z";
  const nov = "2026-11-16T02:00:00.000Z";
  // P1 ended, no prices: by time S 1st, T 2nd; U did not quote.
  await project(env, {
    status: "ended",
    deadlineIn: -24,
    invitedAt: oct,
    invited: [s, t, u],
    quoted: [[s, 48], [t, 30]],
  });
  // P2 ended, no prices: T 1st, S 2nd; S only 2 h before the deadline (not on time).
  await project(env, {
    status: "ended",
    deadlineIn: -48,
    invitedAt: oct,
    invited: [s, t],
    quoted: [[s, 2], [t, 60]],
  });
  // P3 ended with prices (usage 100): T 800 and U 800 share 1st, S 900 is 3rd.
  await project(env, {
    status: "ended",
    deadlineIn: -1,
    invitedAt: oct,
    invited: [s, t, u],
    quoted: [[s, 25, "9"], [t, 10, "8"], [u, 30, "8.00"]],
  });
  // P4 open, S has not quoted yet: not settled.
  await project(env, { deadlineIn: 48, invitedAt: nov, invited: [s], quoted: [] });
  // P5 open, S quoted 49 h before the deadline: on time, but no rank until it ends.
  await project(env, { deadlineIn: 48, invitedAt: nov, invited: [s], quoted: [[s, 49]] });
  // P6 closed by hand before anyone quoted: settled, not answered.
  await project(env, {
    status: "closed",
    deadlineIn: 24,
    invitedAt: nov,
    invited: [s],
    quoted: [],
  });
  // P7 ended without a deadline (bargaining): quoted, no on-time judgement, rank 1 of 1.
  await project(env, {
    status: "ended",
    deadlineIn: null,
    invitedAt: nov,
    invited: [s],
    quoted: [[s, 5]],
  });

  const one = await call(env, "get", `${PERF}/Get`, {
    token: buyer.token,
    query: { SupplierId: s },
  });
  assert.equal(one.status, 200, JSON.stringify(one.json));
  assert.deepEqual(one.json.result.summary, {
    invitations: 7,
    settled: 6, // all but P4
    quoted: 5, // P1 P2 P3 P5 P7
    declined: 0,
    silent: 1, // P6
    responseRate: 0.8333, // 5 / 6
    timed: 4, // P1 P2 P3 P5 (P7 has no deadline)
    onTime: 3, // P1 (48 h), P3 (25 h), P5 (49 h); not P2 (2 h)
    onTimeRate: 0.75,
    rankedProjects: 4, // P1 1st, P2 2nd, P3 3rd by price, P7 1st
    averageRank: 1.75, // 7 / 4
  });
  const byCode = Object.fromEntries(
    one.json.result.projects.map((
      p: { code: string; rank: number | null; rankOf: number | null; rankBy: string | null },
    ) => [p.code, [p.rank, p.rankOf, p.rankBy]]),
  );
  assert.deepEqual(byCode.P1, [1, 2, "time"]);
  assert.deepEqual(byCode.P2, [2, 2, "time"]);
  assert.deepEqual(byCode.P3, [3, 3, "price"]);
  assert.deepEqual(byCode.P5, [null, null, null]);
  assert.deepEqual(one.json.result.months, [
    { month: "2026-10", invitations: 3, quoted: 3 },
    { month: "2026-11", invitations: 4, quoted: 2 },
  ]);

  // Without a project permission the numbers are the same but no project is named.
  const supplierOnly = await staff(env, "suppliers1", [P.SupplierSearch]);
  const unnamed = await call(env, "get", `${PERF}/Get`, {
    token: supplierOnly.token,
    query: { SupplierId: s },
  });
  assert.deepEqual(unnamed.json.result.summary, one.json.result.summary);
  assert.deepEqual(unnamed.json.result.projects, []);

  // Only November's invitations: P4 to P7.
  const nov1 = await call(env, "get", `${PERF}/Get`, {
    token: buyer.token,
    query: { SupplierId: s, From: "2026-11-01 00:00:00" },
  });
  assert.equal(nov1.json.result.summary.invitations, 4);
  assert.equal(nov1.json.result.summary.responseRate, 0.6667); // P5, P7 of P5 P6 P7

  const all = await call(env, "get", `${PERF}/GetAll`, {
    token: buyer.token,
    query: { Sorting: "averageRank asc" },
  });
  assert.equal(all.status, 200);
  assert.deepEqual(
    all.json.result.items.map((
      r: { code: string; averageRank: number; responseRate: number; onTimeRate: number },
    ) => [r.code, r.averageRank, r.responseRate, r.onTimeRate]),
    [
      ["U", 1, 0.5, 1], // P3 1st (tie); answered P3 of P1 P3; on time at P3 (30 h)
      ["T", 1.33, 1, 0.6667], // P1 2nd, P2 1st, P3 1st; on time at P1 and P2, not P3 (10 h)
      ["S", 1.75, 0.8333, 0.75],
    ],
  );
  const byInvitations = await call(env, "get", `${PERF}/GetAll`, { token: buyer.token });
  assert.deepEqual(
    byInvitations.json.result.items.map((r: { code: string; invitations: number }) => [
      r.code,
      r.invitations,
    ]),
    [["S", 7], ["T", 3], ["U", 2]],
  );

  // The dashboard's period: the last month leaves October's invitations out.
  const lastMonth = await call(env, "get", `${PERF}/GetAll`, {
    token: buyer.token,
    query: { Months: 1 },
  });
  assert.deepEqual(
    lastMonth.json.result.items.map((r: { code: string; invitations: number }) => [
      r.code,
      r.invitations,
    ]),
    [["S", 4]],
  );

  const bad = await call(env, "get", `${PERF}/GetAll`, {
    token: buyer.token,
    lang: "en",
    query: { From: "2026-11-02", To: "2026-11-01" },
  });
  assert.equal(bad.status, 400);
  assert.equal(
    bad.json.error.validationErrors[0].message,
    "The end of the period is before its start",
  );
});
