// Results of the comparison calls (the matrix, the award and its approval), beside the input
// schemas of schemas.ts: the OpenAPI document describes them and the handlers answer them.
import { z } from "zod";
import { decimal, isoDay, isoInstant, pageOf } from "../shared/results.ts";
import { quoteLine } from "../quotes/results.ts";
import { altCellResult, lineFactsResult } from "./lineResults.ts";

const namedCode = {
  code: z.string().describe("The code (the data dictionary's)."),
  name: z.string().describe("Its name in Chinese."),
  nameEn: z.string().nullable().describe("Its name in English, or null."),
};

/** A supplier's commercial terms over the lines of one quote, each distinct value once. */
const supplierTerms = z.object({
  taxRates: z.array(decimal).describe("The tax rates in percent."),
  tradeTerms: z.array(z.object(namedCode)).describe("The trade terms."),
  payments: z.array(
    z.object({ ...namedCode, days: z.int().describe("The payment term in days.") }),
  ).describe("The payment methods, each with its term."),
  leadTimeDays: z.object({
    min: z.int().describe("The shortest lead time in days."),
    max: z.int().describe("The longest lead time in days."),
  }).describe("The lead times."),
});

const changeText = "The change from the first quote in CNY, and that in percent; null when none.";

/** The award in force. */
export const awardDto = z.object({
  id: z.int().describe("The award's id."),
  scope: z.enum(["project", "lines"]).describe(
    "project (the whole project to one supplier) or lines (each line to its supplier).",
  ),
  supplierId: z.int().nullable().describe("The supplier of a whole-project award, or null."),
  reason: z.string().describe("Why it was awarded so."),
  awardedAt: isoInstant.describe("When it was awarded."),
  awardedBy: z.int().nullable().describe("Who awarded it (user id), or null."),
  awardedByName: z.string().nullable().describe("Their name, or null."),
  lines: z.array(
    z.object({
      itemId: z.int().describe("The line item's id."),
      itemName: z.string().describe("Its name."),
      supplierId: z.int().describe("The supplier it was awarded to."),
      supplierAbbr: z.string().describe("That supplier's short name."),
      quantity: decimal.nullable().describe(
        "A line split between suppliers: this one's quantity; null for the whole line.",
      ),
    }),
  ).describe("Every awarded line (for a whole-project award: each item to that supplier)."),
  supplierNames: z.array(z.string()).describe(
    "The suppliers awarded, by short name, in code order.",
  ),
});

/** The comparison matrix: line items × suppliers, prices in CNY. */
export const projectMatrix = z.object({
  baseCurrency: z.string().describe("The currency prices are compared in (CNY)."),
  rows: z.array(
    z.object({
      item: z.object({
        id: z.int().describe("The line item's id."),
        materialCode: z.string().nullable().describe("The material's code, or null."),
        itemName: z.string().describe("What is asked for."),
        unit: z.string().nullable().describe("The unit, or null."),
        estimateYearAmount: decimal.nullable().describe("The expected yearly usage, or null."),
      }).describe("The line item."),
      inTotals: z.boolean().describe(
        "Expected yearly usage counts in the totals only when it is set and above zero.",
      ),
      cells: z.array(
        z.object({
          supplierId: z.int().describe("The supplier's id (the column)."),
          status: z.enum(["priced", "noRate", "missing", "noLines", "noQuote"]).describe(
            "priced (a price in CNY); noRate (a price, but no exchange rate for its currency on its date); missing (the latest quote leaves this line out); noLines (the latest quote has no priced lines); noQuote (the supplier has not quoted).",
          ),
          round: z.int().nullable().describe(
            "The round of the quote the price comes from (0 first quote, 1 or 2 optimisation).",
          ),
          line: quoteLine.nullable().describe("The priced line as quoted, or null."),
          rate: decimal.nullable().describe("The exchange rate used (CNY per unit), or null."),
          rateDate: isoDay.nullable().describe("The day that rate is in force from, or null."),
          cny: decimal.nullable().describe("Unit price before tax in CNY, or null."),
          amount: decimal.nullable().describe(
            "cny × expected yearly usage; null without usage or price.",
          ),
          lowest: z.boolean().describe("Whether it is the row's lowest price."),
          tie: z.boolean().describe("The lowest price is shared with another supplier."),
          firstCny: decimal.nullable().describe(
            "The same line in the first quote, in CNY, when the price comes from a later round.",
          ),
          change: decimal.nullable().describe(changeText),
          changePercent: decimal.nullable().describe("The change in percent, or null."),
          awarded: z.boolean().describe("Whether this line is awarded to this supplier."),
          ...lineFactsResult,
        }),
      ).describe("One cell per supplier, in the order of suppliers."),
      lowestCny: decimal.nullable().describe("The row's lowest unit price in CNY, or null."),
      lowestSupplierIds: z.array(z.int()).describe("Who quoted it."),
      tie: z.boolean().describe("Whether more than one supplier quoted it."),
      awardedSupplierId: z.int().nullable().describe("Who the line is awarded to, or null."),
      alternatives: z.array(altCellResult).describe(
        "The suppliers' alternatives for this line item, apart from the cells.",
      ),
    }),
  ).describe("One row per line item."),
  suppliers: z.array(
    z.object({
      id: z.int().describe("The supplier's id."),
      code: z.string().describe("The supplier's code."),
      abbrName: z.string().describe("The short name."),
      fullName: z.string().describe("The full name."),
      quoted: z.boolean().describe("Whether it quoted."),
      round: z.int().nullable().describe(
        "The latest round quoted (the quote whose prices the column shows), or null.",
      ),
      submittedAt: isoInstant.nullable().describe("When that quote was submitted, or null."),
      pricedLines: z.int().describe("How many lines it priced."),
      missingItemIds: z.array(z.int()).describe(
        "Items with usage that this supplier has not priced in CNY (missing or without a rate).",
      ),
      complete: z.boolean().describe("Whether it priced every item with usage in CNY."),
      total: decimal.nullable().describe(
        "Sum of amounts over the items with usage; complete columns only, else null.",
      ),
      firstTotal: decimal.nullable().describe(
        "The same total from the first quote, when the column shows a later round.",
      ),
      change: decimal.nullable().describe(changeText),
      changePercent: decimal.nullable().describe("The change in percent, or null."),
      rank: z.int().nullable().describe("The rank by total (1 is lowest), or null."),
      rankTie: z.boolean().describe("Shares its rank with another supplier."),
      rankNote: z.enum(["noQuote", "incomplete", "noUsage"]).nullable().describe(
        "Why there is no rank: noQuote, incomplete (not every item priced) or noUsage (no item has usage); null when ranked.",
      ),
      lowestCount: z.int().describe("How many rows it has the lowest price of."),
      terms: supplierTerms.nullable().describe(
        "The commercial terms of the quote the column shows; null without priced lines.",
      ),
    }),
  ).describe("One column per invited supplier."),
  hasRounds: z.boolean().describe(
    "Whether any quote of the project came from an optimisation round.",
  ),
  project: z.object({
    id: z.int().describe("The project's id."),
    code: z.string().describe("The project's number."),
    name: z.string().describe("The project's name."),
    kind: z.string().describe("material or asset."),
    linesRequired: z.boolean().describe("Whether quotes must price every line item."),
  }).describe("The project."),
  award: awardDto.nullable().describe("The award in force, or null."),
});

// ---------------------------------------------------------------------------------------------
// Award approval
// ---------------------------------------------------------------------------------------------

/** An award proposal waiting for (or past) the approval of the buyer's person in charge. */
export const awardApprovalDto = z.object({
  totalCostCny: decimal.nullable().describe(
    "The award's total cost in CNY with the buyer's cost terms as proposed; null when not known.",
  ),
  id: z.int().describe("The proposal's id."),
  projectId: z.int().describe("The project's id."),
  projectCode: z.string().describe("The project's number."),
  projectName: z.string().describe("The project's name."),
  projectKind: z.enum(["material", "asset"]).describe("material or asset."),
  status: z.enum(["notRequired", "pending", "approved", "rejected", "cancelled"]).describe(
    "notRequired (awarded without approval), pending, approved, rejected or cancelled (the project was closed or re-awarded).",
  ),
  scope: z.enum(["project", "lines"]).describe("project or lines."),
  supplierId: z.int().nullable().describe("The supplier of a whole-project award, or null."),
  lines: z.array(
    z.object({
      itemId: z.int().describe("The line item's id."),
      itemName: z.string().describe("Its name."),
      supplierId: z.int().describe("The supplier's id."),
      supplierCode: z.string().describe("The supplier's code."),
      supplierAbbr: z.string().describe("The supplier's short name."),
    }),
  ).describe("Each line awarded and its supplier (for a whole-project award: every line to it)."),
  supplierNames: z.array(z.string()).describe(
    "The suppliers awarded, by short name, in code order.",
  ),
  reason: z.string().describe("The buyer's reason."),
  amountCny: decimal.nullable().describe("What the award amounts to in CNY, or null when unknown."),
  amountBasis: z.enum(["quotes", "estimate"]).nullable().describe(
    "Where the amount comes from: the quotes (price × usage), or the project's estimate; null when unknown.",
  ),
  versusLowest: z.object({
    awardedCny: decimal.nullable().describe("What the award costs in CNY; null when not known."),
    lowestCny: decimal.nullable().describe(
      "The lowest for the same lines in CNY; null when not known.",
    ),
    differenceCny: decimal.nullable().describe(
      "How much more the award costs; null when not known.",
    ),
    differencePercent: decimal.nullable().describe(
      "That in percent of the lowest; null when not known.",
    ),
    lowestNames: z.array(z.string()).describe(
      "Who quoted the lowest (rank 1; by line, the lowest of the lines awarded to someone else).",
    ),
    items: z.array(z.string()).describe(
      "An award by line: the lines awarded to someone other than their lowest price.",
    ),
  }).nullable().describe(
    "When the award is not the lowest of its matrix: by how much, and who quoted lower; else null.",
  ),
  rule: z.string().describe('The approval rule applied: "all", "none" or "threshold:<CNY>".'),
  proposedBy: z.int().describe("Who proposed it (user id)."),
  proposedByName: z.string().nullable().describe("Their name, or null."),
  proposedAt: isoInstant.describe("When it was proposed."),
  approverId: z.int().nullable().describe("Who is to decide (user id), or null."),
  approverName: z.string().nullable().describe("Their name, or null."),
  decidedBy: z.int().nullable().describe("Who decided (user id), or null."),
  decidedByName: z.string().nullable().describe("Their name, or null."),
  decidedAt: isoInstant.nullable().describe("When it was decided, or null."),
  decisionComment: z.string().nullable().describe("The decision's comment, or null."),
  matrixVersion: z.int().describe("The matrix version it was proposed on."),
  matrixHash: z.string().describe("The SHA-256 of that matrix's snapshot, hex."),
  awardId: z.int().nullable().describe("The award it became, or null."),
  events: z.array(
    z.object({
      action: z.enum(["proposed", "awarded", "approved", "rejected", "cancelled", "reassigned"])
        .describe("What happened."),
      at: isoInstant.describe("When."),
      actorId: z.int().nullable().describe("Who (user id), or null."),
      actorName: z.string().nullable().describe("Their name, or null."),
      fromName: z.string().nullable().describe("Reassigned: the approver before; or null."),
      toName: z.string().nullable().describe(
        "Proposed and reassigned: the approver after; or null.",
      ),
      comment: z.string().nullable().describe("A comment, or null."),
    }),
  ).describe("The trail, oldest first."),
});
export const awardApprovalPage = pageOf(awardApprovalDto, "proposals, oldest first");
export const awardApprovalTrail = z.object({
  items: z.array(awardApprovalDto).describe("The project's proposals, newest first."),
});

/** A proposal with the matrix it was proposed on, and what the caller may do. */
export const awardApprovalDetail = awardApprovalDto.extend({
  snapshot: z.object({
    baseCurrency: z.string().describe("The currency prices are compared in (CNY)."),
    suppliers: z.array(
      z.object({
        id: z.int().describe("The supplier's id."),
        code: z.string().describe("The supplier's code."),
        abbrName: z.string().describe("The short name."),
        quoteId: z.int().nullable().describe(
          "The quote whose prices the column shows (its latest round), null without a quote.",
        ),
        round: z.int().nullable().describe("That quote's round, or null."),
        total: decimal.nullable().describe("Its total in CNY, or null."),
        rank: z.int().nullable().describe("Its rank, or null."),
        terms: supplierTerms.nullable().optional().describe(
          "The commercial terms of that quote (snapshots made before they were kept have none).",
        ),
      }),
    ).describe("The columns."),
    rows: z.array(
      z.object({
        itemId: z.int().describe("The line item's id."),
        itemName: z.string().describe("Its name."),
        unit: z.string().nullable().describe("The unit, or null."),
        usage: decimal.nullable().describe("The expected yearly usage counted, or null."),
        cny: z.array(decimal.nullable()).describe(
          "Per supplier, in the order of suppliers: unit price before tax in CNY, or null.",
        ),
        amount: z.array(decimal.nullable()).describe("Per supplier: cny × usage, or null."),
        lowest: z.array(z.int()).describe("The ids of the suppliers with the lowest price."),
        altAmount: z.record(z.string(), decimal.nullable()).optional().describe(
          "The accepted alternatives' amounts in CNY by supplier id (only where the row has one).",
        ),
      }),
    ).describe("The rows."),
    totalCost: z.object({
      lineTotals: z.array(z.array(decimal.nullable())).describe(
        "Per row, per supplier: the line's total cost in CNY (price and the buyer's cost terms).",
      ),
      lumpSums: z.array(decimal.nullable()).describe(
        "Per supplier: the lump sums of its cost terms on the whole offer, in CNY.",
      ),
    }).optional().describe(
      "The total cost with the buyer's cost terms (snapshots made before it was kept have none).",
    ),
  }).describe("The matrix the award was proposed on."),
  matrixChanged: z.boolean().describe(
    "While pending: whether the project's matrix differs now from the one proposed.",
  ),
  actions: z.array(z.enum(["approve", "reject", "reassign"])).describe(
    "What the caller may do now (the buttons the page shows).",
  ),
  mayOpenProject: z.boolean().describe("The caller may open the project's result page."),
  ownProposal: z.boolean().describe("The caller proposed it (and so may not decide on it)."),
});

/** What an award call did. */
export const awardOutcome = z.object({
  status: z.enum(["awarded", "pendingApproval"]).describe(
    "awarded (in force now, the suppliers are mailed) or pendingApproval (waits for the approver).",
  ),
  award: awardDto.nullable().describe(
    "The award in force after the call (the earlier one while the proposal waits), or null.",
  ),
  proposal: awardApprovalDto.describe("The proposal recorded."),
});
