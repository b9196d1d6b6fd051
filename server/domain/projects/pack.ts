// The request pack: what suppliers quote against — the line items, the buyer's attachments and the
// instruction text. Each published version is kept with a content hash over a canonical snapshot
// (the canonical JSON of shared/hashing.ts), so a quote can say exactly which version it answered.
//
// Snapshot (format 1): { v: 1, instructionText, items: [{ id, materialCode, itemName, description,
// unit, estimateYearAmount, useFactory, needExplain }] in the order shown, attachments: [{ id,
// fileName, sha256, size }] by id }. Removed items and attachments are not in it. Once a public
// answer joins the pack it also holds clarifications: [{ id, question, answer }] by id (the question
// as every supplier reads it); a pack without any has no such key, so its hash is as before.
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import {
  files,
  offerProjectItems,
  offerProjects,
  offerProjectVersions,
  projectQuestions,
} from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import { canonicalJson, sha256Hex } from "../shared/hashing.ts";

const PACK_FORMAT = 1;

/** The current (unpublished or published) pack of a project, as canonical text and its hash. */
async function currentPack(db: DbOrTx, projectId: number) {
  const project = await db.query.offerProjects.findFirst({
    where: eq(offerProjects.id, projectId),
  });
  const items = await db.select().from(offerProjectItems).where(and(
    eq(offerProjectItems.projectId, projectId),
    isNull(offerProjectItems.removedAt),
  )).orderBy(asc(offerProjectItems.sort), asc(offerProjectItems.id));
  const attachments = await db.select().from(files).where(and(
    eq(files.projectId, projectId),
    eq(files.purpose, "project"),
    isNull(files.deletedAt),
  )).orderBy(asc(files.id));
  const clarifications = await db.select({
    id: projectQuestions.id,
    text: projectQuestions.text,
    publicText: projectQuestions.publicText,
    answer: projectQuestions.answer,
  }).from(projectQuestions).where(and(
    eq(projectQuestions.projectId, projectId),
    isNotNull(projectQuestions.packedAt),
  )).orderBy(asc(projectQuestions.id));
  const snapshot = canonicalJson({
    v: PACK_FORMAT,
    instructionText: project?.instructionText ?? null,
    items: items.map((i) => ({
      id: i.id,
      materialCode: i.materialCode,
      itemName: i.itemName,
      description: i.description,
      unit: i.unit,
      estimateYearAmount: i.estimateYearAmount,
      useFactory: i.useFactory,
      needExplain: i.needExplain,
    })),
    attachments: attachments.map((f) => ({
      id: f.id,
      fileName: f.fileName,
      sha256: f.sha256,
      size: f.size,
    })),
    ...(clarifications.length
      ? {
        clarifications: clarifications.map((c) => ({
          id: c.id,
          question: c.publicText ?? c.text,
          answer: c.answer,
        })),
      }
      : {}),
  });
  return { snapshot, contentHash: sha256Hex(snapshot) };
}

export type PackVersionDto = {
  version: number;
  contentHash: string;
  publishedAt: Date;
  publishedBy: number | null;
};

/** The latest recorded version of a project's pack, if it was ever published. */
async function latestVersion(db: DbOrTx, projectId: number) {
  return await db.query.offerProjectVersions.findFirst({
    where: eq(offerProjectVersions.projectId, projectId),
    orderBy: desc(offerProjectVersions.version),
  });
}

/**
 * Records the current pack as the next version when it differs from the latest one (inside the
 * caller's transaction) and makes it the project's version in force. Answers the version in force
 * and whether a new one was recorded.
 */
export async function recordPackVersion(
  tx: DbOrTx,
  projectId: number,
  at: Date,
  by: number | null,
): Promise<{ version: number; contentHash: string; changed: boolean }> {
  const { snapshot, contentHash } = await currentPack(tx, projectId);
  const last = await latestVersion(tx, projectId);
  if (last && last.contentHash === contentHash) {
    return { version: last.version, contentHash, changed: false };
  }
  const version = (last?.version ?? 0) + 1;
  await tx.insert(offerProjectVersions).values({
    projectId,
    version,
    contentHash,
    snapshot,
    publishedAt: at,
    publishedBy: by,
  });
  await tx.update(offerProjects).set({ packVersion: version }).where(
    eq(offerProjects.id, projectId),
  );
  return { version, contentHash, changed: true };
}

/** Every recorded version of a project, oldest first (without the snapshots). */
export async function packVersions(db: DbOrTx, projectId: number): Promise<PackVersionDto[]> {
  return await versionsOf(db).all({ projectId });
}

const versionsOf = preparedQuery((db) =>
  db.select({
    version: offerProjectVersions.version,
    contentHash: offerProjectVersions.contentHash,
    publishedAt: offerProjectVersions.publishedAt,
    publishedBy: offerProjectVersions.publishedBy,
  }).from(offerProjectVersions)
    .where(eq(offerProjectVersions.projectId, sql.placeholder("projectId")))
    .orderBy(asc(offerProjectVersions.version)).prepare()
);

/** The hash of one version (for a quote's record). */
export async function versionHash(
  db: DbOrTx,
  projectId: number,
  version: number | null,
): Promise<string | null> {
  if (version == null) return null;
  const row = await db.query.offerProjectVersions.findFirst({
    where: and(
      eq(offerProjectVersions.projectId, projectId),
      eq(offerProjectVersions.version, version),
    ),
  });
  return row?.contentHash ?? null;
}
