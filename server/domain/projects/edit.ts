// Creating, editing and deleting unpublished projects and their line items.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  files,
  offerProjectItems,
  offerProjects,
  offerProjectTypes,
  sequences,
} from "../../../db/schema.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, DomainError, fieldError, notFound } from "../errors.ts";
import { attachToProject } from "../files/service.ts";
import { checkCertificateTypes } from "../suppliers/certificates.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { dec, normalize } from "../shared/decimal.ts";
import { canDo, type ProjectKind, reachesMonthlyThreshold, sealedByDefault } from "./rules.ts";
import { createProjectInput, updateProjectInput } from "./schemas.ts";
import { assertMaySee, loadProject } from "./access.ts";
import { getProjectData } from "./read.ts";

/** Project numbers: QP-YYYYMMDD-NNN (material) or AMS-YYYYMMDD-NNN (asset), the date in UTC+8. */
async function nextCode(tx: DbOrTx, kind: ProjectKind, now: Date): Promise<string> {
  const prefix = `${kind === "asset" ? "AMS" : "QP"}-${dateInUtc8(now).replaceAll("-", "")}`;
  const [row] = await tx.insert(sequences).values({ name: `project:${prefix}`, value: 1 })
    .onConflictDoUpdate({ target: sequences.name, set: { value: sql`${sequences.value} + 1` } })
    .returning({ value: sequences.value });
  return `${prefix}-${String(row.value).padStart(3, "0")}`;
}

type ProjectFields = z.infer<typeof createProjectInput>;

/** An amount as stored: its shortest exact form ("1200.50" -> "1200.5"). */
export const normalizeAmount = (v: string | null) => (v === null ? null : normalize(dec(v)));

/**
 * A demand imported from the asset system serves one project: another project already using its
 * number is refused (the import list shows such demands as used, but two buyers may race).
 */
async function assertDemandFree(db: DbOrTx, demandCode: string, selfId?: number) {
  const [other] = await db.select({ code: offerProjects.code }).from(offerProjects)
    .where(and(
      eq(offerProjects.demandCode, demandCode),
      selfId === undefined ? undefined : ne(offerProjects.id, selfId),
    ))
    .limit(1);
  if (other) {
    throw new DomainError("conflict", "projects.demandUsed", {
      demand: demandCode,
      project: other.code,
    }, [{
      messageKey: "projects.demandUsed",
      params: { demand: demandCode, project: other.code },
      members: ["demandCode"],
    }]);
  }
}

async function headerValues(db: DbOrTx, input: ProjectFields, selfId?: number) {
  if (input.category != null) {
    const type = await db.query.offerProjectTypes.findFirst({
      where: eq(offerProjectTypes.id, input.category),
    });
    if (!type) {
      throw fieldError("category", "errors.notFound", { entity: "category", id: input.category });
    }
  }
  const asset = input.kind === "asset";
  if (asset && !input.offerItemType) {
    throw fieldError("offerItemType", "projects.quotationTypeRequired");
  }
  if (asset && input.fromAms && input.demandCode) {
    await assertDemandFree(db, input.demandCode, selfId);
  }
  return {
    name: input.name,
    typeId: input.category,
    remark: input.remark,
    demandCode: asset ? input.demandCode : null,
    equipmentName: asset ? input.equipmentName : null,
    offerItemType: asset ? input.offerItemType : null,
    estimatedAmount: asset ? input.estimatedAmount : null,
    monthlyPurchase: asset && reachesMonthlyThreshold(input.estimatedAmount),
    // Savings baselines: left out of an update, they stay as they are.
    ...(input.budget === undefined ? {} : { budget: normalizeAmount(input.budget) }),
    ...(input.lastPurchasePrice === undefined
      ? {}
      : { lastPurchasePrice: normalizeAmount(input.lastPurchasePrice) }),
    isBidding: asset && input.isBidding,
    fromAms: asset && input.fromAms,
    // Left out: off for a new project (the column's default), unchanged when edited.
    ...(input.linesRequired === undefined ? {} : { linesRequired: input.linesRequired }),
    instructionText: input.instructionText,
    // Left out, a new project takes the default of its quotation type and an edit keeps it.
    ...(input.sealedQuotes === undefined ? {} : { sealedQuotes: input.sealedQuotes }),
    // Left out of an update, the required certificates stay as they are.
    ...(input.requiredCertificates === undefined ? {} : {
      requiredCertificates: (await checkCertificateTypes(
        db,
        input.requiredCertificates,
        "requiredCertificates",
      )).sort(),
    }),
  };
}

/**
 * Makes the current line items exactly `items`: listed ids are updated, new ones added, others
 * removed — or, with `retireAt` (a published pack), marked removed, since quotes answered them.
 */
export async function saveItems(
  tx: DbOrTx,
  projectId: number,
  items: ProjectFields["opiList"],
  retireAt: Date | null = null,
) {
  const existing = await tx.select({ id: offerProjectItems.id }).from(offerProjectItems)
    .where(
      and(eq(offerProjectItems.projectId, projectId), isNull(offerProjectItems.removedAt)),
    );
  const keep = new Set<number>();
  for (const [sort, item] of items.entries()) {
    const { id, ...values } = item;
    if (id !== undefined) {
      if (!existing.some((e) => e.id === id)) throw notFound("projectItem", id);
      keep.add(id);
      await tx.update(offerProjectItems).set({ ...values, sort }).where(
        eq(offerProjectItems.id, id),
      );
    } else {
      await tx.insert(offerProjectItems).values({ ...values, sort, projectId });
    }
  }
  const drop = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
  if (!drop.length) return;
  if (retireAt) {
    await tx.update(offerProjectItems).set({ removedAt: retireAt })
      .where(inArray(offerProjectItems.id, drop));
  } else await tx.delete(offerProjectItems).where(inArray(offerProjectItems.id, drop));
}

export async function insertProject(deps: Deps, tx: DbOrTx, actor: Actor, input: ProjectFields) {
  const now = deps.clock.now();
  const header = await headerValues(tx, input);
  const [row] = await tx.insert(offerProjects).values({
    ...header,
    code: await nextCode(tx, input.kind, now),
    kind: input.kind,
    sealedQuotes: input.sealedQuotes ?? sealedByDefault(header.offerItemType),
    status: "unpublished",
    offerEndTime: input.offerEndTime,
    creatorId: actor.id,
    createdAt: now,
  }).returning();
  await saveItems(tx, row.id, input.opiList);
  await attachToProject(tx, actor, row.id, input.attList);
  return row;
}

/** Create / CreateOfferProjectManagerData / CreateOfferProjectManagerLaunchData: an unpublished project. */
export async function createProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createProjectInput>,
) {
  const input = createProjectInput.parse(raw);
  assertMaySee(actor, input.kind);
  const row = await transaction(deps.db, (tx) => insertProject(deps, tx, actor, input));
  return await getProjectData(deps, actor, row.id);
}

/** UpdateOfferProjectManagerData: only while unpublished; the kind stays. */
export async function updateProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateProjectInput>,
) {
  const input = updateProjectInput.parse(raw);
  await transaction(deps.db, async (tx) => {
    const row = await loadProject(tx, input.id);
    assertMaySee(actor, row.kind);
    if (!canDo(row, "edit", deps.clock.now())) throw conflict("projects.onlyUnpublishedEdit");
    const header = await headerValues(tx, { ...input, kind: row.kind }, row.id);
    await tx.update(offerProjects).set({
      ...header,
      offerEndTime: input.offerEndTime,
      updatedAt: deps.clock.now(),
    }).where(eq(offerProjects.id, row.id));
    await saveItems(tx, row.id, input.opiList);
    await attachToProject(tx, actor, row.id, input.attList);
  });
  return await getProjectData(deps, actor, input.id);
}

/** Delete: only an unpublished project; its attachments leave the lists with it. */
export async function deleteProject(deps: Deps, actor: Actor, id: number): Promise<void> {
  await transaction(deps.db, async (tx) => {
    const row = await loadProject(tx, id);
    assertMaySee(actor, row.kind);
    if (!canDo(row, "delete", deps.clock.now())) throw conflict("projects.onlyUnpublishedDelete");
    await tx.update(files).set({ deletedAt: deps.clock.now() })
      .where(and(eq(files.projectId, id), eq(files.purpose, "project")));
    await tx.delete(offerProjects).where(eq(offerProjects.id, id));
  });
}

/** deleteOfferProjectItemData: one line item of an unpublished project. */
export async function deleteProjectItem(deps: Deps, actor: Actor, itemId: number): Promise<void> {
  await transaction(deps.db, async (tx) => {
    const item = await tx.query.offerProjectItems.findFirst({
      where: eq(offerProjectItems.id, itemId),
    });
    if (!item) throw notFound("projectItem", itemId);
    const row = await loadProject(tx, item.projectId);
    assertMaySee(actor, row.kind);
    if (!canDo(row, "edit", deps.clock.now())) throw conflict("projects.onlyUnpublishedEdit");
    await tx.delete(offerProjectItems).where(eq(offerProjectItems.id, itemId));
  });
}
