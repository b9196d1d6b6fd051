// Fixtures of the clarification tests: a project published by the admin (who reads email) to three
// suppliers with portal sign-ins, and the supplier's and buyer's calls.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { DEADLINE } from "../domain/projects_fixtures.ts";
import { supplierWithLogin } from "./quotes_fixtures.ts";

export const PM = "/QMO/OfferProjectManager";
export const SO = "/QMO/SupplierOffer";

/**
 * A material project (sealed when asked) by the admin, published with DEADLINE (Monday 2026-11-30
 * 17:00 UTC+8, a week after the clock) to S1, S2 and S3; S4 has a sign-in but is not invited.
 */
export async function questionsSetUp(
  opts: { sealed?: boolean; env?: Record<string, string> } = {},
) {
  const env = await testEnv({ env: { TOKEN_TTL_HOURS: "720", ...opts.env } });
  await env.db.update(users).set({ emailAddress: "buyer@qmo.test", language: "en" })
    .where(eq(users.normalizedUserName, "admin"));
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const [s1, s2, s3, s4] = [
    await supplierWithLogin(env, "S1"),
    await supplierWithLogin(env, "S2"),
    await supplierWithLogin(env, "S3"),
    await supplierWithLogin(env, "S4"),
  ];
  const created = await call(env, "post", `${PM}/CreateOfferProjectManagerData`, {
    token: admin,
    body: {
      name: "HDI laminate",
      kind: "material",
      sealedQuotes: opts.sealed ?? false,
      opiList: [{ itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "1000" }],
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const published = await call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
    token: admin,
    body: {
      offProManagerId: created.json.result.id,
      offerEndTime: DEADLINE,
      supList: [s1, s2, s3].map((s) => ({ id: s.supplier.id, code: s.supplier.code })),
    },
  });
  assert.equal(published.status, 200, JSON.stringify(published.json));
  return { env, admin, s1, s2, s3, s4, p: published.json.result as { id: number; code: string } };
}

/** A small PDF attachment. */
export const pdf = (text: string, name = "drawing.pdf") =>
  new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], name, { type: "application/pdf" });

/** AskQuestion as a multipart form. */
export function ask(
  env: TestEnv,
  token: string,
  offProId: number,
  text: string,
  file?: File,
  lang: "zh" | "en" = "en",
) {
  const form = new FormData();
  form.set("offProId", String(offProId));
  form.set("text", text);
  if (file) form.set("file", file);
  return call(env, "post", `${SO}/AskQuestion`, { token, body: form, lang });
}

export const supplierView = (env: TestEnv, token: string, offProId: number) =>
  call(env, "get", `${SO}/GetQuestions`, { token, query: { offProId }, lang: "en" });

export const buyerView = (env: TestEnv, token: string, offProId: number, open?: boolean) =>
  call(env, "get", `${PM}/GetQuestions`, { token, query: { offProId, open }, lang: "en" });

export const answer = (env: TestEnv, token: string, body: Record<string, unknown>) =>
  call(env, "post", `${PM}/AnswerQuestion`, { token, body, lang: "en" });
