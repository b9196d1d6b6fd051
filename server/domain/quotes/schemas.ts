// Inputs of the supplier's side of quoting; shared by the HTTP routes, the CLI and the client.
import { z } from "zod";
import { hasControlCharacter, id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { kindSchema } from "../projects/schemas.ts";
import { instant, isCalendarDate } from "../shared/dates.ts";
import { cmp, dec, normalize } from "../shared/decimal.ts";
import { DAYS, PRICE, RATE } from "../shared/priceFormats.ts";
import { checkBreaks, checkQuantities } from "./lineRules.ts";
import type { PriceBreak } from "./breaks.ts";

/** A quote line's price fields, in the order the portal's form and the price sheet show them. */
export const PRICE_FIELDS = [
  "unitPrice",
  "taxRate",
  "currency",
  "tradeTerms",
  "paymentMethod",
  "paymentTermDays",
  "leadTimeDays",
  "validUntil",
  "remark",
  "moq",
  "packMultiple",
] as const;
export type PriceField = typeof PRICE_FIELDS[number];
/** What an alternative is, given on its line (alternative: true). */
export const ALT_FIELDS = ["altBrand", "altGrade", "altSpec"] as const;
type AltField = typeof ALT_FIELDS[number];
/** A field a problem of a line names: a price field, the breaks, or a field of an alternative. */
type LineField = PriceField | AltField | "breaks";

/** Longest payment term and lead time accepted, in days. */
export const MAX_DAYS = 730;
const MAX_REMARK = 500;

/** The data dictionary's codes a line chooses from (GetQuoteForm answers them). */
type LineCodes = Record<
  "currencies" | "tradeTerms" | "paymentMethods",
  readonly { code: string }[]
>;

/** One problem of a priced line: its field, and the message key and parameters that say it. */
export type LineProblem = { field: LineField; key: string; params: Record<string, unknown> };

/** A priced line's fields once checked: codes and text trimmed, money and rates exact decimals. */
export type CheckedLine = {
  unitPrice: string;
  taxRate: string;
  currency: string;
  tradeTerms: string;
  paymentMethod: string;
  paymentTermDays: number;
  leadTimeDays: number;
  validUntil: string | null;
  remark: string | null;
  /** Minimum order quantity and packing multiple, exact decimals; null: none. */
  moq: string | null;
  packMultiple: string | null;
  /** The quantity breaks, the first at the MOQ; null: the unit price at every quantity. */
  breaks: PriceBreak[] | null;
  /** An alternative to the line item as asked, and what it is. */
  alternative: boolean;
  altBrand: string | null;
  altGrade: string | null;
  altSpec: string | null;
  altDatasheetFileId: number | null;
};

/** What a line sent may hold: its price fields, its breaks, and what its alternative is. */
export type RawLine = Partial<Record<PriceField | AltField, unknown>> & {
  breaks?: unknown;
  alternative?: unknown;
  altDatasheetFileId?: unknown;
};

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v).trim());

/**
 * The rules of one priced line, the same for a submission (lines.ts) and for the portal's form
 * before it sends: every problem at once, each with its field and a message naming the line item
 * `item`, and the line normalised when there is none. `today` is the day (UTC+8, YYYY-MM-DD) a
 * validity date may not be before.
 */
export function checkLineFields(
  raw: RawLine,
  item: string,
  codes: LineCodes,
  today: string,
  deadline: string | null = null,
): { problems: LineProblem[]; line: CheckedLine | null } {
  const problems: LineProblem[] = [];
  const p = { item };
  const err = (field: LineField, key: string, params: Record<string, unknown> = p) =>
    problems.push({ field, key, params });

  const unitPrice = text(raw.unitPrice);
  if (!unitPrice) err("unitPrice", "quoteLines.required.unitPrice");
  else if (!PRICE.test(unitPrice) || cmp(dec(unitPrice), dec(0)) <= 0) {
    err("unitPrice", "quoteLines.badPrice");
  }
  const taxRate = text(raw.taxRate).replace(/%$/, "").trim();
  if (!taxRate) err("taxRate", "quoteLines.required.taxRate");
  else if (!RATE.test(taxRate) || cmp(dec(taxRate), dec(100)) > 0) {
    err("taxRate", "quoteLines.badTaxRate");
  }
  const code = (
    field: "currency" | "tradeTerms" | "paymentMethod",
    list: LineCodes[keyof LineCodes],
  ) => {
    const v = text(raw[field]);
    if (!v) err(field, `quoteLines.required.${field}`);
    else if (!list.some((c) => c.code === v)) {
      err(field, `quoteLines.unknown.${field}`, { ...p, value: v });
    }
    return v;
  };
  const currency = code("currency", codes.currencies);
  const tradeTerms = code("tradeTerms", codes.tradeTerms);
  const paymentMethod = code("paymentMethod", codes.paymentMethods);
  const days = (field: "paymentTermDays" | "leadTimeDays") => {
    const v = text(raw[field]);
    if (!v) err(field, `quoteLines.required.${field}`);
    else if (!DAYS.test(v) || Number(v) > MAX_DAYS) {
      err(field, `quoteLines.badDays.${field}`, { ...p, max: MAX_DAYS });
    } else return Number(v);
    return 0;
  };
  const paymentTermDays = days("paymentTermDays");
  const leadTimeDays = days("leadTimeDays");
  const validUntil = text(raw.validUntil).slice(0, 10);
  if (validUntil && !isCalendarDate(validUntil)) err("validUntil", "quoteLines.badDate");
  else if (validUntil && validUntil < today) {
    err("validUntil", "quoteLines.validityPast", { ...p, date: validUntil });
  } else if (validUntil && deadline && validUntil < deadline) {
    err("validUntil", "quoteBreaks.validityBeforeDeadline", { ...p, date: validUntil, deadline });
  }
  const remark = text(raw.remark);
  if (remark.length > MAX_REMARK) {
    err("remark", "quoteLines.remarkTooLong", { ...p, max: MAX_REMARK });
  } else if (hasControlCharacter(remark, true)) err("remark", "quoteLines.remarkControl");

  const { moq, packMultiple } = checkQuantities(raw, text, err, p);
  const breaks = checkBreaks(raw.breaks, { unitPrice, moq, moqGiven: !!text(raw.moq) }, err, p);
  const alt = checkAlternative(raw, err, p);

  if (problems.length) return { problems, line: null };
  return {
    problems,
    line: {
      unitPrice: normalize(dec(unitPrice)),
      taxRate: normalize(dec(taxRate)),
      currency,
      tradeTerms,
      paymentMethod,
      paymentTermDays,
      leadTimeDays,
      validUntil: validUntil || null,
      remark: remark || null,
      moq,
      packMultiple,
      breaks,
      ...alt,
    },
  };
}

const MAX_ALT_NAME = 100;
const MAX_ALT_SPEC = 2000;

/** What an alternative is: the brand (needed) and grade, a specification text, its datasheet's id. */
function checkAlternative(
  raw: RawLine,
  err: (field: LineField, key: string, params?: Record<string, unknown>) => void,
  p: { item: string },
) {
  const alternative = raw.alternative === true || text(raw.alternative) === "true" ||
    text(raw.alternative) === "1";
  const none = {
    alternative: false,
    altBrand: null,
    altGrade: null,
    altSpec: null,
    altDatasheetFileId: null,
  };
  if (!alternative) return none;
  const field = (k: AltField, max: number) => {
    const v = text(raw[k]);
    if (v.length > max) err(k, "quoteBreaks.altTooLong", { ...p, max });
    else if (hasControlCharacter(v, k === "altSpec")) err(k, "quoteBreaks.altControl", p);
    return v || null;
  };
  const altBrand = field("altBrand", MAX_ALT_NAME);
  if (!altBrand && !text(raw.altBrand)) err("altBrand", "quoteBreaks.altBrandRequired", p);
  const sheet = text(raw.altDatasheetFileId);
  const altDatasheetFileId = sheet && /^[1-9]\d{0,14}$/.test(sheet) ? Number(sheet) : null;
  if (sheet && !altDatasheetFileId) err("altBrand", "quoteBreaks.badDatasheet", p);
  return {
    alternative,
    altBrand,
    altGrade: field("altGrade", MAX_ALT_NAME),
    altSpec: field("altSpec", MAX_ALT_SPEC),
    altDatasheetFileId,
  };
}

const projectId = id.describe("The project's id.");
export const offProIdInput = z.object({ offProId: projectId });
export const quoteIdInput = z.object({ quoteId: id.describe("The quote's id.") });

export const declineInput = z.object({
  offProId: projectId,
  reason: z.string({ error: "declines.reasonRequired" }).trim()
    .min(1, { error: "declines.reasonRequired" }).max(50).describe(
      "Why: a DeclineReason code of the data dictionary (GetDeclineReasons).",
    ),
  text: multiLine(z.string().max(500)).optional().describe(
    "More words on the reason; required when the reason is OTHER.",
  ),
});
export type DeclineInput = z.input<typeof declineInput>;

export const myProjectsInput = z.object({
  keyword: z.string().trim().max(200).optional().describe("Part of the project's number or name."),
  status: z.enum(["canOffer", "quoted", "notQuoted", "declined"]).optional().describe(
    "Only projects where this supplier may quote (canOffer), has quoted, has not and may no longer (notQuoted), or declined to quote.",
  ),
  ...pagedInput,
});

export const instructionInput = z.object({
  offProId: id.optional().describe(
    "The project, to learn whether this supplier agreed to the rules for it (none: the rules alone).",
  ),
});

/** 0 = first quote, 1 and 2 = the optimisation rounds of an asset project. */
const quoteRoundSchema = wholeNumber(0, 2);

/** The priced lines, sent beside the file as one form field holding a JSON array (lines.ts reads it). */
const linesField = multiLine(
  z.union([z.string().max(1_000_000), z.array(z.unknown()).max(1000)]).optional().describe(
    "The priced lines as a JSON array: { itemId, unitPrice, taxRate, currency, tradeTerms, paymentMethod, paymentTermDays, leadTimeDays, validUntil, remark } each.",
  ),
);

export const submitQuoteForm = z.object({
  offProId: projectId,
  round: quoteRoundSchema.default(0).describe(
    "0 the first quote (the default), 1 or 2 an optimisation round of an asset project.",
  ),
  file: z.instanceof(File, { message: "files.missing" }).describe("The quote document."),
  /** The request pack version the supplier read; a newer one refuses the quote (409). */
  packVersion: id.optional().describe(
    "The request pack version the supplier read; when a newer one is in force the quote is refused (409).",
  ),
  lines: linesField,
});

/** A filled price sheet to read back (nothing is saved): the project and the .xlsx. */
export const priceSheetForm = z.object({
  offProId: projectId,
  file: z.instanceof(File, { message: "files.missing" }).describe(
    "The project's price sheet (.xlsx from GetPriceSheet), filled in.",
  ),
});

/** An alternative's datasheet, uploaded before the quote that names it. */
export const datasheetForm = z.object({
  offProId: projectId,
  file: z.instanceof(File, { message: "files.missing" }).describe(
    "The alternative's datasheet (checked as any upload).",
  ),
});

export type MyProjectsInput = z.input<typeof myProjectsInput>;
type SubmitQuoteInput = z.infer<typeof submitQuoteForm>;

/**
 * Staff's list of submissions across projects (GetAllSubmissions). Times are instants (the client
 * sends whole UTC+8 days as "YYYY-MM-DD 00:00:00" … "23:59:59", as the project list does).
 */
export const allSubmissionsInput = z.object({
  /** Project code or name, or supplier code, abbreviation or full name. */
  keyword: z.string().trim().max(200).optional().describe(
    "Part of the project's number or name, or of the supplier's code, short or full name.",
  ),
  kind: kindSchema.optional().describe("Only material or only asset projects."),
  round: quoteRoundSchema.optional().describe("Only round 0 (first quotes), 1 or 2."),
  submittedFrom: instant.optional().describe("Only submissions at or after this instant."),
  submittedTo: instant.optional().describe("Only submissions at or before this instant."),
  /** "1": only the submission that counts (the last of its supplier and round). */
  currentOnly: z.stringbool().optional().describe(
    "1: only the submission that counts (the last of its supplier and round).",
  ),
  ...pagedInput,
});

export type AllSubmissionsInput = z.infer<typeof allSubmissionsInput>;

// ---------------------------------------------------------------------------------------------
// A line's cells, as the price sheet's row and the portal's form hold them: the price fields, the
// further quantity breaks (2 to 5; the first is the unit price from the MOQ) and an alternative on
// the same row (its unit price, brand, grade and specification; it takes the row's other terms).
// ---------------------------------------------------------------------------------------------

/** A stored line, as far as its cells go. */
type LineCells = CheckedLine;

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
  asked: LineCells | undefined,
  alt: LineCells | undefined,
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
