// Answers of the systems QMO calls (the ERP, the asset system), read within a size limit.

/**
 * The body's bytes, refused with `tooLarge()` once they pass `maxBytes`: a Content-Length above it
 * is refused before reading, and the rest of a body that grows past it is never read.
 */
export async function readCapped(
  res: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (Number(res.headers.get("content-length") ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(); // leaving the loop cancels the body
    parts.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
