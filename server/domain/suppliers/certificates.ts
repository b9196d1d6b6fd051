// Supplier qualifications: certificates (type from the dictionary's CertificateType codes, number,
// issue and expiry dates, a file), whether a supplier holds what a project requires, and the
// warning to buyers 30 days before a certificate expires.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  codes,
  codeTypes,
  emailTemplates,
  files,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  supplierCertificates,
  suppliers,
  users,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { fieldError, forbidden, notFound } from "../errors.ts";
import { ensureSeededCodeTypes } from "../dictionary/commercial.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { writeEmail } from "../email/outbox.ts";
import type { Lang } from "../../i18n.ts";
import { certificateInput, updateCertificateInput } from "./schemas.ts";
import type {
  CertificateDto,
  CertificateStatus,
  CertificateTypeOption,
  ExpiringCertificate,
} from "./qualificationTypes.ts";
import { transaction } from "../../../db/client.ts";

export type {
  CertificateDto,
  CertificateTypeOption,
  ExpiringCertificate,
} from "./qualificationTypes.ts";

/** The dictionary's code type holding the certificate types. */
const CERTIFICATE_TYPE = "CertificateType";
/** A buyer hears of a certificate this many days before it expires. */
const EXPIRY_WARNING_DAYS = 30;

/** The types every installation starts with; an admin edits them in the data dictionary. */
const seededTypes = [
  { code: "UL", name: "UL 认证", nameEn: "UL" },
  { code: "ISO9001", name: "ISO 9001 质量管理体系", nameEn: "ISO 9001" },
  { code: "IATF16949", name: "IATF 16949 汽车质量管理体系", nameEn: "IATF 16949" },
  { code: "ISO14001", name: "ISO 14001 环境管理体系", nameEn: "ISO 14001" },
  { code: "RoHS-REACH", name: "RoHS / REACH 符合性", nameEn: "RoHS / REACH" },
  { code: "HalogenFree", name: "无卤", nameEn: "Halogen-free" },
];

/**
 * Creates the CertificateType code type with its usual codes when it does not exist yet. Codes an
 * admin removed later are not added again.
 */
export const ensureCertificateTypes = (db: DbOrTx) =>
  ensureSeededCodeTypes(db, [{
    code: CERTIFICATE_TYPE,
    name: "供应商资质证书",
    nameEn: "Supplier certificate",
    codes: seededTypes,
  }]);

/** Every certificate type of the dictionary (inactive ones only when `withInactive`). */
export async function certificateTypes(
  db: DbOrTx,
  withInactive = false,
): Promise<(CertificateTypeOption & { isActive: boolean })[]> {
  return await db.select({
    code: codes.code,
    name: codes.name,
    nameEn: codes.nameEn,
    isActive: codes.isActive,
  }).from(codes).innerJoin(codeTypes, eq(codeTypes.id, codes.typeId))
    .where(and(
      eq(codeTypes.code, CERTIFICATE_TYPE),
      withInactive ? undefined : eq(codes.isActive, true),
    ))
    .orderBy(asc(codes.sort), asc(codes.code));
}

/** Keeps the listed types that are active certificate types; otherwise a 400 naming the field. */
export async function checkCertificateTypes(
  db: DbOrTx,
  types: string[],
  member: string,
): Promise<string[]> {
  const wanted = [...new Set(types)];
  if (!wanted.length) return [];
  const known = await certificateTypes(db);
  for (const type of wanted) {
    if (!known.some((k) => k.code === type)) {
      throw fieldError(member, "certificates.unknownType", { type });
    }
  }
  return wanted;
}

// ---------------------------------------------------------------------------------------------
// Dates: certificates carry calendar dates in UTC+8 and are valid through their expiry date.
// ---------------------------------------------------------------------------------------------

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Expired the day after its expiry date; "expiring" within the warning window. */
function certificateStatus(expiresOn: string | null, today: string): CertificateStatus {
  if (!expiresOn) return "valid";
  if (expiresOn < today) return "expired";
  if (expiresOn <= addDays(today, EXPIRY_WARNING_DAYS)) return "expiring";
  return "valid";
}

// ---------------------------------------------------------------------------------------------
// Whether a supplier holds the certificates a project requires
// ---------------------------------------------------------------------------------------------

type CertRow = typeof supplierCertificates.$inferSelect;

export type CertificateProblem =
  | { key: "certificates.missing"; type: string }
  | { key: "certificates.expired"; type: string; expiredOn: string };

/**
 * For each required type: a certificate of that type not expired today, else "expired" (naming the
 * latest expiry) when the supplier had one, else "missing". Pure, so every caller judges alike.
 */
export function certificateProblems(
  certs: Pick<CertRow, "type" | "expiresOn">[],
  required: string[],
  today: string,
): CertificateProblem[] {
  const out: CertificateProblem[] = [];
  for (const type of required) {
    const ofType = certs.filter((c) => c.type === type);
    if (ofType.some((c) => certificateStatus(c.expiresOn, today) !== "expired")) continue;
    if (!ofType.length) {
      out.push({ key: "certificates.missing", type });
      continue;
    }
    const last = ofType.map((c) => c.expiresOn!).sort().at(-1)!;
    out.push({ key: "certificates.expired", type, expiredOn: last });
  }
  return out;
}

/** The certificate types a project requires: its own and its category's, once each. */
export async function requiredCertificatesOf(
  db: DbOrTx,
  project: { typeId: number | null; requiredCertificates: string[] | null },
): Promise<string[]> {
  const own = project.requiredCertificates ?? [];
  if (project.typeId == null) return [...new Set(own)];
  const category = await db.query.offerProjectTypes.findFirst({
    where: eq(offerProjectTypes.id, project.typeId),
  });
  return [...new Set([...(category?.requiredCertificates ?? []), ...own])];
}

/** The certificates of the given suppliers, of the given types (all types when omitted). */
export async function certificatesOf(db: DbOrTx, supplierIds: number[], types?: string[]) {
  if (!supplierIds.length || (types && !types.length)) return [];
  return await db.select().from(supplierCertificates).where(and(
    inArray(supplierCertificates.supplierId, supplierIds),
    types ? inArray(supplierCertificates.type, types) : undefined,
  ));
}

/** Display names of certificate types in both languages, for messages. */
export async function typeLabels(db: DbOrTx) {
  const all = await certificateTypes(db, true);
  return (type: string) => {
    const found = all.find((t) => t.code === type);
    return { type, typeZh: found?.name ?? type, typeEn: found?.nameEn || found?.name || type };
  };
}

// ---------------------------------------------------------------------------------------------
// Maintenance
// ---------------------------------------------------------------------------------------------

async function toDtos(deps: Deps, rows: CertRow[]): Promise<CertificateDto[]> {
  if (!rows.length) return [];
  const today = dateInUtc8(deps.clock.now());
  const types = await certificateTypes(deps.db, true);
  const fileIds = rows.map((r) => r.fileId).filter((id): id is number => id != null);
  const fileRows = fileIds.length
    ? await deps.db.select({ id: files.id, fileName: files.fileName, size: files.size })
      .from(files).where(and(inArray(files.id, fileIds), isNull(files.deletedAt)))
    : [];
  return rows.map((r) => {
    const type = types.find((t) => t.code === r.type);
    return {
      id: r.id,
      supplierId: r.supplierId,
      type: r.type,
      typeName: type?.name ?? r.type,
      typeNameEn: type?.nameEn || type?.name || r.type,
      number: r.number,
      issuedOn: r.issuedOn,
      expiresOn: r.expiresOn,
      status: certificateStatus(r.expiresOn, today),
      daysLeft: r.expiresOn ? daysBetween(today, r.expiresOn) : null,
      file: fileRows.find((f) => f.id === r.fileId) ?? null,
      remark: r.remark,
      expiryWarnedAt: r.expiryWarnedAt,
      creationTime: r.createdAt,
      lastModificationTime: r.updatedAt,
    };
  });
}

async function assertSupplier(db: DbOrTx, id: number) {
  const row = await db.query.suppliers.findFirst({ where: eq(suppliers.id, id) });
  if (!row) throw notFound("supplier", id);
  return row;
}

/** A supplier's certificates, by type and then the latest expiry first. */
export async function listCertificates(deps: Deps, supplierId: number) {
  await assertSupplier(deps.db, supplierId);
  const rows = await deps.db.select().from(supplierCertificates)
    .where(eq(supplierCertificates.supplierId, supplierId))
    .orderBy(
      asc(supplierCertificates.type),
      sql`${supplierCertificates.expiresOn} is null desc`,
      sql`${supplierCertificates.expiresOn} desc`,
    );
  const items = await toDtos(deps, rows);
  return { items, totalCount: items.length };
}

async function certificateRow(db: DbOrTx, id: number): Promise<CertRow> {
  const row = await db.query.supplierCertificates.findFirst({
    where: eq(supplierCertificates.id, id),
  });
  if (!row) throw notFound("certificate", id);
  return row;
}

/**
 * The uploaded file becomes the certificate's: an unattached upload of the same user (the file
 * service's Upload without a project), or the file the certificate already has.
 */
async function claimFile(tx: DbOrTx, actor: Actor, fileId: number | null, current?: number | null) {
  if (fileId == null || fileId === current) return;
  const f = await tx.query.files.findFirst({
    where: and(eq(files.id, fileId), isNull(files.deletedAt)),
  });
  const missing = () => fieldError("fileId", "errors.notFound", { entity: "file", id: fileId });
  // Another user's file answers as a missing one: file ids cannot be probed.
  if (!f || f.uploadedBy !== actor.id) throw missing();
  if (f.projectId != null || f.purpose === "quote") throw forbidden("files.notYours");
  await tx.update(files).set({ purpose: "certificate" }).where(eq(files.id, fileId));
}

async function checkFields(
  deps: Deps,
  tx: DbOrTx,
  input: z.output<typeof certificateInput>,
  exceptId?: number,
) {
  await checkCertificateTypes(tx, [input.type], "type");
  const today = dateInUtc8(deps.clock.now());
  if (input.issuedOn > today) throw fieldError("issuedOn", "certificates.issuedInFuture");
  if (input.expiresOn && input.expiresOn < input.issuedOn) {
    throw fieldError("expiresOn", "certificates.expiresBeforeIssued");
  }
  const clash = await tx.query.supplierCertificates.findFirst({
    where: and(
      eq(supplierCertificates.supplierId, input.supplierId),
      eq(supplierCertificates.type, input.type),
      eq(supplierCertificates.number, input.number),
      exceptId ? ne(supplierCertificates.id, exceptId) : undefined,
    ),
  });
  if (clash) throw fieldError("number", "certificates.numberTaken", { number: input.number });
}

export async function createCertificate(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof certificateInput>,
): Promise<CertificateDto> {
  const input = certificateInput.parse(raw);
  const row = await transaction(deps.db, async (tx) => {
    await assertSupplier(tx, input.supplierId);
    await checkFields(deps, tx, input);
    await claimFile(tx, actor, input.fileId);
    const now = deps.clock.now();
    const [row] = await tx.insert(supplierCertificates).values({
      ...input,
      createdBy: actor.id,
      createdAt: now,
    }).returning();
    return row;
  });
  return (await toDtos(deps, [row]))[0];
}

/** Changes a certificate; a new expiry date earns a new warning when that one comes near. */
export async function updateCertificate(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateCertificateInput>,
): Promise<CertificateDto> {
  const input = updateCertificateInput.parse(raw);
  const row = await transaction(deps.db, async (tx) => {
    const existing = await certificateRow(tx, input.id);
    if (existing.supplierId !== input.supplierId) {
      throw fieldError("supplierId", "certificates.otherSupplier");
    }
    await checkFields(deps, tx, input, input.id);
    await claimFile(tx, actor, input.fileId, existing.fileId);
    if (existing.fileId != null && existing.fileId !== input.fileId) {
      await tx.update(files).set({ deletedAt: deps.clock.now() })
        .where(eq(files.id, existing.fileId));
    }
    const { id, ...fields } = input;
    const [row] = await tx.update(supplierCertificates).set({
      ...fields,
      updatedBy: actor.id,
      updatedAt: deps.clock.now(),
    }).where(eq(supplierCertificates.id, id)).returning();
    return row;
  });
  return (await toDtos(deps, [row]))[0];
}

export async function deleteCertificate(deps: Deps, id: number): Promise<void> {
  await transaction(deps.db, async (tx) => {
    const row = await certificateRow(tx, id);
    if (row.fileId != null) {
      await tx.update(files).set({ deletedAt: deps.clock.now() }).where(eq(files.id, row.fileId));
    }
    await tx.delete(supplierCertificates).where(eq(supplierCertificates.id, id));
  });
}

// ---------------------------------------------------------------------------------------------
// Expiry warnings
// ---------------------------------------------------------------------------------------------

/** Certificates expiring from today to `days` ahead, soonest first (the dashboard, the CLI). */
export async function expiringCertificates(
  deps: Deps,
  days = EXPIRY_WARNING_DAYS,
): Promise<ExpiringCertificate[]> {
  const today = dateInUtc8(deps.clock.now());
  const rows = await deps.db.select({ c: supplierCertificates, s: suppliers })
    .from(supplierCertificates)
    .innerJoin(suppliers, eq(suppliers.id, supplierCertificates.supplierId))
    .where(and(
      isNotNull(supplierCertificates.expiresOn),
      gte(supplierCertificates.expiresOn, today),
      lte(supplierCertificates.expiresOn, addDays(today, days)),
    ))
    .orderBy(asc(supplierCertificates.expiresOn), asc(suppliers.code));
  return rows.map(({ c, s }) => ({
    id: c.id,
    supplierId: s.id,
    supplierCode: s.code,
    supplierName: s.fullName,
    type: c.type,
    number: c.number,
    expiresOn: c.expiresOn!,
    daysLeft: daysBetween(today, c.expiresOn!),
    warned: c.expiryWarnedFor === c.expiresOn,
  }));
}

/** How far back an invitation makes a buyer one of the supplier's buyers. */
const BUYER_LOOKBACK_MS = 365 * 86_400_000;

/**
 * The buyers to warn about a supplier's certificate: who recorded (or last changed) it, and who
 * created a project the supplier was invited to in the last year; active staff with an address.
 */
async function buyersOf(db: DbOrTx, cert: CertRow, now: Date) {
  const ids = new Set<number>();
  if (cert.createdBy) ids.add(cert.createdBy);
  if (cert.updatedBy) ids.add(cert.updatedBy);
  const creators = await db.selectDistinct({ id: offerProjects.creatorId })
    .from(offerProjectSuppliers)
    .innerJoin(offerProjects, eq(offerProjects.id, offerProjectSuppliers.projectId))
    .where(and(
      eq(offerProjectSuppliers.supplierId, cert.supplierId),
      gte(offerProjectSuppliers.invitedAt, new Date(now.getTime() - BUYER_LOOKBACK_MS)),
      isNotNull(offerProjects.creatorId),
    ));
  for (const c of creators) ids.add(c.id!);
  if (!ids.size) return [];
  const rows = await db.select().from(users).where(and(
    inArray(users.id, [...ids]),
    eq(users.kind, "staff"),
    eq(users.isActive, true),
    isNotNull(users.emailAddress),
  )).orderBy(users.id);
  return rows.filter((u) => u.emailAddress?.includes("@"));
}

/**
 * The scheduled warning: each certificate expiring within 30 days is announced once (per expiry
 * date) to its buyers through the outbox, in each reader's language. The certificate records the
 * date it was warned for in the same transaction, so a second run sends nothing.
 */
export async function warnExpiringCertificates(deps: Deps): Promise<{ warned: number }> {
  const now = deps.clock.now();
  const today = dateInUtc8(now);
  const due = await deps.db.select().from(supplierCertificates).where(and(
    isNotNull(supplierCertificates.expiresOn),
    gte(supplierCertificates.expiresOn, today),
    lte(supplierCertificates.expiresOn, addDays(today, EXPIRY_WARNING_DAYS)),
    or(
      isNull(supplierCertificates.expiryWarnedFor),
      ne(supplierCertificates.expiryWarnedFor, supplierCertificates.expiresOn),
    ),
  ));
  if (!due.length) return { warned: 0 };
  const templates = await deps.db.select().from(emailTemplates).where(and(
    eq(emailTemplates.mechanism, "certificateExpiring"),
    eq(emailTemplates.isActive, true),
  ));
  const label = await typeLabels(deps.db);
  let warned = 0;
  for (const cert of due) {
    const done = await transaction(deps.db, async (tx) => {
      // The guard keeps two runners from warning twice.
      const marked = await tx.update(supplierCertificates).set({
        expiryWarnedFor: cert.expiresOn,
        expiryWarnedAt: now,
      }).where(and(
        eq(supplierCertificates.id, cert.id),
        or(
          isNull(supplierCertificates.expiryWarnedFor),
          ne(supplierCertificates.expiryWarnedFor, cert.expiresOn!),
        ),
      )).returning({ id: supplierCertificates.id });
      if (!marked.length) return false;
      const supplier = await tx.query.suppliers.findFirst({
        where: eq(suppliers.id, cert.supplierId),
      });
      const names = label(cert.type);
      const buyers = templates.length ? await buyersOf(tx, cert, now) : [];
      for (const tpl of templates) {
        for (const buyer of buyers) {
          const language: Lang = buyer.language ?? "zh";
          await writeEmail(
            tx,
            deps,
            `certificateExpiring:${cert.id}:${cert.expiresOn}:${tpl.code}`,
            tpl,
            {
              address: buyer.emailAddress!.trim(),
              name: buyer.name,
              language,
              supplierId: cert.supplierId,
              userId: buyer.id,
            },
            {
              supplierName: supplier?.fullName ?? "",
              recipientName: buyer.name,
              certificateType: language === "en" ? names.typeEn : names.typeZh,
              certificateNumber: cert.number,
              expiryDate: cert.expiresOn!,
            },
          );
        }
      }
      return true;
    });
    if (done) warned++;
  }
  return { warned };
}
