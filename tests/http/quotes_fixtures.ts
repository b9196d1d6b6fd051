// Fixtures for the supplier side: suppliers with portal sign-ins, and projects published to them
// (rows written directly, as the projects service would leave them after publishing).
import { eq } from "drizzle-orm";
import {
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  offerRounds,
} from "../../db/schema.ts";
import { createSupplier } from "../../server/domain/suppliers/service.ts";
import { call, signIn, type TestEnv } from "../helpers.ts";

export const PORTAL_PASSWORD = "Portal@2026x";

/** An effective supplier with an email and a portal sign-in; answers it and its token. */
export async function supplierWithLogin(env: TestEnv, code: string) {
  const supplier = await createSupplier(env, {
    code,
    abbrName: `Abbr ${code}`,
    fullName: `Full name ${code}`,
    email1: `${code.toLowerCase()}@example.com`,
    createPortalAccount: true,
    password: PORTAL_PASSWORD,
  });
  return { supplier, token: await signIn(env, code, PORTAL_PASSWORD) };
}

let seq = 0;

/** A project published now to the given suppliers, with one line item. */
export async function publishedProject(
  env: TestEnv,
  supplierIds: number[],
  opts: {
    offerEndTime?: Date | null;
    kind?: "material" | "asset";
    status?: "unpublished" | "published" | "ended" | "closed";
    name?: string;
  } = {},
) {
  const now = env.clock.now();
  const [p] = await env.db.insert(offerProjects).values({
    code: `T${Date.now()}${++seq}`,
    name: opts.name ?? `Copper clad laminate ${seq}`,
    kind: opts.kind ?? "material",
    status: opts.status ?? "published",
    pubDate: now,
    offerEndTime: opts.offerEndTime === undefined
      ? new Date(now.getTime() + 24 * 3600_000)
      : opts.offerEndTime,
    createdAt: now,
  }).returning();
  await env.db.insert(offerProjectItems).values({
    projectId: p.id,
    itemName: "FR-4 1.6mm",
    unit: "sheet",
    estimateYearAmount: "12000",
  });
  if (supplierIds.length) {
    await env.db.insert(offerProjectSuppliers).values(
      supplierIds.map((supplierId) => ({ projectId: p.id, supplierId, invitedAt: now })),
    );
  }
  return p;
}

export async function openRoundFor(
  env: TestEnv,
  projectId: number,
  round: 1 | 2,
  supplierIds: number[],
  endTime: Date,
) {
  await env.db.insert(offerRounds).values({
    projectId,
    round,
    openedAt: env.clock.now(),
    endTime,
  });
  for (const supplierId of supplierIds) {
    await env.db.update(offerProjectSuppliers).set(
      round === 1 ? { round1: true } : { round2: true },
    )
      .where(eq(offerProjectSuppliers.supplierId, supplierId));
  }
}

/** A small PDF whose bytes differ by `text`. */
export const pdfFile = (text: string, name = "报价单.pdf") =>
  new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], name, { type: "application/pdf" });

export function submitForm(offProId: number, file: File, round = 0) {
  const form = new FormData();
  form.set("offProId", String(offProId));
  form.set("round", String(round));
  form.set("file", file);
  return form;
}

export const agree = (env: TestEnv, token: string, offProId: number) =>
  call(env, "post", "/QMO/SupplierOffer/Agree", { token, body: { offProId } });

export const submit = (env: TestEnv, token: string, offProId: number, file: File, round = 0) =>
  call(env, "post", "/QMO/SupplierOffer/Submit", {
    token,
    body: submitForm(offProId, file, round),
  });
