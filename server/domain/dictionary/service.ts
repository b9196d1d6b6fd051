// The data dictionary: code types and their codes (units, factories, company calendar days …).
import { and, count, eq, ne, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { codes, codeTypes } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { fieldError, notFound } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { isCalendarDate } from "../shared/dates.ts";
import {
  createCodeInput,
  createCodeTypeInput,
  type listCodesInput,
  type listCodeTypesInput,
  updateCodeInput,
  updateCodeTypeInput,
} from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

/** Company working days and days off: code = YYYY-MM-DD, value 1 = working day, 0 = day off. */
export const COMPANY_CALENDAR = "CompanyCalendar";

type TypeRow = typeof codeTypes.$inferSelect;
type CodeRow = typeof codes.$inferSelect;

const typeDto = (r: TypeRow) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  description: r.description,
  creationTime: r.createdAt,
});
const codeDto = (r: CodeRow) => ({
  id: r.id,
  typeId: r.typeId,
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  value: r.value,
  sort: r.sort,
  isActive: r.isActive,
  creationTime: r.createdAt,
});
export type CodeTypeDto = ReturnType<typeof typeDto>;
export type CodeDto = ReturnType<typeof codeDto>;

export async function listCodeTypes(
  deps: Deps,
  input: z.infer<typeof listCodeTypesInput>,
): Promise<Paged<CodeTypeDto>> {
  const cond = input.keyword
    ? or(contains(codeTypes.code, input.keyword), contains(codeTypes.name, input.keyword))
    : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(codeTypes).where(cond);
  const rows = await deps.db.select().from(codeTypes).where(cond)
    .orderBy(...orderBy(input.sorting, { code: codeTypes.code, name: codeTypes.name }, [
      codeTypes.code,
    ])).limit(input.maxResultCount).offset(input.skipCount);
  return { items: rows.map(typeDto), totalCount: total };
}

export async function getCodeType(deps: Deps, id: number): Promise<CodeTypeDto> {
  const row = await deps.db.query.codeTypes.findFirst({ where: eq(codeTypes.id, id) });
  if (!row) throw notFound("codeType", id);
  return typeDto(row);
}

async function assertTypeCodeFree(db: DbOrTx, code: string, exceptId?: number) {
  const cond = eq(codeTypes.code, code);
  const clash = await db.query.codeTypes.findFirst({
    where: exceptId ? and(cond, ne(codeTypes.id, exceptId)) : cond,
  });
  if (clash) throw fieldError("code", "dictionary.typeCodeTaken", { code });
}

export async function createCodeType(deps: Deps, raw: z.input<typeof createCodeTypeInput>) {
  const input = createCodeTypeInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    await assertTypeCodeFree(tx, input.code);
    const [row] = await tx.insert(codeTypes).values({ ...input, createdAt: deps.clock.now() })
      .returning();
    return typeDto(row);
  });
}

export async function updateCodeType(deps: Deps, raw: z.input<typeof updateCodeTypeInput>) {
  const input = updateCodeTypeInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    await assertTypeCodeFree(tx, input.code, input.id);
    const { id, ...fields } = input;
    const [row] = await tx.update(codeTypes).set(fields).where(eq(codeTypes.id, id)).returning();
    if (!row) throw notFound("codeType", id);
    return typeDto(row);
  });
}

/** Deleting a type deletes its codes. */
export async function deleteCodeType(deps: Deps, id: number): Promise<void> {
  const rows = await deps.db.delete(codeTypes).where(eq(codeTypes.id, id)).returning();
  if (!rows.length) throw notFound("codeType", id);
}

export async function listCodes(
  deps: Deps,
  input: z.infer<typeof listCodesInput>,
): Promise<Paged<CodeDto>> {
  const where: SQL[] = [];
  if (input.typeId) where.push(eq(codes.typeId, input.typeId));
  if (input.typeCode) {
    const type = await deps.db.query.codeTypes.findFirst({
      where: eq(codeTypes.code, input.typeCode),
    });
    if (!type) return { items: [], totalCount: 0 };
    where.push(eq(codes.typeId, type.id));
  }
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(codes).where(cond);
  const rows = await deps.db.select().from(codes).where(cond)
    .orderBy(...orderBy(input.sorting, { code: codes.code, name: codes.name, sort: codes.sort }, [
      codes.sort,
      codes.code,
    ])).limit(input.maxResultCount).offset(input.skipCount);
  return { items: rows.map(codeDto), totalCount: total };
}

/** Codes of the company calendar must be real dates with value 1 (working) or 0 (day off). */
async function checkCode(db: DbOrTx, typeId: number, code: string, value: string | null) {
  const type = await db.query.codeTypes.findFirst({ where: eq(codeTypes.id, typeId) });
  if (!type) throw notFound("codeType", typeId);
  if (type.code === COMPANY_CALENDAR) {
    if (!isCalendarDate(code)) throw fieldError("code", "dictionary.calendarCode");
    if (value !== "0" && value !== "1") throw fieldError("value", "dictionary.calendarValue");
  }
}

async function assertCodeFree(db: DbOrTx, typeId: number, code: string, exceptId?: number) {
  const cond = and(eq(codes.typeId, typeId), eq(codes.code, code));
  const clash = await db.query.codes.findFirst({
    where: exceptId ? and(cond, ne(codes.id, exceptId)) : cond,
  });
  if (clash) throw fieldError("code", "dictionary.codeTaken", { code });
}

export async function createCode(deps: Deps, raw: z.input<typeof createCodeInput>) {
  const input = createCodeInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    await checkCode(tx, input.typeId, input.code, input.value);
    await assertCodeFree(tx, input.typeId, input.code);
    const [row] = await tx.insert(codes).values({ ...input, createdAt: deps.clock.now() })
      .returning();
    return codeDto(row);
  });
}

export async function updateCode(deps: Deps, raw: z.input<typeof updateCodeInput>) {
  const input = updateCodeInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    const existing = await tx.query.codes.findFirst({ where: eq(codes.id, input.id) });
    if (!existing) throw notFound("code", input.id);
    await checkCode(tx, existing.typeId, input.code, input.value);
    await assertCodeFree(tx, existing.typeId, input.code, input.id);
    const { id, ...fields } = input;
    const [row] = await tx.update(codes).set(fields).where(eq(codes.id, id)).returning();
    return codeDto(row);
  });
}

export async function deleteCode(deps: Deps, id: number): Promise<void> {
  const rows = await deps.db.delete(codes).where(eq(codes.id, id)).returning();
  if (!rows.length) throw notFound("code", id);
}

/** The code type, created on first use (the company calendar is needed before an admin adds it). */
export async function ensureCodeType(
  db: DbOrTx,
  code: string,
  name: string,
  nameEn: string,
): Promise<number> {
  const found = await db.query.codeTypes.findFirst({ where: eq(codeTypes.code, code) });
  if (found) return found.id;
  const [row] = await db.insert(codeTypes).values({ code, name, nameEn }).onConflictDoNothing()
    .returning();
  return row?.id ?? (await db.query.codeTypes.findFirst({ where: eq(codeTypes.code, code) }))!.id;
}

/** Active codes of a type, by code. */
export async function activeCodes(db: DbOrTx, typeCode: string, code?: string) {
  const where = [eq(codeTypes.code, typeCode), eq(codes.isActive, true)];
  if (code) where.push(eq(codes.code, code));
  return await db.select({ code: codes.code, value: codes.value }).from(codes)
    .innerJoin(codeTypes, eq(codeTypes.id, codes.typeId)).where(and(...where));
}
