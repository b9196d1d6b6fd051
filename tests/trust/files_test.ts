// Path traversal and unsafe names: uploaded file names that climb out of folders, hide their
// extension or break headers are kept as a plain last segment (or refused, when nothing is left or
// they end in a program's extension); downloads are attachments whose Content-Disposition cannot be
// broken; file ids that are paths are refused; the client's static files never serve anything
// outside their folder.
import { join } from "node:path";
import { createApp } from "../../server/http/app.ts";
import { serveClient } from "../../server/http/client.ts";
import { ADMIN_PASSWORD, call, signIn, testEnv } from "../helpers.ts";
import { agree, publishedProject, submitForm, supplierWithLogin } from "../http/quotes_fixtures.ts";
import { answerProblems, fakeClientDir, securityHeaderProblems, send, Tally } from "./support.ts";

const PDF = "%PDF-1.4\n% traversal test\n%%EOF\n";

/** Names that try to leave the store, hide what they are, or break the download header. */
function hostileNames(mark: string): string[] {
  return [
    `../../../../tmp/${mark}-1.pdf`,
    `..\\..\\..\\..\\tmp\\${mark}-2.pdf`,
    `/tmp/${mark}-3.pdf`,
    `C:\\Windows\\..\\${mark}-4.pdf`,
    `%2e%2e%2f%2e%2e%2f${mark}-5.pdf`,
    `....//....//${mark}-6.pdf`,
    `${mark}-7.pdf\u0000.exe`,
    "..",
    ".",
    "",
    `invoice\u202Efdp.exe`,
    `${mark}\r\nSet-Cookie: stolen=1.pdf`,
    `${mark}";filename="evil.html`,
    `<img src=x onerror=alert(1)>.pdf`,
    `${"长".repeat(254)}😀.pdf`,
    `${"a".repeat(254)}😀.pdf`,
  ];
}

/** Files anywhere under `dir` (a few levels deep) whose name holds `mark`. */
async function filesNamed(dir: string, mark: string, depth = 3): Promise<string[]> {
  const found: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.name.includes(mark)) found.push(p);
      if (e.isDirectory && depth > 0) found.push(...await filesNamed(p, mark, depth - 1));
    }
  } catch { /* unreadable or gone */ }
  return found;
}

function dispositionProblems(res: Response): string[] {
  const cd = res.headers.get("content-disposition") ?? "";
  const problems: string[] = [];
  const m = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9%._~!$&+^`|-]*)$/.exec(
    cd,
  );
  if (!m) problems.push(`Content-Disposition ${JSON.stringify(cd)}`);
  if (res.headers.get("content-type") !== "application/octet-stream") {
    problems.push(`content-type ${res.headers.get("content-type")}`);
  }
  return problems;
}

Deno.test("uploaded names that climb folders or break headers are kept as a safe last segment", async () => {
  await using env = await testEnv();
  const tally = new Tally("hostile file names");
  const mark = `trav${crypto.randomUUID().slice(0, 8)}`;
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  const s = await supplierWithLogin(env, "TR001");
  const project = await publishedProject(env, [s.supplier.id]);
  const draft = await publishedProject(env, [], { status: "unpublished" });
  await agree(env, s.token, project.id);

  for (const [i, name] of hostileNames(mark).entries()) {
    // By a buyer (attachment) and by a supplier (quote).
    const upload = new FormData();
    upload.set("file", new File([`${PDF}${i}`], name));
    upload.set("projectId", String(draft.id));
    const uploads = [
      [
        "buyer",
        admin,
        await call(env, "post", "/QMO/FileService/Upload", { token: admin, body: upload }),
      ],
      [
        "supplier",
        s.token,
        await call(env, "post", "/QMO/SupplierOffer/Submit", {
          token: s.token,
          body: submitForm(project.id, new File([`${PDF}s${i}`], name)),
        }),
      ],
    ] as const;
    for (const [who, token, up] of uploads) {
      const what = `${who} ${JSON.stringify(name).slice(0, 60)}`;
      // A NUL in the multipart header makes the form itself invalid; a name with nothing left
      // (400) or that ends in a program's extension (415) is refused (tests/http/file_names_test.ts).
      const refused = name.includes("\u0000") || /^\.*$/.test(name)
        ? 400
        : /\.(exe|html)$/.test(name)
        ? 415
        : 0;
      if (refused) {
        const problems = up.json?.success === false ? [] : ["not the envelope"];
        if (up.status !== refused) problems.push(`upload answered ${up.status}`);
        tally.record(what, up.status, problems);
        continue;
      }
      if (up.status !== 200) {
        tally.record(what, up.status, [`upload answered ${up.status} ${JSON.stringify(up.json)}`]);
        continue;
      }
      const r = up.json.result;
      const id = r.fileId ?? r.id;
      const stored: string = r.fileName ??
        (await env.db.query.files.findFirst({ where: (f, { eq }) => eq(f.id, id) }))!.fileName;
      const problems: string[] = [];
      // deno-lint-ignore no-control-regex
      if (/[\\/\u0000-\u001f\u007f]/.test(stored)) {
        problems.push(`stored as ${JSON.stringify(stored)}`);
      }
      if (stored === "." || stored === ".." || stored === "") {
        problems.push(`stored as "${stored}"`);
      }
      if (/[\u202a-\u202e\u2066-\u2069]/.test(stored)) problems.push("keeps a direction override");
      if (
        stored.length > 255 ||
        stored.includes("\ufffd") || (name.length > 255 && !stored.endsWith(".pdf"))
      ) {
        problems.push(`cut badly: ${stored.length} ${JSON.stringify(stored.slice(-5))}`);
      }
      const dl = await send(env, "get", "/QMO/FileService/GetFileStream", {
        token,
        query: `id=${id}`,
      });
      problems.push(...dispositionProblems(dl));
      if (dl.status !== 200) problems.push(`download answered ${dl.status}`);
      problems.push(...await answerProblems(dl, true));
      tally.record(what, up.status, problems);
    }
  }
  // Nothing was written outside the store under any of the names.
  const escaped = [...await filesNamed("/tmp", mark), ...await filesNamed(env.dataDir, mark, 5)];
  tally.check("written elsewhere", escaped.length === 0, escaped.join(", "));
  tally.done();
});

Deno.test("file ids that are paths are refused with 400; unknown ones with 404", async () => {
  await using env = await testEnv();
  const tally = new Tally("file ids as paths");
  const admin = await signIn(env, "admin", ADMIN_PASSWORD);
  for (
    const id of [
      "../../etc/passwd",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2f1",
      "1/../2",
      "1%00",
      "1;rm -rf /",
      "0x1",
      "1e3",
      "-1",
      "/etc/passwd",
      "C:\\boot.ini",
    ]
  ) {
    for (const path of ["/QMO/FileService/GetFileStream", "/QMO/FileService/DeleteFile"]) {
      const method = path.endsWith("DeleteFile") ? "delete" : "get";
      const res = await send(env, method, path, { token: admin, query: `id=${id}` });
      const problems = await answerProblems(res, true);
      if (res.status !== 400 && res.status !== 404) problems.push(`status ${res.status}`);
      tally.record(`${path} id=${id}`, res.status, problems);
    }
  }
  tally.done();
});

Deno.test("the client's static files never serve a file outside their folder", async () => {
  await using env = await testEnv();
  const tally = new Tally("static path traversal");
  const { root, dir, secret } = await fakeClientDir();
  try {
    const app = createApp(env, { extend: serveClient({ dir }) });
    for (
      const path of [
        "/assets/..%2fsecret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/assets/%2e%2e%2fsecret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt",
        "/assets/..%252fsecret.txt",
        "/assets/....//secret.txt",
        "/assets/..\\secret.txt",
        "/assets/..%5csecret.txt",
        "/assets/../secret.txt",
        "/assets/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/..%2f..%2fsecret.txt",
        "/secret.txt",
        "/admin/../secret.txt",
        "/portal/..%2f..%2fsecret.txt",
        "/assets/%00secret.txt",
        "/assets/app-1.js%00.txt",
      ]
    ) {
      const res = await app.request(`http://localhost${path}`);
      const body = await res.text();
      const problems = securityHeaderProblems(res);
      if (body.includes(secret)) problems.push("served the secret");
      if (res.status >= 500) problems.push(`status ${res.status}`);
      tally.record(path, res.status, problems);
    }
    const ok = await app.request("http://localhost/assets/app-1.js");
    tally.check(
      "a real asset",
      ok.status === 200 && (await ok.text()) === "console.log(1)",
      "missing",
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
  tally.done();
});
