// Sealed quotes: until quoting ends a buyer sees who quoted and when, and nothing of what: every
// staff route of the API is tried with the quote's ids before the end (no file, name, hash or price
// comes back; the download answers a localised 403), then the same quote opens after the end and
// each open is written to the audit log.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { auditLogs, offerProjects } from "../../db/schema.ts";
import { allRoutes } from "../../server/http/routes/index.ts";
import { audienceOf } from "../../server/http/route.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { agree, supplierWithLogin } from "./quotes_fixtures.ts";
import { DEADLINE } from "../domain/projects_fixtures.ts";

const PM = "/QMO/OfferProjectManager";
const PRICE = "7345.678901";
const MARK = "SEALED-PRICE-7345.678901";
const FILE_NAME = "sealed-offer-S1.pdf";

const assetBody = (extra: Record<string, unknown> = {}) => ({
  name: "Laser drilling machine",
  kind: "asset",
  demandCode: "REQ-9",
  equipmentName: "UV laser driller",
  offerItemType: "tendering",
  estimatedAmount: "900000",
  opiList: [{ itemName: "UV laser driller", unit: "unit", estimateYearAmount: "2" }],
  ...extra,
});

async function setUp() {
  // Tokens outlive the week to the deadline.
  const env = await testEnv({ env: { TOKEN_TTL_HOURS: "720" } });
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s1 = await supplierWithLogin(env, "S1");
  const s2 = await supplierWithLogin(env, "S2");
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: admin,
    body: assetBody(),
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
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
  await agree(env, s1.token, p.id);
  const bytes = new TextEncoder().encode(`%PDF-1.4\n% ${MARK}\n%%EOF\n`);
  const form = new FormData();
  form.set("offProId", String(p.id));
  form.set("round", "0");
  form.set("file", new File([bytes], FILE_NAME));
  form.set(
    "lines",
    JSON.stringify([{
      itemId: p.opiList[0].id,
      unitPrice: PRICE,
      taxRate: "13",
      currency: "CNY",
      tradeTerms: "DDP",
      paymentMethod: "TT",
      paymentTermDays: 60,
      leadTimeDays: 30,
      validUntil: "2026-12-31",
    }]),
  );
  const submitted = await call(env, "post", "/QMO/SupplierOffer/Submit", {
    token: s1.token,
    body: form,
  });
  assert.equal(submitted.status, 200, JSON.stringify(submitted.json));
  const sha = createHash("sha256").update(bytes).digest("hex");
  return { env, admin, s1, s2, p, quote: submitted.json.result, bytes, sha };
}

/** Every staff route that reads, called with the project's, the quote's and the file's ids. */
async function sweep(
  env: Awaited<ReturnType<typeof setUp>>["env"],
  token: string,
  ids: { projectId: number; fileId: number; quoteId: number },
) {
  const answers: { path: string; status: number; text: string }[] = [];
  for (const route of allRoutes) {
    if (route.method !== "get" || route.access === "public") continue;
    if (audienceOf(route) === "supplier") continue;
    // A GET that ends quoting would open the seal itself (the one route that writes).
    if (route.path.endsWith("/EndOfferProject")) continue;
    const r = await call(env, "get", route.path, {
      token,
      lang: "en",
      query: {
        offProId: ids.projectId,
        offerProManId: ids.projectId,
        projectId: ids.projectId,
        id: ids.fileId,
        fileId: ids.fileId,
        quoteId: ids.quoteId,
      },
    });
    const text = r.json === undefined
      ? new TextDecoder("latin1").decode(new Uint8Array(await r.res.arrayBuffer()))
      : JSON.stringify(r.json);
    answers.push({ path: route.path, status: r.status, text });
  }
  return answers;
}

Deno.test("a sealed quote cannot be read by any route before the end; after it, it opens and each open is audited", async () => {
  const { env, admin, p, quote, bytes, sha } = await setUp();
  await using _ = env;
  assert.equal(p.sealedQuotes, true, "tendering is sealed by default");

  // Before the end: who quoted and when, nothing of what.
  const answers = await sweep(env, admin, {
    projectId: p.id,
    fileId: quote.fileId,
    quoteId: quote.id,
  });
  assert.ok(answers.length > 20, "the sweep reached the staff routes");
  for (const a of answers) {
    for (const secret of [MARK, PRICE, FILE_NAME, sha]) {
      assert.ok(!a.text.includes(secret), `${a.path} (${a.status}) revealed ${secret}`);
    }
  }
  const download = answers.find((a) => a.path.endsWith("/FileService/GetFileStream"))!;
  assert.equal(download.status, 403);
  assert.match(download.text, /sealed until quoting ends \(2026-11-30 17:00:00, UTC\+8\)/);
  const zh = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: admin,
    lang: "zh",
    query: { id: quote.fileId },
  });
  assert.equal(zh.status, 403);
  assert.match(zh.json.error.message, /密封报价/);

  const result = await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
    token: admin,
    query: { offProId: p.id },
  });
  const s1Row = result.json.result.suppliers.find((s: { code: string }) => s.code === "S1");
  assert.equal(result.json.result.project.sealed, true);
  assert.equal(s1Row.isOffer, true, "who quoted is shown");
  assert.equal(new Date(s1Row.offerTime).toISOString(), "2026-11-23T02:00:00.000Z", "and when");
  assert.equal(s1Row.attId, null, "but not the file");
  const history = await call(env, "get", `${PM}/GetQuoteHistory`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.deepEqual(
    history.json.result.items.map((q: { supplierCode: string; sealed: boolean }) => [
      q.supplierCode,
      q.sealed,
    ]),
    [["S1", true]],
  );
  const opened = () =>
    env.db.select().from(auditLogs).where(and(
      eq(auditLogs.serviceName, "QuoteAccess"),
      eq(auditLogs.path, `quotes/${quote.id}`),
    ));
  assert.equal((await opened()).length, 0, "nothing was opened");

  // After the deadline (no job has recorded the end yet): the same quote opens.
  env.clock.set(DEADLINE);
  const after = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: admin,
    query: { id: quote.fileId },
  });
  assert.equal(after.status, 200);
  assert.deepEqual(new Uint8Array(await after.res.arrayBuffer()), bytes);
  const afterResult = await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(afterResult.json.result.project.sealed, false);
  assert.equal(
    afterResult.json.result.suppliers.find((s: { code: string }) => s.code === "S1").attId,
    quote.fileId,
  );
  const afterHistory = await call(env, "get", `${PM}/GetQuoteHistory`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(afterHistory.json.result.items[0].fileName, FILE_NAME);
  assert.equal(afterHistory.json.result.items[0].sha256, sha);

  const matrix = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(matrix.status, 200);
  assert.ok(JSON.stringify(matrix.json).includes(PRICE), "the prices show once quoting is over");

  const log = await opened();
  assert.deepEqual(
    log.map((l) => l.methodName),
    ["OpenQuoteFile", "ViewQuote"],
    "the download and the matrix view were written to the audit log",
  );
  assert.equal(log[0].userName, "admin");
  assert.equal(log[0].methodName, "OpenQuoteFile");
  assert.equal(log[0].executionTime.toISOString(), DEADLINE);
  const params = JSON.parse(log[0].parameters!);
  assert.equal(params.projectCode, p.code);
  assert.equal(params.supplierCode, "S1");
  assert.equal(params.sealedProject, true);
});

Deno.test("sealed is on by default for tendering only, chosen per project, and fixed once published", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const create = async (body: Record<string, unknown>) =>
    (await call(env, "post", `${PM}/CreateOfferProjectManagerData`, { token: admin, body })).json
      .result;
  assert.equal((await create(assetBody())).sealedQuotes, true);
  assert.equal((await create(assetBody({ offerItemType: "comparePrices" }))).sealedQuotes, false);
  assert.equal((await create({ name: "Copper foil", kind: "material" })).sealedQuotes, false);
  const chosen = await create({ name: "Copper foil", kind: "material", sealedQuotes: true });
  assert.equal(chosen.sealedQuotes, true);
  const off = await create(assetBody({ sealedQuotes: false }));
  assert.equal(off.sealedQuotes, false, "a buyer may open a tender");

  // Edited while unpublished: kept when left out, changed when given.
  const edited = await call(env, "post", `${PM}/UpdateOfferProjectManagerData`, {
    token: admin,
    body: { id: chosen.id, name: "Copper foil 18um", kind: "material" },
  });
  assert.equal(edited.json.result.sealedQuotes, true);
  const opened = await call(env, "post", `${PM}/UpdateOfferProjectManagerData`, {
    token: admin,
    body: { id: chosen.id, name: "Copper foil 18um", kind: "material", sealedQuotes: false },
  });
  assert.equal(opened.json.result.sealedQuotes, false);

  // Once published, the setting cannot change: the edit itself is refused.
  const tender = await create(assetBody());
  const s1 = await supplierWithLogin(env, "S1");
  const published = await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: admin,
    body: { offProManagerId: tender.id, offerEndTime: DEADLINE, supList: [{ id: s1.supplier.id }] },
  });
  assert.equal(published.status, 200);
  const unseal = await call(env, "post", `${PM}/UpdateOfferProjectManagerData`, {
    token: admin,
    body: { id: tender.id, ...assetBody({ sealedQuotes: false }) },
  });
  assert.equal(unseal.status, 409);
  const [row] = await env.db.select().from(offerProjects).where(eq(offerProjects.id, tender.id));
  assert.equal(row.sealedQuotes, true);
});

Deno.test("closing a sealed project opens its quotes, and the open is audited", async () => {
  const { env, admin, p, quote } = await setUp();
  await using _ = env;
  // Closing a sealed project also opens its quotes.
  const closed = await call(env, "post", `${PM}/CreateOfferProjectCloses`, {
    token: admin,
    body: { offProId: p.id, closeReason: "Demand cancelled" },
  });
  assert.equal(closed.status, 200);
  const r = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: admin,
    query: { id: quote.fileId },
  });
  assert.equal(r.status, 200);
  await r.res.arrayBuffer();
  const log = await env.db.select().from(auditLogs).where(eq(auditLogs.serviceName, "QuoteAccess"));
  assert.equal(log.length, 1);
});

Deno.test("an optimisation round's quotes stay sealed until that round ends, the first quotes do not", async () => {
  const { env, admin, s1, p, quote } = await setUp();
  await using _ = env;
  const ended = await call(env, "get", `${PM}/EndOfferProject`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(ended.status, 200);
  const opened = await call(env, "post", `${PM}/OpenOptimizeRound`, {
    token: admin,
    body: { offProId: p.id, round: 1, endTime: "2026-11-25T09:00:00.000Z" },
  });
  assert.equal(opened.status, 200, JSON.stringify(opened.json));
  const form = new FormData();
  form.set("offProId", String(p.id));
  form.set("round", "1");
  form.set("file", new File(["%PDF-1.4\n% ROUND-ONE 6.5\n%%EOF\n"], "round1.pdf"));
  const r1 = await call(env, "post", "/QMO/SupplierOffer/Submit", { token: s1.token, body: form });
  assert.equal(r1.status, 200, JSON.stringify(r1.json));

  const result = async () =>
    (await call(env, "get", `${PM}/GetSupplierOfferProjectManagerResult`, {
      token: admin,
      query: { offProId: p.id },
    })).json.result;
  let row = (await result()).suppliers.find((s: { code: string }) => s.code === "S1");
  assert.equal(row.attId, quote.fileId, "the first quotes opened when quoting ended");
  assert.equal(row.attId1, null, "the round's quote is sealed while the round is open");
  assert.ok(row.offerTime1, "but its time shows");
  const download = (id: number) =>
    call(env, "get", "/QMO/FileService/GetFileStream", { token: admin, lang: "en", query: { id } });
  const refused = await download(r1.json.result.fileId);
  assert.equal(refused.status, 403);
  assert.match(refused.json.error.message, /2026-11-25 17:00:00/);
  const matrix = await call(env, "get", `${PM}/GetComparisonMatrix`, {
    token: admin,
    query: { offProId: p.id },
  });
  assert.equal(matrix.status, 403, "no comparison while a round is sealed");

  env.clock.set("2026-11-25T09:00:00.000Z");
  row = (await result()).suppliers.find((s: { code: string }) => s.code === "S1");
  assert.equal(row.attId1, r1.json.result.fileId);
  const allowed = await download(r1.json.result.fileId);
  assert.equal(allowed.status, 200);
  await allowed.res.arrayBuffer();
});
