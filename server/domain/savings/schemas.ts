// Inputs of the savings calls; shared by HTTP, the CLI and the client.
import { z } from "zod";
import { id } from "../shared/input.ts";
import { isCalendarDate } from "../shared/dates.ts";
import { cnyAmount } from "../projects/schemas.ts";

/** A calendar day in UTC+8, YYYY-MM-DD. */
const day = z.string().trim().refine(isCalendarDate, { error: "savings.badDate" });

/** The report's filters: the projects whose savings date falls from `from` to `to` (UTC+8 days). */
export const savingsReportInput = z.object({
  from: day.optional(),
  to: day.optional(),
  /** A category (OfferProjectType id). */
  category: id.optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, {
  error: "savings.fromAfterTo",
  path: ["to"],
});

export const projectSavingsInput = z.object({ offProId: id });

/** A project's savings baselines, at any time: an amount in CNY sets one, empty or null clears it. */
export const savingsBaselinesInput = z.object({
  offProId: id,
  budget: cnyAmount,
  lastPurchasePrice: cnyAmount,
});

export type SavingsReportInput = z.infer<typeof savingsReportInput>;
