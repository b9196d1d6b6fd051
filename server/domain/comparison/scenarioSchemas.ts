// Award scenarios: what the API takes (a name, the view, the rules) and what it answers (each
// scenario solved: total, difference from the lowest, each line's suppliers and shares, the rules
// that bind or the one that cannot be met). Shared by HTTP, CLI and client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { decimal, isoInstant } from "../shared/results.ts";

const supplierList = (what: string) =>
  z.array(id).max(100).default([]).describe(`The ids of the suppliers ${what}.`);

export const scenarioRules = z.object({
  maxSuppliers: wholeNumber(1, 1000, "scenarios.maxSuppliersRange").nullish()
    .transform((v) => v ?? null).describe(
      "At most this many suppliers in all (1: the lowest single supplier); null for no limit.",
    ),
  excluded: supplierList("left out"),
  required: supplierList("that must each get at least one line's worth"),
  secondSources: z.array(z.object({
    itemId: id.nullish().transform((v) => v ?? null).describe(
      "The line item to split, or null for the whole project.",
    ),
    minPercent: z.number({ error: "scenarios.minPercentRange" })
      .gt(0, { error: "scenarios.minPercentRange" }).max(50, { error: "scenarios.minPercentRange" })
      .describe("Each supplier taking part gets at least this percentage (above 0, at most 50)."),
    basis: z.enum(["quantity", "value"]).describe("A share of the quantity or of the value."),
  })).max(100).default([]).describe("Second sources: for a line, or for the whole project."),
});

const name = z.string({ error: "scenarios.nameRequired" }).trim()
  .min(1, { error: "scenarios.nameRequired" }).max(100, { error: "scenarios.nameTooLong" })
  .describe("The scenario's name (up to 100 characters, one per project).");
const view = z.enum(["price", "total"]).default("price").describe(
  "What it minimises: price (the matrix's prices) or total (prices and cost terms).",
);

export const listScenariosInput = z.object({ offProId: id.describe("The project's id.") });
export const createScenarioInput = z.object({
  offProId: id.describe("The project's id."),
  name,
  view,
  rules: scenarioRules.describe(
    "The rules: maxSuppliers, excluded and required supplier ids, secondSources.",
  ),
});
export const updateScenarioInput = z.object({
  id: id.describe("The scenario's id."),
  name,
  view,
  rules: scenarioRules.describe(
    "The rules: maxSuppliers, excluded and required supplier ids, secondSources.",
  ),
});
export const scenarioIdInput = z.object({ id: id.describe("The scenario's id.") });
export const awardScenarioInput = z.object({
  id: id.describe("The scenario's id."),
  reason: multiLine(
    z.string({ error: "award.reasonRequired" }).trim()
      .min(1, { error: "award.reasonRequired" }).max(1000).describe(
        "Why it is awarded so (up to 1000 characters).",
      ),
  ),
});

const ruleRef = z.object({
  kind: z.enum(["maxSuppliers", "excluded", "required", "secondSource"]).describe(
    "Which rule: at most N suppliers, a supplier excluded or required, a second source.",
  ),
  supplierId: z.int().optional().describe("The supplier an excluded or required rule names."),
  itemId: z.int().nullable().optional().describe(
    "The line a second source splits (null: the whole project).",
  ),
  supplierAbbr: z.string().optional().describe("That supplier's short name."),
  itemName: z.string().optional().describe("That line's name."),
});

export const scenarioDto = z.object({
  id: z.int().describe("The scenario's id."),
  projectId: z.int().describe("Its project's id."),
  name: z.string().describe("Its name."),
  view: z.enum(["price", "total"]).describe("What it minimises."),
  rules: scenarioRules.describe("Its rules."),
  createdAt: isoInstant.describe("When it was saved first."),
  updatedAt: isoInstant.nullable().describe("When it was last changed, or null."),
  feasible: z.boolean().describe("Whether its rules can all be met."),
  timedOut: z.boolean().describe("The solver ran out of time (not known to be impossible)."),
  total: decimal.nullable().describe("Its total in CNY (exact decimal), null when impossible."),
  gapPercent: decimal.nullable().describe(
    "Stopped at the time limit: the most the total may be above the optimum, in percent; null when it is the optimum.",
  ),
  lowestTotal: decimal.describe("The unconstrained lowest: each line to its lowest price."),
  difference: decimal.nullable().describe("Its total less the lowest, null when impossible."),
  differencePercent: decimal.nullable().describe("That in percent of the lowest, or null."),
  lines: z.array(z.object({
    itemId: z.int().describe("The line item's id."),
    itemName: z.string().describe("Its name."),
    parts: z.array(z.object({
      supplierId: z.int().describe("The supplier."),
      supplierAbbr: z.string().describe("Its short name."),
      quantity: decimal.describe("The quantity it gets."),
      percent: decimal.describe("Its share of the line in percent."),
      amount: decimal.describe("That quantity's cost in CNY."),
    })).describe("Each supplier taking part in the line."),
  })).describe("Each line with a planned quantity and a price, and who gets it."),
  unpriced: z.array(z.string()).describe(
    "Lines left out: no planned quantity, or no supplier priced them.",
  ),
  binding: z.array(ruleRef).describe("The rules that bind (leaving one out lowers the total)."),
  blocking: z.array(ruleRef).describe(
    "When impossible: the rules each of which, left out, makes it possible.",
  ),
});
export const scenarioList = z.array(scenarioDto).describe("The project's scenarios, by name.");
