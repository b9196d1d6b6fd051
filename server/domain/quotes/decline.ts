// Declining to quote: an invited supplier says it will not quote a project, with a reason from the
// data dictionary (DeclineReason), while first-round quoting is open and before it has quoted; it may
// withdraw the decline while quoting is still open. A declined supplier is not reminded, the buyer
// is mailed, and the buyer's pages show it as declined rather than as not quoted.
import { and, eq, isNull } from "drizzle-orm";
import { offerProjectSuppliers } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import { quoteRefusal } from "../projects/rules.ts";
import { roundsOf } from "../projects/access.ts";
import { enqueue } from "../email/outbox.ts";
import { suppliersQuoted } from "../shared/quoted.ts";
import { commercialOptions } from "../dictionary/commercial.ts";
import { DECLINE_REASON, DECLINE_REASON_OTHER } from "../dictionary/projectCodes.ts";
import { type DeclineInput, declineInput } from "./schemas.ts";
import { invitationOf, supplierIdOf } from "./service.ts";

/** The project's first round must be open for quoting: a decline (or its withdrawal) speaks to it. */
async function mustBeOpen(
  deps: Deps,
  project: Parameters<typeof quoteRefusal>[0] & { id: number },
) {
  const refusal = quoteRefusal(
    project,
    await roundsOf(deps.db, [project.id]),
    0,
    true,
    deps.clock.now(),
  );
  if (refusal) throw conflict(refusal);
}

/** GetDeclineReasons: the active reasons a supplier may give, in the dictionary's order. */
export async function declineReasons(deps: Deps, actor: Actor) {
  supplierIdOf(actor);
  return { items: await commercialOptions(deps.db, DECLINE_REASON) };
}

/**
 * Decline: records that this supplier will not quote the project, with its reason (and text for
 * "other"); refused once it has quoted or quoting has closed. The buyer is mailed.
 */
export async function declineProject(deps: Deps, actor: Actor, raw: DeclineInput) {
  const supplierId = supplierIdOf(actor);
  const input = declineInput.parse(raw);
  const { inv, project } = await invitationOf(deps.db, supplierId, input.offProId);
  await mustBeOpen(deps, project);
  const reasons = await commercialOptions(deps.db, DECLINE_REASON);
  const chosen = reasons.find((r) => r.code === input.reason);
  if (!chosen) throw fieldError("reason", "declines.badReason");
  const text = input.text?.trim() || null;
  if (input.reason === DECLINE_REASON_OTHER && !text) {
    throw fieldError("text", "declines.textRequired");
  }
  if (inv.declinedAt) throw conflict("declines.already");
  if ((await suppliersQuoted(deps.db, project, 0)).has(supplierId)) {
    throw conflict("declines.alreadyQuoted");
  }
  const now = deps.clock.now();
  await deps.db.update(offerProjectSuppliers).set({
    declinedAt: now,
    declinedBy: actor.id,
    declineReason: input.reason,
    declineText: text,
  }).where(and(eq(offerProjectSuppliers.id, inv.id), isNull(offerProjectSuppliers.declinedAt)));
  // After the write: a failed email never undoes the decline, and the outbox retries it.
  const said = (name: string) => (text ? `${name}: ${text}` : name);
  await enqueue(deps.db, deps, {
    kind: "quoteDeclined",
    projectId: project.id,
    supplierId,
    reason: { zh: said(chosen.name), en: said(chosen.nameEn ?? chosen.name) },
    at: now,
  }).catch((err) => console.error("decline email not queued:", err));
  return { offProId: project.id, decline: { at: now, reason: input.reason, text } };
}

/** WithdrawDecline: the supplier will quote after all; only while first-round quoting is open. */
export async function withdrawDecline(deps: Deps, actor: Actor, offProId: number) {
  const supplierId = supplierIdOf(actor);
  const { inv, project } = await invitationOf(deps.db, supplierId, offProId);
  if (!inv.declinedAt) throw conflict("declines.notDeclined");
  await mustBeOpen(deps, project);
  await deps.db.update(offerProjectSuppliers).set({
    declinedAt: null,
    declinedBy: null,
    declineReason: null,
    declineText: null,
  }).where(eq(offerProjectSuppliers.id, inv.id));
  return { offProId: project.id, decline: null };
}
