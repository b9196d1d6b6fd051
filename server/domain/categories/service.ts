// Quotation project categories (OfferProjectType): unique names; a category in use stays.
import { and, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { offerProjects, offerProjectTypes } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { checkCertificateTypes } from "../suppliers/certificates.ts";
import {
  type categoryDto,
  createCategoryInput,
  type listCategoriesInput,
  updateCategoryInput,
} from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

export type CategoryDto = z.infer<typeof categoryDto>;

const toDto = (r: typeof offerProjectTypes.$inferSelect): CategoryDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: r.sort,
  requiredCertificates: r.requiredCertificates ?? [],
  creationTime: r.createdAt,
  lastModificationTime: r.updatedAt,
});

/** The list's filter: the name contains the text. */
export const categoryFilter = (name?: string) =>
  name ? contains(offerProjectTypes.name, name) : undefined;

/** The list's order: a sorting the caller chose, else the category order then the oldest first. */
export const categoryOrder = (sorting?: string) =>
  orderBy(sorting, {
    name: offerProjectTypes.name,
    sort: offerProjectTypes.sort,
    creationTime: offerProjectTypes.createdAt,
  }, [offerProjectTypes.sort, offerProjectTypes.id]);

export async function listCategories(
  deps: Deps,
  input: z.infer<typeof listCategoriesInput>,
): Promise<Paged<CategoryDto>> {
  const cond = categoryFilter(input.name);
  const [{ total }] = await deps.db.select({ total: count() }).from(offerProjectTypes).where(cond);
  const rows = await deps.db.select().from(offerProjectTypes).where(cond)
    .orderBy(...categoryOrder(input.sorting))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: rows.map(toDto), totalCount: total };
}

/** Every category, for the project form's drop-down. */
export async function categoryOptions(deps: Deps): Promise<{ id: number; name: string }[]> {
  return await deps.db.select({ id: offerProjectTypes.id, name: offerProjectTypes.name })
    .from(offerProjectTypes).orderBy(offerProjectTypes.sort, offerProjectTypes.id);
}

export async function getCategory(deps: Deps, id: number): Promise<CategoryDto> {
  const row = await deps.db.query.offerProjectTypes.findFirst({
    where: eq(offerProjectTypes.id, id),
  });
  if (!row) throw notFound("category", id);
  return toDto(row);
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const cond = eq(offerProjectTypes.name, name);
  const clash = await db.query.offerProjectTypes.findFirst({
    where: exceptId ? and(cond, ne(offerProjectTypes.id, exceptId)) : cond,
  });
  if (clash) throw fieldError("name", "categories.nameTaken", { name });
}

const requiredTypes = async (db: DbOrTx, types: string[]) =>
  (await checkCertificateTypes(db, types, "requiredCertificates")).sort();

export async function createCategory(
  deps: Deps,
  raw: z.input<typeof createCategoryInput>,
): Promise<CategoryDto> {
  const input = createCategoryInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(offerProjectTypes).values({
      ...input,
      requiredCertificates: await requiredTypes(tx, input.requiredCertificates),
      createdAt: deps.clock.now(),
    }).returning();
    return toDto(row);
  });
}

export async function updateCategory(
  deps: Deps,
  raw: z.input<typeof updateCategoryInput>,
): Promise<CategoryDto> {
  const input = updateCategoryInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    await assertNameFree(tx, input.name, input.id);
    const [row] = await tx.update(offerProjectTypes).set({
      name: input.name,
      description: input.description,
      sort: input.sort,
      requiredCertificates: await requiredTypes(tx, input.requiredCertificates),
      updatedAt: deps.clock.now(),
    }).where(eq(offerProjectTypes.id, input.id)).returning();
    if (!row) throw notFound("category", input.id);
    return toDto(row);
  });
}

export async function deleteCategory(deps: Deps, id: number): Promise<void> {
  await transaction(deps.db, async (tx) => {
    const row = await tx.query.offerProjectTypes.findFirst({ where: eq(offerProjectTypes.id, id) });
    if (!row) throw notFound("category", id);
    const [{ n }] = await tx.select({ n: count() }).from(offerProjects)
      .where(eq(offerProjects.typeId, id));
    if (n > 0) throw conflict("categories.inUse", { name: row.name, count: n });
    await tx.delete(offerProjectTypes).where(eq(offerProjectTypes.id, id));
  });
}
