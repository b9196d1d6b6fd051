// Inputs of the data dictionary (code types and their codes); shared by HTTP and CLI.
import { z } from "zod";
import { decimalText, id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

const text = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

export const listCodeTypesInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  ...pagedInput,
});
export const idInput = z.object({ id });

const typeFields = {
  code: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, {
    error: "dictionary.badTypeCode",
  }),
  name: z.string().trim().min(1).max(100),
  nameEn: text(100),
  description: multiLine(text(500)),
};
export const createCodeTypeInput = z.object(typeFields);
export const updateCodeTypeInput = z.object({
  id,
  ...typeFields,
});

export const listCodesInput = z.object({
  typeId: id.optional(),
  typeCode: z.string().trim().max(64).optional(),
  ...pagedInput,
});

const codeFields = {
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  nameEn: text(100),
  value: text(500),
  sort: wholeNumber(0, 100000).default(0),
  isActive: z.boolean().default(true),
};
export const createCodeInput = z.object({
  typeId: id,
  ...codeFields,
});
export const updateCodeInput = z.object({ id, ...codeFields });

type CreateCodeInput = z.input<typeof createCodeInput>;

// Exchange rates (CNY per one unit of a currency, in force from a date on).
export const listRatesInput = z.object({
  currency: z.string().trim().max(16).optional(),
  ...pagedInput,
});
const rateFields = {
  currency: z.string().trim().min(1).max(16).transform((v) => v.toUpperCase()),
  effectiveDate: z.string().trim().max(32).transform((v) => v.slice(0, 10)),
  /** CNY per unit, up to 8 decimals (JPY is about 0.05). */
  rate: decimalText(9, 8, "rates.badRate"),
};
export const createRateInput = z.object(rateFields);
export const updateRateInput = z.object({ id, ...rateFields });
