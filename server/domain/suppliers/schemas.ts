// Inputs of the supplier operations (master data, portal accounts, ERP records); shared by the HTTP
// routes, the CLI and the client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { passwordSchema } from "../users/schemas.ts";
import { instant, isCalendarDate, strictDate } from "../shared/dates.ts";

/** A supplier code is also its portal user name, so it keeps to the user-name alphabet. */
const supplierCodeSchema = z.string().trim().regex(/^[A-Za-z0-9._-]{2,32}$/, {
  error: "suppliers.badCode",
});
const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => v || null);
/** An email address when present; empty text counts as none. */
const optionalEmail = z.string().trim().max(256).nullish()
  .transform((v) => v || null)
  .pipe(z.email().nullable());

export const supplierStatuses = ["effective", "invalid"] as const;
const cooperationStatuses = ["potential", "qualified"] as const;

const supplierFields = {
  abbrName: z.string().trim().min(1).max(64),
  fullName: z.string().trim().min(1).max(200),
  status: z.enum(supplierStatuses).default("effective"),
  contactPerson: optionalText(64),
  contactNumber: optionalText(64),
  email1: optionalEmail,
  email2: optionalEmail,
  email3: optionalEmail,
  cooperationStatus: z.enum(cooperationStatuses).default("potential"),
};

export const createSupplierInput = z.object({
  code: supplierCodeSchema,
  ...supplierFields,
  /** Also create the portal sign-in (user name = code). */
  createPortalAccount: z.boolean().default(false),
  /** The portal password; generated and answered once when omitted. */
  password: passwordSchema.optional(),
});

/** The code is the portal user name and the ERP key: it cannot change after creation. */
export const updateSupplierInput = z.object({
  id,
  ...supplierFields,
});

export const listSuppliersInput = z.object({
  code: z.string().trim().max(64).optional(),
  fullName: z.string().trim().max(200).optional(),
  abbrName: z.string().trim().max(64).optional(),
  /** Code or either name. */
  keyword: z.string().trim().max(200).optional(),
  status: z.enum(supplierStatuses).optional(),
  cooperationStatus: z.enum(cooperationStatuses).optional(),
  /** '1': leave invalid suppliers out (the asset launch page sends it). */
  isInvalidFiltering: z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]).optional()
    .transform((v) => v === true || v === "1" || v === "true"),
  ...pagedInput,
});

export const supplierIdInput = z.object({ id });

export const portalAccountInput = z.object({
  id,
  password: passwordSchema.optional(),
});

export const editDateInput = z.object({ editDate: strictDate });

export const introduceInput = z.object({ code: supplierCodeSchema });

export const syncQuery = z.object({
  since: strictDate.optional(),
  dryRun: z.stringbool().default(false),
});

export const importForm = z.object({
  file: z.instanceof(File, { message: "files.missing" }),
  dryRun: z.stringbool().default(false),
});

/**
 * One supplier as the ERP delivers it (JSON over HTTP, or one row of an .xlsx / .csv file with
 * these column names). `editDate` is the ERP's last edit of the record.
 */
export const erpRecordSchema = z.object({
  code: supplierCodeSchema,
  abbrName: z.string().trim().min(1).max(64),
  fullName: z.string().trim().min(1).max(200),
  contactPerson: optionalText(64),
  contactNumber: optionalText(64),
  email1: optionalEmail,
  email2: optionalEmail,
  email3: optionalEmail,
  status: z.enum(supplierStatuses),
  editDate: z.preprocess((v) => (v === null || v === "" ? undefined : v), strictDate),
});

export const erpColumns = [
  "code",
  "abbrName",
  "fullName",
  "contactPerson",
  "contactNumber",
  "email1",
  "email2",
  "email3",
  "status",
  "editDate",
] as const;

/** A calendar date, YYYY-MM-DD (certificates are dated in UTC+8). */
const calendarDate = z.string().trim().refine(isCalendarDate, {
  error: "certificates.badDate",
});

const certificateFields = {
  supplierId: id,
  /** A code of the dictionary's CertificateType. */
  type: z.string().trim().min(1, { error: "certificates.typeRequired" }).max(64),
  number: z.string().trim().min(1, { error: "certificates.numberRequired" }).max(100),
  issuedOn: calendarDate,
  /** Left empty: the certificate does not expire. */
  expiresOn: z.union([calendarDate, z.literal(""), z.null()]).optional()
    .transform((v) => v || null),
  /** An uploaded file (FileService/Upload without a project), or null for none. */
  fileId: id.nullish().transform((v) => v ?? null),
  remark: multiLine(optionalText(500)),
};

export const certificateInput = z.object(certificateFields);
export const updateCertificateInput = z.object({
  id,
  ...certificateFields,
});
export const supplierIdQuery = z.object({ supplierId: id });
export const certificateIdInput = z.object({ id });
export const expiringInput = z.object({
  days: wholeNumber(0, 366).default(30),
});

/** Supplier performance over the invitations made in a period (either end optional). */
const period = { from: instant.optional(), to: instant.optional() };
export const performanceInput = z.object({
  supplierId: id,
  ...period,
});
export const performanceListInput = z.object({
  ...period,
  /** Instead of From: the invitations of the last N months by the server's clock (the dashboard). */
  months: wholeNumber(1, 120).optional(),
  ...pagedInput,
});

export type CreateSupplierInput = z.input<typeof createSupplierInput>;
type UpdateSupplierInput = z.input<typeof updateSupplierInput>;
export type ListSuppliersInput = z.input<typeof listSuppliersInput>;
export type ErpRecord = z.infer<typeof erpRecordSchema>;
