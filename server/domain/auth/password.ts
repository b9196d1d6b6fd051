// Password hashing with scrypt from the runtime (memory-hard KDF), stored with its parameters.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";

const N = 16384, r = 8, p = 1, keyLen = 32;

/**
 * Derivations at once. Each takes 16 MiB for a moment; a burst of sign-ins (five hundred
 * suppliers before a deadline) queues here instead of taking hundreds of MiB and both cores.
 */
const derivations = pLimit(2);

function derive(
  password: string,
  salt: Buffer,
  n: number,
  rr: number,
  pp: number,
): Promise<Buffer> {
  return derivations(() => deriveNow(password, salt, n, rr, pp));
}

function deriveNow(
  password: string,
  salt: Buffer,
  n: number,
  rr: number,
  pp: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLen, {
      N: n,
      r: rr,
      p: pp,
      maxmem: 64 * 1024 * 1024,
    }, (err, key) => err ? reject(err) : resolve(key))
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, rr, pp, salt, hash] = stored.split("$");
  if (alg !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(
    password,
    Buffer.from(salt, "base64"),
    Number(n),
    Number(rr),
    Number(pp),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, checked against when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

/** A readable random password for printed first-run and reset passwords. */
export function generatePassword(length = 14): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
