// A material project quoting until Friday 2026-11-27 17:00 UTC+8 (the tests' "now" is Monday 10:00),
// two line items with yearly usage, two suppliers agreed to quote, a buyer and a USD rate; lines
// with quantity breaks, MOQ, packing multiple and alternatives are sent as the portal sends them.
import assert from "node:assert/strict";
import { createRate } from "../../server/domain/dictionary/commercial.ts";
import { call, type TestEnv } from "../helpers.ts";
import { everything, P, staff } from "../domain/projects_fixtures.ts";
import { agree, pdfFile, supplierWithLogin } from "./quotes_fixtures.ts";

const PM = "/QMO/OfferProjectManager";
export const DEADLINE = "2026-11-27T09:00:00.000Z";

export const line = (itemId: number, unitPrice: string, extra: Record<string, unknown> = {}) => ({
  itemId,
  unitPrice,
  taxRate: "13",
  currency: "CNY",
  tradeTerms: "DDP",
  paymentMethod: "TT",
  paymentTermDays: 60,
  leadTimeDays: 14,
  ...extra,
});

export async function breaksProject(env: TestEnv) {
  const buyer = await staff(env, "buyer1", [
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);
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
      name: "Laminate with breaks",
      kind: "material",
      linesRequired: true,
      opiList: [
        { itemName: "FR-4 laminate", unit: "sheet", estimateYearAmount: "481" },
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
  for (const s of [s1, s2]) await agree(env, s.token, p.id);
  const [a, b] = p.opiList.map((i: { id: number }) => i.id as number);
  return { buyer, s1, s2, project: p as { id: number; code: string }, a, b };
}

/** Submits a quotation file with these priced lines. */
export function quoteWith(env: TestEnv, token: string, offProId: number, lines: unknown[]) {
  const f = new FormData();
  f.set("offProId", String(offProId));
  f.set("file", pdfFile("quote"));
  f.set("lines", JSON.stringify(lines));
  return call(env, "post", "/QMO/SupplierOffer/Submit", { token, body: f, lang: "en" });
}
