// Publishing a project to suppliers and revising its request pack.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import { files, offerProjects, offerProjectSuppliers, suppliers } from "../../../db/schema.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import { attachToProject } from "../files/service.ts";
import { assertSuppliersInvitable } from "../suppliers/service.ts";
import { requiredCertificatesOf } from "../suppliers/certificates.ts";
import { enqueue } from "../email/outbox.ts";
import { formatUtc8 } from "../shared/time.ts";
import { assertWorkingInstant } from "../calendar/service.ts";
import { canDo, effectiveStatus, REVISION_NOTICE_MS } from "./rules.ts";
import { recordPackVersion } from "./pack.ts";
import { createAndLaunchInput, publishInput, revisePackInput } from "./schemas.ts";
import { assertMayPublish, loadProject, type ProjectRow } from "./access.ts";
import { insertProject, saveItems } from "./edit.ts";
import { getProjectData } from "./read.ts";

export async function checkDeadline(deps: Deps, at: Date, now: Date, member: string) {
  if (at.getTime() <= now.getTime()) throw fieldError(member, "projects.deadlinePast");
  await assertWorkingInstant(deps, at, member);
}

async function publishInTx(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  row: ProjectRow,
  input: {
    offerEndTime: Date | null;
    supList: { id: number; code?: string }[];
    questionEndTime?: Date | null;
  },
) {
  const now = deps.clock.now();
  assertMayPublish(actor, row.kind);
  if (!canDo(row, "publish", now)) throw conflict("projects.cannotPublish");
  if (!input.supList.length) throw fieldError("supList", "projects.selectSupplier");
  const ids = [...new Set(input.supList.map((s) => s.id))];
  const found = await tx.select().from(suppliers).where(inArray(suppliers.id, ids));
  for (const chosen of input.supList) {
    const s = found.find((f) => f.id === chosen.id);
    if (!s) {
      throw fieldError("supList", "projects.unknownSupplier", { code: chosen.code ?? chosen.id });
    }
    if (chosen.code !== undefined && chosen.code !== s.code) {
      throw fieldError("supList", "projects.supplierMismatch", {
        id: chosen.id,
        code: chosen.code,
        actual: s.code,
      });
    }
  }
  const already = await tx.select({ supplierId: offerProjectSuppliers.supplierId })
    .from(offerProjectSuppliers).where(eq(offerProjectSuppliers.projectId, row.id));
  const fresh = ids.filter((id) => !already.some((a) => a.supplierId === id));
  // Only the newly invited are judged: an invitation already made stays whatever happens since.
  await assertSuppliersInvitable(
    tx,
    fresh.map((id) => found.find((f) => f.id === id)!),
    await requiredCertificatesOf(tx, row),
    now,
  );
  const bargaining = row.kind === "asset" && row.offerItemType === "bargaining";
  const deadline = input.offerEndTime ?? (row.status === "published" ? row.offerEndTime : null);
  if (!deadline && !bargaining) throw fieldError("offerEndTime", "projects.deadlineRequired");
  if (deadline) await checkDeadline(deps, deadline, now, "offerEndTime");
  const questionEndTime = input.questionEndTime === undefined
    ? row.questionEndTime
    : input.questionEndTime;
  if (questionEndTime && questionEndTime.getTime() !== row.questionEndTime?.getTime()) {
    checkQuestionDeadline(questionEndTime, deadline, now);
  }
  if (fresh.length) {
    await tx.insert(offerProjectSuppliers).values(
      fresh.map((supplierId) => ({ projectId: row.id, supplierId, invitedAt: now })),
    );
  }
  await tx.update(offerProjects).set({
    status: "published",
    pubDate: row.pubDate ?? now,
    offerEndTime: deadline,
    // A newly invited supplier has not quoted yet: the early-end window waits for them.
    allQuotedAt: fresh.length ? null : row.allQuotedAt,
    questionEndTime,
    updatedAt: now,
  }).where(eq(offerProjects.id, row.id));
  // The first publish fixes version 1 of the request pack; later changes go through a revision.
  if (row.status === "unpublished") await recordPackVersion(tx, row.id, now, actor.id);
  // Invitations commit with the publish; a supplier already invited is not mailed again.
  await enqueue(tx, deps, { kind: "published", projectId: row.id });
}

/** UpdateSupplierOfferProject: publish a saved project to the chosen suppliers. */
export async function publishProject(deps: Deps, actor: Actor, raw: z.input<typeof publishInput>) {
  const input = publishInput.parse(raw);
  await transaction(deps.db, async (tx) => {
    const row = await loadProject(tx, input.offProManagerId);
    await publishInTx(deps, tx, actor, row, input);
  });
  return await getProjectData(deps, actor, input.offProManagerId);
}

/** CreateAndLaunchOfferProject: save a new project and publish it at once (all or nothing). */
export async function createAndLaunch(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createAndLaunchInput>,
) {
  const input = createAndLaunchInput.parse(raw);
  assertMayPublish(actor, input.kind);
  const id = await transaction(deps.db, async (tx) => {
    const row = await insertProject(deps, tx, actor, input);
    await publishInTx(deps, tx, actor, row, input);
    return row.id;
  });
  return await getProjectData(deps, actor, id);
}

/**
 * ReviseRequestPack: change the line items, attachments or instruction text of a published project
 * while quoting is open. The change becomes the next pack version; every invited supplier is told,
 * quotes made before it stay "based on version N", and quoting stays open for at least
 * REVISION_NOTICE_MS: a sooner deadline must be moved (offerEndTime) or the change is refused.
 * Removed items are retired, removed attachments leave the lists; both stay in the old versions.
 */
export async function revisePack(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof revisePackInput>,
) {
  const input = revisePackInput.parse(raw);
  const result = await transaction(deps.db, async (tx) => {
    const row = await loadProject(tx, input.offProId);
    return await reviseInTx(deps, tx, actor, row, input.offerEndTime, async (now) => {
      await saveItems(tx, row.id, input.opiList, now);
      const keep = new Set(input.attList);
      const current = await tx.select({ id: files.id }).from(files).where(and(
        eq(files.projectId, row.id),
        eq(files.purpose, "project"),
        isNull(files.deletedAt),
      ));
      const dropped = current.filter((f) => !keep.has(f.id)).map((f) => f.id);
      if (dropped.length) {
        await tx.update(files).set({ deletedAt: now }).where(inArray(files.id, dropped));
      }
      await attachToProject(tx, actor, row.id, input.attList);
      await tx.update(offerProjects).set({ instructionText: input.instructionText })
        .where(eq(offerProjects.id, row.id));
    });
  });
  return {
    ...await getProjectData(deps, actor, input.offProId),
    revisedTo: result.version,
  };
}

/**
 * A revision of the request pack inside the caller's transaction, by the revision rules: the
 * publish permission, quoting open, at least REVISION_NOTICE_MS left (or `offerEndTime` moving the
 * deadline so), a real change (`change` makes it) recorded as the next version, the wait for
 * "everyone has quoted" started again, and every invited supplier told.
 */
export async function reviseInTx(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  row: ProjectRow,
  offerEndTime: Date | null,
  change: (now: Date) => Promise<void>,
) {
  assertMayPublish(actor, row.kind);
  const now = deps.clock.now();
  if (row.status === "unpublished") throw conflict("projects.reviseNotPublished");
  if (effectiveStatus(row, now) !== "published") throw conflict("projects.reviseAfterEnd");
  // Published before versions were kept: the pack as published becomes version 1 first.
  if (row.packVersion == null) await recordPackVersion(tx, row.id, row.pubDate ?? now, null);
  const deadline = offerEndTime ?? row.offerEndTime;
  if (offerEndTime) await checkDeadline(deps, offerEndTime, now, "offerEndTime");
  const earliest = new Date(now.getTime() + REVISION_NOTICE_MS);
  if (deadline && deadline.getTime() < earliest.getTime()) {
    throw fieldError("offerEndTime", "projects.reviseNeedsTime", {
      hours: REVISION_NOTICE_MS / 3600_000,
      earliest: formatUtc8(earliest),
    });
  }
  await change(now);
  const version = await recordPackVersion(tx, row.id, now, actor.id);
  if (!version.changed) throw conflict("projects.packUnchanged");
  await tx.update(offerProjects).set({
    offerEndTime: deadline,
    // Quotes on the old version no longer make "everyone has quoted": the wait starts again.
    allQuotedAt: null,
    updatedAt: now,
  }).where(eq(offerProjects.id, row.id));
  await enqueue(tx, deps, { kind: "packRevised", projectId: row.id, version: version.version });
  return version;
}

/** A question deadline the buyer sets: in the future, and not after the quoting deadline. */
function checkQuestionDeadline(at: Date, deadline: Date | null, now: Date) {
  if (at.getTime() <= now.getTime()) throw fieldError("questionEndTime", "questions.endPast");
  if (deadline && at.getTime() > deadline.getTime()) {
    throw fieldError("questionEndTime", "questions.endAfterDeadline", {
      deadline: formatUtc8(deadline),
    });
  }
}
