// The volume-data generator: exact counts, and data the real API can search, page and show.
import assert from "node:assert/strict";
import { count, eq, like, sql } from "drizzle-orm";
import { auditLogs, offerProjectItems, offerProjects, quotes, suppliers } from "../../db/schema.ts";
import { generateDemoData } from "../../server/domain/demo/generate.ts";
import { FULL_SIZE, scaledCounts } from "../../server/domain/demo/size.ts";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { DomainError } from "../../server/domain/errors.ts";
import { verifyChain } from "../../server/domain/quotes/chain.ts";
import { call, signIn, type TestEnv, testEnv } from "../helpers.ts";

const rows = async (env: TestEnv, table: SQLiteTable) =>
  (await env.db.select({ n: count() }).from(table))[0].n;

Deno.test("generated data has the asked counts and is usable through the API", async () => {
  await using env = await testEnv();
  const counts = scaledCounts(FULL_SIZE, 0.0005);
  assert.deepEqual(counts, { suppliers: 50, projects: 25, items: 250, quotes: 100, logs: 500 });
  const logsBefore = await rows(env, auditLogs);
  const report = await generateDemoData(env, counts, { portalUsers: 20, buyers: 2 });

  assert.equal(await rows(env, suppliers), 50);
  assert.equal(await rows(env, offerProjects), 25);
  assert.equal(await rows(env, offerProjectItems), 250);
  assert.equal(await rows(env, quotes), 100);
  assert.equal(report.quotes, 100);
  assert.equal(await rows(env, auditLogs), logsBefore + 500);
  assert.equal(report.portalUsers, 20);
  const record = await verifyChain(env);
  assert.equal(record.ok, true, "every generated quote is in the quote record");
  assert.equal(record.entries, 100);

  // Every stored state is there, and quotes include resubmissions (history).
  const states = await env.db.selectDistinct({ s: offerProjects.status }).from(offerProjects);
  assert.deepEqual(states.map((s) => s.s).sort(), ["closed", "ended", "published", "unpublished"]);
  const [{ history }] = await env.db.select({
    history: sql<
      number
    >`count(*) - count(distinct project_id || ':' || supplier_id || ':' || round)`,
  }).from(quotes);
  assert.ok(history > 0, "some supplier quoted more than once");

  // The run's password is random, told once in the report; the old well-known one does not sign in.
  assert.notEqual(report.password, "Demo@2026!");
  assert.match(report.password, /^[A-Za-z0-9]{14}$/);
  const known = await call(env, "post", "/app/TokenAuth/Authenticate", {
    body: { userNameOrEmailAddress: report.buyerUserNames[0], password: "Demo@2026!" },
  });
  assert.equal(known.status, 401);
  const token = await signIn(env, report.buyerUserNames[0], report.password);

  // The launch page's search finds a supplier by part of its Chinese name.
  const [chinese] = await env.db.select().from(suppliers).where(like(suppliers.fullName, "%市%"))
    .limit(1);
  assert.ok(chinese, "some generated supplier has a Chinese name");
  const part = chinese.fullName.slice(3, 7);
  const found = await call(env, "get", "/QMO/OfferProjectManager/GetSupplierData", {
    token,
    query: { FullName: part, MaxResultCount: 5 },
  });
  assert.equal(found.status, 200);
  assert.ok(found.json.result.totalCount >= 1);
  assert.ok(found.json.result.items.length <= 5);
  assert.ok(found.json.result.items.every((s: { fullName: string }) => s.fullName.includes(part)));

  // The project list pages through the ended material projects, soonest deadline first.
  const list = (skip: number) =>
    call(env, "get", "/QMO/OfferProjectManager/GetAll", {
      token,
      query: { status: "ended", SkipCount: skip, MaxResultCount: 5, Sorting: "offerEndTime asc" },
    });
  const first = await list(0);
  assert.equal(first.status, 200);
  const total = first.json.result.totalCount;
  assert.ok(total > 5, `more than a page of ended projects (${total})`);
  const second = await list(5);
  const ids = [...first.json.result.items, ...second.json.result.items].map((p: { id: number }) =>
    p.id
  );
  assert.equal(new Set(ids).size, 10);
  const ends = [...first.json.result.items, ...second.json.result.items]
    .map((p: { offerEndTime: string }) => p.offerEndTime);
  assert.deepEqual(ends, [...ends].sort());

  // A project with quotes shows them on its result page.
  const [quoted] = await env.db.select({ id: quotes.projectId }).from(quotes)
    .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
    .where(eq(quotes.round, 0)).limit(1);
  const result = await call(
    env,
    "get",
    "/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult",
    {
      token,
      query: { offProId: quoted.id },
    },
  );
  assert.equal(result.status, 200);
  assert.ok(result.json.result.suppliers.some((s: { isOffer: boolean }) => s.isOffer));
});

Deno.test("a scale of zero is refused as bad input", () => {
  assert.throws(
    () => scaledCounts(FULL_SIZE, 0),
    (err) =>
      err instanceof DomainError && err.kind === "validation" && err.messageKey === "demo.badScale",
  );
});
