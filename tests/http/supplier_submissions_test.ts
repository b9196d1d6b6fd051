// The supplier quotations page's list (GET QMO/SupplierOffer/GetAllSubmissions): the submissions of
// every project the staff member may see, newest first, with the filters and paging of the other
// lists; a sealed project's rows say who and when only; an asset-only buyer sees no material
// project's quotes; suppliers are refused.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLogs, offerProjects } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { P, staff } from "../domain/projects_fixtures.ts";
import {
  agree,
  openRoundFor,
  pdfFile,
  publishedProject,
  submit,
  supplierWithLogin,
} from "./quotes_fixtures.ts";

const LIST = "/QMO/SupplierOffer/GetAllSubmissions";
const HOUR = 3600_000;

async function setUp() {
  const env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplierWithLogin(env, "SA1");
  const s2 = await supplierWithLogin(env, "SB2");
  const deadline = new Date(env.clock.now().getTime() + 5 * 24 * HOUR);
  const a = await publishedProject(env, [s1.supplier.id, s2.supplier.id], {
    name: "Copper foil",
    offerEndTime: deadline,
  });
  // S2 never quotes B, so B stays open (and sealed) to the end of the test.
  const b = await publishedProject(env, [s1.supplier.id, s2.supplier.id], {
    name: "Solder mask",
    offerEndTime: deadline,
  });
  const c = await publishedProject(env, [s2.supplier.id], {
    name: "Drilling machine",
    kind: "asset",
    offerEndTime: deadline,
  });
  await env.db.update(offerProjects).set({ packVersion: 1 }).where(eq(offerProjects.id, a.id));
  await env.db.update(offerProjects).set({ sealedQuotes: true }).where(eq(offerProjects.id, b.id));
  for (const [token, p] of [[s1.token, a], [s2.token, a], [s1.token, b], [s2.token, c]] as const) {
    assert.equal((await agree(env, token, p.id)).status, 200);
  }
  const quote = async (token: string, projectId: number, name: string, round = 0) => {
    const r = await submit(env, token, projectId, pdfFile(name, name), round);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    env.clock.advance(HOUR);
  };
  // 2026-11-23 10:00, 11:00, 12:00, 13:00 in UTC+8, then the next day at 12:00 and 13:00.
  // (Once both of A's suppliers have quoted, A ends early: S2 quotes last.)
  await quote(s1.token, a.id, "a-s1-first.pdf");
  await quote(s1.token, a.id, "a-s1-second.pdf");
  await quote(s2.token, a.id, "a-s2.pdf");
  await quote(s1.token, b.id, "b-sealed-s1.pdf");
  env.clock.advance(22 * HOUR);
  await quote(s2.token, c.id, "c-s2-first.pdf");
  await openRoundFor(env, c.id, 1, [s2.supplier.id], new Date(deadline.getTime() + 24 * HOUR));
  await quote(s2.token, c.id, "c-s2-round1.pdf", 1);
  // The buyer revised project A's request pack after its quotes came in.
  await env.db.update(offerProjects).set({ packVersion: 2 }).where(eq(offerProjects.id, a.id));
  return { env, admin, s1, s2, a, b, c };
}

// deno-lint-ignore no-explicit-any
type Row = any;
const files = (items: Row[]) => items.map((r) => r.fileName);

Deno.test("staff list the quotes of every project they may see, newest first, filtered and paged; sealed rows show who and when only", async () => {
  const { env, admin, a, b, c } = await setUp();
  await using _ = env;
  const list = async (query: Record<string, unknown> = {}, token = admin) => {
    const r = await call(env, "get", LIST, { token, query, lang: "en" });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result as { items: Row[]; totalCount: number };
  };

  const all = await list();
  assert.equal(all.totalCount, 6);
  assert.deepEqual(files(all.items), [
    "c-s2-round1.pdf",
    "c-s2-first.pdf",
    null,
    "a-s2.pdf",
    "a-s1-second.pdf",
    "a-s1-first.pdf",
  ]);
  const [c1, c0, sealed, , aS1, aS1Old] = all.items;
  assert.deepEqual(
    [c1.projectCode, c1.projectKind, c1.supplierCode, c1.supplierName, c1.round],
    [c.code, "asset", "SB2", "Abbr SB2", 1],
  );
  assert.equal(c0.round, 0);
  assert.equal(c1.submittedAt, "2026-11-24T05:00:00.000Z");
  // Sealed: who and when, no file name or size, and nowhere in the answer.
  assert.deepEqual(
    [sealed.projectId, sealed.supplierCode, sealed.sealed, sealed.fileName, sealed.fileSize],
    [b.id, "SA1", true, null, null],
  );
  assert.equal(sealed.submittedAt, "2026-11-23T05:00:00.000Z");
  assert.ok(!JSON.stringify(all).includes("b-sealed-s1"));
  // Unsealed: the file's name and size; the earlier quote of the same round no longer counts.
  assert.equal(aS1.sealed, false);
  assert.ok(aS1.fileSize > 0);
  assert.deepEqual(all.items.map((r) => r.isCurrent), [true, true, true, true, true, false]);
  // Project A's pack was revised after its quotes: they answer version 1 of 2.
  assert.deepEqual([aS1Old.packVersion, aS1Old.projectPackVersion, aS1Old.outdated], [1, 2, true]);
  assert.equal(c0.outdated, false);
  assert.equal(aS1.projectName, a.name);

  // Filters.
  assert.deepEqual(files((await list({ keyword: "sb2" })).items), [
    "c-s2-round1.pdf",
    "c-s2-first.pdf",
    "a-s2.pdf",
  ]);
  assert.deepEqual((await list({ keyword: "Solder" })).items.map((r) => r.projectId), [b.id]);
  assert.equal((await list({ keyword: a.code })).totalCount, 3);
  assert.equal((await list({ keyword: "Abbr SA1" })).totalCount, 3);
  assert.deepEqual(files((await list({ kind: "asset" })).items), [
    "c-s2-round1.pdf",
    "c-s2-first.pdf",
  ]);
  assert.deepEqual(files((await list({ round: 1 })).items), ["c-s2-round1.pdf"]);
  assert.equal((await list({ round: 0 })).totalCount, 5);
  assert.equal((await list({ currentOnly: "1" })).totalCount, 5);
  assert.ok(!files((await list({ currentOnly: "true" })).items).includes("a-s1-first.pdf"));
  // Dates are whole days in UTC+8, as the form sends them.
  assert.equal((await list({ submittedFrom: "2026-11-24 00:00:00" })).totalCount, 2);
  assert.deepEqual(
    files((await list({ submittedTo: "2026-11-23 10:59:59" })).items),
    ["a-s1-first.pdf"],
  );
  assert.equal(
    (await list({ submittedFrom: "2026-11-23 00:00:00", submittedTo: "2026-11-23 23:59:59" }))
      .totalCount,
    4,
  );

  // Paging: the same order cut into pages.
  const page2 = await list({ skipCount: 2, maxResultCount: 2 });
  assert.equal(page2.totalCount, 6);
  assert.deepEqual(page2.items.map((r) => r.quoteId), all.items.slice(2, 4).map((r) => r.quoteId));
  assert.deepEqual(
    (await list({ sorting: "submittedAt asc", maxResultCount: 1 })).items.map((r) => r.quoteId),
    [aS1Old.quoteId],
  );

  // Bad input is a 400 with the field, not a 500.
  const bad = await call(env, "get", LIST, {
    token: admin,
    lang: "en",
    query: { round: 3, submittedFrom: "yesterday", sorting: "fileName" },
  });
  assert.equal(bad.status, 400);
  // Listing names no file content: no quote-open entry in the audit log.
  const opens = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "QuoteAccess"));
  assert.equal(opens.length, 0);
});

Deno.test("an asset-only buyer sees only asset projects' quotes; without a project permission, or as a supplier, the list is refused", async () => {
  const { env, s1 } = await setUp();
  await using _ = env;
  const asset = await staff(env, "asset.buyer", [
    P.SupplierOfferSearch,
    P.AmsOfferProjectManagerSearch,
  ]);
  const mine = await call(env, "get", LIST, { token: asset.token });
  assert.equal(mine.status, 200);
  assert.equal(mine.json.result.totalCount, 2);
  assert.ok(mine.json.result.items.every((r: Row) => r.projectKind === "asset"));
  assert.ok(!JSON.stringify(mine.json).includes("a-s1"));
  const material = await call(env, "get", LIST, {
    token: asset.token,
    lang: "en",
    query: { kind: "material" },
  });
  assert.equal(material.status, 403);

  const noProjects = await staff(env, "offers.only", [P.SupplierOfferSearch]);
  const refused = await call(env, "get", LIST, { token: noProjects.token, lang: "zh" });
  assert.equal(refused.status, 403);
  assert.ok(refused.json.error.message);

  const noOffers = await staff(env, "projects.only", [P.OfferProjectManagerSearch]);
  assert.equal((await call(env, "get", LIST, { token: noOffers.token })).status, 403);

  assert.equal((await call(env, "get", LIST, { token: s1.token })).status, 403);
  assert.equal((await call(env, "get", LIST)).status, 401);
});
