// Inputs of the comparison matrix, its export and the award; shared by HTTP, CLI and client.
import { z } from "zod";

export const matrixInput = z.object({ offProId: z.coerce.number().int().positive() });

export const awardInput = z.object({
  offProId: z.coerce.number().int().positive(),
  /** "project": the whole project to `supplierId`; "lines": each of `lines` to its supplier. */
  scope: z.enum(["project", "lines"]),
  supplierId: z.coerce.number().int().positive().nullish(),
  lines: z.array(z.object({
    itemId: z.coerce.number().int().positive(),
    supplierId: z.coerce.number().int().positive(),
  })).max(500).default([]),
  reason: z.string({ error: "award.reasonRequired" }).trim()
    .min(1, { error: "award.reasonRequired" }).max(1000),
});

export type AwardInput = z.input<typeof awardInput>;
