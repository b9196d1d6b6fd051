// A file read in pieces (an upload the server received, a CLI argument, or bytes already in memory),
// and the pause every long reading loop awaits so that other calls get their turn.

/** A file to read: its path on disk or its bytes. */
export type FileSource = string | Uint8Array;

/** Random access to a file's bytes, a piece at a time. */
export type Bytes = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  close(): void;
};

export async function openBytes(source: FileSource): Promise<Bytes> {
  if (typeof source !== "string") {
    return {
      size: source.length,
      read: (offset, length) => Promise.resolve(source.subarray(offset, offset + length)),
      close() {},
    };
  }
  const file = await Deno.open(source, { read: true });
  const size = (await file.stat()).size;
  return {
    size,
    async read(offset, length) {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      await file.seek(offset, Deno.SeekMode.Start);
      let got = 0;
      while (got < out.length) {
        const n = await file.read(out.subarray(got));
        if (n === null) break;
        got += n;
      }
      return out.subarray(0, got);
    },
    close: () => file.close(),
  };
}

/**
 * A pause to await in a long loop: it gives other calls their turn (a macrotask, so network events
 * run too) once the loop has held the event loop for a few milliseconds, and is free otherwise.
 */
export function turns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < 8) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}
