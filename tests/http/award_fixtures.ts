// An ended material project with priced quotes in two currencies, a buyer whose person in charge
// is set, and the quotes' amounts around the 200,000 CNY approval threshold:
//   item A "FR-4 laminate" (1000 sheets a year), item B "Prepreg 1080" (100 rolls a year);
//   S1 quotes A at 30 USD (× 7.2 = 216 CNY: 216,000 a year; 31,000 in its own currency with B)
//   and B at 10 CNY (1,000); S2 quotes A at 205 CNY (205,000) and B at 12 CNY (1,200).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { userLeaders, users } from "../../db/schema.ts";
import { createRate } from "../../server/domain/dictionary/commercial.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv } from "../helpers.ts";
import { everything, P, staff } from "../domain/projects_fixtures.ts";
import { agree, pdfFile, supplierWithLogin } from "./quotes_fixtures.ts";

export const PM = "/QMO/OfferProjectManager";
export const AA = "/QMO/AwardApproval";
/** Monday 2026-11-23 17:00 in UTC+8, the same working day as the tests' "now" (10:00). */
const DEADLINE = "2026-11-23T09:00:00.000Z";

const line = (itemId: number, unitPrice: string, currency = "CNY") => ({
  itemId,
  unitPrice,
  taxRate: "13",
  currency,
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: 60,
  leadTimeDays: 14,
});

async function withEmail(env: TestEnv, id: number, address: string, language: "zh" | "en") {
  await env.db.update(users).set({ emailAddress: address, language }).where(eq(users.id, id));
}

/**
 * The project above, quoted and ended (the clock is moved past its deadline). The buyer `buyer1`
 * (publish permission) has `leader1` as person in charge; `leader1` holds no project permission;
 * `buyer2` is another buyer; `deputy1` a staff user an admin may hand approvals to. With
 * `asset: true` the same lines make an asset project (optimisation rounds), `buyer1` publishing both;
 * `s2Terms` gives S2's lines other commercial terms.
 */
export async function awardReady(
  env: TestEnv,
  opts: {
    leader?: boolean;
    asset?: boolean;
    /** Other terms for S2's lines (A, B): tax rate, trade terms, payment, lead time … */
    s2Terms?: [Record<string, unknown>, Record<string, unknown>];
  } = {},
) {
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
    ...(opts.asset ? [P.AmsOfferProjectManagerSearch, P.AmsOfferProjectManagerPublish] : []),
  ]);
  const leader = await staff(env, "leader1", []);
  const other = await staff(env, "buyer2", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
  const deputy = await staff(env, "deputy1", []);
  await withEmail(env, buyer.user.id, "buyer1@qmo.test", "en");
  await withEmail(env, leader.user.id, "leader1@qmo.test", "en");
  await withEmail(env, deputy.user.id, "deputy1@qmo.test", "zh");
  await env.db.update(users).set({ name: "Li Na" }).where(eq(users.id, leader.user.id));
  if (opts.leader !== false) {
    await env.db.insert(userLeaders).values({ userId: buyer.user.id, leaderId: leader.user.id });
  }
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  await createRate(env, everything(), {
    currency: "USD",
    effectiveDate: "2026-11-01",
    rate: "7.2",
  });
  const s1 = await supplierWithLogin(env, "S1");
  const s2 = await supplierWithLogin(env, "S2");
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: buyer.token,
    body: {
      name: "Laminate annual supply",
      ...(opts.asset ? { kind: "asset", offerItemType: "optimize" } : { kind: "material" }),
      linesRequired: true,
      opiList: [
        { itemName: "FR-4 laminate", unit: "sheet", estimateYearAmount: "1000" },
        { itemName: "Prepreg 1080", unit: "roll", estimateYearAmount: "100" },
      ],
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const p = created.json.result;
  const published = await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: buyer.token,
    body: {
      OffProManagerId: p.id,
      OfferEndTime: DEADLINE,
      supList: [s1, s2].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
    },
  });
  assert.equal(published.status, 200, JSON.stringify(published.json));
  const [a, b] = p.opiList.map((i: { id: number }) => i.id);
  for (
    const [s, lines] of [
      [s1, [line(a, "30", "USD"), line(b, "10")]],
      [s2, [
        { ...line(a, "205"), ...opts.s2Terms?.[0] },
        { ...line(b, "12"), ...opts.s2Terms?.[1] },
      ]],
    ] as const
  ) {
    await agree(env, s.token, p.id);
    const f = new FormData();
    f.set("offProId", String(p.id));
    f.set("file", pdfFile(`quote of ${s.supplier.code}`));
    f.set("lines", JSON.stringify(lines));
    const r = await call(env, "post", "/QMO/SupplierOffer/Submit", { token: s.token, body: f });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }
  env.clock.set("2026-11-23T10:00:00.000Z"); // 18:00 UTC+8: quoting has ended
  return { buyer, leader, other, deputy, admin, s1, s2, project: p, a, b };
}
