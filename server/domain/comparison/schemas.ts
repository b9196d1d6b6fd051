// Inputs of the comparison matrix, its export and the award; shared by HTTP, CLI and client.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";

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
