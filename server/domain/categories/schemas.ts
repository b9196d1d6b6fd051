// Inputs of the quotation project categories (OfferProjectType); shared by HTTP and CLI.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { isoInstant, pageOf } from "../shared/results.ts";

const requiredCertificatesText =
  "Certificate types (CertificateType codes) every supplier invited to its projects must hold.";
const fields = {
  name: z.string().trim().min(1).max(100).describe("The category's name, unique."),
  description: multiLine(
    z.string().trim().max(500).nullish().transform((v) => v || null).describe(
      "What the category covers (up to 500 characters), or none.",
    ),
  ),
  sort: wholeNumber(0, 100000).default(0).describe("Its place in lists, smallest first (0)."),
  /** Certificate types (CertificateType codes) every supplier invited to its projects must hold. */
  requiredCertificates: z.array(z.string().trim().min(1).max(64)).max(20).default([]).describe(
    requiredCertificatesText,
  ),
};

const nameFilter = z.string().trim().max(100).optional().describe("Part of the category's name.");
export const listCategoriesInput = z.object({ name: nameFilter, ...pagedInput });
/** The export takes the list's filter and order, without paging. */
export const exportCategoriesInput = z.object({ name: nameFilter, sorting: pagedInput.sorting });
const categoryId = id.describe("The category's id.");
export const categoryIdInput = z.object({ id: categoryId });
export const createCategoryInput = z.object(fields);
export const updateCategoryInput = z.object({ id: categoryId, ...fields });

/** A quotation project category. */
export const categoryDto = z.object({
  id: z.int().describe("The category's id."),
  name: z.string().describe("The category's name."),
  description: z.string().nullable().describe("What the category covers, or null."),
  sort: z.int().describe("Its place in lists, smallest first."),
  requiredCertificates: z.array(z.string()).describe(requiredCertificatesText),
  creationTime: isoInstant.describe("When the category was created."),
  lastModificationTime: isoInstant.nullable().describe("When it was last changed, or null."),
});
export const categoryPage = pageOf(categoryDto, "categories");
/** Every category, for a choice list. */
export const categoryOptionsResult = z.array(
  z.object({
    id: z.int().describe("The category's id."),
    name: z.string().describe("The category's name."),
  }),
).describe("Every category, in list order.");

type CreateCategoryInput = z.input<typeof createCategoryInput>;
