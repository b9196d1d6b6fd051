// The project list keeps its recent pages (count and projects as read), and a project's pages what
// they show as read, until a project or anything shown with it changes, in this instance or
// another, or (for the list) the clock reaches the next instant at which some project's status
// changes by itself (a deadline, an early close, a round's start or end). Whatever depends on the
// time is decided at each request.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import {
  awards,
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  offerRounds,
  suppliers,
  users,
} from "../../db/schema.ts";
import { openDatabase } from "../../db/client.ts";
import { ADMIN_PASSWORD, call, NOW, signIn, type TestEnv, testEnv } from "../helpers.ts";
import {
  assetProject,
  everything,
  materialProject,
  P,
  quote,
  staff,
  supplier,
} from "../domain/projects_fixtures.ts";

const DAY = 86_400_000;
const at = (days: number, ms = 0) => new Date(new Date(NOW).getTime() + days * DAY + ms);
const HALF_HOUR = 30 * 60_000;

async function twoPublished(env: TestEnv) {
  const a = await materialProject(env, everything(), "Laminates A");
  const b = await materialProject(env, everything(), "Copper foil B");
  for (const [p, days] of [[a, 2], [b, 5]] as const) {
    await env.db.update(offerProjects)
      .set({ status: "published", pubDate: at(-1), offerEndTime: at(days) })
      .where(eq(offerProjects.id, p.id));
  }
  return { a, b };
}

function lister(env: TestEnv, token: string) {
  /** The names' last letters of the list's rows with `status` (and `name`), then its count. */
  return async (status: string, name?: string) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", {
      token,
      query: { status, MaxResultCount: 20, Sorting: "offerEndTime asc", ...name ? { name } : {} },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const items = r.json.result.items as { name: string; status: string }[];
    for (const p of items) assert.equal(p.status, status, `${p.name} is shown as ${status}`);
    return `${items.map((p) => p.name.split(" ").pop()).join("")}/${r.json.result.totalCount}`;
  };
}

Deno.test("the project list follows the clock to the millisecond and every change, also another instance's", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const { a, b } = await twoPublished(env);
  const list = lister(env, token);

  assert.equal(await list("published"), "AB/2");
  assert.equal(await list("published"), "AB/2", "asked again");
  // A's deadline: the instant before it A is still open, at the instant it has ended.
  env.clock.set(at(2, -1));
  assert.equal(await list("published"), "AB/2");
  assert.equal(await list("ended"), "/0");
  env.clock.set(at(2));
  assert.equal(await list("published"), "B/1");
  assert.equal(await list("ended"), "A/1");
  // A clock set back (as an operator may) is judged afresh too.
  env.clock.set(at(1));
  assert.equal(await list("published"), "AB/2");

  // A quote moves B into the quotation.
  const s = await supplier(env, "S1");
  await quote(env, b.id, s.id);
  assert.equal(await list("published"), "A/1");
  assert.equal(await list("inQuotation"), "B/1");

  // Every invited supplier has quoted: quoting closes 30 minutes later, by the clock alone.
  await env.db.update(offerProjects).set({ allQuotedAt: at(1) }).where(eq(offerProjects.id, b.id));
  env.clock.set(at(1, HALF_HOUR - 1));
  assert.equal(await list("inQuotation"), "B/1");
  env.clock.set(at(1, HALF_HOUR));
  assert.equal(await list("inQuotation"), "/0");
  assert.equal(await list("ended"), "B/1");

  // An optimisation round on the ended B, opening later: B is back in the quotation while it runs.
  await env.db.insert(offerRounds).values({
    projectId: b.id,
    round: 1,
    openedAt: at(1, DAY / 4),
    endTime: at(1, DAY / 2),
  });
  assert.equal(await list("ended"), "B/1");
  env.clock.set(at(1, DAY / 4));
  assert.equal(await list("ended"), "/0");
  assert.equal(await list("inQuotation"), "B/1");
  env.clock.set(at(1, DAY / 2));
  assert.equal(await list("inQuotation"), "/0");
  assert.equal(await list("ended"), "B/1");

  // Another server process on the same database file closes A.
  const other = await openDatabase(env.config.databaseUrl);
  try {
    assert.equal(await list("published"), "A/1");
    await other.db.update(offerProjects).set({ status: "closed" })
      .where(eq(offerProjects.id, a.id));
    assert.equal(await list("published"), "/0");
    assert.equal(await list("closed"), "A/1");
    await other.db.delete(offerProjects).where(eq(offerProjects.id, a.id));
    assert.equal(await list("closed"), "/0");
  } finally {
    other.close();
  }
});

Deno.test("the list and the result page show what the project's own page shows, all through each window of the clock", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const p = await assetProject(env, everything(), "Sealed driller");
  const s = await supplier(env, "S1");
  await env.db.insert(offerProjectSuppliers).values({
    projectId: p.id,
    supplierId: s.id,
    invitedAt: at(-1),
  });
  await env.db.update(offerProjects)
    .set({ status: "published", pubDate: at(-1), offerEndTime: at(2), sealedQuotes: true })
    .where(eq(offerProjects.id, p.id));
  const row = async () => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", {
      token,
      query: { name: "Sealed driller", MaxResultCount: 20 },
    });
    return r.json.result.items[0] as Record<string, unknown>;
  };
  const own = async () =>
    (await call(env, "get", "/QMO/OfferProjectManager/GetOfferProjectManagerData", {
      token,
      query: { offProId: p.id },
    })).json.result as Record<string, unknown>;
  const result = async () =>
    (await call(env, "get", "/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult", {
      token,
      query: { offProId: p.id },
    })).json.result;
  /**
   * The list and the result page asked first at `from`, then at `to` in the same window: what they
   * show of the project is what its own page shows at `to`.
   */
  const sameThrough = async (from: Date, to: Date, what: string) => {
    env.clock.set(from);
    await row();
    await result();
    env.clock.set(to);
    const [listed, resulted, page] = [await row(), await result(), await own()];
    for (const [k, v] of Object.entries(listed)) {
      assert.deepEqual(v, page[k], `${what}: ${k}`);
      assert.deepEqual(resulted.project[k], page[k], `${what}: the result page's ${k}`);
    }
    const rounds = (resulted.rounds as { round: number; isOpen: boolean; sealed: boolean }[])
      .map((r) => ` round ${r.round} open=${r.isOpen} sealed=${r.sealed}`).join("");
    const quotes = (resulted.suppliers as { attId: unknown }[]).map((x) => ` file=${!!x.attId}`);
    return { ...listed, more: rounds + quotes.join("") };
  };
  const seen: string[] = [];
  const note = (r: Record<string, unknown>) =>
    seen.push(`${r.status} sealed=${r.sealed} round=${r.currentRound} ${r.actions}${r.more}`);
  note(await sameThrough(at(0), at(2, -1), "before the deadline"));
  await quote(env, p.id, s.id);
  note(await sameThrough(at(1), at(2, -1), "quoted, before the deadline"));
  note(await sameThrough(at(2), at(3), "after the deadline"));
  await env.db.insert(offerRounds).values({
    projectId: p.id,
    round: 1,
    openedAt: at(4),
    endTime: at(5),
  });
  note(await sameThrough(at(3), at(4, -1), "a round to come"));
  note(await sameThrough(at(4), at(5, -1), "in the round"));
  note(await sameThrough(at(5), at(6), "after the round"));
  assert.deepEqual(seen, [
    "published sealed=true round=null publish,end,close file=false",
    "inQuotation sealed=true round=null publish,end,close file=false",
    "ended sealed=false round=null close,openRound file=true",
    "ended sealed=false round=null close round 1 open=false sealed=true file=true",
    "inQuotation sealed=false round=1 close round 1 open=true sealed=true file=true",
    "ended sealed=false round=null close,openRound round 1 open=false sealed=false file=true",
  ]);
});

Deno.test("what the list shows beside a project follows its changes: award, category and creator names", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const { b } = await twoPublished(env);
  const s = await supplier(env, "S1");
  const shown = async () => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", {
      token,
      query: { name: "foil", MaxResultCount: 20 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const [p] = r.json.result.items;
    return [p.award, p.categoryName, p.creatorName];
  };
  const [type] = await env.db.insert(offerProjectTypes).values({
    name: "Laminates",
    createdAt: at(0),
  })
    .returning();
  await env.db.update(offerProjects).set({ typeId: type.id }).where(eq(offerProjects.id, b.id));
  const [, category, creator] = await shown();
  assert.equal(category, type.name);
  assert.ok(creator);
  const [award] = await env.db.insert(awards).values({
    projectId: b.id,
    scope: "project",
    supplierId: s.id,
    reason: "lowest",
    awardedAt: at(0),
  }).returning();
  assert.deepEqual(await shown(), [s.abbrName, category, creator]);
  await env.db.update(suppliers).set({ abbrName: "Renamed" }).where(eq(suppliers.id, s.id));
  assert.deepEqual(await shown(), ["Renamed", category, creator]);
  await env.db.update(offerProjectTypes).set({ name: "Copper" })
    .where(eq(offerProjectTypes.id, type.id));
  assert.deepEqual(await shown(), ["Renamed", "Copper", creator]);
  await env.db.update(users).set({ name: "Buyer Renamed" })
    .where(eq(users.id, Number(b.creatorId)));
  assert.deepEqual(await shown(), ["Renamed", "Copper", "Buyer Renamed"]);
  await env.db.update(awards).set({ supersededAt: at(0) }).where(eq(awards.id, award.id));
  assert.deepEqual(await shown(), [null, "Copper", "Buyer Renamed"]);
});

Deno.test("a project's result page follows the clock and every change, also another instance's", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const token = await signIn(env, "admin", ADMIN_PASSWORD);
  const { a } = await twoPublished(env);
  await env.db.update(offerProjects).set({ sealedQuotes: true }).where(eq(offerProjects.id, a.id));
  const s = await supplier(env, "S1");
  await env.db.insert(offerProjectSuppliers).values({
    projectId: a.id,
    supplierId: s.id,
    invitedAt: at(-1),
  });
  const resultPage = () =>
    call(env, "get", "/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult", {
      token,
      query: { offProId: a.id },
    });
  const result = async () => {
    const r = await resultPage();
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const { project, suppliers: [one], opiList } = r.json.result;
    return {
      status: project.status,
      isOffer: one.isOffer,
      attId: one.attId,
      name: one.abbrName,
      items: opiList.length,
    };
  };
  assert.deepEqual(await result(), {
    status: "published",
    isOffer: false,
    attId: null,
    name: s.abbrName,
    items: 1,
  });
  const fileId = await quote(env, a.id, s.id);
  assert.deepEqual(await result(), {
    status: "inQuotation",
    isOffer: true,
    attId: null,
    name: s.abbrName,
    items: 1,
  });
  // Its only invited supplier has quoted: quoting closes 30 minutes later and the sealed quote
  // opens at that instant, by the clock alone.
  env.clock.set(at(0, HALF_HOUR - 1));
  assert.equal((await result()).attId, null);
  env.clock.set(at(0, HALF_HOUR));
  assert.deepEqual(await result(), {
    status: "ended",
    isOffer: true,
    attId: fileId,
    name: s.abbrName,
    items: 1,
  });

  const other = await openDatabase(env.config.databaseUrl);
  try {
    await other.db.update(suppliers).set({ abbrName: "Renamed" }).where(eq(suppliers.id, s.id));
    assert.equal((await result()).name, "Renamed");
    await other.db.insert(offerProjectItems).values({ projectId: a.id, itemName: "Copper foil" });
    assert.equal((await result()).items, 2);
    await other.db.delete(offerProjects).where(eq(offerProjects.id, a.id));
    assert.equal((await resultPage()).status, 404);
  } finally {
    other.close();
  }
});

Deno.test("the same query text from users who see different kinds of project: each their own list", async () => {
  await using env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const buyer = await staff(env, "mat_buyer", [P.OfferProjectManagerSearch]);
  const ams = await staff(env, "asset_buyer", [P.AmsOfferProjectManagerSearch]);
  await materialProject(env, everything(), "Copper foil");
  await assetProject(env, everything(), "Drilling machine");
  const query = { status: "unpublished", MaxResultCount: 20, Sorting: "offerEndTime asc" };
  const names = async (token: string) => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetAll", { token, query });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result.items.map((p: { name: string; kind: string }) => `${p.kind} ${p.name}`);
  };
  // Each twice, in turns: the second of each is answered from what the first kept.
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(await names(buyer.token), ["material Copper foil"]);
    assert.deepEqual(await names(ams.token), ["asset Drilling machine"]);
  }
});
