// Quotes bound to the exact request pack: publishing fixes version 1 (line items, attachments,
// instructions, with a content hash); a revision while quoting is open becomes version 2, tells the
// invited suppliers, marks the quotes made before it "based on version 1" and reopens quoting, with
// at least 24 hours left before the deadline.
import assert from "node:assert/strict";
import { eq, like } from "drizzle-orm";
import { emailOutbox, offerProjectItems, offerProjects } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, NOW, signIn, testEnv } from "../helpers.ts";
import { agree, pdfFile, submitForm, supplierWithLogin } from "./quotes_fixtures.ts";
import { DEADLINE, P, staff } from "../domain/projects_fixtures.ts";
import { dueReminders, sendDueReminders } from "../../server/domain/email/service.ts";

const PM = "/QMO/OfferProjectManager";
const MIN = 60_000;

async function setUp() {
  const env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplierWithLogin(env, "S1");
  const s2 = await supplierWithLogin(env, "S2");
  const drawing = await call(env, "post", "/QMO/FileService/Upload", {
    token: admin,
    body: (() => {
      const f = new FormData();
      f.set("file", pdfFile("drawing v1", "drawing.pdf"));
      return f;
    })(),
  });
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: admin,
    body: {
      name: "HDI laminate",
      kind: "material",
      instructionText: "Quote per sheet, DAP Shenzhen.",
      opiList: [
        { itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "1000" },
        { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "200" },
      ],
      attList: [drawing.json.result.id],
    },
  });
  const p = created.json.result;
  const published = await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: admin,
    body: {
      offProManagerId: p.id,
      offerEndTime: DEADLINE,
      supList: [s1, s2].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
    },
  });
  assert.equal(published.status, 200, JSON.stringify(published.json));
  for (const s of [s1, s2]) await agree(env, s.token, p.id);
  return { env, admin, s1, s2, p: published.json.result, drawingId: drawing.json.result.id };
}

const submitV = (
  env: Awaited<ReturnType<typeof setUp>>["env"],
  token: string,
  offProId: number,
  packVersion: number | undefined,
  text: string,
) => {
  const form = submitForm(offProId, pdfFile(text));
  if (packVersion !== undefined) form.set("packVersion", String(packVersion));
  return call(env, "post", "/QMO/SupplierOffer/Submit", { token, body: form, lang: "en" });
};

Deno.test("a pack change marks older quotes, tells the suppliers and reopens quoting", async () => {
  const { env, admin, s1, s2, p, drawingId } = await setUp();
  await using _ = env;
  assert.equal(p.packVersion, 1, "publishing fixes version 1");
  const seen = await call(env, "get", "/QMO/SupplierOffer/Get", {
    token: s1.token,
    query: { offProId: p.id },
  });
  assert.equal(seen.json.result.packVersion, 1);
  assert.equal(seen.json.result.instructionText, "Quote per sheet, DAP Shenzhen.");
  const v1Hash = seen.json.result.packVersions[0].contentHash;
  assert.match(v1Hash, /^[0-9a-f]{64}$/);

  // Both quote version 1: everyone has quoted, so quoting would end 30 minutes later.
  assert.equal((await submitV(env, s1.token, p.id, 1, "S1 on v1")).json.result.packVersion, 1);
  assert.equal((await submitV(env, s2.token, p.id, undefined, "S2 on v1")).status, 200);
  const [before] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id));
  assert.equal(before.allQuotedAt?.toISOString(), NOW);

  // Ten minutes later the buyer changes the pack: item 1 reworded, item 2 dropped, item 3 added,
  // the drawing removed and the instructions changed.
  env.clock.advance(10 * MIN);
  const [item1, item2] = p.opiList;
  const revised = await call(env, "post", `${PM}/ReviseRequestPack`, {
    token: admin,
    body: {
      offProId: p.id,
      opiList: [
        { ...item1, description: "Tg170, halogen-free" },
        { itemName: "Copper foil 18um", unit: "roll", estimateYearAmount: "50" },
      ],
      attList: [],
      instructionText: "Quote per sheet, DAP Shenzhen. Halogen-free only.",
    },
  });
  assert.equal(revised.status, 200, JSON.stringify(revised.json));
  assert.equal(revised.json.result.revisedTo, 2);
  assert.equal(revised.json.result.packVersion, 2);
  assert.deepEqual(
    revised.json.result.opiList.map((i: { itemName: string }) => i.itemName),
    ["FR-4 1.6mm", "Copper foil 18um"],
  );
  assert.deepEqual(revised.json.result.attList, []);
  const [retired] = await env.db.select().from(offerProjectItems)
    .where(eq(offerProjectItems.id, item2.id));
  assert.ok(retired.removedAt, "the dropped item stays for the quotes that answered it");

  // Every invited supplier is told, in their language, with the version.
  const told = await env.db.select().from(emailOutbox)
    .where(eq(emailOutbox.templateCode, "PACK_REVISED"));
  assert.deepEqual(told.map((m) => m.recipient).sort(), ["s1@example.com", "s2@example.com"]);
  assert.match(told[0].subject, /第 2 版/);

  // Older quotes are marked for the buyer and the supplier.
  const result = await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(result.json.result.project.packVersion, 2);
  assert.deepEqual(
    result.json.result.suppliers.map((s: { code: string; packVersion: number }) => [
      s.code,
      s.packVersion,
    ]),
    [["S1", 1], ["S2", 1]],
  );
  assert.deepEqual(
    result.json.result.packVersions.map((v: { version: number }) => v.version),
    [1, 2],
  );
  assert.equal(result.json.result.packVersions[0].contentHash, v1Hash);
  const history = await call(env, "get", `${PM}/GetQuoteHistory`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.deepEqual(
    history.json.result.items.map((q: { outdated: boolean }) => q.outdated),
    [true, true],
  );
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: s1.token,
    query: { offProId: p.id },
  });
  assert.equal(mine.json.result.items[0].packVersion, 1);
  const portal = await call(env, "get", "/QMO/SupplierOffer/Get", {
    token: s1.token,
    query: { offProId: p.id },
  });
  assert.equal(portal.json.result.packVersion, 2);
  assert.equal(portal.json.result.requestChanged, true);
  const listed = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: s1.token });
  assert.equal(listed.json.result.items[0].requestChanged, true, "shown as needing action");
  assert.equal(portal.json.result.opiList.length, 2);
  assert.equal(portal.json.result.attList.length, 0);
  const drawing = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: s1.token,
    query: { id: drawingId },
  });
  assert.equal(drawing.status, 404, "the removed drawing is gone from the pack");

  // Quoting reopened: past the old early end it is still open, and a quote must answer version 2.
  env.clock.advance(30 * MIN);
  const stale = await submitV(env, s1.token, p.id, 1, "S1 still on v1");
  assert.equal(stale.status, 409);
  assert.match(stale.json.error.message, /changed to version 2/);
  const fresh = await submitV(env, s1.token, p.id, 2, "S1 on v2");
  assert.equal(fresh.status, 200, JSON.stringify(fresh.json));
  assert.equal(fresh.json.result.packVersion, 2);
  assert.equal(fresh.json.result.receipt.packVersion, 2);
  const relisted = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: s1.token });
  assert.equal(relisted.json.result.items[0].requestChanged, false, "answered again");
  let [row] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id));
  assert.equal(row.allQuotedAt, null, "S2's quote answers version 1: not everyone has quoted v2");

  env.clock.advance(60 * MIN);
  const s2Again = await submitV(env, s2.token, p.id, 2, "S2 on v2");
  assert.equal(s2Again.status, 200, "S2 may quote again");
  [row] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, p.id));
  assert.equal(row.allQuotedAt?.getTime(), env.clock.now().getTime(), "now everyone has");
  const afterAll = await call(env, "get", `${PM}/GetQuoteHistory`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.deepEqual(
    afterAll.json.result.items.map((q: { supplierCode: string; packVersion: number }) =>
      `${q.supplierCode} v${q.packVersion}`
    ),
    ["S1 v1", "S2 v1", "S1 v2", "S2 v2"],
  );
});

Deno.test("deadline reminders go again to suppliers whose quote answered an older pack", async () => {
  const { env, admin, s1, s2, p } = await setUp();
  await using _ = env;
  for (const s of [s1, s2]) {
    assert.equal((await submitV(env, s.token, p.id, 1, "on v1")).status, 200);
  }
  const remindAt = () => env.clock.set(new Date(new Date(DEADLINE).getTime() - 23 * 60 * MIN));
  const remindedCodes = async () =>
    (await dueReminders(env)).flatMap((d) => d.suppliers.map((s) => s.code)).sort();

  // Both have quoted version 1; ten minutes later the buyer revises the pack.
  env.clock.advance(10 * MIN);
  const revised = await call(env, "post", `${PM}/ReviseRequestPack`, {
    token: admin,
    body: {
      offProId: p.id,
      opiList: p.opiList,
      attList: [],
      instructionText: "Quote per sheet, DAP Shenzhen. Halogen-free only.",
    },
  });
  assert.equal(revised.status, 200, JSON.stringify(revised.json));

  // The dashboard counts both as yet to quote, and the project is listed as awaiting quotes.
  const pending = async () => {
    const d = await call(env, "get", `${PM}/GetDashboard`, { token: admin });
    const listed = await call(env, "get", `${PM}/GetAll`, {
      token: admin,
      query: { awaitingQuotes: "1" },
    });
    return [d.json.result.suppliersPending.count, listed.json.result.totalCount];
  };
  assert.deepEqual(await pending(), [2, 1]);

  // After the revision both quotes answer version 1: both are reminded 24 hours before the end.
  remindAt();
  assert.deepEqual(await remindedCodes(), ["S1", "S2"]);
  // The schedule writes the reminder for both into the outbox.
  assert.deepEqual(await sendDueReminders(env), { queued: 2 });
  const reminded = await env.db.select().from(emailOutbox)
    .where(like(emailOutbox.eventKey, "reminder:%"));
  assert.deepEqual(reminded.map((m) => m.recipient).sort(), ["s1@example.com", "s2@example.com"]);
  env.clock.set(new Date(new Date(DEADLINE).getTime() - 90 * MIN));
  // S1 answers version 2 and is left out; S2 still gets the reminder.
  assert.equal((await submitV(env, s1.token, p.id, 2, "S1 on v2")).status, 200);
  assert.deepEqual(await remindedCodes(), ["S2"]);
  assert.deepEqual(await pending(), [1, 1]);
  assert.equal((await submitV(env, s2.token, p.id, 2, "S2 on v2")).status, 200);
  assert.deepEqual(await pending(), [0, 0]);
});

Deno.test("a change close to the deadline must leave at least 24 hours; other refusals of a revision", async () => {
  const { env, admin, p } = await setUp();
  await using _ = env;
  const body = (extra: Record<string, unknown> = {}) => ({
    offProId: p.id,
    opiList: p.opiList,
    attList: p.attList.map((a: { id: number }) => a.id),
    instructionText: "Changed instructions",
    ...extra,
  });
  const revise = (extra: Record<string, unknown> = {}, token = admin) =>
    call(env, "post", `${PM}/ReviseRequestPack`, { token, lang: "en", body: body(extra) });

  // Sunday 2026-11-29 20:00 UTC+8: the deadline (Monday 17:00) is 21 hours away.
  env.clock.set("2026-11-29T12:00:00.000Z");
  const tooSoon = await revise();
  assert.equal(tooSoon.status, 400);
  assert.equal(tooSoon.json.error.validationErrors[0].members[0], "offerEndTime");
  assert.match(
    tooSoon.json.error.validationErrors[0].message,
    /at least 24 hours .* 2026-11-30 20:00:00 \(UTC\+8\) or later/,
  );
  const stillSoon = await revise({ offerEndTime: "2026-11-30T11:00:00.000Z" });
  assert.equal(stillSoon.status, 400, "moving it, but not far enough");
  const moved = await revise({ offerEndTime: "2026-12-01T09:00:00.000Z" });
  assert.equal(moved.status, 200, JSON.stringify(moved.json));
  assert.equal(moved.json.result.offerEndTime, "2026-12-01T09:00:00.000Z");

  const same = await revise({ offerEndTime: "2026-12-01T09:00:00.000Z" });
  assert.equal(same.status, 409);
  assert.match(same.json.error.message, /Nothing in the line items, attachments or instructions/);

  const viewer = await staff(env, "viewer", [P.OfferProjectManagerSearch]);
  const noRight = await revise({ instructionText: "x" }, viewer.token);
  assert.equal(noRight.status, 403);

  const draft = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: admin,
    body: { name: "Draft", kind: "material" },
  });
  const unpublished = await call(env, "post", `${PM}/ReviseRequestPack`, {
    token: admin,
    lang: "en",
    body: { offProId: draft.json.result.id, instructionText: "x" },
  });
  assert.equal(unpublished.status, 409);
  assert.match(unpublished.json.error.message, /not published yet/);

  env.clock.set("2026-12-01T09:00:00.000Z");
  const ended = await revise({ instructionText: "too late" });
  assert.equal(ended.status, 409);
  assert.match(ended.json.error.message, /Quoting has ended/);
});

Deno.test("the v1 hash is the SHA-256 of the canonical snapshot kept with it", async () => {
  const { env, p } = await setUp();
  await using _ = env;
  const { offerProjectVersions } = await import("../../db/schema.ts");
  const [v] = await env.db.select().from(offerProjectVersions)
    .where(eq(offerProjectVersions.projectId, p.id));
  const { createHash } = await import("node:crypto");
  assert.equal(v.contentHash, createHash("sha256").update(v.snapshot).digest("hex"));
  const snap = JSON.parse(v.snapshot);
  assert.equal(snap.v, 1);
  assert.equal(snap.instructionText, "Quote per sheet, DAP Shenzhen.");
  assert.deepEqual(snap.items.map((i: { itemName: string }) => i.itemName), [
    "FR-4 1.6mm",
    "Prepreg 1080",
  ]);
  assert.equal(snap.attachments[0].fileName, "drawing.pdf");
  assert.match(snap.attachments[0].sha256, /^[0-9a-f]{64}$/);
  // Keys sorted, no spaces: the canonical form.
  assert.ok(v.snapshot.startsWith('{"attachments":[{"fileName":"drawing.pdf","id":'));
});

Deno.test("a project published before versions were kept gets version 1 as published, then 2", async () => {
  const { env, admin, p } = await setUp();
  await using _ = env;
  const { offerProjectVersions } = await import("../../db/schema.ts");
  // As an older installation left it: published, no version recorded.
  await env.db.delete(offerProjectVersions).where(eq(offerProjectVersions.projectId, p.id));
  await env.db.update(offerProjects).set({ packVersion: null }).where(eq(offerProjects.id, p.id));
  const revised = await call(env, "post", `${PM}/ReviseRequestPack`, {
    token: admin,
    body: {
      offProId: p.id,
      opiList: p.opiList,
      attList: [],
      instructionText: "Quote per sheet, DAP Shenzhen.",
    },
  });
  assert.equal(revised.status, 200, JSON.stringify(revised.json));
  assert.equal(revised.json.result.revisedTo, 2);
  const versions = await env.db.select().from(offerProjectVersions)
    .where(eq(offerProjectVersions.projectId, p.id));
  assert.equal(
    JSON.parse(versions[0].snapshot).attachments.length,
    1,
    "v1 is the pack as published",
  );
  assert.equal(JSON.parse(versions[1].snapshot).attachments.length, 0);
});
