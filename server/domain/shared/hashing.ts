// SHA-256 as the records write it (lowercase hex), of a text, bytes or a file, and the canonical
// JSON that content hashes are taken over.
import { createHash } from "node:crypto";

export const sha256Hex = (text: string | Uint8Array) =>
  createHash("sha256").update(text).digest("hex");

/** The SHA-256 of a file's bytes, read a piece at a time; fails when the file cannot be read. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  const f = await Deno.open(path, { read: true });
  // The readable closes the file once read to the end.
  for await (const chunk of f.readable) hash.update(chunk);
  return hash.digest("hex");
}

/** What canonical JSON holds: strings, safe integers, booleans, null, and arrays/objects of them. */
export type Canonical = string | number | boolean | null | Canonical[] | { [k: string]: Canonical };

/**
 * The canonical JSON text of a value: object keys sorted by code unit (JavaScript's default sort),
 * no whitespace, strings escaped as JSON.stringify does, integers as JSON numbers. Anything but a
 * safe integer among the numbers is refused.
 */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === "string" || typeof value === "boolean") {
    return JSON.stringify(value);
  }
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
}
