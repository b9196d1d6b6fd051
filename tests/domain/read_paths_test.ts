// Both read paths of db/client.ts (DB_READS=native, the default, and DB_READS=driver) answer every
// page alike: the demo data's lists, result pages, audit log and supplier search are read through
// each, on the same database file, and must be equal.
import assert from "node:assert/strict";
import { join } from "node:path";
import { openDatabase, transaction } from "../../db/client.ts";
import { loadConfig } from "../../server/config.ts";
import { createApp } from "../../server/http/app.ts";
import { offerProjects } from "../../db/schema.ts";
import { eq } from "drizzle-orm";
import { listAuditLogs } from "../../server/domain/audit/service.ts";
import { listAuditLogsInput } from "../../server/domain/audit/schemas.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";

Deno.test("DB_READS chooses the read path and refuses anything else", () => {
  const base = { DATA_DIR: Deno.makeTempDirSync(), JWT_SECRET: "x".repeat(32) };
  assert.equal(loadConfig(base).databaseReads, "native");
  assert.equal(loadConfig({ ...base, DB_READS: "driver" }).databaseReads, "driver");
  assert.throws(
    () => loadConfig({ ...base, DB_READS: "fast" }),
    /DB_READS: must be native or driver/,
  );
});

Deno.test("the native and the driver read paths answer the same pages", async () => {
  await using env = await testEnv({ demo: true });
  const driver = await openDatabase(`file:${join(env.dataDir, "qmo.db")}`, undefined, "driver");
  try {
    assert.equal(driver.reads, "driver");
    const other: TestEnv = { ...env, db: driver.db, app: createApp({ ...env, db: driver.db }) };
    const token = await signIn(env, "admin", ADMIN_PASSWORD);
    const projects = await env.db.select({ id: offerProjects.id, name: offerProjects.name })
      .from(offerProjects).limit(5);
    assert.ok(projects.length > 0, "the demo data has projects");
    const pages: [string, Record<string, unknown>][] = [
      ["/QMO/OfferProjectManager/GetAll", { MaxResultCount: 50 }],
      ["/QMO/OfferProjectManager/GetAll", { open: true, Sorting: "offerEndTime desc" }],
      ["/QMO/OfferProjectManager/GetAll", {
        keyWord: projects[0].name.slice(0, 2),
        MaxResultCount: 10,
      }],
      ["/QMO/OfferProjectManager/GetDashboard", {}],
      ["/QMO/Supplier/GetAll", { MaxResultCount: 20 }],
      ...projects.map(({ id }) =>
        ["/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult", { offProId: id }] as [
          string,
          Record<string, unknown>,
        ]
      ),
    ];
    for (const [path, query] of pages) {
      const a = await call(env, "get", path, { token, query });
      const b = await call(other, "get", path, { token, query });
      assert.equal(a.status, 200, `${path}: ${JSON.stringify(a.json)}`);
      assert.deepEqual(b.json, a.json, path);
      const items = a.json.result?.items;
      if (items) assert.ok(items.length > 0, `${path} ${JSON.stringify(query)} answers rows`);
    }
    // The audit log (read here, not called: each call adds a row to it).
    const input = listAuditLogsInput.parse({ MaxResultCount: 50 });
    const log = await listAuditLogs(env, input);
    assert.ok(log.items.length > 0);
    assert.deepEqual(await listAuditLogs({ ...env, db: driver.db }, input), log);
    // A write in a transaction is seen by both.
    await transaction(driver.db, async (tx) => {
      await tx.update(offerProjects).set({ name: "Read paths" })
        .where(eq(offerProjects.id, projects[0].id));
    });
    const [mine] = await env.db.select({ name: offerProjects.name }).from(offerProjects)
      .where(eq(offerProjects.id, projects[0].id));
    assert.equal(mine.name, "Read paths");
  } finally {
    driver.close();
  }
});
