// Multipart form bodies read as a stream: text fields are kept, each file part is written to a
// temporary file in the store's folder as it arrives (counted and hashed on the way), so a request
// never holds a whole upload in memory (hundreds of suppliers may upload at the deadline) and the
// store takes the file in by renaming it. Files are handed on as `SpooledFile` objects.
//
// The body is read into one buffer per request, and the next piece is read only once the previous
// one is on disk: a request holds at most READ_BYTES of its body however fast it is sent and however
// slow the disk, and the sender waits meanwhile (TCP flow control). busboy parses each piece
// synchronously; the file bytes it finds (views of that buffer) are collected as it goes and written
// before the buffer is read into again.
import busboy from "busboy";
import type { Readable } from "node:stream";
import { Spool } from "../domain/files/spool.ts";

/** How much of a request body is read at a time (and held per request). */
export const READ_BYTES = 64 * 1024;

export class MalformedForm extends Error {}

export type ParsedForm = {
  fields: Record<string, string | File>;
  /** Removes the temporary files still there; call when the request is done with them. */
  cleanup: () => Promise<void>;
};

/** One file part being received: its bytes not yet written, then its temporary file. */
type Part = {
  name: string;
  info: { filename?: string; mimeType?: string };
  spool: Spool;
  pending: Uint8Array[];
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
  let parser;
  try {
    parser = busboy({ headers: { "content-type": type }, defParamCharset: "utf8" });
  } catch {
    throw new MalformedForm("bad content-type");
  }
  const fields: Record<string, string | File> = {};
  const parts: Part[] = [];
  const fileFields = new Set<string>();
  let repeated: string | null = null;
  /** The part whose bytes busboy is handing over, if the body is inside a file part now. */
  let current: Part | null = null;
  let failure: unknown = null;
  parser.on("field", (name: string, value: string) => {
    fields[name] = value;
  });
  parser.on(
    "file",
    (name: string, stream: Readable, info: { filename?: string; mimeType?: string }) => {
      // busboy pushes each piece of the part into `stream` while it parses (synchronously, inside
      // `parser.write`); taking the pieces right there lets them be written before the buffer they
      // are views of is read into again. `push(null)` ends the part; the stream is let flow so that
      // it ends and busboy can finish.
      stream.on("error", () => {});
      stream.resume();
      const end = stream.push.bind(stream);
      if (fileFields.has(name)) {
        repeated ??= name;
        current = null;
        stream.push = (chunk: unknown) => chunk === null ? end(null) : true; // read past it
        return;
      }
      fileFields.add(name);
      const part: Part = { name, info, spool: new Spool(tmpDir), pending: [] };
      parts.push(part);
      current = part;
      stream.push = (chunk: unknown) => {
        if (chunk === null) {
          if (current === part) current = null;
          return end(null);
        }
        part.pending.push(chunk as Uint8Array);
        return true;
      };
    },
  );
  parser.on("error", (err: unknown) => failure ??= err);
  const closed = new Promise<void>((resolve) => parser.on("close", () => resolve()));

  /** Writes what busboy handed over, part by part, in order. */
  const flush = async () => {
    for (const part of parts) {
      while (part.pending.length) await part.spool.write(part.pending.shift()!);
    }
  };
  const cleanup = async () => {
    await Promise.all(parts.map((p) => p.spool.abort()));
  };

  // A request's body is a byte stream (Deno.serve, a FormData or bytes body): it is read into this
  // request's own buffer. Any other stream is read as it hands its chunks over.
  const body = req.body;
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch { /* not a byte stream */ }
  const plain = byob ? null : body.getReader();
  /** Reads the next piece; a body that breaks off (the client went away) is a malformed form. */
  const read = async (into: Uint8Array<ArrayBuffer>) => {
    try {
      return byob ? await byob.read(into) : await plain!.read();
    } catch (err) {
      throw new MalformedForm(err instanceof Error ? err.message : String(err));
    }
  };
  /** Hands a piece to busboy; what it cannot parse is a malformed form. */
  const parse = (piece?: Uint8Array) => {
    if (piece) parser.write(piece);
    if (failure) {
      throw new MalformedForm(failure instanceof Error ? failure.message : String(failure));
    }
    // busboy parses each piece before write returns: nothing may wait in its queue holding a view
    // of the buffer that is read into next (a change in busboy would show here, not as bad files).
    if (parser.writableLength > 0) throw new Error("the multipart parser queued a piece");
  };
  let buffer: Uint8Array<ArrayBuffer> = new Uint8Array(byob ? READ_BYTES : 0);
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await read(buffer);
      if (done) break;
      seen += value.byteLength;
      if (seen > maxBytes) throw tooLarge();
      parse(value);
      await flush();
      // A text field still open keeps views of this piece until its part ends: only a piece that
      // ended inside a file part (whose bytes are now on disk) is read into again.
      if (byob) {
        buffer = current ? new Uint8Array(value.buffer as ArrayBuffer) : new Uint8Array(READ_BYTES);
      }
    }
    parser.end();
    await closed;
    parse();
    await flush();
  } catch (err) {
    // The size limit's own error, a malformed form, or the disk failing: nothing is left behind.
    await (byob ?? plain)!.cancel().catch(() => {});
    parser.destroy();
    await cleanup();
    throw err;
  }
  if (repeated !== null) {
    await cleanup();
    throw twoFiles(repeated);
  }
  for (const part of parts) {
    fields[part.name] = await part.spool.finish(
      part.info.filename ?? "",
      part.info.mimeType ?? "application/octet-stream",
    );
  }
  return { fields, cleanup };
}
