import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { files, offerProjectSuppliers, quotes, users } from "../../db/schema.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { storeUpload } from "../../server/domain/files/service.ts";
import { supplierOfferRoutes } from "../../server/http/routes/supplierOffer.ts";

/** The supplier portal's routes (the file also holds the staff list of submissions). */
const portalRoutes = supplierOfferRoutes.filter((r) => r.audience === "supplier");
import {
  agree,
  pdfFile,
  publishedProject,
  submit,
  submitForm,
  supplierWithLogin,
} from "./quotes_fixtures.ts";

Deno.test("a supplier reaches nothing of another supplier's: every supplier route with the other's ids answers 403/404 and no bytes", async () => {
  await using env = await testEnv();
  const a = await supplierWithLogin(env, "A001");
  const b = await supplierWithLogin(env, "B001");
  const mineP = await publishedProject(env, [a.supplier.id], { name: "A's project" });
  const theirs = await publishedProject(env, [b.supplier.id], { name: "B's secret project" });
  const draft = await publishedProject(env, [a.supplier.id], {
    status: "unpublished",
    name: "draft",
  });
  const attachment = await storeUpload(env, {
    file: pdfFile("B's drawing, confidential", "drawing.pdf"),
    purpose: "project",
    projectId: theirs.id,
  });
  await agree(env, b.token, theirs.id);
  const bQuote = await submit(env, b.token, theirs.id, pdfFile("B's price 7.77"));
  assert.equal(bQuote.status, 200);

  const list = await call(env, "get", "/QMO/SupplierOffer/GetAll", { token: a.token });
  assert.deepEqual(list.json.result.items.map((p: { id: number }) => p.id), [mineP.id]);
  assert.doesNotMatch(JSON.stringify(list.json), /secret|draft/);

  const missing = 987654;
  const tried = new Set<string>();
  for (const target of [theirs.id, draft.id, missing]) {
    const answers: Record<string, { status: number; text: string }> = {};
    for (const route of portalRoutes) {
      // The list of one's own projects, and the reasons a supplier may give for declining: neither
      // names a project.
      if (route.path.endsWith("/GetAll") || route.path.endsWith("/GetDeclineReasons")) continue;
      const r = await call(env, route.method, route.path, {
        token: a.token,
        lang: "en",
        query: route.method === "get" ? { offProId: target, quoteId: target } : undefined,
        body: route.form ? submitForm(target, pdfFile("A trying")) : route.body
          // A decline names its reason, so that the answer is about the project.
          ? { offProId: target, ...(route.path.endsWith("/Decline") ? { reason: "PRICE" } : {}) }
          : undefined,
      });
      tried.add(route.path);
      const text = JSON.stringify(r.json);
      answers[route.path] = { status: r.status, text };
      assert.doesNotMatch(text, /secret|7\.77|drawing|B001/, route.path);
      if (route.path.endsWith("GetSupplierIsOfferProjectManager")) {
        assert.equal(r.json.result, false);
      } else {
        assert.equal(r.status, 404, `${route.path} ${target}`);
      }
    }
    // The other supplier's project and a missing id look the same.
    if (target === theirs.id) {
      const again = await call(env, "get", "/QMO/SupplierOffer/Get", {
        token: a.token,
        lang: "en",
        query: { offProId: missing },
      });
      assert.equal(
        answers["/QMO/SupplierOffer/Get"].text.replace(String(theirs.id), "#"),
        JSON.stringify(again.json).replace(String(missing), "#"),
      );
    }
  }
  assert.equal(tried.size, portalRoutes.length - 2); // all but GetAll and GetDeclineReasons

  // Nothing was written on B's project in A's name, and B's agreement is B's alone.
  const aQuotes = await env.db.select().from(quotes).where(eq(quotes.supplierId, a.supplier.id));
  assert.equal(aQuotes.length, 0);
  const bInvite = await env.db.query.offerProjectSuppliers.findFirst({
    where: and(
      eq(offerProjectSuppliers.projectId, theirs.id),
      eq(offerProjectSuppliers.supplierId, a.supplier.id),
    ),
  });
  assert.equal(bInvite, undefined);
  const aUser = await env.db.query.users.findFirst({ where: eq(users.userName, "A001") });
  const aFiles = await env.db.select().from(files).where(eq(files.uploadedBy, aUser!.id));
  assert.equal(aFiles.length, 0);

  // Downloads: B's quote file and B's project attachment, by id.
  for (const id of [bQuote.json.result.fileId, attachment.id]) {
    const r = await call(env, "get", "/QMO/FileService/GetFileStream", {
      token: a.token,
      query: { id },
    });
    assert.ok(r.status === 403 || r.status === 404, String(r.status));
    const body = r.json ? JSON.stringify(r.json) : await r.res.text();
    assert.doesNotMatch(body, /%PDF|7\.77|confidential/);
  }
  // B gets its own quote back.
  const own = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: b.token,
    query: { id: bQuote.json.result.fileId },
  });
  assert.match(await own.res.text(), /B's price 7\.77/);
});

Deno.test("staff, even administrators, get 403 on the supplier portal routes", async () => {
  await using env = await testEnv();
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  for (const route of portalRoutes) {
    const r = await call(env, route.method, route.path, {
      token: admin,
      query: { offProId: 1 },
      body: route.form ? new FormData() : route.body ? { offProId: 1 } : undefined,
    });
    assert.equal(r.status, 403, route.path);
  }
  const anonymous = await call(env, "get", "/QMO/SupplierOffer/GetAll");
  assert.equal(anonymous.status, 401);
});

Deno.test("a supplier sees its own project's header, line items and attachments, and downloads the attachment", async () => {
  await using env = await testEnv();
  const a = await supplierWithLogin(env, "A002");
  const p = await publishedProject(env, [a.supplier.id], { name: "高频板材 2027 年度" });
  const att = await storeUpload(env, {
    file: pdfFile("spec sheet", "规格书.pdf"),
    purpose: "project",
    projectId: p.id,
  });
  const r = await call(env, "get", "/QMO/SupplierOffer/Get", {
    token: a.token,
    query: { OffProId: p.id },
  });
  assert.equal(r.status, 200);
  assert.equal(r.json.result.name, "高频板材 2027 年度");
  assert.equal(r.json.result.opiList[0].itemName, "FR-4 1.6mm");
  assert.deepEqual(r.json.result.attList.map((f: { fileName: string }) => f.fileName), [
    "规格书.pdf",
  ]);
  assert.equal(r.json.result.status, "canOffer");
  assert.equal(r.json.result.agreed, false);
  const dl = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token: a.token,
    query: { id: att.id },
  });
  assert.equal(dl.status, 200);
  assert.match(await dl.res.text(), /spec sheet/);
  const invited = await call(env, "get", "/QMO/SupplierOffer/GetSupplierIsOfferProjectManager", {
    token: a.token,
    query: { offProId: p.id },
  });
  assert.equal(invited.json.result, true);
});
