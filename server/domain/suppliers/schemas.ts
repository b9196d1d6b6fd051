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

const emailText = (n: string) => `The ${n} email address (none when left out or empty).`;
const supplierFields = {
  abbrName: z.string().trim().min(1).max(64).describe("The short name."),
  fullName: z.string().trim().min(1).max(200).describe("The full legal name."),
  status: z.enum(supplierStatuses).default("effective").describe(
    "effective (the default), or invalid (never invited again).",
  ),
  contactPerson: optionalText(64).describe("The contact person, or none."),
  contactNumber: optionalText(64).describe("The contact's telephone number, or none."),
  email1: optionalEmail.describe(emailText("first")),
  email2: optionalEmail.describe(emailText("second")),
  email3: optionalEmail.describe(emailText("third")),
  cooperationStatus: z.enum(cooperationStatuses).default("potential").describe(
    "potential (the default) or qualified.",
  ),
};

const codeText =
  "The supplier's code: 2 to 32 letters, digits or . _ -; also its portal user name.";
export const createSupplierInput = z.object({
  code: supplierCodeSchema.describe(codeText),
  ...supplierFields,
  /** Also create the portal sign-in (user name = code). */
  createPortalAccount: z.boolean().default(false).describe(
    "Also create the portal sign-in (user name = code).",
  ),
  /** The portal password; generated and answered once when omitted. */
  password: passwordSchema.optional().describe(
    "The portal password (8 to 128 characters); generated and answered once when left out.",
  ),
});

const supplierId = id.describe("The supplier's id.");

/** The code is the portal user name and the ERP key: it cannot change after creation. */
export const updateSupplierInput = z.object({
  id: supplierId,
  ...supplierFields,
});

export const listSuppliersInput = z.object({
  code: z.string().trim().max(64).optional().describe("Part of the supplier's code."),
  fullName: z.string().trim().max(200).optional().describe("Part of the full name."),
  abbrName: z.string().trim().max(64).optional().describe("Part of the short name."),
  /** Code or either name. */
  keyword: z.string().trim().max(200).optional().describe("Part of the code or either name."),
  status: z.enum(supplierStatuses).optional().describe("Only effective or only invalid ones."),
  cooperationStatus: z.enum(cooperationStatuses).optional().describe(
    "Only potential or only qualified ones.",
  ),
  /** '1': leave invalid suppliers out (the asset launch page sends it). */
  isInvalidFiltering: z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]).optional()
    .transform((v) => v === true || v === "1" || v === "true")
    .describe("1 or true: leave invalid suppliers out."),
  ...pagedInput,
});

export const supplierIdInput = z.object({ id: supplierId });

export const portalAccountInput = z.object({
  id: supplierId,
  password: passwordSchema.optional().describe(
    "The password (8 to 128 characters); generated and answered once when left out.",
  ),
});

export const editDateInput = z.object({
  editDate: strictDate.describe("The ERP edits at or after this instant (ISO 8601)."),
});

export const introduceInput = z.object({ code: supplierCodeSchema.describe(codeText) });

const dryRun = z.stringbool().default(false).describe(
  "true: report what would change, without changing anything.",
);
export const syncQuery = z.object({
  since: strictDate.optional().describe(
    "Only the ERP's records edited at or after this instant (all when left out).",
  ),
  dryRun,
});

export const importForm = z.object({
  file: z.instanceof(File, { message: "files.missing" }).describe(
    "An .xlsx or .csv file in the ERP's columns: code, abbrName, fullName, contactPerson, contactNumber, email1, email2, email3, status, editDate.",
  ),
  dryRun,
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
  supplierId,
  /** A code of the dictionary's CertificateType. */
  type: z.string().trim().min(1, { error: "certificates.typeRequired" }).max(64).describe(
    "The certificate type: a code of the data dictionary's CertificateType.",
  ),
  number: z.string().trim().min(1, { error: "certificates.numberRequired" }).max(100).describe(
    "The certificate's number.",
  ),
  issuedOn: calendarDate.describe("The day it was issued, YYYY-MM-DD."),
  /** Left empty: the certificate does not expire. */
  expiresOn: z.union([calendarDate, z.literal(""), z.null()]).optional()
    .transform((v) => v || null).describe(
      "The day it expires, YYYY-MM-DD; empty or left out when it does not.",
    ),
  /** An uploaded file (FileService/Upload without a project), or null for none. */
  fileId: id.nullish().transform((v) => v ?? null).describe(
    "A scan uploaded with FileService/Upload (without a project), or none.",
  ),
  remark: multiLine(optionalText(500).describe("A remark (up to 500 characters), or none.")),
};

export const certificateInput = z.object(certificateFields);
export const updateCertificateInput = z.object({
  id: id.describe("The certificate's id."),
  ...certificateFields,
});
export const supplierIdQuery = z.object({ supplierId });
export const certificateIdInput = z.object({ id: id.describe("The certificate's id.") });
export const expiringInput = z.object({
  days: wholeNumber(0, 366).default(30).describe(
    "Certificates expiring from today to this many days ahead (30).",
  ),
});

/** Supplier performance over the invitations made in a period (either end optional). */
const period = {
  from: instant.optional().describe("Only invitations made at or after this instant."),
  to: instant.optional().describe("Only invitations made at or before this instant."),
};
export const performanceInput = z.object({
  supplierId,
  ...period,
});
export const performanceListInput = z.object({
  ...period,
  /** Instead of From: the invitations of the last N months by the server's clock (the dashboard). */
  months: wholeNumber(1, 120).optional().describe(
    "Instead of from: the invitations of the last this many months.",
  ),
  ...pagedInput,
});

export type CreateSupplierInput = z.input<typeof createSupplierInput>;
type UpdateSupplierInput = z.input<typeof updateSupplierInput>;
export type ListSuppliersInput = z.input<typeof listSuppliersInput>;
export type ErpRecord = z.infer<typeof erpRecordSchema>;
