// The rules of a line's quantities: the minimum order quantity, the packing multiple and up to five
// quantity breaks (from-quantity and unit price), the first at the MOQ and at the line's unit
// price, the from-quantities strictly rising. A price that rises with the quantity is taken (the
// matrix flags it). Part of checkLineFields (schemas.ts), so the API, the portal and the price
// sheet judge alike.
import { cmp, dec, isZero, normalize } from "../shared/decimal.ts";
import { PRICE } from "../shared/priceFormats.ts";
import { MAX_BREAKS, type PriceBreak, QTY } from "./breaks.ts";

type Err = (
  field: "moq" | "packMultiple" | "breaks",
  key: string,
  params?: Record<string, unknown>,
) => void;

const positive = (v: string) => QTY.test(v) && !isZero(dec(v));

/** The MOQ and packing multiple, normalised (null when not given). */
export function checkQuantities(
  raw: { moq?: unknown; packMultiple?: unknown },
  text: (v: unknown) => string,
  err: Err,
  p: { item: string },
): { moq: string | null; packMultiple: string | null } {
  const one = (field: "moq" | "packMultiple") => {
    const v = text(raw[field]);
    if (!v) return null;
    if (!positive(v)) {
      err(field, `quoteBreaks.bad.${field}`, p);
      return null;
    }
    return normalize(dec(v));
  };
  return { moq: one("moq"), packMultiple: one("packMultiple") };
}

const cellText = (v: unknown) => (v === undefined || v === null ? "" : String(v).trim());

/**
 * The breaks sent (an array of { fromQty, unitPrice }), normalised; null when none. `line` is the
 * line's unit price as typed and its MOQ normalised (null when missing or wrong; `moqGiven`: typed).
 */
export function checkBreaks(
  raw: unknown,
  line: { unitPrice: string; moq: string | null; moqGiven: boolean },
  err: Err,
  p: { item: string },
): PriceBreak[] | null {
  if (raw === undefined || raw === null || raw === "") return null;
  if (!Array.isArray(raw)) {
    err("breaks", "quoteBreaks.notAList", p);
    return null;
  }
  if (!raw.length) return null;
  if (!line.moq) {
    // The first break starts at the MOQ; a wrong MOQ is said already.
    if (!line.moqGiven) err("moq", "quoteBreaks.moqForBreaks", p);
    return null;
  }
  if (raw.length > MAX_BREAKS) {
    err("breaks", "quoteBreaks.tooMany", { ...p, max: MAX_BREAKS });
    return null;
  }
  const out: PriceBreak[] = [];
  let bad = false;
  raw.forEach((b, i) => {
    const n = i + 1;
    const o = b && typeof b === "object" ? b as Record<string, unknown> : {};
    const fromQty = cellText(o.fromQty);
    const unitPrice = cellText(o.unitPrice);
    if (!positive(fromQty)) {
      err("breaks", "quoteBreaks.badFromQty", { ...p, n });
      bad = true;
    } else if (!PRICE.test(unitPrice) || isZero(dec(unitPrice))) {
      err("breaks", "quoteBreaks.badBreakPrice", { ...p, n });
      bad = true;
    } else out.push({ fromQty: normalize(dec(fromQty)), unitPrice: normalize(dec(unitPrice)) });
  });
  if (bad) return null;
  for (let i = 1; i < out.length; i++) {
    const order = cmp(dec(out[i].fromQty), dec(out[i - 1].fromQty));
    if (order === 0) {
      err("breaks", "quoteBreaks.duplicate", { ...p, n: i + 1, qty: out[i].fromQty });
      return null;
    }
    if (order < 0) {
      err("breaks", "quoteBreaks.descending", {
        ...p,
        n: i + 1,
        qty: out[i].fromQty,
        before: out[i - 1].fromQty,
      });
      return null;
    }
  }
  if (cmp(dec(out[0].fromQty), dec(line.moq)) !== 0) {
    err("breaks", "quoteBreaks.firstAtMoq", { ...p, qty: out[0].fromQty, moq: line.moq });
    return null;
  }
  if (PRICE.test(line.unitPrice) && cmp(dec(out[0].unitPrice), dec(line.unitPrice)) !== 0) {
    err("breaks", "quoteBreaks.firstAtUnitPrice", {
      ...p,
      price: out[0].unitPrice,
      unitPrice: line.unitPrice,
    });
    return null;
  }
  return out;
}
