import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { call, signIn, testEnv, userWithRoles } from "../helpers.ts";
import { files, offerProjects, offerProjectSuppliers, quotes, suppliers } from "../../db/schema.ts";
import { storeUpload } from "../../server/domain/files/service.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function form(bytes: Uint8Array, name: string, extra: Record<string, string> = {}) {
  const fd = new FormData();
  fd.set("file", new File([bytes as BlobPart], name));
  for (const [k, v] of Object.entries(extra)) fd.set(k, v);
  return fd;
}

async function project(
  env: Awaited<ReturnType<typeof testEnv>>,
  kind: "material" | "asset",
  code: string,
  status: "unpublished" | "published" = "unpublished",
) {
  const [p] = await env.db.insert(offerProjects).values({ code, name: code, kind, status })
    .returning();
  return p;
}

async function supplier(env: Awaited<ReturnType<typeof testEnv>>, code: string) {
  const [s] = await env.db.insert(suppliers).values({ code, abbrName: code, fullName: code })
    .returning();
  return s;
}

Deno.test("a buyer uploads a PDF and downloads it back with its Chinese name", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const p = await project(env, "material", "QP-1");
  const up = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    body: form(PDF, "C:\\specs\\技术规格书 v2.pdf", { projectId: String(p.id) }),
  });
  assert.equal(up.status, 200, JSON.stringify(up.json));
  assert.equal(up.json.result.fileName, "技术规格书 v2.pdf");
  assert.equal(up.json.result.contentType, "application/pdf");
  const dl = await call(env, "get", "/QMO/FileService/GetFileStream", {
    token,
    query: { id: up.json.result.id },
  });
  assert.equal(dl.status, 200);
  assert.equal(dl.res.headers.get("content-type"), "application/octet-stream");
  const cd = dl.res.headers.get("content-disposition")!;
  assert.match(cd, /^attachment; filename="[^"]*"; filename\*=UTF-8''/);
  const encoded = cd.split("filename*=UTF-8''")[1];
  assert.equal(decodeURIComponent(encoded), "技术规格书 v2.pdf");
  assert.deepEqual(new Uint8Array(await dl.res.arrayBuffer()), PDF);
  // Stored by content hash, outside any served folder.
  const [row] = await env.db.select().from(files).where(eq(files.id, up.json.result.id));
  const stored = await Deno.readFile(
    `${env.dataDir}/files/${row.sha256.slice(0, 2)}/${row.sha256}`,
  );
  assert.deepEqual(stored, PDF);
});

Deno.test("an upload past MAX_UPLOAD_MB is refused with 413 and leaves nothing behind", async () => {
  await using env = await testEnv({ env: { MAX_UPLOAD_MB: "1" } });
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const big = new Uint8Array(1024 * 1024 + 1);
  big.set(PDF);
  const r = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    lang: "en",
    body: form(big, "big.pdf"),
  });
  assert.equal(r.status, 413);
  assert.match(r.json.error.message, /at most 1 MB/);
  const just = new Uint8Array(1024 * 1024);
  just.set(PDF);
  const ok = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    body: form(just, "ok.pdf"),
  });
  assert.equal(ok.status, 200);
  const tmp = [...Deno.readDirSync(`${env.dataDir}/files/tmp`)];
  assert.equal(tmp.length, 0);
  // The domain refuses the same past the limit even when the bytes arrive as a bare stream.
  await assert.rejects(
    () =>
      storeUpload(env, { stream: new Blob([big]).stream(), fileName: "x.pdf", purpose: "other" }),
    (e: Error & { kind?: string }) => e.kind === "tooLarge",
  );
});

Deno.test("the type is judged by content: a text file named .pdf is 415, a PNG passes as .png only", async () => {
  await using env = await testEnv();
  const { token } = await userWithRoles(env, "buyer1", ["Buyer"]);
  const fake = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    lang: "en",
    body: form(new TextEncoder().encode("hello, not a pdf"), "quote.pdf"),
  });
  assert.equal(fake.status, 415);
  assert.match(fake.json.error.message, /not accepted/);
  const exe = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    body: form(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), "setup.zip"),
  });
  assert.equal(exe.status, 415);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  // Its name must say what it is (tests/http/file_names_test.ts has the name rules).
  for (const name of ["drawing.txt", "drawing.pdf"]) {
    const renamed = await call(env, "post", "/QMO/FileService/Upload", {
      token,
      body: form(png, name),
    });
    assert.equal(renamed.status, 415, name);
  }
  const ok = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    body: form(png, "drawing.png"),
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.json.result.contentType, "image/png");
  const empty = await call(env, "post", "/QMO/FileService/Upload", {
    token,
    body: form(new Uint8Array(), "a.pdf"),
  });
  assert.equal(empty.status, 400);
});

Deno.test("downloads: staff need the project's kind; suppliers only their own quotes and invited projects", async () => {
  await using env = await testEnv();
  const buyer = await userWithRoles(env, "buyer1", ["Buyer"]);
  await env.db.insert((await import("../../db/schema.ts")).roles).values({
    name: "AssetBuyer",
    displayName: "Asset buyer",
  });
  const { rolePermissions, roles } = await import("../../db/schema.ts");
  const [assetRole] = await env.db.select().from(roles).where(eq(roles.name, "AssetBuyer"));
  await env.db.insert(rolePermissions).values({
    roleId: assetRole.id,
    permission: "Pcs.AMS.OfferProjectManager.Search",
  });
  const assetOnly = await userWithRoles(env, "asset1", ["AssetBuyer"]);

  const material = await project(env, "material", "QP-1", "published");
  const hidden = await project(env, "material", "QP-2", "published");
  const s1 = await supplier(env, "S1");
  const s2 = await supplier(env, "S2");
  await env.db.insert(offerProjectSuppliers).values({
    projectId: material.id,
    supplierId: s1.id,
    invitedAt: env.clock.now(),
  });
  const sup1 = await userWithRoles(env, "sup1", ["Supplier"], {
    kind: "supplier",
    supplierId: s1.id,
  });
  const sup2 = await userWithRoles(env, "sup2", ["Supplier"], {
    kind: "supplier",
    supplierId: s2.id,
  });

  const att = await storeUpload(env, {
    file: new File([PDF], "spec.pdf"),
    purpose: "project",
    projectId: material.id,
    uploadedBy: buyer.user.id,
  });
  const att2 = await storeUpload(env, {
    file: new File([PDF], "other.pdf"),
    purpose: "project",
    projectId: hidden.id,
    uploadedBy: buyer.user.id,
  });
  const q1 = await storeUpload(env, {
    file: new File([PDF], "报价单.pdf"),
    purpose: "quote",
    projectId: material.id,
    uploadedBy: sup1.user.id,
  });
  await env.db.insert(quotes).values({
    projectId: material.id,
    supplierId: s1.id,
    fileId: q1.id,
    submittedAt: env.clock.now(),
  });

  const get = (token: string, id: number) =>
    call(env, "get", "/QMO/FileService/GetFileStream", { token, query: { id } }).then((r) =>
      r.status
    );
  assert.equal(await get(buyer.token, att.id), 200);
  assert.equal(await get(buyer.token, q1.id), 200);
  assert.equal(
    await get(assetOnly.token, att.id),
    404,
    "an asset buyer cannot read material files (answered as a missing file)",
  );
  assert.equal(
    await get(sup1.token, att.id),
    200,
    "invited supplier reads the project's attachment",
  );
  assert.equal(await get(sup1.token, att2.id), 404, "not invited to that project");
  assert.equal(await get(sup1.token, q1.id), 200, "its own quote");
  assert.equal(await get(sup2.token, q1.id), 404, "another supplier's quote");
  assert.equal(await get(sup2.token, att.id), 404);
  assert.equal(await get(buyer.token, 9999), 404);
  const admin = await signIn(env, "admin", "Admin@12345");
  assert.equal(await get(admin, q1.id), 200);
});

Deno.test("deleting: attachments of an unpublished project go, quote files stay", async () => {
  await using env = await testEnv();
  const buyer = await userWithRoles(env, "buyer1", ["Buyer"]);
  const draft = await project(env, "material", "QP-1");
  const live = await project(env, "material", "QP-2", "published");
  const s1 = await supplier(env, "S1");
  const a = await storeUpload(env, {
    file: new File([PDF], "a.pdf"),
    purpose: "project",
    projectId: draft.id,
    uploadedBy: buyer.user.id,
  });
  const b = await storeUpload(env, {
    file: new File([PDF], "b.pdf"),
    purpose: "project",
    projectId: live.id,
    uploadedBy: buyer.user.id,
  });
  const q = await storeUpload(env, {
    file: new File([PDF], "q.pdf"),
    purpose: "quote",
    projectId: live.id,
  });
  await env.db.insert(quotes).values({
    projectId: live.id,
    supplierId: s1.id,
    fileId: q.id,
    submittedAt: env.clock.now(),
  });
  const del = (id: number) =>
    call(env, "delete", "/QMO/FileService/DeleteFile", { token: buyer.token, query: { id } });
  assert.equal((await del(a.id)).status, 200);
  assert.equal(
    (await call(env, "get", "/QMO/FileService/GetFileStream", {
      token: buyer.token,
      query: { id: a.id },
    })).status,
    404,
  );
  assert.equal((await del(b.id)).status, 409);
  assert.equal((await del(q.id)).status, 409);
});
