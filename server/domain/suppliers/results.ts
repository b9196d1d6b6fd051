// Results of the supplier calls (master data, portal sign-ins, ERP introduction, certificates and
// performance), beside the input schemas of schemas.ts: the OpenAPI document describes them and
// the handlers answer them.
import { z } from "zod";
import { isoDay, isoInstant, listOf, pageOf } from "../shared/results.ts";
import { supplierStatuses } from "./schemas.ts";

const cooperationStatus = z.enum(["potential", "qualified"]).describe(
  "potential (not yet qualified) or qualified.",
);

/** A supplier of the master data. */
export const supplierDto = z.object({
  id: z.int().describe("The supplier's id."),
  code: z.string().describe("The supplier's code, also its portal user name and the ERP's key."),
  abbrName: z.string().describe("The short name."),
  fullName: z.string().describe("The full legal name."),
  status: z.enum(supplierStatuses).describe(
    "effective, or invalid (kept for its history, never invited again).",
  ),
  email1: z.string().nullable().describe("The first email address, or null."),
  email2: z.string().nullable().describe("The second email address, or null."),
  email3: z.string().nullable().describe("The third email address, or null."),
  contactPerson: z.string().nullable().describe("The contact person, or null."),
  contactNumber: z.string().nullable().describe("The contact's telephone number, or null."),
  cooperationStatus,
  source: z.enum(["local", "erp"]).describe(
    "Where the record came from: entered here, or the ERP.",
  ),
  erpEditDate: isoInstant.nullable().describe("The ERP's last edit of the record, or null."),
  creationTime: isoInstant.describe("When the supplier was added."),
  lastModificationTime: isoInstant.nullable().describe("When it was last changed, or null."),
  portalUserName: z.string().nullable().describe(
    "The portal sign-in's user name, or null when the supplier has none.",
  ),
  portalUserActive: z.boolean().nullable().describe(
    "Whether the portal sign-in may sign in; null without one.",
  ),
});
export const supplierPage = pageOf(supplierDto, "suppliers");

/** A portal sign-in made or changed; the generated password is answered this once. */
export const portalAccount = z.object({
  userId: z.int().describe("The sign-in's user id."),
  userName: z.string().describe("The sign-in's user name (the supplier's code)."),
  password: z.string().optional().describe(
    "The generated password, answered only when none was given; never stored in clear.",
  ),
});

/** A supplier just added, with its portal sign-in when one was asked for. */
export const createdSupplier = supplierDto.extend({
  account: portalAccount.optional().describe(
    "The portal sign-in, when createPortalAccount was true.",
  ),
});

export const supplierDeleted = z.object({
  deleted: z.boolean().describe("true: the supplier is gone."),
  invalidated: z.boolean().describe(
    "true: it was invited or quoted, so it was kept and made invalid instead.",
  ),
});

export const erpConnection = z.object({
  connected: z.boolean().describe(
    "Whether an ERP supplier interface is set up (ERP_SUPPLIERS_URL).",
  ),
});

/** The ERP's supplier codes edited since a date. */
export const changedCodes = listOf(
  z.object({
    code: z.string().describe("The supplier's code."),
    abbrName: z.string().nullable().describe("The short name in the ERP, or null."),
    fullName: z.string().nullable().describe("The full name in the ERP, or null."),
    editDate: isoInstant.nullable().describe("The ERP's last edit, or null."),
    local: z.enum(["new", "changed", "same"]).describe(
      "new: not here yet; changed: the ERP edited it after the last sync; same: nothing to do.",
    ),
  }),
  "changed codes",
);

const syncOutcome = z.enum(["rejected", "created", "updated", "unchanged"]);

/** What a batch introduction (from the ERP or a file) did, or would do. */
export const syncReport = z.object({
  source: z.enum(["file", "erp"]).describe("Where the records came from."),
  dryRun: z.boolean().describe("true: nothing was changed (a preview)."),
  since: isoInstant.nullable().describe("The edit date the ERP was asked from, or null."),
  total: z.int().describe("How many records were read."),
  created: z.int().describe("How many suppliers were (or would be) added."),
  updated: z.int().describe("How many were (or would be) changed."),
  unchanged: z.int().describe("How many were already the same."),
  rejected: z.int().describe("How many records were refused."),
  rows: z.array(
    z.object({
      row: z.int().describe(
        "Position in the source: the sheet row for files (header = row 1), 1-based for JSON.",
      ),
      code: z.string().nullable().describe("The record's supplier code, or null when unreadable."),
      outcome: syncOutcome.describe("What happened to the record."),
      reason: z.string().optional().describe(
        "Why a record was rejected, in the caller's language.",
      ),
    }),
  ).describe("Each record's outcome."),
});

/** One supplier introduced from the ERP. */
export const introducedSupplier = z.object({
  supplier: supplierDto.describe("The supplier as it now is."),
  outcome: syncOutcome.describe("created, updated or unchanged."),
});

// ---------------------------------------------------------------------------------------------
// Certificates
// ---------------------------------------------------------------------------------------------

export const certificateTypes = listOf(
  z.object({
    code: z.string().describe("The type's code (the data dictionary's CertificateType)."),
    name: z.string().describe("Its name in Chinese."),
    nameEn: z.string().nullable().describe("Its name in English, or null."),
    isActive: z.boolean().describe("Whether the type is active (this list holds active ones)."),
  }),
  "certificate types",
);

/** A supplier's certificate. */
export const certificateDto = z.object({
  id: z.int().describe("The certificate's id."),
  supplierId: z.int().describe("The supplier's id."),
  type: z.string().describe("The certificate type's code."),
  typeName: z.string().describe("The type's name in Chinese."),
  typeNameEn: z.string().describe("The type's name in English (the Chinese one when none)."),
  number: z.string().describe("The certificate's number."),
  issuedOn: isoDay.describe("The day it was issued."),
  expiresOn: isoDay.nullable().describe("The day it expires; null when it does not."),
  status: z.enum(["valid", "expiring", "expired"]).describe(
    "valid; expiring (within 30 days); or expired (the day after its expiry date).",
  ),
  daysLeft: z.int().nullable().describe(
    "Days until the expiry date (negative once expired); null without an expiry date.",
  ),
  file: z.object({
    id: z.int().describe("The file's id."),
    fileName: z.string().describe("The file's name."),
    size: z.int().describe("Its size in bytes."),
  }).nullable().describe("A scan of the certificate, or null."),
  remark: z.string().nullable().describe("A remark, or null."),
  expiryWarnedAt: isoInstant.nullable().describe(
    "When the buyers were warned that it expires, or null.",
  ),
  creationTime: isoInstant.describe("When it was added."),
  lastModificationTime: isoInstant.nullable().describe("When it was last changed, or null."),
});
export const certificateList = listOf(certificateDto, "certificates");

export const expiringCertificates = listOf(
  z.object({
    id: z.int().describe("The certificate's id."),
    supplierId: z.int().describe("The supplier's id."),
    supplierCode: z.string().describe("The supplier's code."),
    supplierName: z.string().describe("The supplier's short name."),
    type: z.string().describe("The certificate type's code."),
    number: z.string().describe("The certificate's number."),
    expiresOn: isoDay.describe("The day it expires."),
    daysLeft: z.int().describe("Days until then."),
    warned: z.boolean().describe("Whether the buyers were warned of this expiry date."),
  }),
  "certificates expiring, soonest first",
);

// ---------------------------------------------------------------------------------------------
// Performance
// ---------------------------------------------------------------------------------------------

const ratioText = (of: string) => `${of}, 0 to 1 to four decimals; null while there is none.`;

const performanceFigures = {
  invitations: z.int().describe("Invitations in the period."),
  settled: z.int().describe(
    "Invitations whose outcome is known: the supplier quoted or declined, or the first quotation is over.",
  ),
  quoted: z.int().describe("Invitations the supplier quoted for."),
  declined: z.int().describe("Settled invitations the supplier declined to quote, with a reason."),
  silent: z.int().describe("Settled invitations with neither a quote nor a decline."),
  responseRate: z.number().nullable().describe(ratioText("quoted / settled")),
  timed: z.int().describe("Quotes on projects with a deadline (the base of the on-time rate)."),
  onTime: z.int().describe("Quotes that arrived at least 24 hours before the deadline."),
  onTimeRate: z.number().nullable().describe(ratioText("onTime / timed")),
  rankedProjects: z.int().describe("Projects where the supplier's first quote was ranked."),
  averageRank: z.number().nullable().describe(
    "Mean rank over the ranked projects, to two decimals (1 is best); null when none.",
  ),
};

const supplierNames = {
  id: z.int().describe("The supplier's id."),
  code: z.string().describe("The supplier's code."),
  abbrName: z.string().describe("The short name."),
  fullName: z.string().describe("The full name."),
};

export const performancePage = pageOf(
  z.object({ ...supplierNames, ...performanceFigures }),
  "suppliers with their figures",
);

/** One supplier's performance: its figures, each project and each month. */
export const supplierPerformance = z.object({
  supplier: z.object(supplierNames).describe("The supplier."),
  summary: z.object(performanceFigures).describe("The figures over the period."),
  projects: z.array(
    z.object({
      projectId: z.int().describe("The project's id."),
      code: z.string().describe("The project's code."),
      name: z.string().describe("The project's name."),
      kind: z.enum(["material", "asset"]).describe("material or asset."),
      invitedAt: isoInstant.describe("When the supplier was invited."),
      deadline: isoInstant.nullable().describe("The project's quoting deadline, or null."),
      over: z.boolean().describe(
        "The first quotation is over (ended or closed, no round open): ranks are final.",
      ),
      quotedAt: isoInstant.nullable().describe(
        "When the supplier first quoted (first quote, round 0), or null.",
      ),
      declined: z.boolean().describe("The supplier declined to quote (and did not withdraw it)."),
      onTime: z.boolean().nullable().describe(
        "Quoted at least 24 hours before the deadline; null without a quote or a deadline.",
      ),
      rank: z.int().nullable().describe("The first quote's rank (1 is best), or null."),
      rankOf: z.int().nullable().describe("How many suppliers quoted (the rank is out of these)."),
      rankBy: z.enum(["price", "time"]).nullable().describe(
        "What ranked the quotes: price (the comparison matrix's rank), or time (the order the first quotes arrived, where no prices rank them); null without a rank.",
      ),
    }),
  ).describe("Each invitation of the period."),
  months: z.array(
    z.object({
      month: z.string().describe("The month, YYYY-MM (UTC+8)."),
      invitations: z.int().describe("Invitations that month."),
      quoted: z.int().describe("Of these, the ones quoted for."),
    }),
  ).describe("Invitations and quotes per month of the invitation, oldest first."),
});
