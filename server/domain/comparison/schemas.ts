// Inputs of the comparison matrix, its export and the award; shared by HTTP, CLI and client.
import { z } from "zod";
import { decimalText, id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

export const matrixInput = z.object({ offProId: id.describe("The project's id.") });

export const awardInput = z.object({
  offProId: id.describe("The project's id."),
  /** "project": the whole project to `supplierId`; "lines": each of `lines` to its supplier. */
  scope: z.enum(["project", "lines"]).describe(
    "project: the whole project to supplierId; lines: each of lines to its supplier.",
  ),
  supplierId: id.nullish().describe("The supplier of a whole-project award."),
  lines: z.array(z.object({
    itemId: id.describe("The line item's id."),
    supplierId: id.describe("The supplier it is awarded to."),
    alternative: z.boolean().optional().describe(
      "Awarded the supplier's alternative (accepted for comparison) instead of the line as asked.",
    ),
    quantity: decimalText(12, 4, "scenarios.quantityInvalid").nullish().describe(
      "A line split between suppliers: the quantity of each (they add up to its yearly usage).",
    ),
  })).max(1000).default([]).describe("For scope lines: each line item and its supplier."),
  reason: multiLine(
    z.string({ error: "award.reasonRequired" }).trim()
      .min(1, { error: "award.reasonRequired" }).max(1000).describe(
        "Why it is awarded so (up to 1000 characters).",
      ),
  ),
});

type AwardInput = z.input<typeof awardInput>;

const comment = (text: string) =>
  multiLine(z.string().trim().max(1000).nullish().transform((v) => v || null).describe(text));
const proposalId = id.describe("The proposal's id.");

/** Approve or reject a pending award; a rejection needs its comment (the domain says so). */
export const decideApprovalInput = z.object({
  id: proposalId,
  comment: comment("A comment (up to 1000 characters); a rejection needs one."),
});
export const approvalInput = z.object({ id: proposalId });
/** An admin hands a pending approval to another person in charge (a leader who is away). */
export const reassignApprovalInput = z.object({
  id: proposalId,
  approverId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "approval.approverRequired").describe(
    "The new approver's user id.",
  ),
  comment: comment("Why it is handed over (up to 1000 characters), or none."),
});
export const pendingApprovalsInput = z.object({ ...pagedInput });
