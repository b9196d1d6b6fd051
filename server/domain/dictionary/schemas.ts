// Inputs of the data dictionary (code types and their codes); shared by HTTP and CLI.
import { z } from "zod";
import { pagedInput } from "../paging.ts";

const text = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

export const listCodeTypesInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  ...pagedInput,
});
export const idInput = z.object({ id: z.coerce.number().int().positive() });

const typeFields = {
  code: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, {
    error: "dictionary.badTypeCode",
  }),
  name: z.string().trim().min(1).max(100),
  nameEn: text(100),
  description: text(500),
};
export const createCodeTypeInput = z.object(typeFields);
export const updateCodeTypeInput = z.object({
  id: z.coerce.number().int().positive(),
  ...typeFields,
});

export const listCodesInput = z.object({
  typeId: z.coerce.number().int().positive().optional(),
  typeCode: z.string().trim().max(64).optional(),
  ...pagedInput,
});

const codeFields = {
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  nameEn: text(100),
  value: text(500),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  isActive: z.boolean().default(true),
};
export const createCodeInput = z.object({
  typeId: z.coerce.number().int().positive(),
  ...codeFields,
});
export const updateCodeInput = z.object({ id: z.coerce.number().int().positive(), ...codeFields });

export type CreateCodeInput = z.input<typeof createCodeInput>;
