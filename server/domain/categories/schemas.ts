// Inputs of the quotation project categories (OfferProjectType); shared by HTTP and CLI.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

const fields = {
  name: z.string().trim().min(1).max(100),
  description: multiLine(z.string().trim().max(500).nullish().transform((v) => v || null)),
  sort: wholeNumber(0, 100000).default(0),
  /** Certificate types (CertificateType codes) every supplier invited to its projects must hold. */
  requiredCertificates: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
};

export const listCategoriesInput = z.object({
  name: z.string().trim().max(100).optional(),
  ...pagedInput,
});
/** The export takes the list's filter and order, without paging. */
export const exportCategoriesInput = z.object({
  name: z.string().trim().max(100).optional(),
  sorting: pagedInput.sorting,
});
export const categoryIdInput = z.object({ id });
export const createCategoryInput = z.object(fields);
export const updateCategoryInput = z.object({ id, ...fields });

type CreateCategoryInput = z.input<typeof createCategoryInput>;
