// A project's savings baselines (the budget and the last purchase price, totals in CNY before tax)
// set or corrected at any time by a buyer who may publish its kind: they are the buyer's own figures,
// not part of the request pack the suppliers answer, so publishing does not fix them.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { offerProjects } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { assertMayPublish, loadProject } from "../projects/access.ts";
import { normalizeAmount } from "../projects/edit.ts";
import { projectSavings } from "./read.ts";
import { savingsBaselinesInput } from "./schemas.ts";

/** Sets the baselines given (left out: unchanged) and answers the project's savings with them. */
export async function setSavingsBaselines(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof savingsBaselinesInput>,
) {
  const input = savingsBaselinesInput.parse(raw);
  const row = await loadProject(deps.db, input.offProId);
  assertMayPublish(actor, row.kind);
  await deps.db.update(offerProjects).set({
    ...(input.budget === undefined ? {} : { budget: normalizeAmount(input.budget) }),
    ...(input.lastPurchasePrice === undefined
      ? {}
      : { lastPurchasePrice: normalizeAmount(input.lastPurchasePrice) }),
    updatedAt: deps.clock.now(),
  }).where(eq(offerProjects.id, row.id));
  return await projectSavings(deps, actor, row.id);
}
