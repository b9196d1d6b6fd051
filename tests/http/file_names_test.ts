// Upload names: a file is kept only under an accepted extension that agrees with its content, with
// no program extension hidden before it (quote.pdf.hta, invoice.exe.pdf), on every upload route
// (a buyer's attachment, a supplier's question and quote); a file without a name is told so; a
// name with a quotation mark is stored and downloaded as typed; a name kept before these rules is
// downloaded under its type's extension.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { files } from "../../db/schema.ts";
import { storeUpload } from "../../server/domain/files/service.ts";
import { call, type TestEnv } from "../helpers.ts";
import { ask, questionsSetUp, SO } from "./questions_fixtures.ts";
import { agree, publishedProject, submitForm } from "./quotes_fixtures.ts";

const PDF = "%PDF-1.4\n% name test\n%%EOF\n";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

/** What is left in the temporary upload folder (which the first upload makes). */
function leftInTmp(env: TestEnv) {
  try {
    return [...Deno.readDirSync(`${env.dataDir}/files/tmp`)].map((e) => e.name);
  } catch {
    return [];
  }
}

/** The three upload routes, each given `file`: a buyer's attachment, a question, a quote. */
async function uploadRoutes(env: TestEnv, admin: string, supplier: string, projectId: number) {
  await agree(env, supplier, projectId);
  const draft = await publishedProject(env, [], { status: "unpublished" });
  return {
    Upload: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      form.set("projectId", String(draft.id));
      return call(env, "post", "/QMO/FileService/Upload", { token: admin, body: form, lang: "en" });
    },
    AskQuestion: (file: File) => ask(env, supplier, projectId, "Which grade?", file),
    Submit: (file: File) =>
      call(env, "post", `${SO}/Submit`, {
        token: supplier,
        body: submitForm(projectId, file),
        lang: "en",
      }),
  };
}

Deno.test("a name that does not say its type truthfully is refused on every upload route, with what is wrong", async () => {
  const { env, admin, s1, p } = await questionsSetUp();
  await using _ = env;
  const routes = await uploadRoutes(env, admin, s1.token, p.id);
  const refused: [string, BlobPart, RegExp][] = [
    // The last extension is not accepted, whatever the content.
    ["quote.pdf.hta", PDF, /Files ending in \.hta are not accepted \(“quote\.pdf\.hta”\)/],
    ["quote.pdf.bat", PDF, /ending in \.bat are not accepted/],
    ["quote.pdf.html", PDF, /ending in \.html are not accepted/],
    ["quote.svg", PDF, /ending in \.svg are not accepted/],
    ["quote.pdf.js", PDF, /ending in \.js are not accepted/],
    ["quote.exe", PDF, /ending in \.exe are not accepted/],
    ["quote.pdf.lnk", PDF, /ending in \.lnk are not accepted/],
    ["quote.txt", PDF, /ending in \.txt are not accepted/],
    // No extension at all.
    ["quote", PDF, /“quote” has no extension/],
    ["quote.pdf.", PDF, /“quote\.pdf\.” has no extension/],
    // A program extension hidden before an accepted one.
    ["invoice.exe.pdf", PDF, /“invoice\.exe\.pdf” carries the program extension \.exe/],
    ["invoice.PDF.Scr.pdf", PDF, /carries the program extension \.scr/],
    ["report.html.zip", PDF, /carries the program extension \.html/],
    // The extension and the content disagree.
    ["drawing.pdf", PNG, /“drawing\.pdf” ends in \.pdf but its content is another type/],
    ["scan.jpg", PNG, /ends in \.jpg but its content is another type/],
    ["spec.docx", OLE, /ends in \.docx but its content is another type/],
    ["spec.pdf", OLE, /ends in \.pdf but its content is another type/],
  ];
  for (const [route, send] of Object.entries(routes)) {
    for (const [name, bytes, message] of refused) {
      const r = await send(new File([bytes], name));
      assert.equal(r.status, 415, `${route} ${name}: ${JSON.stringify(r.json)}`);
      assert.match(r.json.error.message, message, `${route} ${name}`);
      assert.deepEqual(r.json.error.validationErrors[0].members, ["file"], `${route} ${name}`);
    }
  }
  // Nothing was kept, nothing is left in the temporary folder.
  assert.equal((await env.db.select().from(files)).length, 0);
  assert.deepEqual(leftInTmp(env), []);
  // In Chinese too.
  const zh = await ask(env, s1.token, p.id, "Which grade?", new File([PDF], "quote.pdf.hta"), "zh");
  assert.equal(zh.status, 415);
  assert.match(zh.json.error.message, /不接受以 \.hta 结尾的文件/);
  // Accepted: each type under its own extensions, in any case, with harmless dots in the name.
  const accepted: [string, BlobPart, string][] = [
    ["Quote v1.2.PDF", PDF, "application/pdf"],
    ["drawing.png", PNG, "image/png"],
    ["spec.doc", OLE, "application/msword"],
    ["prices.xls", OLE, "application/vnd.ms-excel"],
  ];
  for (const [name, bytes, type] of accepted) {
    const r = await routes.Upload(new File([bytes], name));
    assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.json)}`);
    assert.equal(r.json.result.fileName, name);
    assert.equal(r.json.result.contentType, type);
  }
});

Deno.test("a file sent without a name is told it has none (not that it holds a control character)", async () => {
  const { env, admin, s1, p } = await questionsSetUp();
  await using _ = env;
  const routes = await uploadRoutes(env, admin, s1.token, p.id);
  for (const [route, send] of Object.entries(routes)) {
    // With its content type (a form reads it as a text part) and without (a file part).
    for (const type of ["application/pdf", ""]) {
      const r = await send(new File([PDF], "", { type }));
      assert.equal(r.status, 400, `${route} ${type}: ${JSON.stringify(r.json)}`);
      assert.equal(
        r.json.error.message,
        "The file has no name: give it a name that ends in its type, such as .pdf",
      );
      assert.deepEqual(r.json.error.validationErrors[0].members, ["file"]);
    }
  }
  // An empty file input (no name, no bytes) is a file left out.
  const none = await routes.Upload(new File([], ""));
  assert.equal(none.status, 400);
  assert.match(none.json.error.message, /Choose a file to upload/);
  assert.deepEqual(leftInTmp(env), []);
});

/** The name a download's Content-Disposition gives: its exact filename*, and its plain fallback. */
function dispositionNames(res: Response) {
  const cd = res.headers.get("content-disposition") ?? "";
  const m = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9%._~!-]*)$/.exec(cd);
  assert.ok(m, `Content-Disposition ${cd}`);
  return { exact: decodeURIComponent(m[2]), fallback: m[1] };
}

Deno.test('a name typed as a"b;c.pdf is stored and downloaded as typed, decoded once', async () => {
  const { env, admin, s1, p } = await questionsSetUp();
  await using _ = env;
  const routes = await uploadRoutes(env, admin, s1.token, p.id);
  // A form writes " as %22 (and CR, LF as %0D, %0A): the server reads it back once, so a name
  // typed with %22 or %2522 keeps what the form could not tell apart from it, and no more.
  for (const [typed, stored] of [['a"b;c.pdf', 'a"b;c.pdf'], ["50%25 off.pdf", "50%25 off.pdf"]]) {
    for (const [route, send] of Object.entries(routes)) {
      const up = await send(new File([`${PDF}${route}${typed}`], typed));
      assert.equal(up.status, 200, `${route}: ${JSON.stringify(up.json)}`);
      const r = up.json.result;
      const id = r.fileId ?? r.file?.id ?? r.id;
      const row = await env.db.query.files.findFirst({ where: eq(files.id, id) });
      assert.equal(row?.fileName, stored, route);
      const dl = await call(env, "get", "/QMO/FileService/GetFileStream", {
        token: route === "Upload" ? admin : s1.token,
        query: { id },
      });
      assert.equal(dl.status, 200, route);
      const names = dispositionNames(dl.res);
      assert.equal(names.exact, stored, `${route}: filename*`);
      assert.equal(names.fallback, stored.replace(/"/g, "_"), `${route}: plain filename`);
      await dl.res.body?.cancel();
    }
  }
});

Deno.test("a file kept before the name rules is downloaded under its type's extension", async () => {
  const { env, admin, p } = await questionsSetUp();
  await using _ = env;
  for (
    const [kept, sent] of [
      ["quote.pdf.hta", "quote.pdf"],
      ["invoice.exe.pdf", "invoice.pdf"],
      ["scan", "scan.pdf"],
      ["a.b.pdf", "a.b.pdf"],
    ]
  ) {
    const f = await storeUpload(env, {
      file: new File([`${PDF}${kept}`], "x.pdf"),
      purpose: "project",
      projectId: p.id,
    });
    await env.db.update(files).set({ fileName: kept }).where(eq(files.id, f.id));
    const dl = await call(env, "get", "/QMO/FileService/GetFileStream", {
      token: admin,
      query: { id: f.id },
    });
    assert.equal(dl.status, 200);
    assert.equal(dispositionNames(dl.res).exact, sent, kept);
    await dl.res.body?.cancel();
  }
});
