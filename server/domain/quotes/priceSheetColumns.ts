// The price sheet's columns beyond the price fields: the further quantity breaks (2 to 5; the first
// is the unit price from the MOQ) and an alternative on the same row (its unit price, brand, grade
// and specification; it takes the row's other terms). How a row's cells become the lines a
// submission sends, and how stored lines fill a row.
import { PRICE_FIELDS, type PriceField } from "./schemas.ts";
import type { QuoteLine } from "./lines.ts";

const BREAK_FIELDS = [
  "break2Qty",
  "break2Price",
  "break3Qty",
  "break3Price",
  "break4Qty",
  "break4Price",
  "break5Qty",
  "break5Price",
] as const;
const ALT_COLUMNS = ["altUnitPrice", "altBrand", "altGrade", "altSpec"] as const;
/** Every editable column of the sheet, in order from the first price column. */
export const SHEET_FIELDS = [...PRICE_FIELDS, ...BREAK_FIELDS, ...ALT_COLUMNS] as const;
export type SheetField = typeof SHEET_FIELDS[number];

/** A column's header as a message key. */
export const sheetFieldKey = (f: SheetField) =>
  (PRICE_FIELDS as readonly string[]).includes(f)
    ? `quoteLines.fields.${f}`
    : `quoteBreaks.columns.${f}`;

/** The column of the sheet holding a line's field (a problem's place); the alternative's own. */
export function fieldColumn(field: string, alternative: boolean): SheetField {
  if (field === "breaks") return "break2Qty";
  if (alternative && field === "unitPrice") return "altUnitPrice";
  if (alternative && field === "moq") return "altUnitPrice";
  return (SHEET_FIELDS as readonly string[]).includes(field) ? field as SheetField : "unitPrice";
}

type Cells = Record<SheetField, string>;

/** The lines a row's cells send: the line as asked (if started) and its alternative (if any). */
export function rowLines(itemId: number, v: Cells) {
  const asked: Record<string, unknown> = {
    itemId,
    ...Object.fromEntries(PRICE_FIELDS.map((f) => [f, v[f]])),
  };
  const further = [2, 3, 4, 5].map((n) => ({
    fromQty: v[`break${n}Qty` as SheetField],
    unitPrice: v[`break${n}Price` as SheetField],
  })).filter((b) => b.fromQty.trim() || b.unitPrice.trim());
  if (further.length) asked.breaks = [{ fromQty: v.moq, unitPrice: v.unitPrice }, ...further];
  const hasAlt = ALT_COLUMNS.some((f) => v[f].trim());
  const alt = hasAlt
    ? {
      ...asked,
      unitPrice: v.altUnitPrice,
      moq: "",
      packMultiple: "",
      breaks: undefined,
      alternative: true,
      altBrand: v.altBrand,
      altGrade: v.altGrade,
      altSpec: v.altSpec,
    }
    : null;
  const started = PRICE_FIELDS.some((f) => v[f].trim()) || further.length > 0;
  return { asked: started ? asked : null, alt };
}

/** The value a cell starts with: the supplier's latest line of the item and its alternative. */
export function startValue(
  asked: QuoteLine | undefined,
  alt: QuoteLine | undefined,
  field: SheetField,
): string | number | null {
  const m = /^break(\d)(Qty|Price)$/.exec(field);
  if (m) {
    const b = asked?.breaks?.[Number(m[1]) - 1];
    return b ? (m[2] === "Qty" ? b.fromQty : b.unitPrice) : null;
  }
  if (field === "altUnitPrice") return alt?.unitPrice ?? null;
  if (field === "altBrand" || field === "altGrade" || field === "altSpec") {
    return alt?.[field] ?? null;
  }
  const v = asked?.[field as PriceField];
  return v === undefined ? null : v;
}
