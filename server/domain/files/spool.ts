// An upload's bytes written to a temporary file in the store's own folder as they arrive, counted
// and hashed on the way: the store then takes the file in by renaming it, so each upload is written
// to disk once and never read back to be hashed.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { asStorageFull } from "../errors.ts";

/** Where uploads are written while they arrive: inside the store, so a rename takes them in. */
export const uploadTmpDir = (dataDir: string) => join(dataDir, "files", "tmp");

/**
 * A `File` whose bytes are in a file on disk (read each time they are asked for), with the size and
 * SHA-256 counted while it was written. Once the store has taken it in, `path` is where it is kept.
 */
export class SpooledFile extends File {
  #path: string;
  readonly #size: number;
  constructor(path: string, name: string, size: number, type: string, readonly sha256: string) {
    super([], name, { type });
    this.#path = path;
    this.#size = size;
  }
  get path(): string {
    return this.#path;
  }
  /** The store renamed the bytes to `path`: they are read from there from now on. */
  movedTo(path: string) {
    this.#path = path;
  }
  override get size(): number {
    return this.#size;
  }
  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return Deno.openSync(this.#path, { read: true }).readable as ReadableStream<
      Uint8Array<ArrayBuffer>
    >;
  }
  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return await Deno.readFile(this.#path) as Uint8Array<ArrayBuffer>;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }
  override async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }
  /** The first `n` bytes (fewer when the file is shorter): enough to tell its type. */
  async head(n: number): Promise<Uint8Array> {
    const f = await Deno.open(this.#path, { read: true });
    try {
      const out = new Uint8Array(Math.min(n, this.#size));
      let got = 0;
      while (got < out.length) {
        const r = await f.read(out.subarray(got));
        if (r === null) break;
        got += r;
      }
      return out.subarray(0, got);
    } finally {
      f.close();
    }
  }
}

/**
 * A temporary file being written: `write` each piece in order (the promise settles once the bytes
 * are with the kernel, so a caller that waits reads no faster than the disk takes them), then
 * `finish` for the SpooledFile, or `abort` to remove it. Nothing is synced here: the store syncs the
 * file it keeps, just before the rename.
 */
export class Spool {
  readonly path: string;
  #out: Deno.FsFile | null = null;
  #hash = createHash("sha256");
  #size = 0;
  #open: Promise<void>;

  constructor(dir: string) {
    this.path = join(dir, `upload-${crypto.randomUUID()}`);
    this.#open = Deno.mkdir(dir, { recursive: true })
      .then(() => Deno.open(this.path, { write: true, createNew: true, mode: 0o600 }))
      .then((f) => void (this.#out = f));
    // A failure to open is reported by the first write or by finish; never unhandled.
    this.#open.catch(() => {});
  }

  get size() {
    return this.#size;
  }

  /** A disk (or quota) that takes no more fails with `storageFull`; the caller then aborts. */
  async write(chunk: Uint8Array): Promise<void> {
    try {
      await this.#open;
      const out = this.#out!;
      this.#hash.update(chunk);
      this.#size += chunk.byteLength;
      for (let off = 0; off < chunk.byteLength;) off += await out.write(chunk.subarray(off));
    } catch (err) {
      throw asStorageFull(err);
    }
  }

  async finish(name: string, type: string): Promise<SpooledFile> {
    await this.#open.catch((err) => Promise.reject(asStorageFull(err)));
    this.#close();
    return new SpooledFile(this.path, name, this.#size, type, this.#hash.digest("hex"));
  }

  /** Closes and removes the temporary file (whatever state it is in). */
  async abort(): Promise<void> {
    await this.#open.catch(() => {});
    this.#close();
    await Deno.remove(this.path).catch(() => {});
  }

  #close() {
    try {
      this.#out?.close();
    } catch { /* already closed */ }
    this.#out = null;
  }
}
