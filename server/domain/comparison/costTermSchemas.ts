// Inputs and results of the buyer's cost terms and the matrix's total-cost view; shared by HTTP,
// CLI and client. The rules that need the database (invited supplier, the project's line, a known
// currency) are in costTerms.ts.
import { z } from "zod";
import { decimalText, id } from "../shared/input.ts";
import { decimal, isoInstant, listOf } from "../shared/results.ts";
import { COST_TERM_KINDS } from "../shared/costTermKinds.ts";
import { projectMatrix } from "./results.ts";

const termFields = {
  itemId: id.nullish().transform((v) => v ?? null).describe(
    "The line item it applies to; none: the supplier's whole offer.",
  ),
  kind: z.enum(COST_TERM_KINDS, { error: "costs.badKind" }).describe(
    "freight, duty, financing (payment-term financing), qualification (a one-off qualification or switching cost) or other (named).",
  ),
  name: z.string().trim().max(100, { error: "costs.nameTooLong" }).nullish()
    .transform((v) => v || null).describe("The term's name (required for kind other)."),
  basis: z.enum(["amount", "percent"], { error: "costs.badBasis" }).describe(
    "amount (value in currency) or percent (value percent of the price; financing: the annual rate in percent).",
  ),
  value: decimalText(12, 6, "costs.badValue").describe(
    "The amount, the percentage, or for financing the annual rate in percent (a decimal, up to 6 places).",
  ),
  currency: z.string().trim().max(16).nullish()
    .transform((v) => (v ? v.toUpperCase() : null)).describe(
      "The currency of an amount (a dictionary currency, CNY included).",
    ),
};

export const costTermsInput = z.object({ offProId: id.describe("The project's id.") });
export const createCostTermInput = z.object({
  offProId: id.describe("The project's id."),
  supplierId: id.describe("The invited supplier the term is on."),
  ...termFields,
});
export const updateCostTermInput = z.object({ id: id.describe("The term's id."), ...termFields });
export const costTermIdInput = z.object({ id: id.describe("The term's id.") });
export const matrixViewInput = z.object({
  offProId: id.describe("The project's id."),
  view: z.enum(["price", "total"], { error: "costs.badView" }).default("price").describe(
    "price (rank by price, the default) or total (rank by total cost: price and the buyer's cost terms).",
  ),
});

const termShape = {
  id: z.int().describe("The term's id."),
  supplierId: z.int().describe("The supplier it is on."),
  itemId: z.int().nullable().describe("The line item it applies to, or null (the whole offer)."),
  kind: z.enum(COST_TERM_KINDS).describe("The kind of term."),
  name: z.string().nullable().describe("Its name (kind other), or null."),
  basis: z.enum(["amount", "percent"]).describe("amount or percent."),
  value: decimal.describe("The amount, percentage or annual rate."),
  currency: z.string().nullable().describe("The currency of an amount, or null."),
};

export const costTermDto = z.object({
  ...termShape,
  createdAt: isoInstant.describe("When it was added."),
  createdBy: z.int().nullable().describe("Who added it (user id), or null."),
  updatedAt: isoInstant.nullable().describe("When it was last changed, or null."),
});
export const costTermList = listOf(costTermDto, "the project's cost terms, by supplier").extend({
  currencies: z.array(z.object({
    code: z.string().describe("The currency's code."),
    name: z.string().describe("Its name in Chinese."),
    nameEn: z.string().nullable().describe("Its name in English, or null."),
  })).describe("The data dictionary's active currencies an amount may be in."),
});

/** The matrix with its total-cost figures; `view` says which of them the marks and ranks follow. */
export const matrixWithTotalCost = projectMatrix.extend({
  view: z.enum(["price", "total"]).describe("The view the lowest marks and ranks follow."),
  totalCost: z.object({
    terms: z.array(z.object({
      ...termShape,
      cny: decimal.nullable().describe(
        "What it adds to the supplier's total in CNY; null when its currency has no rate.",
      ),
    })).describe("Every cost term of the project."),
    rows: z.array(z.object({
      itemId: z.int().describe("The line item's id."),
      cells: z.array(z.object({
        supplierId: z.int().describe("The supplier's id."),
        totalCny: decimal.nullable().describe(
          "Total cost per unit in CNY (price and terms, lump sums spread on the yearly usage).",
        ),
        totalAmount: decimal.nullable().describe("The line's total cost over its yearly usage."),
        lowest: z.boolean().describe("Lowest total cost of the row."),
      })).describe("One per supplier, in the order of suppliers."),
      lowestSupplierIds: z.array(z.int()).describe("Who has the row's lowest total cost."),
    })).describe("One per line item, in the order of rows."),
    suppliers: z.array(z.object({
      supplierId: z.int().describe("The supplier's id."),
      priceTotal: decimal.nullable().describe("The price total (complete columns)."),
      termsTotal: decimal.nullable().describe("What the cost terms add to it."),
      total: decimal.nullable().describe("The total cost."),
      rank: z.int().nullable().describe("Rank by total cost (1 is lowest), or null."),
      rankTie: z.boolean().describe("Shares its rank."),
      rankNote: z.enum(["noQuote", "incomplete", "noUsage", "noRate"]).nullable().describe(
        "Why there is no rank (noRate: a term's currency has no rate); null when ranked.",
      ),
      priceRank: z.int().nullable().describe("Rank by price, or null."),
      lumpSum: decimal.nullable().describe(
        "The lump sums on the whole offer in CNY; null when a term's currency has no rate.",
      ),
    })).describe("One per supplier, in the order of suppliers."),
  }).describe("The total-cost figures."),
});
