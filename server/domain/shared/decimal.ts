// Exact decimal arithmetic for money, rates and quantities: a value is an integer (bigint) and a
// number of decimal places, so 0.1 + 0.2 is 0.3 and nothing is ever a binary float.

export type Dec = { readonly n: bigint; readonly s: number };

const pow10 = (k: number) => 10n ** BigInt(k);
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses "12", "0.0035", "-1.5"; throws on anything else (callers validate input first). */
export function dec(v: string | number | bigint): Dec {
  if (typeof v === "bigint") return { n: v, s: 0 };
  const m = String(v).trim().match(DECIMAL);
  if (!m) throw new Error(`not a decimal: ${v}`);
  const frac = m[3] ?? "";
  const n = BigInt(m[2] + frac);
  return { n: m[1] ? -n : n, s: frac.length };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const s = Math.max(a.s, b.s);
  return [a.n * pow10(s - a.s), b.n * pow10(s - b.s), s];
}

export const ZERO: Dec = { n: 0n, s: 0 };

export function add(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { n: x + y, s };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { n: x - y, s };
}

export const mul = (a: Dec, b: Dec): Dec => ({ n: a.n * b.n, s: a.s + b.s });

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Dec) => a.n === 0n;

/** Integer division of a by b rounded half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const neg = (a < 0n) !== (b < 0n);
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (x * 2n + y) / (y * 2n);
  return neg ? -q : q;
}

/** Rounded to `places` decimals, half away from zero (as accountants round). */
function round(a: Dec, places: number): Dec {
  if (a.s <= places) return { n: a.n * pow10(places - a.s), s: places };
  return { n: divRound(a.n, pow10(a.s - places)), s: places };
}

/** a / b rounded to `places` decimals; b must not be zero. */
export function div(a: Dec, b: Dec, places: number): Dec {
  // a.n/10^a.s ÷ b.n/10^b.s = a.n·10^(b.s+places) / (b.n·10^a.s) · 10^-places
  return { n: divRound(a.n * pow10(b.s + places), b.n * pow10(a.s)), s: places };
}

/** The value with exactly `places` decimals (rounded), e.g. toFixed(dec("1.005"), 2) = "1.01". */
export function toFixed(a: Dec, places: number): string {
  const r = round(a, places);
  const neg = r.n < 0n;
  const digits = (neg ? -r.n : r.n).toString().padStart(places + 1, "0");
  const int = digits.slice(0, digits.length - places);
  const frac = places ? `.${digits.slice(digits.length - places)}` : "";
  return `${neg ? "-" : ""}${int}${frac}`;
}

/** The shortest exact form: no trailing zeros after the point ("12.50" -> "12.5", "3.0" -> "3"). */
export function normalize(a: Dec): string {
  let { n, s } = a;
  while (s > 0 && n % 10n === 0n) {
    n /= 10n;
    s--;
  }
  return toFixed({ n, s }, s);
}

/** A decimal's text with thousands marks, its decimals as written ("1234567.50" -> "1,234,567.50"). */
export function grouped(text: string): string {
  const [int, frac] = text.split(".");
  const marked = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? marked : `${marked}.${frac}`;
}

/** A number for a spreadsheet cell; exact for the precisions used here (≤ 15 significant digits). */
export const toNumber = (a: Dec) => Number(toFixed(a, a.s));
