// Password hashing with scrypt from the runtime (memory-hard KDF), stored with its parameters.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";

/**
 * One of OWASP's scrypt settings (N=2^14, r=8, p=5): 16 MiB per derivation, the lowest memory of
 * the settings it lists, so a burst of sign-ins needs 16 MiB per derivation in progress. Hashes
 * with other parameters are still verified with their own and replaced at the next sign-in.
 */
const SCRYPT = { N: 16384, r: 8, p: 5 } as const;
const keyLen = 32;

/**
 * Derivations at once. A burst of sign-ins (five hundred suppliers before a deadline) queues here
 * instead of taking hundreds of MiB and both cores; scrypt itself runs on libuv's thread pool, so
 * the event loop keeps answering meanwhile.
 */
const derivations = pLimit(2);

type Params = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  return derivations(() =>
    new Promise((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, keyLen, {
        ...params,
        // What this derivation needs (128·r·(N+p+2) bytes) and a little more.
        maxmem: 128 * params.r * (params.N + params.p + 2) + 1024 * 1024,
      }, (err, key) => err ? reject(err) : resolve(key))
    )
  );
}

/** The parameters a stored hash records; undefined when it is not a scrypt hash of this form. */
function parse(stored: string) {
  const [alg, n, rr, pp, salt, hash] = stored.split("$");
  const params = { N: Number(n), r: Number(rr), p: Number(pp) };
  const sane = Number.isSafeInteger(params.N) && params.N > 1 &&
    (params.N & (params.N - 1)) === 0 &&
    params.N <= 2 ** 20 && params.r >= 1 && params.r <= 32 && params.p >= 1 && params.p <= 64;
  if (alg !== "scrypt" || !hash || !sane) return undefined;
  return { params, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT);
  const { N, r, p } = SCRYPT;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash was made with other parameters than today's (it is replaced at sign-in). */
export function needsRehash(stored: string): boolean {
  const params = parse(stored)?.params;
  return !params || params.N !== SCRYPT.N || params.r !== SCRYPT.r || params.p !== SCRYPT.p;
}

/** A readable random password for printed first-run and reset passwords. */
export function generatePassword(length = 14): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
