// Inputs of the data dictionary (code types and their codes); shared by HTTP and CLI.
import { z } from "zod";
import { decimalText, id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { decimal, isoDay, isoInstant, pageOf } from "../shared/results.ts";

const text = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

export const listCodeTypesInput = z.object({
  keyword: z.string().trim().max(100).optional().describe("Part of the type's code or name."),
  ...pagedInput,
});
export const idInput = z.object({ id: id.describe("The code type's id.") });
export const codeIdInput = z.object({ id: id.describe("The code's id.") });
export const rateIdInput = z.object({ id: id.describe("The exchange rate's id.") });

const typeFields = {
  code: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, {
    error: "dictionary.badTypeCode",
  }).describe("The type's code: a letter, then up to 63 letters, digits or _ . -; unique."),
  name: z.string().trim().min(1).max(100).describe("The type's name in Chinese."),
  nameEn: text(100).describe("The type's name in English, or none."),
  description: multiLine(
    text(500).describe("What the type is for (up to 500 characters), or none."),
  ),
};
export const createCodeTypeInput = z.object(typeFields);
export const updateCodeTypeInput = z.object({
  id: id.describe("The code type's id."),
  ...typeFields,
});

export const listCodesInput = z.object({
  typeId: id.optional().describe("The code type's id (or give typeCode)."),
  typeCode: z.string().trim().max(64).optional().describe("The code type's code (or give typeId)."),
  ...pagedInput,
});

const codeFields = {
  code: z.string().trim().min(1).max(64).describe(
    "The code, unique within its type (a date YYYY-MM-DD for CompanyCalendar).",
  ),
  name: z.string().trim().min(1).max(100).describe("The code's name in Chinese."),
  nameEn: text(100).describe("The code's name in English, or none."),
  value: text(500).describe(
    "A value the code carries (for CompanyCalendar 1: a working day, 0: a day off), or none.",
  ),
  sort: wholeNumber(0, 100000).default(0).describe("Its place in lists, smallest first (0)."),
  isActive: z.boolean().default(true).describe("Whether forms offer it (true)."),
};
export const createCodeInput = z.object({
  typeId: id.describe("The code type's id."),
  ...codeFields,
});
export const updateCodeInput = z.object({ id: id.describe("The code's id."), ...codeFields });

type CreateCodeInput = z.input<typeof createCodeInput>;

// Exchange rates (CNY per one unit of a currency, in force from a date on).
export const listRatesInput = z.object({
  currency: z.string().trim().max(16).optional().describe("Only rates of this currency (USD)."),
  ...pagedInput,
});
const rateFields = {
  currency: z.string().trim().min(1).max(16).transform((v) => v.toUpperCase()).describe(
    "The currency's code in the data dictionary (USD).",
  ),
  effectiveDate: z.string().trim().max(32).transform((v) => v.slice(0, 10)).describe(
    "The day from which the rate is in force, YYYY-MM-DD.",
  ),
  /** CNY per unit, up to 8 decimals (JPY is about 0.05). */
  rate: decimalText(9, 8, "rates.badRate").describe(
    "CNY per one unit of the currency, up to 8 decimals (a number or its text).",
  ),
};
export const createRateInput = z.object(rateFields);
export const updateRateInput = z.object({
  id: id.describe("The exchange rate's id."),
  ...rateFields,
});

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A code type of the data dictionary. */
export const codeTypeDto = z.object({
  id: z.int().describe("The code type's id."),
  code: z.string().describe("The type's code."),
  name: z.string().describe("The type's name in Chinese."),
  nameEn: z.string().nullable().describe("The type's name in English, or null."),
  description: z.string().nullable().describe("What the type is for, or null."),
  creationTime: isoInstant.describe("When the type was created."),
});
export const codeTypePage = pageOf(codeTypeDto, "code types");

/** A code of a type. */
export const codeDto = z.object({
  id: z.int().describe("The code's id."),
  typeId: z.int().describe("Its code type's id."),
  code: z.string().describe("The code."),
  name: z.string().describe("The code's name in Chinese."),
  nameEn: z.string().nullable().describe("The code's name in English, or null."),
  value: z.string().nullable().describe("The value the code carries, or null."),
  sort: z.int().describe("Its place in lists, smallest first."),
  isActive: z.boolean().describe("Whether forms offer it."),
  creationTime: isoInstant.describe("When the code was created."),
});
export const codePage = pageOf(codeDto, "codes");

/** A code as a form offers it: its code and both names. */
export const codeOption = z.object({
  code: z.string().describe("The code."),
  name: z.string().describe("Its name in Chinese."),
  nameEn: z.string().nullable().describe("Its name in English, or null."),
});
export const codeOptionsResult = z.object({
  items: z.array(codeOption).describe("The type's active codes, in the dictionary's order."),
});

/** An exchange rate: CNY per one unit of a currency, in force from a day on. */
export const rateDto = z.object({
  id: z.int().describe("The rate's id."),
  currency: z.string().describe("The currency's code (USD)."),
  effectiveDate: isoDay.describe("The day from which the rate is in force."),
  rate: decimal.describe("CNY per one unit of the currency."),
  creationTime: isoInstant.describe("When the rate was entered."),
  updateTime: isoInstant.nullable().describe("When it was last changed, or null."),
});
export const ratePage = pageOf(rateDto, "exchange rates");
