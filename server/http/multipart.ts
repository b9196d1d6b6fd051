// Multipart form bodies read as a stream: text fields are kept, each file part is written to a
// temporary file as it arrives, so a request never holds a whole upload in memory (hundreds of
// suppliers may upload at the deadline). Files are handed on as `File` objects read from disk.
import busboy from "busboy";
import { Readable } from "node:stream";
import { join } from "node:path";

/** A `File` whose bytes are in a temporary file on disk, read each time they are asked for. */
export class SpooledFile extends File {
  readonly #size: number;
  constructor(readonly path: string, name: string, size: number, type: string) {
    super([], name, { type });
    this.#size = size;
  }
  override get size(): number {
    return this.#size;
  }
  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return Deno.openSync(this.path, { read: true }).readable as ReadableStream<
      Uint8Array<ArrayBuffer>
    >;
  }
  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return await Deno.readFile(this.path) as Uint8Array<ArrayBuffer>;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }
  override async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }
}

export class MalformedForm extends Error {}

export type ParsedForm = {
  fields: Record<string, string | File>;
  /** Removes the temporary files; call when the request is done with them. */
  cleanup: () => Promise<void>;
};

/**
 * Reads a multipart/form-data (or urlencoded) request. A text key given twice keeps its last value,
 * as `parseBody` does; a file key given twice is refused with `twoFiles(name)` (one attachment per
 * field, never one dropped silently). Throws MalformedForm for a body that is not a readable form.
 */
export async function parseFormStreaming(
  req: Request,
  opts: {
    tmpDir: string;
    maxBytes: number;
    tooLarge: () => Error;
    twoFiles: (name: string) => Error;
  },
): Promise<ParsedForm> {
  const { tmpDir, maxBytes, tooLarge, twoFiles } = opts;
  const type = req.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type) || !req.body) {
    throw new MalformedForm("not a form");
  }
  // A declared length over the limit is refused before a byte is read; a body that runs past it
  // (declared or chunked) is cut off as it streams.
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  let seen = 0;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  await Deno.mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string | File> = {};
  const spooled: string[] = [];
  const cleanup = async () => {
    await Promise.all(spooled.map((p) => Deno.remove(p).catch(() => {})));
  };
  let parser;
  try {
    parser = busboy({ headers: { "content-type": type }, defParamCharset: "utf8" });
  } catch {
    throw new MalformedForm("bad content-type");
  }
  const writes: Promise<void>[] = [];
  const fileFields = new Set<string>();
  let repeated: string | null = null;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on(
      "file",
      (name: string, stream: Readable, info: { filename?: string; mimeType?: string }) => {
        // A body cut off inside this part errors the part's stream, possibly before the copy
        // below starts reading it: without a listener from the start, that error would be uncaught
        // and end the process. The copy still sees it (reading an errored stream throws).
        stream.on("error", () => {});
        if (fileFields.has(name)) {
          repeated ??= name;
          stream.resume(); // read past it; the form is refused once read
          return;
        }
        fileFields.add(name);
        const path = join(tmpDir, `form-${crypto.randomUUID()}`);
        spooled.push(path);
        writes.push((async () => {
          const out = await Deno.open(path, { write: true, createNew: true, mode: 0o600 });
          let size = 0;
          try {
            for await (const chunk of stream as AsyncIterable<Uint8Array>) {
              size += chunk.byteLength;
              for (let o = 0; o < chunk.byteLength;) o += await out.write(chunk.subarray(o));
            }
          } finally {
            out.close();
          }
          fields[name] = new SpooledFile(
            path,
            info.filename ?? "",
            size,
            info.mimeType ?? "application/octet-stream",
          );
        })());
      },
    );
    parser.on("error", (err: unknown) => reject(err));
    parser.on("close", () => resolve());
  });
  // A small high-water mark: with hundreds of uploads at once, little is buffered per request.
  const source = Readable.fromWeb(counted as import("node:stream/web").ReadableStream, {
    highWaterMark: 64 * 1024,
  });
  source.on("error", (err) => parser.destroy(err));
  source.pipe(parser);
  try {
    await done;
    await Promise.all(writes);
  } catch (err) {
    source.destroy();
    await Promise.allSettled(writes);
    await cleanup();
    // The size limit's own error passes through; anything the parser says is a malformed form.
    if (seen > maxBytes) throw tooLarge();
    throw new MalformedForm(err instanceof Error ? err.message : String(err));
  }
  if (repeated !== null) {
    await cleanup();
    throw twoFiles(repeated);
  }
  return { fields, cleanup };
}
