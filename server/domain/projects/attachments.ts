// A project's attachments as buyers and invited suppliers see them: the list, a buyer's upload (to
// a project they may edit, or unattached until the project is saved), and which supplier may read
// them (one invited to the project once it is published). The bytes are kept by files/service.ts;
// who may download or remove a file is quotes/fileAccess.ts.
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { files, offerProjects, offerProjectSuppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import type { Paged } from "../shared/paging.ts";
import { type FileDto, storeUpload, toFileDto } from "../files/service.ts";
import { canDo, searchPermissionOf } from "./rules.ts";

/** A project by id, if there is one. */
export async function projectOf(db: DbOrTx, id: number | null) {
  if (id == null) return undefined;
  return await db.query.offerProjects.findFirst({ where: eq(offerProjects.id, id) });
}

/** Whether a supplier was invited to a project that has been published. */
export async function publishedTo(db: DbOrTx, projectId: number, supplierId: number) {
  const row = await db.select({ id: offerProjectSuppliers.id }).from(offerProjectSuppliers)
    .innerJoin(offerProjects, eq(offerProjects.id, offerProjectSuppliers.projectId))
    .where(and(
      eq(offerProjectSuppliers.projectId, projectId),
      eq(offerProjectSuppliers.supplierId, supplierId),
      inArray(offerProjects.status, ["published", "ended", "closed"]),
    )).limit(1);
  return row.length > 0;
}

/** A project's attachments (not quote files), newest first, paged. */
export async function listProjectFiles(
  deps: Deps,
  actor: Actor,
  projectId: number,
  page: { skipCount: number; maxResultCount: number },
): Promise<Paged<FileDto>> {
  const project = await projectOf(deps.db, projectId);
  if (!project) throw notFound("project", projectId);
  if (actor.kind === "staff") {
    if (!actor.permissions.has(searchPermissionOf(project.kind))) throw forbidden();
  } else if (actor.supplierId == null || !await publishedTo(deps.db, projectId, actor.supplierId)) {
    throw forbidden();
  }
  const cond = and(
    eq(files.projectId, projectId),
    eq(files.purpose, "project"),
    isNull(files.deletedAt),
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(files).where(cond);
  const rows = await deps.db.select().from(files).where(cond).orderBy(desc(files.id))
    .limit(page.maxResultCount).offset(page.skipCount);
  return { items: rows.map(toFileDto), totalCount: total };
}

/** A buyer's upload: to a project they may edit, or unattached until the project is saved. */
export async function uploadProjectFile(
  deps: Deps,
  actor: Actor,
  input: { file: File; projectId?: number },
): Promise<FileDto> {
  if (input.projectId != null) {
    const project = await projectOf(deps.db, input.projectId);
    if (!project) throw notFound("project", input.projectId);
    if (!actor.permissions.has(searchPermissionOf(project.kind))) throw forbidden();
    if (!canDo(project, "edit", deps.clock.now())) throw conflict("files.projectNotEditable");
  }
  return await storeUpload(deps, {
    file: input.file,
    purpose: "project",
    projectId: input.projectId ?? null,
    uploadedBy: actor.id,
  });
}
