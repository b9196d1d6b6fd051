// An amount of CNY in words, as a cheque or a contract writes it, so a bidder reads back what was
// typed: English words ("Twenty-nine thousand one hundred yuan only") or Chinese upper-case
// financial numerals (贰万玖仟壹佰元整). Pure; amounts of up to 13 whole digits and 4 decimals.

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,4}))?$/;

/** The whole and decimal digits of a plain decimal text ("29,100.5" → 29100n, "5"), or null. */
function partsOf(amount: string): { whole: bigint; decimals: string } | null {
  const m = amount.trim().replaceAll(",", "").match(DECIMAL);
  if (!m) return null;
  return { whole: BigInt(m[1]), decimals: (m[2] ?? "").replace(/0+$/, "") };
}

// ---------------------------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------------------------

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES = ["", "thousand", "million", "billion", "trillion"];

/** 1 … 999 in words. */
function underThousand(n: number): string {
  const out: string[] = [];
  if (n >= 100) out.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) out.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ""));
  else if (rest > 0) out.push(ONES[rest]);
  return out.join(" ");
}

function englishWhole(n: bigint): string {
  if (n === 0n) return ONES[0];
  const groups: string[] = [];
  for (let k = 0; n > 0n; k++, n /= 1000n) {
    const g = Number(n % 1000n);
    if (g) groups.unshift(`${underThousand(g)}${SCALES[k] ? ` ${SCALES[k]}` : ""}`);
  }
  return groups.join(" ");
}

/**
 * "Twenty-nine thousand one hundred yuan only"; decimals as a fraction of a yuan, in cents where
 * there are at most two ("… yuan and 50/100"), else in ten-thousandths ("… and 9967/10000").
 */
export function englishWords(amount: string): string {
  const p = partsOf(amount);
  if (!p) return "";
  const words = `${englishWhole(p.whole)} yuan`;
  const text = p.decimals ? `${words} and ${fraction(p.decimals)}` : `${words} only`;
  return text[0].toUpperCase() + text.slice(1);
}

function fraction(decimals: string): string {
  const places = decimals.length <= 2 ? 2 : 4;
  return `${decimals.padEnd(places, "0")}/${10 ** places}`;
}

// ---------------------------------------------------------------------------------------------
// Chinese upper-case financial numerals (大写)
// ---------------------------------------------------------------------------------------------

const DIGITS = "零壹贰叁肆伍陆柒捌玖";
const IN_GROUP = ["仟", "佰", "拾", ""];
/** Below the yuan: jiao, fen, and for unit prices li and hao. */
const FRACTIONS = ["角", "分", "厘", "毫"];

/** 1 … 9999: a zero between digits is said once, zeros at the end not at all (1010 壹仟零壹拾). */
function group(n: number): string {
  const digits = String(n).padStart(4, "0");
  let out = "";
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      zero = out !== "";
      continue;
    }
    if (zero) out += "零";
    zero = false;
    out += DIGITS[d] + IN_GROUP[i];
  }
  return out;
}

/** A whole number above 0: 万 and 亿 groups, 零 where a group's leading digits are zero. */
function chineseWhole(n: bigint): string {
  for (const [size, unit] of [[100_000_000n, "亿"], [10_000n, "万"]] as const) {
    if (n < size) continue;
    const low = n % size;
    const high = chineseWhole(n / size) + unit;
    if (low === 0n) return high;
    return high + (low < size / 10n ? "零" : "") + chineseWhole(low);
  }
  return group(Number(n));
}

/**
 * 贰万玖仟壹佰元整, 壹万陆仟肆佰零玖元零贰分, 伍角整, 零元整: 整 after 元 or 角, never after 分;
 * 零 after 元 when its 角 is zero and smaller units follow (as the People's Bank's rules ask).
 */
export function chineseUpper(amount: string): string {
  const p = partsOf(amount);
  if (!p) return "";
  let out = p.whole > 0n ? `${chineseWhole(p.whole)}元` : "";
  if (!p.decimals) return `${out || "零元"}整`;
  let zero = false;
  let lastUnit = 0;
  for (let i = 0; i < p.decimals.length; i++) {
    const d = Number(p.decimals[i]);
    if (d === 0) {
      zero = out !== "";
      continue;
    }
    if (zero) out += "零";
    zero = false;
    out += DIGITS[d] + FRACTIONS[i];
    lastUnit = i;
  }
  return lastUnit === 0 ? `${out}整` : out;
}

/** The amount in words in the page's language: Chinese upper-case numerals, else English. */
export const amountInWords = (amount: string, language: string) =>
  language.startsWith("zh") ? chineseUpper(amount) : englishWords(amount);
