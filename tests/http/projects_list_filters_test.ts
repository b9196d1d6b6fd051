// The project list's filters (Quotation projects page): each filter shape is one statement built
// once and bound with the call's values and the server's clock of the moment.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, NOW, signIn, testEnv } from "../helpers.ts";
import { everything, materialProject, quote, supplier } from "../domain/projects_fixtures.ts";

const DAY = 86_400_000;
const at = (days: number) => new Date(new Date(NOW).getTime() + days * DAY);

Deno.test("the project list filters by text, dates, quotes, closing time and status, at the clock's time", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const a = await materialProject(env, everything(), "Laminates A");
  const b = await materialProject(env, everything(), "Copper foil B");
  const c = await materialProject(env, everything(), "Drill bits C");
  const set = (id: number, values: Partial<typeof offerProjects.$inferInsert>) =>
    env.db.update(offerProjects).set(values).where(eq(offerProjects.id, id));
  await set(a.id, { status: "published", createdAt: at(-3), pubDate: at(-3), offerEndTime: at(2) });
  await set(b.id, { status: "published", createdAt: at(-1), pubDate: at(-1), offerEndTime: at(5) });
  await set(c.id, { createdAt: at(0) });
  const s = await supplier(env, "S1");
  await quote(env, b.id, s.id);

  const names = async (query: Record<string, string | number>) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", { token, query });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const items = r.json.result.items as { name: string }[];
    assert.equal(r.json.result.totalCount, items.length);
    return items.map((p) => p.name.split(" ").pop()).sort().join("");
  };
  const iso = (d: Date) => d.toISOString();

  assert.equal(await names({ name: "foil" }), "B");
  assert.equal(await names({ name: "drill" }), "C", "the same filter, bound anew");
  assert.equal(await names({ name: "%" }), "", "a wildcard is taken literally");
  assert.equal(await names({ code: a.code.slice(-6) }), "A");
  assert.equal(await names({ createdFrom: iso(at(-2)) }), "BC");
  assert.equal(await names({ createdTo: iso(at(-2)) }), "A");
  assert.equal(await names({ pubDateFrom: iso(at(-2)), pubDateTo: iso(at(0)) }), "B");
  assert.equal(await names({ offerEndTimeFrom: iso(at(1)), offerEndTimeTo: iso(at(3)) }), "A");
  assert.equal(await names({ quotedFrom: iso(at(-0.5)) }), "B");
  assert.equal(await names({ quotedFrom: iso(at(0.5)) }), "");
  assert.equal(await names({ closingTo: iso(at(3)) }), "A");
  assert.equal(await names({ closingFrom: iso(at(3)) }), "B");
  assert.equal(await names({ status: "published" }), "A");
  assert.equal(await names({ status: "inQuotation" }), "B");
  assert.equal(await names({ status: "unpublished" }), "C");
  assert.equal(await names({ status: "ended" }), "");
  assert.equal(await names({ open: "1" }), "AB");

  // Three days on, A's deadline has passed: the same statements judge it at the new time.
  env.clock.set(at(3));
  assert.equal(await names({ status: "ended" }), "A");
  assert.equal(await names({ status: "published" }), "");
  assert.equal(await names({ open: "1" }), "B");
  assert.equal(await names({ closingFrom: iso(at(3)) }), "B");
});

Deno.test("a time range that ends before it starts is refused with its reason, for the list and its export", async () => {
  await using env = await testEnv();
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const reversed = { CreatedFrom: "2026-11-20T00:00:00Z", CreatedTo: "2026-11-10T00:00:00Z" };
  for (const path of ["GetAll", "GetExportList"]) {
    const en = await call(env, "get", `/QMO/OfferProjectManager/${path}`, {
      token,
      lang: "en",
      query: reversed,
    });
    assert.equal(en.status, 400, path);
    assert.deepEqual(en.json.error.validationErrors, [{
      message: "Created to is before the start of its range: choose an end on or after the start",
      members: ["createdTo"],
    }]);
    const zh = await call(env, "get", `/QMO/OfferProjectManager/${path}`, {
      token,
      lang: "zh",
      query: { OfferEndTimeFrom: "2026-11-20", OfferEndTimeTo: "2026-11-19" },
    });
    assert.equal(
      zh.json.error.validationErrors[0].message,
      "截止时间止早于范围的开始：结束时间不能早于开始时间",
    );
  }
  // The same day as start and end is a range of its own.
  const sameDay = await call(env, "get", "/QMO/OfferProjectManager/GetAll", {
    token,
    query: { CreatedFrom: "2026-11-20T00:00:00Z", CreatedTo: "2026-11-20T00:00:00Z" },
  });
  assert.equal(sameDay.status, 200);
});
