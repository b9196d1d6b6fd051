// A multipart body of thousands of parts against the real server (Deno.serve on 127.0.0.1, in this
// process): AskQuestion reads only the parts its form takes (offProId, text, file), so 20,000 file
// parts, 20,000 copies of its one file or 20,000 text fields are refused with a 400 naming the
// first part too many, no more than a few files are opened meanwhile (counted in /proc/self/fd,
// this process's open files), nothing is left in files/tmp, and the server goes on answering.
import assert from "node:assert/strict";
import { pdf, questionsSetUp, SO } from "../http/questions_fixtures.ts";

const BOUNDARY = "----qmo-many-parts";
const enc = new TextEncoder();

const textPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, fileName: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\n` +
  `Content-Type: application/pdf\r\n\r\n%PDF\r\n`;

/** AskQuestion's own fields, then `parts`, as one body. */
function body(offProId: number, parts: (i: number) => string, n = 20_000) {
  const out = [textPart("offProId", String(offProId)), textPart("text", "Which laminate grade?")];
  for (let i = 0; i < n; i++) out.push(parts(i));
  out.push(`--${BOUNDARY}--\r\n`);
  return enc.encode(out.join(""));
}

const openFiles = () => [...Deno.readDirSync("/proc/self/fd")].length;

Deno.test("thousands of parts are refused with a 400 naming the part, open no files and leave nothing behind", async () => {
  const { env, s1, p } = await questionsSetUp();
  await using _env = env;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, env.app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}/api/services`;
  const tmp = `${env.dataDir}/files/tmp`;
  const leftInTmp = () => {
    try {
      return [...Deno.readDirSync(tmp)].map((e) => e.name);
    } catch {
      return [];
    }
  };
  try {
    const cases: [string, Uint8Array<ArrayBuffer>, RegExp][] = [
      [
        "20,000 file fields",
        body(p.id, (i) => filePart(`f${i}`, `a${i}.pdf`)),
        /no file in the part “f0”/,
      ],
      [
        "the form's file 20,000 times",
        body(p.id, () => filePart("file", "a.pdf")),
        /One attachment per submission/,
      ],
      [
        "20,000 text fields",
        body(p.id, (i) => textPart(`t${i}`, "x")),
        /at most 3 fields: the part “t1” is one too many/,
      ],
    ];
    for (const [what, bytes, message] of cases) {
      const before = openFiles();
      let most = before;
      const sampler = setInterval(() => most = Math.max(most, openFiles()), 1);
      const res = await fetch(`${base}${SO}/AskQuestion`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${s1.token}`,
          "accept-language": "en",
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body: bytes,
      });
      const json = await res.json();
      clearInterval(sampler);
      most = Math.max(most, openFiles());
      assert.equal(res.status, 400, `${what}: ${JSON.stringify(json)}`);
      assert.match(json.error.message, message, what);
      // The connection's sockets, at most the form's one file, and what test files running beside
      // this one in the same process open meanwhile: nothing like a file per part (20,000).
      assert.ok(most - before <= 16, `${what}: ${most - before} more open files at the worst`);
      assert.ok(openFiles() - before <= 4, `${what}: ${openFiles() - before} still open`);
      assert.deepEqual(leftInTmp(), [], `${what}: temporary files left`);
    }
    // The server answers on, and takes a question with its file.
    const form = new FormData();
    form.set("offProId", String(p.id));
    form.set("text", "Which laminate grade?");
    form.set("file", pdf("grade"));
    const asked = await fetch(`${base}${SO}/AskQuestion`, {
      method: "POST",
      headers: { authorization: `Bearer ${s1.token}` },
      body: form,
    });
    assert.equal(asked.status, 200, JSON.stringify(await asked.clone().json()));
    await asked.body?.cancel();
    assert.deepEqual(leftInTmp(), []);
  } finally {
    await server.shutdown();
  }
});
