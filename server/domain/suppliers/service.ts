// Supplier master data: query, create, edit, invalidate or delete, export, and each supplier's
// portal sign-in (a supplier user whose user name is the supplier's code).
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Column, noRecordsToExport, streamXlsx } from "../exports/service.ts";
import { batchesInOrder } from "../exports/batches.ts";
import type { z } from "zod";
import { offerProjectSuppliers, quotes, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { suppliers } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { conflict, type DomainError, fieldError, notFound } from "../errors.ts";
import { dateInUtc8, fileNameDate, wallClockUtc8 } from "../shared/time.ts";
import { certificateProblems, certificatesOf, typeLabels } from "./certificates.ts";
import { orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { supplierTextContains } from "./search.ts";
import { type SupplierSummary, supplierSummary } from "./summary.ts";
import { generatePassword } from "../shared/password.ts";
import { StaticRoles } from "../auth/permissions.ts";
import { createUser, findUserByName, resetPassword } from "../users/service.ts";
import { type Lang, t } from "../../i18n.ts";
import {
  createSupplierInput,
  type ListSuppliersInput,
  listSuppliersInput,
  portalAccountInput,
  updateSupplierInput,
} from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

export type SupplierRow = typeof suppliers.$inferSelect;

export type SupplierDto = SupplierSummary & {
  contactPerson: string | null;
  contactNumber: string | null;
  cooperationStatus: "potential" | "qualified";
  source: "local" | "erp";
  erpEditDate: Date | null;
  creationTime: Date;
  lastModificationTime: Date | null;
  /** The portal sign-in, when the supplier has one. */
  portalUserName: string | null;
  portalUserActive: boolean | null;
};

/** Answered when an operation generated a portal password: shown once, never stored in clear. */
export type PortalAccount = { userId: number; userName: string; password?: string };

async function toDtos(db: DbOrTx, rows: SupplierRow[]): Promise<SupplierDto[]> {
  if (!rows.length) return [];
  const accounts = await db.select({
    supplierId: users.supplierId,
    userName: users.userName,
    isActive: users.isActive,
  }).from(users).where(and(
    eq(users.kind, "supplier"),
    inArray(users.supplierId, rows.map((r) => r.id)),
  ));
  return rows.map((s) => {
    const account = accounts.find((a) => a.supplierId === s.id);
    return {
      ...supplierSummary(s),
      contactPerson: s.contactPerson,
      contactNumber: s.contactNumber,
      cooperationStatus: s.cooperationStatus,
      source: s.source,
      erpEditDate: s.erpEditDate,
      creationTime: s.createdAt,
      lastModificationTime: s.updatedAt,
      portalUserName: account?.userName ?? null,
      portalUserActive: account?.isActive ?? null,
    };
  });
}

/** The supplier's email addresses, in order, without blanks or repeats. */
const emailsOf = (
  s: Pick<SupplierRow, "email1" | "email2" | "email3">,
): string[] => [...new Set([s.email1, s.email2, s.email3].filter((e): e is string => !!e))];

/** Why a supplier cannot be invited to a project, or null when it can. */
function invitableProblem(
  s: Pick<SupplierRow, "status" | "email1" | "email2" | "email3">,
): "suppliers.notEffective" | "suppliers.noEmail" | null {
  if (s.status !== "effective") return "suppliers.notEffective";
  if (!emailsOf(s).length) return "suppliers.noEmail";
  return null;
}

/**
 * Throws (400, naming the supplier) unless the supplier may be invited: it must be effective and
 * have at least one email address. Publishing calls this for each chosen supplier.
 */
export function assertInvitable(
  s: Pick<SupplierRow, "code" | "abbrName" | "status" | "email1" | "email2" | "email3">,
): void {
  const problem = invitableProblem(s);
  if (problem) {
    throw fieldError("supList", problem, { code: s.code, name: s.abbrName });
  }
}

/** Why one supplier cannot be invited: the error publishing answers, and a short reason for lists. */
export type InviteProblem = {
  error: DomainError;
  reason: { key: string; params: Record<string, unknown> };
};

/**
 * The one place that decides who may be invited to a project: effective, with an email address
 * (assertInvitable, 400), and holding a certificate not expired today of each type the project
 * requires (409). Answers each supplier's problem, or null when it may be invited.
 */
export async function invitability(
  db: DbOrTx,
  rows: SupplierRow[],
  required: string[],
  now: Date,
): Promise<Map<number, InviteProblem | null>> {
  const out = new Map<number, InviteProblem | null>();
  const certs = await certificatesOf(db, rows.map((r) => r.id), required);
  const label = required.length ? await typeLabels(db) : null;
  const today = dateInUtc8(now);
  for (const s of rows) {
    const basic = invitableProblem(s);
    if (basic) {
      out.set(s.id, {
        error: fieldError("supList", basic, { code: s.code, name: s.abbrName }),
        reason: { key: `${basic}Reason`, params: {} },
      });
      continue;
    }
    const [first] = certificateProblems(
      certs.filter((c) => c.supplierId === s.id),
      required,
      today,
    );
    if (!first) {
      out.set(s.id, null);
      continue;
    }
    const params = {
      code: s.code,
      name: s.abbrName,
      ...label!(first.type),
      ...(first.key === "certificates.expired" ? { date: first.expiredOn } : {}),
    };
    out.set(s.id, {
      error: conflict(first.key, params),
      reason: { key: `${first.key}Reason`, params },
    });
  }
  return out;
}

/** Throws the first supplier's problem (see invitability), in the order given. */
export async function assertSuppliersInvitable(
  db: DbOrTx,
  rows: SupplierRow[],
  required: string[],
  now: Date,
): Promise<void> {
  const problems = await invitability(db, rows, required, now);
  for (const s of rows) {
    const p = problems.get(s.id);
    if (p) throw p.error;
  }
}

function filters(input: z.output<typeof listSuppliersInput>): SQL | undefined {
  const where: SQL[] = [];
  if (input.code) where.push(supplierTextContains("code", input.code));
  if (input.fullName) where.push(supplierTextContains("fullName", input.fullName));
  if (input.abbrName) where.push(supplierTextContains("abbrName", input.abbrName));
  if (input.keyword) where.push(supplierTextContains("any", input.keyword));
  if (input.status) where.push(eq(suppliers.status, input.status));
  if (input.isInvalidFiltering) where.push(eq(suppliers.status, "effective"));
  if (input.cooperationStatus) {
    where.push(eq(suppliers.cooperationStatus, input.cooperationStatus));
  }
  return where.length ? and(...where) : undefined;
}

const sortable = {
  code: suppliers.code,
  abbrName: suppliers.abbrName,
  fullName: suppliers.fullName,
  status: suppliers.status,
  cooperationStatus: suppliers.cooperationStatus,
  creationTime: suppliers.createdAt,
  lastModificationTime: suppliers.updatedAt,
};

export async function listSuppliers(
  deps: Deps,
  raw: ListSuppliersInput,
): Promise<Paged<SupplierDto>> {
  const input = listSuppliersInput.parse(raw);
  const cond = filters(input);
  const [{ total }] = await deps.db.select({ total: count() }).from(suppliers).where(cond);
  const rows = await deps.db.select().from(suppliers).where(cond)
    .orderBy(...orderBy(input.sorting, sortable, [suppliers.code, suppliers.id]))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: await toDtos(deps.db, rows), totalCount: total };
}

async function supplierRow(db: DbOrTx, id: number): Promise<SupplierRow> {
  const row = await db.query.suppliers.findFirst({ where: eq(suppliers.id, id) });
  if (!row) throw notFound("supplier", id);
  return row;
}

export async function getSupplier(deps: Deps, id: number): Promise<SupplierDto> {
  return (await toDtos(deps.db, [await supplierRow(deps.db, id)]))[0];
}

/** Codes are unique without regard to case, since each is also a portal user name. */
export async function findSupplierByCode(db: DbOrTx, code: string) {
  return await db.query.suppliers.findFirst({
    where: sql`lower(${suppliers.code}) = ${code.trim().toLowerCase()}`,
  });
}

export async function createSupplier(
  deps: Deps,
  raw: z.input<typeof createSupplierInput>,
): Promise<SupplierDto & { account?: PortalAccount }> {
  const input = createSupplierInput.parse(raw);
  if (await findSupplierByCode(deps.db, input.code)) {
    throw fieldError("code", "suppliers.codeTaken", { code: input.code });
  }
  if (input.createPortalAccount && await findUserByName(deps.db, input.code)) {
    throw fieldError("code", "suppliers.userNameTaken", { code: input.code });
  }
  const now = deps.clock.now();
  const [row] = await deps.db.insert(suppliers).values({
    code: input.code,
    abbrName: input.abbrName,
    fullName: input.fullName,
    status: input.status,
    contactPerson: input.contactPerson,
    contactNumber: input.contactNumber,
    email1: input.email1,
    email2: input.email2,
    email3: input.email3,
    cooperationStatus: input.cooperationStatus,
    source: "local",
    createdAt: now,
    updatedAt: now,
  }).returning();
  let account: PortalAccount | undefined;
  if (input.createPortalAccount) {
    try {
      account = await createPortalAccount(deps, { id: row.id, password: input.password });
    } catch (err) {
      // Without its requested sign-in the supplier is not created either.
      await deps.db.delete(suppliers).where(eq(suppliers.id, row.id));
      throw err;
    }
  }
  const dto = await getSupplier(deps, row.id);
  return account ? { ...dto, account } : dto;
}

export async function updateSupplier(
  deps: Deps,
  raw: z.input<typeof updateSupplierInput> & { code?: string },
): Promise<SupplierDto> {
  const input = updateSupplierInput.parse(raw);
  const existing = await supplierRow(deps.db, input.id);
  if (raw.code !== undefined && raw.code.trim() !== existing.code) {
    throw fieldError("code", "suppliers.codeFixed");
  }
  await deps.db.update(suppliers).set({
    abbrName: input.abbrName,
    fullName: input.fullName,
    status: input.status,
    contactPerson: input.contactPerson,
    contactNumber: input.contactNumber,
    email1: input.email1,
    email2: input.email2,
    email3: input.email3,
    cooperationStatus: input.cooperationStatus,
    updatedAt: deps.clock.now(),
  }).where(eq(suppliers.id, input.id));
  return getSupplier(deps, input.id);
}

/** Marks a supplier invalid: it keeps its history but can no longer be invited. */
async function invalidateSupplier(deps: Deps, id: number): Promise<SupplierDto> {
  await supplierRow(deps.db, id);
  await deps.db.update(suppliers).set({ status: "invalid", updatedAt: deps.clock.now() })
    .where(eq(suppliers.id, id));
  return getSupplier(deps, id);
}

export async function invalidateSupplierByCode(deps: Deps, code: string): Promise<SupplierDto> {
  const row = await findSupplierByCode(deps.db, code);
  if (!row) throw notFound("supplier", code);
  return invalidateSupplier(deps, row.id);
}

/**
 * Deletes a supplier that never took part in a project, with its portal sign-in. A supplier that
 * has quoted or was invited is never deleted: it becomes invalid, so its quotes stay readable.
 */
export async function deleteSupplier(
  deps: Deps,
  id: number,
): Promise<{ deleted: boolean; invalidated: boolean }> {
  return await transaction(deps.db, async (tx) => {
    await supplierRow(tx, id);
    const [{ q }] = await tx.select({ q: count() }).from(quotes).where(eq(quotes.supplierId, id));
    const [{ p }] = await tx.select({ p: count() }).from(offerProjectSuppliers)
      .where(eq(offerProjectSuppliers.supplierId, id));
    if (q > 0 || p > 0) {
      await tx.update(suppliers).set({ status: "invalid", updatedAt: deps.clock.now() })
        .where(eq(suppliers.id, id));
      return { deleted: false, invalidated: true };
    }
    await tx.delete(users).where(and(eq(users.kind, "supplier"), eq(users.supplierId, id)));
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    return { deleted: true, invalidated: false };
  });
}

// ---------------------------------------------------------------------------------------------
// Portal accounts
// ---------------------------------------------------------------------------------------------

async function portalUserOf(db: DbOrTx, supplierId: number) {
  return await db.query.users.findFirst({
    where: and(eq(users.kind, "supplier"), eq(users.supplierId, supplierId)),
  });
}

/** Creates the supplier's portal sign-in: user name = code, role Supplier. */
export async function createPortalAccount(
  deps: Deps,
  raw: z.input<typeof portalAccountInput>,
): Promise<PortalAccount> {
  const input = portalAccountInput.parse(raw);
  const supplier = await supplierRow(deps.db, input.id);
  if (await portalUserOf(deps.db, supplier.id)) {
    throw conflict("suppliers.accountExists", { code: supplier.code });
  }
  if (await findUserByName(deps.db, supplier.code)) {
    throw conflict("suppliers.userNameTaken", { code: supplier.code });
  }
  const password = input.password ?? generatePassword();
  const user = await createUser(deps, {
    userName: supplier.code,
    name: supplier.abbrName.slice(0, 64),
    emailAddress: emailsOf(supplier)[0] ?? null,
    password,
    kind: "supplier",
    supplierId: supplier.id,
    roleNames: [StaticRoles.Supplier],
  });
  return {
    userId: user.id,
    userName: user.userName,
    ...(input.password ? {} : { password }),
  };
}

/**
 * Sets the supplier's portal password (creating the sign-in when it has none yet) and ends its open
 * sessions. Without a password one is generated and answered once.
 */
export async function setPortalPassword(
  deps: Deps,
  raw: z.input<typeof portalAccountInput>,
): Promise<PortalAccount> {
  const input = portalAccountInput.parse(raw);
  const supplier = await supplierRow(deps.db, input.id);
  const user = await portalUserOf(deps.db, supplier.id);
  if (!user) return createPortalAccount(deps, input);
  const password = input.password ?? generatePassword();
  await resetPassword(deps, { userId: user.id, newPassword: password });
  return { userId: user.id, userName: user.userName, ...(input.password ? {} : { password }) };
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

const exportColumns = [
  "code",
  "abbrName",
  "fullName",
  "status",
  "contactPerson",
  "contactNumber",
  "email1",
  "email2",
  "email3",
  "cooperationStatus",
  "lastModificationTime",
] as const;

/** The columns of the supplier export, headed in the reader's language. */
const supplierColumns: Column<SupplierRow>[] = exportColumns.map((key) => ({
  key,
  header: (lang: Lang) => t(lang, `suppliers.fields.${key}`),
  width: key === "fullName" ? 40 : key.startsWith("email") ? 28 : 16,
  ...(key === "lastModificationTime" ? { numFmt: "yyyy-mm-dd hh:mm:ss" } : {}),
  value: (s: SupplierRow, lang: Lang) => {
    switch (key) {
      case "status":
        return t(lang, `suppliers.status.${s.status}`);
      case "cooperationStatus":
        return t(lang, `suppliers.cooperation.${s.cooperationStatus}`);
      case "lastModificationTime":
        // Shown as the wall-clock time in UTC+8, as everywhere else.
        return wallClockUtc8(s.updatedAt ?? s.createdAt);
      default:
        return s[key];
    }
  },
}));

/**
 * The filtered supplier list as an .xlsx workbook, headers and values in the caller's language.
 * Counted first (an empty list is refused before any byte is written), then read and written a
 * batch at a time, so a list of a hundred thousand suppliers streams out in bounded memory.
 */
export async function exportSuppliers(
  deps: Deps,
  raw: ListSuppliersInput,
  lang: Lang,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string; count: number }> {
  const input = listSuppliersInput.parse({ ...raw, skipCount: 0, maxResultCount: 1000 });
  const cond = filters(input);
  const order = orderBy(input.sorting, sortable, [suppliers.code, suppliers.id]);
  const [{ total }] = await deps.db.select({ total: count() }).from(suppliers).where(cond);
  if (!total) throw noRecordsToExport();
  const batches = batchesInOrder(
    async (offset, limit) =>
      (await deps.db.select({ id: suppliers.id }).from(suppliers).where(cond).orderBy(...order)
        .limit(limit).offset(offset)).map((r) => r.id),
    (ids) => deps.db.select().from(suppliers).where(inArray(suppliers.id, ids)),
  );
  return {
    stream: streamXlsx(t(lang, "suppliers.sheetName"), supplierColumns, lang, batches),
    fileName: `${t(lang, "suppliers.exportFileName")}-${fileNameDate(deps.clock.now())}.xlsx`,
    count: total,
  };
}
