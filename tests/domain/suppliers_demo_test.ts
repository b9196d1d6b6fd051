import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { offerProjects, quotes, suppliers } from "../../db/schema.ts";
import { call, signIn, testEnv } from "../helpers.ts";
import {
  expiringCertificates,
  listCertificates,
} from "../../server/domain/suppliers/certificates.ts";

Deno.test("demo data: five suppliers (one invalid), portal sign-ins for the effective ones, and one quote on the published project", async () => {
  await using env = await testEnv({ demo: true });
  const all = await env.db.select().from(suppliers);
  assert.equal(all.length, 5);
  assert.deepEqual(all.filter((s) => s.status === "invalid").map((s) => s.code), ["IS005"]);
  const passwordOf = (code: string) => env.demoSignIns.find((d) => d.userName === code)?.password;
  for (const s of all.filter((x) => x.status === "effective")) {
    await signIn(env, s.code, passwordOf(s.code)!);
  }
  // The invalid supplier has no portal sign-in.
  assert.equal(passwordOf("IS005"), undefined);
  await assert.rejects(() => signIn(env, "IS005", passwordOf("SY001")!));

  const published = await env.db.select().from(offerProjects)
    .where(eq(offerProjects.status, "published"));
  assert.ok(published.length >= 1);
  const q = await env.db.select().from(quotes).where(eq(quotes.projectId, published[0].id));
  assert.equal(q.length, 1);
  const sy = await signIn(env, "SY001", passwordOf("SY001")!);
  const mine = await call(env, "get", "/QMO/SupplierOffer/GetMyQuotes", {
    token: sy,
    query: { offProId: published[0].id },
  });
  assert.equal(mine.json.result.totalCount, 1);
  const pdf = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: sy,
    query: { id: mine.json.result.items[0].fileId },
  });
  const text = await pdf.res.text();
  assert.match(text, /^%PDF-1\.4/);
  assert.match(text, /Quotation from SY001/);

  // Demo certificates: Kingboard's UL expires within the 30-day window, Nan Ya's has expired.
  const soon = await expiringCertificates(env);
  assert.deepEqual(soon.map((c) => [c.supplierCode, c.type, c.daysLeft]), [["KB002", "UL", 20]]);
  const ny = all.find((s) => s.code === "NY003")!;
  const certs = await listCertificates(env, ny.id);
  assert.deepEqual(certs.items.map((c) => [c.type, c.status]), [["UL", "expired"]]);
});
