// Inputs of the comparison matrix, its export and the award; shared by HTTP, CLI and client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

export const matrixInput = z.object({ offProId: id });

export const awardInput = z.object({
  offProId: id,
  /** "project": the whole project to `supplierId`; "lines": each of `lines` to its supplier. */
  scope: z.enum(["project", "lines"]),
  supplierId: id.nullish(),
  lines: z.array(z.object({
    itemId: id,
    supplierId: id,
  })).max(500).default([]),
  reason: multiLine(
    z.string({ error: "award.reasonRequired" }).trim()
      .min(1, { error: "award.reasonRequired" }).max(1000),
  ),
});

type AwardInput = z.input<typeof awardInput>;

const comment = multiLine(z.string().trim().max(1000).nullish().transform((v) => v || null));

/** Approve or reject a pending award; a rejection needs its comment (the domain says so). */
export const decideApprovalInput = z.object({ id, comment });
export const approvalInput = z.object({ id });
/** An admin hands a pending approval to another person in charge (a leader who is away). */
export const reassignApprovalInput = z.object({
  id,
  approverId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "approval.approverRequired"),
  comment,
});
export const pendingApprovalsInput = z.object({ ...pagedInput });
