// Integrity signals on a project's results, each on a crafted case: the same attachment from two
// suppliers, two suppliers submitting from one address, near-identical priced lines (0.5 % rule,
// prices in CNY at the dated rate), nothing for one supplier repeating itself, and the price
// comparison held back while quotes are sealed.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import {
  auditLogs,
  exchangeRates,
  files,
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  quoteLines,
  quotes,
} from "../../db/schema.ts";
import { call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { P, staff, supplier } from "../domain/projects_fixtures.ts";
import { nearIdentical } from "../../server/domain/comparison/integrity.ts";
import { dec } from "../../server/domain/shared/decimal.ts";

const SIGNALS = "/QMO/OfferProjectManager/GetIntegritySignals";
const HOUR = 3600_000;

type Line = { itemId: number; unitPrice: string; currency?: string };

/** A submission written as the quote service leaves it: file row, quote row, priced lines. */
async function submission(
  env: TestEnv,
  projectId: number,
  supplierId: number,
  o: { sha: string; ip: string | null; at: Date; lines?: Line[]; round?: number },
) {
  const [f] = await env.db.insert(files).values({
    sha256: o.sha.padEnd(64, "0"),
    size: 1000,
    contentType: "application/pdf",
    fileName: `quote-${supplierId}.pdf`,
    purpose: "quote",
    projectId,
  }).returning();
  const [q] = await env.db.insert(quotes).values({
    projectId,
    supplierId,
    round: o.round ?? 0,
    fileId: f.id,
    submittedAt: o.at,
    clientIp: o.ip,
  }).returning();
  for (const l of o.lines ?? []) {
    await env.db.insert(quoteLines).values({
      quoteId: q.id,
      itemId: l.itemId,
      unitPrice: l.unitPrice,
      taxRate: "13",
      currency: l.currency ?? "CNY",
      tradeTerms: "DAP",
      paymentMethod: "TT",
      paymentTermDays: 60,
      leadTimeDays: 14,
    });
  }
  return q;
}

async function project(env: TestEnv, opts: { sealed?: boolean; open?: boolean } = {}) {
  const now = env.clock.now();
  const [p] = await env.db.insert(offerProjects).values({
    code: `QP-${opts.sealed ? "S" : "O"}`,
    name: "Laminates",
    kind: "material",
    status: "published",
    pubDate: new Date(now.getTime() - 72 * HOUR),
    // Ended an hour ago unless it is still open.
    offerEndTime: new Date(now.getTime() + (opts.open ? 48 : -1) * HOUR),
    sealedQuotes: opts.sealed ?? false,
  }).returning();
  const [i1, i2] = await env.db.insert(offerProjectItems).values([
    { projectId: p.id, sort: 0, itemName: "FR-4 1.6mm", estimateYearAmount: "1000" },
    { projectId: p.id, sort: 1, itemName: "Prepreg 1080", estimateYearAmount: "500" },
  ]).returning();
  return { p, i1, i2 };
}

Deno.test("near-identical means within 0.5 % of the lower price, the boundary included", () => {
  assert.equal(nearIdentical(dec("10"), dec("10.05")), "0.50");
  assert.equal(nearIdentical(dec("10.05"), dec("10")), "0.50");
  assert.equal(nearIdentical(dec("10"), dec("10.0501")), null);
  assert.equal(nearIdentical(dec("0"), dec("0")), "0.00");
  assert.equal(nearIdentical(dec("0"), dec("0.01")), null);
});

Deno.test("each signal on a crafted case: same file, same address, near-identical prices", async () => {
  await using env = await testEnv();
  const buyer = await staff(env, "buyer1", [P.OfferProjectManagerSearch]);
  const { p, i1, i2 } = await project(env);
  const [a, b, c, d] = [
    await supplier(env, "A"),
    await supplier(env, "B"),
    await supplier(env, "C"),
    await supplier(env, "D"),
  ];
  await env.db.insert(offerProjectSuppliers).values(
    [a, b, c, d].map((s) => ({ projectId: p.id, supplierId: s.id, invitedAt: p.pubDate! })),
  );
  await env.db.insert(exchangeRates).values({
    currency: "USD",
    effectiveDate: "2026-01-01",
    rate: "7.1",
  });
  const t = (h: number) => new Date(env.clock.now().getTime() - h * HOUR);
  // A and B send the very same file; A and C send from the same address.
  await submission(env, p.id, a.id, {
    sha: "aa",
    ip: "10.0.0.1",
    at: t(30),
    lines: [{ itemId: i1.id, unitPrice: "10.00" }, { itemId: i2.id, unitPrice: "5.00" }],
  });
  await submission(env, p.id, b.id, {
    sha: "aa",
    ip: "10.0.0.2",
    at: t(29),
    // 0.4 % above A on the first line, identical on the second.
    lines: [{ itemId: i1.id, unitPrice: "10.04" }, { itemId: i2.id, unitPrice: "5.00" }],
  });
  await submission(env, p.id, c.id, {
    sha: "cc",
    ip: "10.0.0.1",
    at: t(28),
    // 1.40 USD × 7.1 = 9.94 CNY: 0.6 % below A, 1.0 % below B: not near.
    lines: [{ itemId: i1.id, unitPrice: "1.40", currency: "USD" }, {
      itemId: i2.id,
      unitPrice: "5.00",
    }],
  });
  // D sends the same file twice from one address: one supplier repeating itself is no signal.
  await submission(env, p.id, d.id, { sha: "dd", ip: "10.0.0.3", at: t(27) });
  await submission(env, p.id, d.id, { sha: "dd", ip: "10.0.0.3", at: t(26) });
  // A submission without an address never matches another.
  await submission(env, p.id, d.id, { sha: "de", ip: null, at: t(25) });

  const r = await call(env, "get", SIGNALS, {
    token: buyer.token,
    query: { OffProId: p.id },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const s = r.json.result;
  const codes = (list: { code: string }[]) => list.map((q) => q.code).sort();

  assert.equal(s.sameFile.length, 1);
  assert.equal(s.sameFile[0].sha256, "aa".padEnd(64, "0"));
  assert.deepEqual(codes(s.sameFile[0].quotes), ["A", "B"]);

  assert.equal(s.sameIp.length, 1);
  assert.equal(s.sameIp[0].clientIp, "10.0.0.1");
  assert.deepEqual(codes(s.sameIp[0].quotes), ["A", "C"]);

  assert.equal(s.nearPrices.status, "ok");
  assert.equal(s.nearPricePercent, "0.5");
  assert.equal(s.nearPrices.pairs.length, 1);
  const pair = s.nearPrices.pairs[0];
  assert.deepEqual([pair.a.code, pair.b.code], ["A", "B"]);
  assert.deepEqual(
    pair.lines.map((l: { itemName: string; differencePercent: string }) => [
      l.itemName,
      l.differencePercent,
    ]),
    [["FR-4 1.6mm", "0.40"], ["Prepreg 1080", "0.00"]],
  );
  assert.equal(pair.identicalLines, 1);
  assert.equal(s.count, 3);

  // The prices shown were opened: A's and B's quotes are in the audit log, C's and D's are not.
  const opened = await env.db.select().from(auditLogs).where(and(
    eq(auditLogs.serviceName, "QuoteAccess"),
    eq(auditLogs.userId, buyer.user.id),
  ));
  assert.deepEqual(
    opened.map((o) => JSON.parse(o.parameters!).supplierCode).sort(),
    ["A", "B"],
  );
});

Deno.test("while quotes are sealed the prices are not compared; hashes and addresses still show", async () => {
  await using env = await testEnv();
  const buyer = await staff(env, "buyer1", [P.OfferProjectManagerSearch]);
  const { p, i1 } = await project(env, { sealed: true, open: true });
  const [a, b] = [await supplier(env, "A"), await supplier(env, "B")];
  await env.db.insert(offerProjectSuppliers).values(
    [a, b].map((s) => ({ projectId: p.id, supplierId: s.id, invitedAt: p.pubDate! })),
  );
  for (const s of [a, b]) {
    await submission(env, p.id, s.id, {
      sha: "ff",
      ip: "192.0.2.7",
      at: env.clock.now(),
      lines: [{ itemId: i1.id, unitPrice: "10.00" }],
    });
  }
  let r = await call(env, "get", SIGNALS, { token: buyer.token, query: { OffProId: p.id } });
  assert.equal(r.status, 200);
  assert.equal(r.json.result.nearPrices.status, "sealed");
  assert.equal(r.json.result.nearPrices.opensAt, "2026-11-25 10:00:00");
  assert.deepEqual(r.json.result.nearPrices.pairs, []);
  assert.equal(r.json.result.sameFile.length, 1);
  assert.equal(r.json.result.sameIp.length, 1);

  env.clock.advance(49 * HOUR); // quoting ended an hour ago: the seal is off
  const token = await signIn(env, "buyer1", buyer.password);
  r = await call(env, "get", SIGNALS, { token, query: { OffProId: p.id } });
  assert.equal(r.json.result.nearPrices.status, "ok");
  assert.equal(r.json.result.nearPrices.pairs[0].identicalLines, 1);

  // Without the project's permission: 403; unknown project: 404.
  const other = await staff(env, "other", [P.SupplierSearch]);
  r = await call(env, "get", SIGNALS, { token: other.token, query: { OffProId: p.id } });
  assert.equal(r.status, 403);
  r = await call(env, "get", SIGNALS, { token, query: { OffProId: 9999 } });
  assert.equal(r.status, 404);
});
