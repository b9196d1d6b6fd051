// The buyer accepts a supplier's alternative for comparison (or takes the acceptance back), with a
// reason: from then on the matrix ranks it with the line items as asked and it can be awarded.
// Each step is written to the audit log. Only once the quotes are open (not sealed).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { acceptedAlternatives, offerProjects } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { fieldError, forbidden, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { publishPermissionOf, searchPermissionOf } from "../projects/rules.ts";
import { assertQuotesReadable } from "../quotes/sealed.ts";
import { id, multiLine } from "../shared/input.ts";
import { isoInstant } from "../shared/results.ts";
import { serializeParameters, writeAuditLog } from "../audit/service.ts";
import { invitedSuppliers, matrixQuotes } from "./service.ts";
import { quotableItems } from "../quotes/lines.ts";
import type { AcceptedAlternative } from "./alternatives.ts";
import { acceptedOf } from "./acceptedRead.ts";

export const acceptAlternativeInput = z.object({
  offProId: id.describe("The project's id."),
  supplierId: id.describe("The supplier whose alternative it is."),
  itemId: id.describe("The line item the alternative is offered for."),
  accept: z.boolean().default(true).describe(
    "true: accept it for comparison; false: take the acceptance back.",
  ),
  reason: multiLine(
    z.string({ error: "alternatives.reasonRequired" }).trim()
      .min(1, { error: "alternatives.reasonRequired" }).max(1000).describe(
        "Why (up to 1000 characters).",
      ),
  ),
});

export const acceptedResult = z.array(z.object({
  supplierId: z.int().describe("The supplier."),
  itemId: z.int().describe("The line item."),
  reason: z.string().describe("Why it was accepted."),
  acceptedAt: isoInstant.describe("When it was accepted."),
})).describe("The alternatives of the project accepted for comparison now.");

/**
 * AcceptAlternative: the buyer with the project's publish permission accepts (or takes back) the
 * alternative a supplier's latest quote offers for a line item. Answers the accepted alternatives.
 */
export async function acceptAlternative(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof acceptAlternativeInput>,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
): Promise<AcceptedAlternative[]> {
  const input = acceptAlternativeInput.parse(raw);
  const p = await deps.db.query.offerProjects.findFirst({
    where: eq(offerProjects.id, input.offProId),
  });
  if (!p) throw notFound("project", input.offProId);
  if (actor.kind !== "staff" || !actor.permissions.has(searchPermissionOf(p.kind))) {
    throw forbidden();
  }
  if (!actor.permissions.has(publishPermissionOf(p.kind))) {
    throw forbidden("projects.noPublishPermission");
  }
  await assertQuotesReadable(deps, p);
  const item = (await quotableItems(deps.db, p.id)).find((i) => i.id === input.itemId);
  if (!item) throw fieldError("itemId", "alternatives.unknownItem", { id: input.itemId });
  const supplier = (await invitedSuppliers(deps.db, p.id)).find((s) => s.id === input.supplierId);
  if (!supplier) throw fieldError("supplierId", "award.notInvited", { id: input.supplierId });
  const key = and(
    eq(acceptedAlternatives.projectId, p.id),
    eq(acceptedAlternatives.supplierId, supplier.id),
    eq(acceptedAlternatives.itemId, item.id),
  );
  if (input.accept) {
    const quotes = (await matrixQuotes(deps.db, p.id)).filter((q) => q.supplierId === supplier.id)
      .sort((a, b) => b.round - a.round);
    const offered = quotes[0]?.lines.find((l) => l.alternative && l.itemId === item.id);
    if (!offered) {
      throw fieldError("itemId", "alternatives.noneOffered", {
        code: supplier.code,
        item: item.itemName,
      });
    }
    await deps.db.insert(acceptedAlternatives).values({
      projectId: p.id,
      supplierId: supplier.id,
      itemId: item.id,
      reason: input.reason,
      acceptedBy: actor.id || null,
      acceptedAt: deps.clock.now(),
    }).onConflictDoUpdate({
      target: [
        acceptedAlternatives.projectId,
        acceptedAlternatives.supplierId,
        acceptedAlternatives.itemId,
      ],
      set: { reason: input.reason, acceptedBy: actor.id || null, acceptedAt: deps.clock.now() },
    });
  } else {
    await deps.db.delete(acceptedAlternatives).where(key);
  }
  await writeAuditLog(deps.db, {
    userId: actor.id || null,
    userName: actor.userName,
    serviceName: "AlternativeTrail",
    methodName: input.accept ? "Accept" : "Withdraw",
    httpMethod: meta.via === "cli" ? "CLI" : "POST",
    path: `projects/${p.id}/alternatives`,
    parameters: serializeParameters({
      projectId: p.id,
      projectCode: p.code,
      supplier: supplier.code,
      item: item.itemName,
      accept: input.accept,
      reason: input.reason,
    }),
    executionTime: deps.clock.now(),
    executionDuration: 0,
    clientIp: meta.clientIp ?? null,
    browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
    httpStatus: 200,
    exception: null,
  });
  return await acceptedOf(deps.db, p.id);
}
