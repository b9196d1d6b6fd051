// The streaming form reader (server/http/multipart.ts) on bodies cut into pieces of every size: the
// file reaches its temporary file byte for byte with the right SHA-256, text fields before and after
// it stay whole although the read buffer is reused, the body is read no further ahead than what is
// on disk, and a body that breaks off leaves no temporary file. The store then takes the file in by
// renaming it: the bytes are written once.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { MalformedForm, parseFormStreaming, READ_BYTES } from "../../server/http/multipart.ts";
import { SpooledFile, uploadTmpDir } from "../../server/domain/files/spool.ts";
import { storeUpload } from "../../server/domain/files/service.ts";
import { testEnv } from "../helpers.ts";

const enc = new TextEncoder();
const BOUNDARY = "----qmo-multipart-test";

/** A deterministic pseudo-random source (the same pieces on every run). */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * A form: a long text field, the file, another text field. The file is full of near-boundaries
 * ("\r\n--" and most of the boundary), which the parser must hold back and then hand over as data.
 */
function formBody(fileSize: number) {
  const file = new Uint8Array(fileSize);
  const rnd = random(7);
  for (let i = 0; i < file.length; i++) file[i] = Math.floor(rnd() * 256);
  const near = enc.encode(`\r\n--${BOUNDARY.slice(0, -3)}`);
  for (let at = 1000; at + near.length < file.length; at += 9_973) file.set(near, at);
  const before = "报价说明 quote notes ".repeat(9_000); // ~200 KB: spans several reads
  const after = "交货期 lead time ".repeat(7_000);
  const head = enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="before"\r\n\r\n${before}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="报价.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = enc.encode(
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="after"\r\n\r\n${after}\r\n` +
      `--${BOUNDARY}--\r\n`,
  );
  const body = new Uint8Array(head.length + file.length + tail.length);
  body.set(head);
  body.set(file, head.length);
  body.set(tail, head.length + file.length);
  return { body, file, headLength: head.length, before, after };
}

/** A byte stream handing `body` over in pieces of `sizes()` bytes, one piece per pull. */
function pieces(body: Uint8Array, sizes: () => number, onPull?: (sent: number) => void) {
  let sent = 0;
  return new ReadableStream({
    type: "bytes",
    pull(controller) {
      onPull?.(sent);
      if (sent >= body.length) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      const n = Math.min(Math.max(1, sizes()), body.length - sent);
      controller.enqueue(body.slice(sent, sent + n));
      sent += n;
    },
  });
}

function request(stream: ReadableStream<Uint8Array>) {
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
  });
}

const opts = (tmpDir: string) => ({
  tmpDir,
  maxBytes: 64 * 1024 * 1024,
  tooLarge: () => new Error("too large"),
  parts: { fields: new Set(["before", "file", "after"]), files: new Set(["file"]) },
  refuse: (why: string, part: string) => new Error(`${why}: ${part}`),
});

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

Deno.test("a form in pieces of every size keeps its file byte for byte and its text fields whole", async () => {
  const tmpDir = await Deno.makeTempDir({ prefix: "qmo-multipart-" });
  try {
    const { body, file, before, after } = formBody(700_000);
    // Pieces from one byte to past the read buffer, in many orders, each also as a plain stream.
    const upTo = (seed: number, max: number) => {
      const r = random(seed);
      return () => 1 + Math.floor(r() * max);
    };
    const shapes: [string, () => number][] = [
      ["1 to 600 bytes", upTo(1, 600)],
      ["up to 3 read buffers", upTo(2, 3 * READ_BYTES)],
      ["exactly one read buffer", () => READ_BYTES],
      ["up to 9 KB", upTo(3, 9_000)],
    ];
    for (const [shape, sizes] of shapes) {
      for (const kind of ["bytes", "plain"] as const) {
        let stream = pieces(body, sizes);
        if (kind === "plain") stream = stream.pipeThrough(new TransformStream());
        const form = await parseFormStreaming(request(stream), opts(tmpDir));
        const f = form.fields.file;
        assert.ok(f instanceof SpooledFile, `${shape}, ${kind}`);
        assert.equal(f.name, "报价.pdf");
        assert.equal(f.size, file.length, `${shape}, ${kind}`);
        assert.equal(f.sha256, sha256(file), `${shape}, ${kind}: hash counted on the way`);
        assert.deepEqual(await f.bytes(), file, `${shape}, ${kind}: bytes on disk`);
        assert.equal(form.fields.before, before, `${shape}, ${kind}: field before the file`);
        assert.equal(form.fields.after, after, `${shape}, ${kind}: field after the file`);
        await form.cleanup();
        assert.deepEqual([...Deno.readDirSync(tmpDir)], [], "cleanup removes the file");
      }
    }
  } finally {
    await Deno.remove(tmpDir, { recursive: true });
  }
});

Deno.test("the body is read no further ahead than one piece of what is on disk", async () => {
  const tmpDir = await Deno.makeTempDir({ prefix: "qmo-multipart-" });
  try {
    const { body, file, headLength } = formBody(2_000_000);
    let pulls = 0;
    let worst = 0;
    const onPull = (sent: number) => {
      // At each pull, every file byte sent before it is on disk, bar the few the parser holds
      // back while it checks whether they start the boundary.
      const fileSent = Math.min(Math.max(0, sent - headLength), file.length);
      const spooled = [...Deno.readDirSync(tmpDir)];
      const onDisk = spooled.length ? Deno.statSync(join(tmpDir, spooled[0].name)).size : 0;
      worst = Math.max(worst, fileSent - onDisk);
      pulls++;
    };
    const form = await parseFormStreaming(request(pieces(body, () => 16_384, onPull)), {
      ...opts(tmpDir),
    });
    assert.ok(pulls > 100);
    assert.ok(worst <= BOUNDARY.length + 8, `read ${worst} file bytes ahead of the disk`);
    assert.equal((form.fields.file as SpooledFile).sha256, sha256(file));
    await form.cleanup();
  } finally {
    await Deno.remove(tmpDir, { recursive: true });
  }
});

Deno.test("a body that breaks off, is cut short or runs past the limit leaves no temporary file", async () => {
  const tmpDir = await Deno.makeTempDir({ prefix: "qmo-multipart-" });
  try {
    const { body } = formBody(500_000);
    // The client goes away half-way.
    let sent = 0;
    const broken = new ReadableStream({
      type: "bytes",
      pull(controller) {
        if (sent > body.length / 2) return controller.error(new Error("connection reset"));
        controller.enqueue(body.slice(sent, sent + 10_000));
        sent += 10_000;
      },
    });
    await assert.rejects(parseFormStreaming(request(broken), opts(tmpDir)), MalformedForm);
    assert.deepEqual([...Deno.readDirSync(tmpDir)], []);
    // The body ends inside the file part.
    const short = body.slice(0, 300_000);
    await assert.rejects(
      parseFormStreaming(request(pieces(short, () => 7_000)), opts(tmpDir)),
      MalformedForm,
    );
    assert.deepEqual([...Deno.readDirSync(tmpDir)], []);
    // More bytes than allowed, without a declared length.
    await assert.rejects(
      parseFormStreaming(request(pieces(body, () => 7_000)), {
        ...opts(tmpDir),
        maxBytes: 100_000,
      }),
      /too large/,
    );
    assert.deepEqual([...Deno.readDirSync(tmpDir)], []);
  } finally {
    await Deno.remove(tmpDir, { recursive: true });
  }
});

Deno.test("the store takes a received file in by renaming it: its bytes are written once", async () => {
  await using env = await testEnv();
  const tmpDir = uploadTmpDir(env.dataDir);
  const pdf = enc.encode("%PDF-1.7\n" + "q".repeat(300_000) + "\n%%EOF\n");
  const fd = new FormData();
  fd.set("file", new File([pdf], "报价.pdf", { type: "application/pdf" }));
  const form = await parseFormStreaming(
    new Request("http://localhost/upload", { method: "POST", body: fd }),
    opts(tmpDir),
  );
  const spooled = form.fields.file as SpooledFile;
  const received = await Deno.stat(spooled.path);
  const dto = await storeUpload(env, { file: spooled, purpose: "other" });
  const stored = join(env.dataDir, "files", spooled.sha256.slice(0, 2), spooled.sha256);
  // The same file (inode), not a copy; nothing left in the temporary folder.
  assert.equal((await Deno.stat(stored)).ino, received.ino);
  assert.equal(spooled.path, stored);
  assert.deepEqual(await Deno.readFile(stored), pdf);
  assert.equal(dto.size, pdf.length);
  await form.cleanup();
  assert.deepEqual([...Deno.readDirSync(tmpDir)], []);
  // A file from elsewhere (not received into the store's folder) is copied, never moved away.
  const outside = await Deno.makeTempFile();
  await Deno.writeFile(outside, pdf);
  const other = new SpooledFile(outside, "copy.pdf", pdf.length, "application/pdf", sha256(pdf));
  await storeUpload(env, { file: other, purpose: "other" });
  assert.deepEqual(await Deno.readFile(outside), pdf);
  await Deno.remove(outside);
});
