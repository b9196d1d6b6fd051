// Supplier certificates through the API: recording them with a file, the checks on their fields,
// and the rule that a supplier whose required certificate has expired (or is missing) cannot be
// invited — in the launch page's supplier search and when publishing.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { supplierCertificates } from "../../db/schema.ts";
import { call, signIn, type TestEnv, testEnv } from "../helpers.ts";
import { createCategory } from "../../server/domain/categories/service.ts";
import { createCertificate } from "../../server/domain/suppliers/certificates.ts";
import {
  DEADLINE,
  everything,
  materialProject,
  P,
  staff,
  supplier,
} from "../domain/projects_fixtures.ts";

const CERT = "/QMO/SupplierCertificate";
const PM = "/QMO/OfferProjectManager";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A buyer with the supplier and material project permissions. */
const buyer = (env: TestEnv) =>
  staff(env, "buyer1", [
    P.SupplierSearch,
    P.OfferProjectManagerSearch,
    P.OfferProjectManagerPublish,
  ]);

Deno.test("a buyer records a certificate with its file, reads it back with its status, and bad fields are refused", async () => {
  await using env = await testEnv(); // today is 2026-11-23 in UTC+8
  const b = await buyer(env);
  const s = await supplier(env, "S1");
  const form = new FormData();
  form.set("file", new File([PDF as BlobPart], "UL 证书.pdf"));
  const up = await call(env, "post", "/QMO/FileService/Upload", { token: b.token, body: form });
  assert.equal(up.status, 200, JSON.stringify(up.json));
  const fileId = up.json.result.id;

  const body = {
    supplierId: s.id,
    type: "UL",
    number: "E123456",
    issuedOn: "2024-01-10",
    expiresOn: "2026-12-10",
    fileId,
  };
  let r = await call(env, "post", `${CERT}/Create`, { token: b.token, lang: "en", body });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.result.status, "expiring", "17 days left is inside the 30-day window");
  assert.equal(r.json.result.daysLeft, 17);
  assert.equal(r.json.result.typeNameEn, "UL");
  assert.equal(r.json.result.file.fileName, "UL 证书.pdf");

  // The file is now the certificate's: it downloads for supplier staff and cannot be deleted alone.
  const dl = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: b.token,
    query: { id: fileId },
  });
  assert.equal(dl.status, 200);
  assert.equal(new Uint8Array(await dl.res.arrayBuffer()).length, PDF.length);
  const del = await call(env, "delete", "/QMO/FileService/DeleteFile", {
    token: b.token,
    lang: "en",
    query: { id: fileId },
  });
  assert.equal(del.status, 409);

  r = await call(env, "post", `${CERT}/Create`, { token: b.token, lang: "en", body });
  assert.equal(r.status, 400);
  assert.match(r.json.error.validationErrors[0].message, /already has a certificate .* E123456/);
  r = await call(env, "post", `${CERT}/Create`, {
    token: b.token,
    lang: "en",
    body: { ...body, number: "X1", type: "NOPE" },
  });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.validationErrors[0].message, 'Unknown certificate type "NOPE"');
  r = await call(env, "post", `${CERT}/Create`, {
    token: b.token,
    lang: "en",
    body: { ...body, number: "X2", issuedOn: "2026-11-24", fileId: null },
  });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.validationErrors[0].message, "The issue date cannot be in the future");
  r = await call(env, "post", `${CERT}/Create`, {
    token: b.token,
    lang: "zh",
    body: { ...body, number: "X3", expiresOn: "2023-12-31", fileId: null },
  });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.validationErrors[0].message, "到期日早于发证日期");
  r = await call(env, "post", `${CERT}/Create`, {
    token: b.token,
    lang: "en",
    body: { ...body, number: "X4", expiresOn: "2026-02-30", fileId: null },
  });
  assert.equal(r.status, 400);
  assert.match(r.json.error.validationErrors[0].message, /YYYY-MM-DD/);

  // Without an expiry date it never expires; the list answers both.
  r = await call(env, "post", `${CERT}/Create`, {
    token: b.token,
    body: { supplierId: s.id, type: "RoHS-REACH", number: "R-1", issuedOn: "2025-03-01" },
  });
  assert.equal(r.status, 200);
  const list = await call(env, "get", `${CERT}/GetAll`, {
    token: b.token,
    query: { SupplierId: s.id },
  });
  assert.deepEqual(
    list.json.result.items.map((c: { type: string; status: string }) => [c.type, c.status]),
    [["RoHS-REACH", "valid"], ["UL", "expiring"]],
  );

  // A user without the supplier permission is refused.
  const other = await staff(env, "viewer", [P.OfferProjectManagerSearch]);
  r = await call(env, "get", `${CERT}/GetAll`, { token: other.token, query: { SupplierId: s.id } });
  assert.equal(r.status, 403);
});

Deno.test("an expired or missing required certificate keeps a supplier from being invited: search shows why, publish answers 409", async () => {
  await using env = await testEnv();
  const b = { ...await buyer(env) };
  const admin = everything(b.user.id);
  // The category asks for UL; the project adds IATF 16949.
  const category = await createCategory(env, { name: "Automotive", requiredCertificates: ["UL"] });
  const p = await materialProject(env, admin, "Automotive laminate");
  let r = await call(env, "post", `${PM}/UpdateOfferProjectManagerData`, {
    token: b.token,
    body: {
      id: p.id,
      name: p.name,
      category: category.id,
      requiredCertificates: ["IATF16949"],
      opiList: p.opiList,
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.deepEqual(r.json.result.requiredCertificates, ["IATF16949"]);
  assert.deepEqual(r.json.result.requiredCertificateTypes.sort(), ["IATF16949", "UL"]);

  const ok = await supplier(env, "GOOD");
  const expired = await supplier(env, "OLD");
  const missing = await supplier(env, "NONE");
  const cert = (supplierId: number, type: string, expiresOn: string) =>
    createCertificate(env, admin, {
      supplierId,
      type,
      number: `${type}-${supplierId}`,
      issuedOn: "2023-01-01",
      expiresOn,
    });
  await cert(ok.id, "UL", "2027-06-30");
  await cert(ok.id, "IATF16949", "2026-11-23"); // valid through today
  await cert(expired.id, "UL", "2028-01-01");
  await cert(expired.id, "IATF16949", "2026-11-22"); // expired yesterday
  await cert(missing.id, "IATF16949", "2028-01-01");

  const search = await call(env, "get", `${PM}/GetSupplierData`, {
    token: b.token,
    lang: "en",
    query: { OffProId: p.id, MaxResultCount: 10 },
  });
  assert.equal(search.status, 200);
  const row = (code: string) =>
    search.json.result.items.find((s: { code: string }) => s.code === code);
  assert.equal(row("GOOD").invitable, true);
  assert.equal(row("GOOD").notInvitableReason, null);
  assert.equal(row("OLD").invitable, false);
  assert.equal(row("OLD").notInvitableReason, "IATF 16949 certificate expired on 2026-11-22");
  assert.equal(row("NONE").notInvitableReason, "No UL certificate");

  const publish = (ids: number[], lang: "en" | "zh" = "en") =>
    call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
      token: b.token,
      lang,
      body: { OffProManagerId: p.id, OfferEndTime: DEADLINE, supList: ids.map((id) => ({ id })) },
    });
  r = await publish([ok.id, expired.id]);
  assert.equal(r.status, 409);
  assert.equal(
    r.json.error.message,
    "Supplier OLD (OLD abbr) cannot be invited: its IATF 16949 certificate expired on 2026-11-22",
  );
  r = await publish([missing.id], "zh");
  assert.equal(r.status, 409);
  assert.equal(
    r.json.error.message,
    "供应商 NONE（NONE abbr）不能邀请：本项目要求 UL 认证 证书，该供应商没有",
  );
  // Nothing was published by the refused calls.
  const data = await call(env, "get", `${PM}/GetOfferProjectManagerData`, {
    token: b.token,
    query: { OffProId: p.id },
  });
  assert.equal(data.json.result.status, "unpublished");
  assert.deepEqual(data.json.result.supList, []);

  r = await publish([ok.id]);
  assert.equal(r.status, 200, JSON.stringify(r.json));

  // Renewed: the supplier may be added now.
  const iatf = (await env.db.select().from(supplierCertificates)
    .where(eq(supplierCertificates.supplierId, expired.id))).find((c) => c.type === "IATF16949")!;
  r = await call(env, "put", `${CERT}/Update`, {
    token: b.token,
    body: {
      id: iatf.id,
      supplierId: expired.id,
      type: "IATF16949",
      number: iatf.number,
      issuedOn: "2026-11-20",
      expiresOn: "2029-11-19",
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  r = await publish([ok.id, expired.id]);
  assert.equal(r.status, 200, JSON.stringify(r.json));

  // An invitation already made stays when its certificate expires later: moving the deadline
  // works; a new project requiring the certificate refuses the supplier.
  const later = await materialProject(env, admin, "Second project");
  const publishLater = (projectId: number, deadline: string) =>
    call(env, "post", `${PM}/UpdateSupplierOfferProject`, {
      token: b.token,
      lang: "en",
      body: { OffProManagerId: projectId, OfferEndTime: deadline, supList: [{ id: ok.id }] },
    });
  await call(env, "post", `${PM}/UpdateOfferProjectManagerData`, {
    token: b.token,
    body: { id: later.id, name: later.name, category: category.id, opiList: later.opiList },
  });
  r = await publishLater(later.id, "2027-07-09T09:00:00.000Z");
  assert.equal(r.status, 200, JSON.stringify(r.json));
  env.clock.set("2027-07-01T02:00:00.000Z"); // GOOD's UL expired on 2027-06-30
  b.token = await signIn(env, "buyer1", b.password);
  r = await publishLater(later.id, "2027-07-08T09:00:00.000Z");
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const third = await materialProject(env, admin, "Third project");
  await call(env, "post", `${PM}/UpdateOfferProjectManagerData`, {
    token: b.token,
    body: { id: third.id, name: third.name, category: category.id, opiList: third.opiList },
  });
  r = await publishLater(third.id, "2027-07-09T09:00:00.000Z");
  assert.equal(r.status, 409);
  assert.match(r.json.error.message, /GOOD .* UL certificate expired on 2027-06-30/);
});
