// Multipart form bodies read as a stream: text fields are kept, each file part is written to a
// temporary file in the store's folder as it arrives (counted and hashed on the way), so a request
// never holds a whole upload in memory (hundreds of suppliers may upload at the deadline) and the
// store takes the file in by renaming it. Files are handed on as `SpooledFile` objects.
//
// A form reads only the parts its route expects (FormParts): each of its fields at most once, files
// only under its file fields, no more text parts than it has fields. Any other part (a file under
// another name, a field given twice, a text part too many) is refused as soon as its header is read
// (a text part: once read, in memory), before any of its bytes are written, and the rest of the
// body is not read: a body of thousands of parts never opens more than the form's own files. Each
// part's temporary file is closed when the part ends.
//
// The body is read into one buffer per request, and the next piece is read only once the previous
// one is on disk: a request holds at most READ_BYTES of its body however fast it is sent and however
// slow the disk, and the sender waits meanwhile (TCP flow control). busboy parses each piece
// synchronously; the file bytes it finds (views of that buffer) are collected as it goes and written
// before the buffer is read into again.
import busboy from "busboy";
import type { Readable } from "node:stream";
import { Spool, type SpooledFile } from "../domain/files/spool.ts";

/** How much of a request body is read at a time (and held per request). */
export const READ_BYTES = 64 * 1024;

export class MalformedForm extends Error {}

export type ParsedForm = {
  fields: Record<string, string | File>;
  /** Removes the temporary files still there; call when the request is done with them. */
  cleanup: () => Promise<void>;
};

/**
 * The parts a form takes, by lower-case name: each field once, a file only under a file field, at
 * most as many text parts as it has fields.
 */
export type FormParts = {
  fields: ReadonlySet<string>;
  files: ReadonlySet<string>;
};

/**
 * Why a part is refused: a file under a name that takes none, more text parts than the form has
 * fields, a field or file given a second time, or a file sent without a name.
 */
export type PartRefusal = "unexpectedFile" | "tooManyFields" | "repeated" | "noName";

/** One file part being received: its bytes not yet written, then its temporary file. */
type Part = {
  name: string;
  info: { filename?: string; mimeType?: string };
  /** Null for a part sent without a file name: its bytes are only counted. */
  spool: Spool | null;
  size: number;
  pending: Uint8Array[];
  ended: boolean;
  file?: SpooledFile;
};

/**
 * A file name as a form sends it: browsers write `"`, CR and LF as %22, %0D and %0A (the HTML
 * form encoding) and nothing else, so those three, and only they, are turned back, once.
 */
const decodeFormFileName = (name: string) =>
  name.replace(/%(22|0d|0a)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A part's name as a message quotes it (a sender may make it long). */
const shown = (name: string) => name.length > 80 ? `${name.slice(0, 80)}…` : name;

/**
 * Reads a multipart/form-data (or urlencoded) request that may hold only `parts`. A part outside
 * them is refused with `refuse(why, part)` before its bytes are read on; a file part sent with an
 * empty name and no bytes (a file input left empty) is as if left out. Throws MalformedForm for a
 * body that is not a readable form. Whatever fails, no temporary file is left.
 */
export async function parseFormStreaming(
  req: Request,
  opts: {
    tmpDir: string;
    maxBytes: number;
    tooLarge: () => Error;
    parts: FormParts;
    refuse: (why: PartRefusal, part: string) => Error;
    /** Told the size of each piece of the body as it is read (the metrics count them). */
    onBytes?: (n: number) => void;
  },
): Promise<ParsedForm> {
  const { tmpDir, maxBytes, tooLarge, parts: expected, refuse } = opts;
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
  /** The names (lower case) already taken. */
  const taken = new Set<string>();
  /** The part whose bytes busboy is handing over, if the body is inside a file part now. */
  let current: Part | null = null;
  let failure: unknown = null;
  /** The part's name is refused; nothing more of the body is taken. */
  const refused = (why: PartRefusal, name: string) => failure ??= refuse(why, shown(name));
  /** Text parts so far, the form's own or not. */
  let texts = 0;
  /**
   * Whether a part may be read on: a file only under a file field, a field of the form only once,
   * no more text parts than the form has fields (one it does not have is read and dropped, as a
   * JSON body's unknown key is), and nothing refused yet.
   */
  const admit = (name: string, file: boolean) => {
    if (failure) return false;
    const key = name.toLowerCase();
    if (file && !expected.files.has(key)) refused("unexpectedFile", name);
    else if (!file && ++texts > expected.fields.size) refused("tooManyFields", name);
    else if (taken.has(key)) refused("repeated", name);
    if (expected.fields.has(key)) taken.add(key);
    return !failure;
  };
  // busboy names a part sent without a name (or with an empty one) undefined: no form has it.
  parser.on("field", (sent: string | undefined, value: string, info: { mimeType?: string }) => {
    const name = sent ?? "";
    const fileField = expected.files.has(name.toLowerCase());
    // A file part sent with an empty name reaches here as a field with the file's content type.
    const nameless = fileField && info.mimeType !== undefined && info.mimeType !== "text/plain";
    if (!admit(name, false) || !expected.fields.has(name.toLowerCase())) return;
    if (nameless) {
      if (value !== "") refused("noName", name);
      return;
    }
    fields[name] = value;
  });
  parser.on(
    "file",
    (
      sent: string | undefined,
      stream: Readable,
      info: { filename?: string; mimeType?: string },
    ) => {
      const name = sent ?? "";
      // busboy pushes each piece of the part into `stream` while it parses (synchronously, inside
      // `parser.write`); taking the pieces right there lets them be written before the buffer they
      // are views of is read into again. `push(null)` ends the part; the stream is let flow so that
      // it ends and busboy can finish.
      stream.on("error", () => {});
      stream.resume();
      const end = stream.push.bind(stream);
      if (!admit(name, true)) {
        current = null;
        stream.push = (chunk: unknown) => chunk === null ? end(null) : true; // read past it
        return;
      }
      const part: Part = {
        name,
        info,
        spool: info.filename ? new Spool(tmpDir) : null,
        size: 0,
        pending: [],
        ended: false,
      };
      parts.push(part);
      current = part;
      stream.push = (chunk: unknown) => {
        if (chunk === null) {
          if (current === part) current = null;
          part.ended = true;
          if (!part.spool && part.size > 0) refused("noName", name);
          return end(null);
        }
        const bytes = chunk as Uint8Array;
        part.size += bytes.byteLength;
        if (part.spool) part.pending.push(bytes);
        return true;
      };
    },
  );
  parser.on("error", (err: unknown) => {
    failure ??= new MalformedForm(err instanceof Error ? err.message : String(err));
  });
  const closed = new Promise<void>((resolve) => parser.on("close", () => resolve()));

  /**
   * Writes what busboy handed over, part by part, in order; a part that has ended is closed then
   * (its file stays for the handler), so the form's files are never open all at once.
   */
  const flush = async () => {
    for (const part of parts) {
      if (!part.spool) continue;
      while (part.pending.length) await part.spool.write(part.pending.shift()!);
      if (part.ended && !part.file) {
        part.file = await part.spool.finish(
          decodeFormFileName(part.info.filename ?? ""),
          part.info.mimeType ?? "application/octet-stream",
        );
      }
    }
  };
  const cleanup = async () => {
    await Promise.all(parts.map((p) => p.spool?.abort()));
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
  /** Hands a piece to busboy; a refused part or what it cannot parse ends the reading. */
  const parse = (piece?: Uint8Array) => {
    if (piece) parser.write(piece);
    if (failure) throw failure;
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
      opts.onBytes?.(value.byteLength);
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
    // A refused part, the size limit's own error, a malformed form, or the disk failing: the rest
    // of the body is not read, and nothing is left behind.
    await (byob ?? plain)!.cancel().catch(() => {});
    parser.destroy();
    await cleanup();
    throw err;
  }
  for (const part of parts) if (part.file) fields[part.name] = part.file;
  return { fields, cleanup };
}
