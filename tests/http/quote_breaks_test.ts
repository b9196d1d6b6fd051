// Quantity breaks, MOQ, packing multiple, validity and alternatives through the API: bad breaks and
// a validity ending before the deadline are refused naming the field with nothing saved; the
// matrix prices at the planned quantity; an alternative stays apart until the buyer accepts it,
// which is audit-logged and ranks it.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLogs, quoteLines, quotes } from "../../db/schema.ts";
import { pdfFile } from "./quotes_fixtures.ts";
import { call, signIn, testEnv } from "../helpers.ts";
import { breaksProject, line, quoteWith } from "./quote_breaks_fixtures.ts";

const breaks = [
  { fromQty: "100", unitPrice: "10" },
  { fromQty: "500", unitPrice: "9.5" },
];

Deno.test("overlapping or descending quantity breaks are refused naming the field; nothing is saved", async () => {
  await using env = await testEnv();
  const { s1, project, a, b } = await breaksProject(env);
  const refused = async (lines: unknown[], member: string, text: RegExp) => {
    const r = await quoteWith(env, s1.token, project.id, lines);
    assert.equal(r.status, 400, JSON.stringify(r.json));
    const errs = r.json.error.validationErrors as { message: string; members: string[] }[];
    assert.ok(errs.some((e) => e.members.includes(member) && text.test(e.message)), r.json);
  };
  await refused(
    [
      line(a, "10", { moq: "100", breaks: [...breaks, { fromQty: "500", unitPrice: "9" }] }),
      line(b, "5"),
    ],
    "lines.0.breaks",
    /FR-4 laminate: quantity break 3 repeats the from-quantity 500/,
  );
  await refused(
    [line(a, "10", { moq: "100", breaks: [breaks[1], breaks[0]] }), line(b, "5")],
    "lines.0.breaks",
    /quantities must rise/,
  );
  await refused(
    [line(a, "10"), line(b, "5", { moq: "0" })],
    "lines.1.moq",
    /Prepreg 1080: the minimum order quantity must be a number above 0/,
  );
  const saved = await env.db.select().from(quotes).where(eq(quotes.projectId, project.id));
  assert.equal(saved.length, 0);
});

Deno.test("a validity ending before the quoting deadline is refused; on the deadline's day it is taken", async () => {
  await using env = await testEnv();
  const { s1, project, a, b } = await breaksProject(env);
  const r = await quoteWith(env, s1.token, project.id, [
    line(a, "10", { validUntil: "2026-11-26" }),
    line(b, "5"),
  ]);
  assert.equal(r.status, 400);
  assert.deepEqual(r.json.error.validationErrors[0].members, ["lines.0.validUntil"]);
  assert.match(
    r.json.error.validationErrors[0].message,
    /until the quoting deadline \(2026-11-27\)/,
  );
  assert.equal(
    (await env.db.select().from(quotes).where(eq(quotes.projectId, project.id))).length,
    0,
  );
  const ok = await quoteWith(env, s1.token, project.id, [
    line(a, "10", { validUntil: "2026-11-27" }),
    line(b, "5"),
  ]);
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
});

Deno.test("the matrix prices breaks at the planned quantity; an alternative counts once accepted, with its reason logged", async () => {
  await using env = await testEnv();
  const { buyer, s1, s2, project, a, b } = await breaksProject(env);
  const sent = await quoteWith(env, s1.token, project.id, [
    line(a, "10", { moq: "100", packMultiple: "20", breaks, validUntil: "2026-12-31" }),
    line(b, "5"),
    line(a, "1.2", {
      currency: "USD",
      alternative: true,
      altBrand: "Kingboard",
      altGrade: "KB-6160",
      altSpec: "FR-4, Tg 135, 1.6 mm",
    }),
  ]);
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  assert.equal(
    (await quoteWith(env, s2.token, project.id, [line(a, "9.3"), line(b, "5")])).status,
    200,
  );
  // The supplier's form starts from what it sent, breaks and alternative included.
  const form = await call(env, "get", "/QMO/SupplierOffer/GetQuoteForm", {
    token: s1.token,
    query: { offProId: project.id },
  });
  assert.deepEqual(form.json.result.lines[0].breaks, breaks);
  assert.equal(form.json.result.lines[2].altBrand, "Kingboard");
  assert.equal(form.json.result.deadlineDay, "2026-11-27");

  env.clock.set("2026-11-27T10:00:00.000Z"); // quoting has ended
  buyer.token = await signIn(env, "buyer1", buyer.password);
  const matrix = async () => {
    const r = await call(env, "get", "/QMO/OfferProjectManager/GetComparisonMatrix", {
      token: buyer.token,
      query: { offProId: project.id },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.result;
  };
  let m = await matrix();
  const cell = m.rows[0].cells[0];
  // 481 planned → packs of 20 → 500, the 500 break at 9.5: 4,750.
  assert.deepEqual([cell.quantity, cell.breakFromQty, cell.cny, cell.amount], [
    "500",
    "500",
    "9.5000",
    "4750.00",
  ]);
  // The alternative: 1.2 USD × 7.2 = 8.64 CNY, 481 × 8.64 = 4,155.84, not yet counted.
  const alt = m.rows[0].alternatives[0];
  assert.deepEqual([alt.accepted, alt.cny, alt.amount, alt.line.altBrand], [
    false,
    "8.6400",
    "4155.84",
    "Kingboard",
  ]);
  assert.deepEqual(m.suppliers.map((s: { total: string; rank: number }) => [s.total, s.rank]), [
    ["5250.00", 2],
    ["4973.30", 1],
  ]);

  const accept = (body: Record<string, unknown>) =>
    call(env, "post", "/QMO/OfferProjectManager/AcceptAlternative", {
      token: buyer.token,
      lang: "en",
      body: { offProId: project.id, supplierId: s1.supplier.id, itemId: a, ...body },
    });
  const noReason = await accept({ reason: " " });
  assert.equal(noReason.status, 400);
  assert.equal(noReason.json.error.validationErrors[0].members[0], "reason");
  const none = await accept({ itemId: b, reason: "Same laminate" });
  assert.equal(none.status, 400);
  assert.match(none.json.error.validationErrors[0].message, /S1 offers no alternative/);
  const award = () =>
    call(env, "post", "/QMO/OfferProjectManager/AwardOfferProject", {
      token: buyer.token,
      lang: "en",
      body: {
        offProId: project.id,
        scope: "lines",
        lines: [
          { itemId: a, supplierId: s1.supplier.id, alternative: true },
          { itemId: b, supplierId: s2.supplier.id },
        ],
        reason: "Kingboard laminate, second source for prepreg",
      },
    });
  const early = await award();
  assert.equal(early.status, 400);
  assert.deepEqual(early.json.error.validationErrors[0].members, ["lines.0.alternative"]);
  const ok = await accept({ reason: "Same laminate from an approved mill" });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  m = await matrix();
  assert.equal(m.rows[0].alternatives[0].accepted, true);
  assert.equal(m.rows[0].alternatives[0].lowest, true);
  // S1: 4,155.84 + 500 = 4,655.84, now the lowest.
  assert.deepEqual(m.suppliers.map((s: { total: string; rank: number }) => [s.total, s.rank]), [
    ["4655.84", 1],
    ["4973.30", 2],
  ]);
  // An accepted alternative can be awarded.
  const awarded = await award();
  assert.equal(awarded.status, 200, JSON.stringify(awarded.json));
  // Its amount is the alternative's: 4,155.84 + S2's prepreg 500.
  assert.equal(awarded.json.result.proposal.amountCny, "4655.84");
  m = await matrix();
  assert.deepEqual([m.rows[0].alternatives[0].awarded, m.rows[0].cells[0].awarded], [true, false]);
  const logged = await env.db.select().from(auditLogs)
    .where(eq(auditLogs.serviceName, "AlternativeTrail"));
  assert.equal(logged.length, 1);
  assert.match(logged[0].parameters ?? "", /Same laminate from an approved mill/);

  assert.equal(
    (await accept({ accept: false, reason: "Mill not approved after all" })).status,
    200,
  );
  m = await matrix();
  assert.equal(m.rows[0].alternatives[0].accepted, false);
  assert.equal(m.suppliers[0].rank, 2);
});

Deno.test("an alternative's datasheet is uploaded as any file and named on the line; another supplier can neither name nor read it", async () => {
  await using env = await testEnv();
  const { s1, s2, project, a, b } = await breaksProject(env);
  const form = new FormData();
  form.set("offProId", String(project.id));
  form.set("file", pdfFile("Kingboard KB-6160 datasheet", "KB-6160.pdf"));
  const up = await call(env, "post", "/QMO/SupplierOffer/UploadDatasheet", {
    token: s1.token,
    body: form,
  });
  assert.equal(up.status, 200, JSON.stringify(up.json));
  assert.equal(up.json.result.purpose, "datasheet");
  const sheetId = up.json.result.id;
  const alt = line(a, "8", {
    alternative: true,
    altBrand: "Kingboard",
    altDatasheetFileId: sheetId,
  });
  const theirs = await quoteWith(env, s2.token, project.id, [line(a, "9"), line(b, "5"), alt]);
  assert.equal(theirs.status, 400);
  assert.deepEqual(theirs.json.error.validationErrors[0].members, ["lines.2.altDatasheetFileId"]);
  const read = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: s2.token,
    query: { id: sheetId },
  });
  assert.equal(read.status, 404);
  const mine = await quoteWith(env, s1.token, project.id, [line(a, "9"), line(b, "5"), alt]);
  assert.equal(mine.status, 200, JSON.stringify(mine.json));
  const stored = await env.db.select().from(quoteLines).where(eq(quoteLines.alternative, true));
  assert.deepEqual(stored.map((l) => [l.altBrand, l.altDatasheetFileId]), [["Kingboard", sheetId]]);
});
