// The result fields of the matrix's cells about quantities and alternatives (matrix.ts,
// alternatives.ts): the break used, the quantity priced, the flags, and the alternatives apart.
import { z } from "zod";
import { decimal, isoDay, isoInstant } from "../shared/results.ts";
import { quoteLine } from "../quotes/results.ts";

/** Beside a cell's price: the quantity priced, the break used and what is worth a look. */
export const lineFactsResult = {
  quantity: decimal.nullable().describe(
    "The quantity priced: the planned (yearly) quantity, at least the MOQ, rounded up to the packing multiple; null without usage.",
  ),
  breakFromQty: decimal.nullable().describe(
    "The from-quantity of the quantity break used, or null without breaks.",
  ),
  pricesRise: z.boolean().describe("A later quantity break's price is above an earlier one's."),
  expired: z.boolean().describe("The price's validity ends before the award's day (or today)."),
  roundedUp: z.boolean().describe("The quantity was raised to the MOQ or a whole pack."),
};

/** A supplier's alternative for a line item, shown apart from the cells. */
export const altCellResult = z.object({
  supplierId: z.int().describe("The supplier's id."),
  line: quoteLine.describe("The alternative as quoted (alternative: true)."),
  rate: decimal.nullable().describe("The exchange rate used (CNY per unit), or null."),
  rateDate: isoDay.nullable().describe("The day that rate is in force from, or null."),
  cny: decimal.nullable().describe("Unit price before tax in CNY, or null."),
  amount: decimal.nullable().describe("cny × the quantity priced; null without usage or price."),
  accepted: z.boolean().describe(
    "Accepted for comparison by the buyer: ranked and awardable; else shown as not accepted and left out of ranks and totals.",
  ),
  acceptedReason: z.string().nullable().describe("Why it was accepted, or null."),
  acceptedAt: isoInstant.nullable().describe("When it was accepted, or null."),
  lowest: z.boolean().describe("Accepted and the row's lowest."),
  awarded: z.boolean().describe("The line is awarded to this alternative."),
  ...lineFactsResult,
});
