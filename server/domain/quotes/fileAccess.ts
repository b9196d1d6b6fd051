// Who may download or remove a stored file, by what it belongs to: a project's attachment (staff
// who see the project's kind; suppliers it was published to), a quote file (its supplier; staff
// once its round is no longer sealed, each opening written to the audit log), a question's
// attachment (its asker) and a certificate (whoever may see supplier master data). It sits with the
// quotes because the quote seal is the strictest rule it applies; the bytes are kept by
// files/service.ts.
import { eq } from "drizzle-orm";
import { files, projectQuestions, quotes } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { Permissions } from "../auth/permissions.ts";
import { downloadName } from "../files/detect.ts";
import { downloadResponse, type FileRow, liveFile, openStored } from "../files/service.ts";
import { canDo, quotesSealed, searchPermissionOf } from "../projects/rules.ts";
import { roundsOf } from "../projects/access.ts";
import { projectOf, publishedTo } from "../projects/attachments.ts";
import { quoteOfFile, recordQuoteOpens, sealedError } from "./sealed.ts";

/** Someone else's file: answered as one that does not exist. */
const hidden = (f: FileRow) => notFound("file", f.id);

/** Staff: the project's search permission for its kind, and a quote file only once its round is
 * no longer sealed. Suppliers: their own quote files and question attachments, and the attachments
 * of projects published to them. Anything else answers 404, as a file that does not exist: ids
 * cannot be probed. Answers the quote a staff member opens. */
async function assertMayRead(deps: Deps, actor: Actor, f: FileRow) {
  const project = await projectOf(deps.db, f.projectId);
  if (actor.kind === "staff") {
    // A supplier's certificate: whoever may see the supplier master data.
    if (f.purpose === "certificate") {
      if (actor.permissions.has(Permissions.SupplierSearch)) return;
      throw hidden(f);
    }
    if (f.purpose === "other" && !project) {
      if (f.uploadedBy === actor.id) return;
      throw hidden(f);
    }
    if (!project || !actor.permissions.has(searchPermissionOf(project.kind))) throw hidden(f);
    if (f.purpose !== "quote") return;
    const quote = await quoteOfFile(deps.db, f.id);
    if (!quote) throw hidden(f);
    const rounds = await roundsOf(deps.db, [project.id]);
    if (quotesSealed(project, rounds, quote.round, deps.clock.now())) {
      throw sealedError(project, rounds, quote.round);
    }
    return quote;
  }
  if (actor.supplierId == null) throw hidden(f);
  if (f.purpose === "quote") {
    const q = await deps.db.select({ supplierId: quotes.supplierId }).from(quotes)
      .where(eq(quotes.fileId, f.id)).limit(1);
    const owner = q[0]?.supplierId;
    if (owner === actor.supplierId || (owner === undefined && f.uploadedBy === actor.id)) return;
    throw hidden(f);
  }
  // An alternative's datasheet: its uploader's (the buyer's staff see it with the project).
  if (f.purpose === "datasheet" && f.uploadedBy === actor.id) return;
  if (f.purpose === "question") {
    // A question's attachment: the asker's, never another supplier's (it could name the asker).
    const q = await deps.db.select({ supplierId: projectQuestions.supplierId })
      .from(projectQuestions).where(eq(projectQuestions.fileId, f.id)).limit(1);
    if (q[0]?.supplierId === actor.supplierId) return;
    throw hidden(f);
  }
  // An answer's attachment to a weighted evaluation: its uploader's.
  if (f.purpose === "evaluation" && f.uploadedBy === actor.id) return;
  if (
    f.purpose === "project" && project && await publishedTo(deps.db, project.id, actor.supplierId)
  ) {
    return;
  }
  throw hidden(f);
}

/**
 * The file's bytes as a download, after checking that the actor may have them. Staff opening a
 * quote is written to the audit log first.
 */
export async function openFileForDownload(
  deps: Deps,
  actor: Actor,
  fileId: number,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
) {
  const f = await liveFile(deps.db, fileId);
  const quote = await assertMayRead(deps, actor, f);
  const handle = await openStored(deps, f);
  if (quote) {
    try {
      await recordQuoteOpens(deps, actor, [{ quoteId: quote.id, how: "download" }], meta);
    } catch (err) {
      handle.close();
      throw err;
    }
  }
  return downloadResponse(handle.readable, downloadName(f.fileName, f.contentType), f.size);
}

/**
 * Removes a file from its owner's list (the bytes stay while another row shares them). A project's
 * attachments go only while the project is unpublished, by staff who may see its kind; quote files
 * are never removed, since every submission is kept.
 */
export async function deleteFile(deps: Deps, actor: Actor, fileId: number): Promise<void> {
  const f = await liveFile(deps.db, fileId);
  if (f.purpose === "quote" || f.purpose === "certificate" || f.purpose === "question") {
    // Kept whatever happens; who may not read the file learns no more than that it is not there.
    await assertMayRead(deps, actor, f).catch((err) => {
      if (err instanceof DomainError && err.kind === "notFound") throw err;
    });
    throw conflict(`files.${f.purpose}FileKept`);
  }
  const project = await projectOf(deps.db, f.projectId);
  if (actor.kind !== "staff") throw hidden(f);
  if (project) {
    if (!actor.permissions.has(searchPermissionOf(project.kind))) throw hidden(f);
    if (!canDo(project, "edit", deps.clock.now())) throw conflict("files.projectNotEditable");
  } else if (f.uploadedBy !== actor.id) throw hidden(f);
  await deps.db.update(files).set({ deletedAt: deps.clock.now() }).where(eq(files.id, f.id));
}
