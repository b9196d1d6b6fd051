// Inputs of the savings calls; shared by HTTP, the CLI and the client.
import { z } from "zod";
import { id } from "../shared/input.ts";
import { isCalendarDate } from "../shared/dates.ts";
import { cnyAmount } from "../projects/schemas.ts";
import { decimal, isoDay, isoInstant } from "../shared/results.ts";

/** A calendar day in UTC+8, YYYY-MM-DD. */
const day = z.string().trim().refine(isCalendarDate, { error: "savings.badDate" });

/** The report's filters: the projects whose savings date falls from `from` to `to` (UTC+8 days). */
export const savingsReportInput = z.object({
  from: day.optional().describe("The first day (UTC+8, YYYY-MM-DD) of the savings dates counted."),
  to: day.optional().describe("The last day (UTC+8, YYYY-MM-DD), at or after from."),
  /** A category (OfferProjectType id). */
  category: id.optional().describe("Only projects of the category with this id."),
}).refine((v) => !v.from || !v.to || v.from <= v.to, {
  error: "savings.fromAfterTo",
  path: ["to"],
});

const projectId = id.describe("The project's id.");
export const projectSavingsInput = z.object({ offProId: projectId });

/** A project's savings baselines, at any time: an amount in CNY sets one, empty or null clears it. */
export const savingsBaselinesInput = z.object({
  offProId: projectId,
  budget: cnyAmount.describe(
    "The budget total in CNY before tax; empty or null clears it, left out keeps it.",
  ),
  lastPurchasePrice: cnyAmount.describe(
    "The last purchase's total in CNY before tax; empty or null clears it, left out keeps it.",
  ),
});

// ---------------------------------------------------------------------------------------------
// Results (amounts in CNY before tax, exact decimals with 2 places; percentages of the baseline)
// ---------------------------------------------------------------------------------------------

const saving = z.object({
  amount: decimal.describe("Baseline − final figure, in CNY."),
  percent: decimal.nullable().describe(
    "That in percent of the baseline; null for a zero baseline.",
  ),
});
const savingText = (baseline: string) =>
  `The saving against ${baseline}; null when either figure is missing.`;

/** A project's savings panel. */
export const projectSavingsResult = z.object({
  projectId: z.int().describe("The project's id."),
  code: z.string().describe("The project's number."),
  name: z.string().describe("The project's name."),
  kind: z.enum(["material", "asset"]).describe("material or asset."),
  categoryId: z.int().nullable().describe("The category's id, or null."),
  categoryName: z.string().nullable().describe("The category's name, or null."),
  date: isoInstant.nullable().describe(
    "The savings date (the award in force's, else when the first quotation ended); null before the first quotation is over.",
  ),
  state: z.enum(["notOver", "sealed", "open"]).describe(
    "notOver (the first quotation is not over: nothing to figure), sealed (some round's quotes are sealed now) or open (the figures show).",
  ),
  sealOpensAt: isoInstant.nullable().describe("When the seal opens, while sealed; or null."),
  budget: decimal.nullable().describe("The buyer's budget baseline, or null (shown in any state)."),
  lastPurchasePrice: decimal.nullable().describe(
    "The buyer's last purchase price baseline, or null (shown in any state).",
  ),
  figures: z.object({
    priced: z.boolean().describe("False when there is no priced total at all."),
    first: decimal.nullable().describe("The lowest first-round total among the suppliers."),
    best: decimal.nullable().describe("The lowest of each supplier's latest total."),
    bestRound: z.int().nullable().describe("The round that best total came from."),
    bestSource: z.string().nullable().describe(
      "Where it came from (a round's quotes, an auction's final bids).",
    ),
    awarded: decimal.nullable().describe("The awarded total, or null."),
    final: decimal.nullable().describe("The final figure: the awarded total, else the best."),
    basis: z.enum(["awarded", "best"]).nullable().describe(
      "awarded (the final figure is the awarded total) or best (not awarded yet); null without one.",
    ),
    budget: decimal.nullable().describe("The budget baseline, or null."),
    lastPurchasePrice: decimal.nullable().describe("The last purchase price baseline, or null."),
    vsFirst: saving.nullable().describe(savingText("the lowest first quote")),
    vsBudget: saving.nullable().describe(savingText("the budget")),
    vsLastPrice: saving.nullable().describe(savingText("the last purchase price")),
    bestTotalCost: decimal.nullable().describe(
      "The lowest total cost with the buyer's cost terms among the suppliers, or null.",
    ),
    awardedTotalCost: decimal.nullable().describe(
      "The award's total cost with the buyer's cost terms, or null.",
    ),
    awardNote: z.enum(["partial", "unpriced"]).nullable().describe(
      "Why an award in force has no total: partial (it leaves items out) or unpriced (an awarded line has no price); or null.",
    ),
  }).nullable().describe('The figures; null unless the state is "open".'),
  note: z.enum([
    "notOver",
    "sealed",
    "sealedUntilEnded",
    "noPrices",
    "awardPartial",
    "awardUnpriced",
    "awarded",
    "best",
    "closedWithoutAward",
  ]).describe("What the figures stand on, or why there are none."),
});

const savingSum = z.object({
  projects: z.int().describe("How many projects have this saving."),
  base: decimal.describe("Their baselines summed."),
  final: decimal.describe("Their final figures summed."),
  amount: decimal.describe("base − final."),
  percent: decimal.nullable().describe("That in percent of base; null for a zero base."),
});
const sumText = (baseline: string) =>
  `The saving against ${baseline}, summed over the awarded projects that have it; or null.`;

/** Projects rolled up (a category, a month, all), the awarded ones summed. */
const group = {
  projects: z.int().describe("How many projects."),
  priced: z.int().describe("Projects with some priced total."),
  awardedProjects: z.int().describe(
    "The awarded projects with a first quote: those first, best and awarded sum.",
  ),
  first: decimal.nullable().describe("Their lowest first quotes summed, or null when none."),
  best: decimal.nullable().describe("Their best quotes summed, or null."),
  awarded: decimal.nullable().describe("Their awarded totals summed, or null."),
  vsFirst: savingSum.nullable().describe(sumText("the lowest first quote")),
  vsBudget: savingSum.nullable().describe(sumText("the budget")),
  vsLastPrice: savingSum.nullable().describe(sumText("the last purchase price")),
  sealed: z.int().describe("Projects left out while sealed."),
};
const categoryGroup = z.object({
  ...group,
  categoryId: z.int().nullable().describe("The category's id; null for projects without one."),
  categoryName: z.string().nullable().describe("The category's name, or null."),
});

export const savingsReportResult = z.object({
  from: isoDay.nullable().describe("The first day counted, or null."),
  to: isoDay.nullable().describe("The last day counted, or null."),
  category: z.int().nullable().describe("The category asked for, or null."),
  rows: z.array(projectSavingsResult).describe("Every project dated in the period."),
  categories: z.array(categoryGroup).describe("The roll-up by category."),
  total: z.object(group).describe("The roll-up of them all."),
});

export const savingsSummaryResult = z.object({
  months: z.array(
    z.object({ ...group, month: z.string().describe("The month, YYYY-MM (UTC+8).") }),
  ).describe("The last 12 months, oldest first."),
  categories: z.array(categoryGroup).describe("The 12 months by category."),
  total: z.object(group).describe("The 12 months together."),
});

export type SavingsReportInput = z.infer<typeof savingsReportInput>;
