// The row mapping made once per query (db/rowMapping.ts) gives the same objects as drizzle's own
// mapResultRow: nested selections, left joins of missing rows, dates, booleans, JSON, SQL fields.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as drizzle from "drizzle-orm";
import { count, eq, sql } from "drizzle-orm";
import {
  auditLogs,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  suppliers,
  users,
} from "../../db/schema.ts";
import { testEnv } from "../helpers.ts";
import { everything, materialProject, quote, supplier } from "./projects_fixtures.ts";

type Prepared = {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  values(): Promise<unknown[][]>;
  all(): Promise<unknown[]>;
  get(): Promise<unknown>;
};

/** drizzle's own mapping, exported by the package though left out of its types. */
const mapResultRow = (drizzle as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joins?: Record<string, boolean>): unknown;
}).mapResultRow;

const normalize = (v: unknown) => v instanceof ArrayBuffer ? Buffer.from(v) : v;

Deno.test("rows are mapped to the same objects as drizzle maps them", async () => {
  await using env = await testEnv();
  const [type] = await env.db.insert(offerProjectTypes)
    .values({ name: "Laminates", requiredCertificates: ["ISO9001"], createdAt: env.clock.now() })
    .returning();
  const a = await materialProject(env, everything(), "Typed");
  await materialProject(env, everything(), "Untyped");
  await env.db.update(offerProjects).set({ typeId: type.id, sealedQuotes: true })
    .where(eq(offerProjects.id, a.id));
  const s = await supplier(env, "S1");
  await env.db.insert(offerProjectSuppliers).values({
    projectId: a.id,
    supplierId: s.id,
    invitedAt: env.clock.now(),
  });
  await quote(env, a.id, s.id);
  await env.db.insert(auditLogs).values({
    userName: "admin",
    serviceName: "x",
    methodName: "y",
    httpMethod: "GET",
    path: "/",
    parameters: '{"a":1}',
    executionTime: env.clock.now(),
    executionDuration: 3,
    httpStatus: 200,
  });

  const queries = [
    env.db.select().from(offerProjects).leftJoin(
      offerProjectTypes,
      eq(offerProjectTypes.id, offerProjects.typeId),
    ).orderBy(offerProjects.id),
    env.db.select({
      p: offerProjects,
      type: offerProjectTypes,
      creator: { id: users.id, name: users.name },
      n: sql<number>`(select count(*) from quotes q where q.project_id = ${offerProjects.id})`
        .mapWith(Number),
      at: sql`${offerProjects.createdAt}`.mapWith(offerProjects.createdAt),
    }).from(offerProjects)
      .leftJoin(offerProjectTypes, eq(offerProjectTypes.id, offerProjects.typeId))
      .leftJoin(users, eq(users.id, offerProjects.creatorId)).orderBy(offerProjects.id),
    env.db.select({ s: suppliers, ps: offerProjectSuppliers }).from(offerProjectSuppliers)
      .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId)),
    env.db.select({ total: count(), blob: sql`x'00ff10'` }).from(offerProjects),
    env.db.select().from(auditLogs),
    env.db.select({ id: offerProjects.id }).from(offerProjects).where(eq(offerProjects.id, -1)),
  ];
  let rows = 0;
  for (const query of queries) {
    const prepared = query.prepare() as unknown as Prepared;
    const expected = (await prepared.values()).map((row) =>
      mapResultRow(
        prepared.fields,
        Array.prototype.slice.call(row).map(normalize),
        prepared.joinsNotNullableMap,
      )
    );
    const got = await prepared.all();
    assert.deepEqual(got, expected);
    assert.deepEqual(await prepared.get(), expected[0]);
    rows += got.length;
  }
  assert.equal(rows, 7, `${rows} rows compared`);
  // What the joins gave: a missing type is null, a present one an object with its JSON decoded.
  const [typed, untyped] = await env.db.select().from(offerProjects).leftJoin(
    offerProjectTypes,
    eq(offerProjectTypes.id, offerProjects.typeId),
  ).orderBy(offerProjects.id);
  assert.deepEqual(typed.offer_project_types?.requiredCertificates, ["ISO9001"]);
  assert.equal(untyped.offer_project_types, null);
  assert.ok(typed.offer_projects.createdAt instanceof Date);
  assert.equal(typed.offer_projects.sealedQuotes, true);
});
