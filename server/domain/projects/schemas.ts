// Inputs of the quotation project operations (OfferProjectManager); shared by HTTP and CLI. The
// list's filters are declared with their conditions in listFilters.ts.
import { z } from "zod";
import { decimalText, id, multiLine, wholeNumber } from "../shared/input.ts";
import { instant } from "../shared/dates.ts";

const text = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

/** Money and quantities: exact non-negative decimal strings (numbers are accepted and kept as typed). */
const decimal = decimalText(15, 6, "projects.badDecimal");
const optionalDecimal = z.union([decimal, z.literal(""), z.null()]).optional()
  .transform((v) => (v === "" || v == null ? null : v));

/**
 * A savings baseline (budget, last purchase price): a total in CNY, at most 2 decimals; empty or
 * null clears it, left out leaves it as it is.
 */
export const cnyAmount = z.union([
  decimalText(13, 2, "projects.badCnyAmount"),
  z.literal(""),
  z.null(),
])
  .optional().transform((v) => (v === undefined ? undefined : v === "" || v === null ? null : v));

/** Monthly purchase flag: estimated untaxed amount in CNY at or above this (the dialog shows it too). */
export const MONTHLY_PURCHASE_THRESHOLD = 200_000;

export const kindSchema = z.enum(["material", "asset"]);
export const quotationTypeSchema = z.enum(["tendering", "comparePrices", "bargaining", "optimize"]);
export const displayStatusSchema = z.enum([
  "unpublished",
  "published",
  "inQuotation",
  "ended",
  "closed",
]);

const itemInput = z.object({
  id: id.optional().describe("The line item's id when changing one; left out for a new one."),
  materialCode: text(64).describe("The material's code, or none."),
  itemName: z.string().trim().min(1).max(200).describe("What is asked for."),
  description: multiLine(text(1000).describe("Its description (up to 1000 characters), or none.")),
  unit: text(32).describe("The unit (a code of the data dictionary's Unit), or none."),
  estimateYearAmount: optionalDecimal.describe("The estimated yearly quantity, or none."),
  useFactory: text(100).describe("The factory using it (the data dictionary's Factory), or none."),
  needExplain: multiLine(
    text(2000).describe("What the supplier must explain (up to 2000 characters), or none."),
  ),
});

/** Attachments: file ids, or { id } objects as the list returns them. */
const attachment = z.union([
  id,
  z.object({ id: id.describe("The file's id.") }).transform((o) => o.id),
]);
const attList = z.array(attachment).max(100).default([]).describe(
  "The attachments: ids of files uploaded with FileService/Upload (or { id } objects).",
);
const opiList = z.array(itemInput).max(500).default([]).describe("The line items, in order.");
const instructionText = multiLine(
  text(4000).describe(
    "The buyer's instructions to the suppliers (part of the request pack), or none.",
  ),
);

const projectFields = {
  name: z.string().trim().min(1).max(200).describe("The project's name."),
  kind: kindSchema.default("material").describe("material (the default) or asset."),
  /** The category (OfferProjectType id). */
  category: id.nullish().transform((v) => v ?? null).describe(
    "The category's id (OfferProjectType), or none.",
  ),
  offerEndTime: instant.nullish().transform((v) => v ?? null).describe(
    "The quoting deadline, or none yet.",
  ),
  remark: multiLine(text(2000).describe("A remark (up to 2000 characters), or none.")),
  demandCode: text(64).describe("The asset system's demand number, or none."),
  equipmentName: text(200).describe("The equipment asked for (asset projects), or none."),
  offerItemType: quotationTypeSchema.nullish().transform((v) => v ?? null).describe(
    "How quotes are asked for: tendering, comparePrices, bargaining or optimize; or none.",
  ),
  estimatedAmount: optionalDecimal.describe("The estimated amount in CNY before tax, or none."),
  /** Savings baselines in CNY before tax (both kinds); left out: unchanged when edited. */
  budget: cnyAmount.describe(
    "Savings baseline: a budget total in CNY before tax; empty or null clears it, left out keeps it.",
  ),
  lastPurchasePrice: cnyAmount.describe(
    "Savings baseline: the last purchase's total in CNY before tax; empty or null clears it, left out keeps it.",
  ),
  isBidding: z.boolean().default(false).describe("Whether it is a bidding project (false)."),
  fromAms: z.boolean().default(false).describe(
    "Whether it is made from an asset system demand (false).",
  ),
  /** Quotes must price every line item; left out: off for a new project, unchanged when edited. */
  linesRequired: z.boolean().optional().describe(
    "Quotes must price every line item; left out: off for a new project, unchanged when edited.",
  ),
  opiList,
  attList,
  /** Sealed quotes; left out: on for tendering when created, unchanged when edited. */
  sealedQuotes: z.boolean().optional().describe(
    "First quotes stay sealed until the first quotation ends; left out: on for tendering when created, unchanged when edited.",
  ),
  /** The buyer's instructions to the suppliers (part of the request pack). */
  instructionText,
  /** Certificate types (CertificateType codes) invited suppliers must hold; left out: unchanged. */
  requiredCertificates: z.array(z.string().trim().min(1).max(64)).max(20).optional().describe(
    "Certificate types (CertificateType codes) invited suppliers must hold; left out: unchanged.",
  ),
};

const projectId = id.describe("The project's id.");

export const createProjectInput = z.object(projectFields);
export const updateProjectInput = z.object({
  id: projectId,
  ...projectFields,
});

/** A chosen supplier as the launch page sends it: at least its id and code. */
const chosenSupplier = z.object({
  id: id.describe("The supplier's id."),
  code: z.string().trim().max(64).optional().describe("The supplier's code (not needed)."),
});
const supList = z.array(chosenSupplier).max(500).default([]).describe(
  "The suppliers to invite.",
);

/**
 * When suppliers' questions close (before the deadline): left out, unchanged; null, the default of
 * 24 hours before the deadline.
 */
const questionEndTime = instant.nullish().describe(
  "When suppliers' questions close (before the deadline); null: 24 hours before it; left out: unchanged.",
);

export const publishInput = z.object({
  offProManagerId: projectId,
  offerEndTime: instant.nullish().transform((v) => v ?? null).describe(
    "The quoting deadline (a working day, in the future); may be left out when the project is already published, or for an asset project by bargaining.",
  ),
  supList,
  questionEndTime,
});

export const createAndLaunchInput = z.object({
  ...projectFields,
  supList,
  questionEndTime,
});

/** A revision of a published request pack: the whole new items, attachments and instructions. */
export const revisePackInput = z.object({
  offProId: projectId,
  opiList,
  attList,
  instructionText,
  /** A new deadline; needed when the current one is less than 24 hours away. */
  offerEndTime: instant.nullish().transform((v) => v ?? null).describe(
    "A new deadline; needed when the current one is less than 24 hours away.",
  ),
});

export const projectIdInput = z.object({ offProId: projectId });
export const itemIdInput = z.object({ id: id.describe("The line item's id.") });
export const deleteProjectInput = z.object({ id: projectId });

export const closeInput = z.object({
  offProId: projectId,
  closeReason: multiLine(
    z.string().trim().min(1, { error: "projects.closeReasonRequired" }).max(1000).describe(
      "Why the project is closed (up to 1000 characters).",
    ),
  ),
});

export const openRoundInput = z.object({
  offProId: projectId,
  round: wholeNumber(1, 2).describe("The optimisation round to open: 1 or 2."),
  endTime: instant.describe("When the round ends."),
  supplierIds: z.array(id).max(500).optional().describe(
    "The suppliers invited to it; left out: those that quoted (round 1) or were in round 1 (round 2).",
  ),
});

export const supplierSearchInput = z.object({
  code: z.string().trim().max(64).optional().describe("Part of the supplier's code."),
  fullName: z.string().trim().max(200).optional().describe("Part of the full name."),
  abbrName: z.string().trim().max(100).optional().describe("Part of the short name."),
  /** '1': only effective suppliers (the asset launch page). */
  isInvalidFiltering: z.union([z.string(), z.boolean(), z.number()]).optional()
    .transform((v) => v === true || v === 1 || v === "1" || v === "true")
    .describe("1 or true: only effective suppliers."),
  /** The project being launched: each supplier then says whether it may be invited to it. */
  offProId: id.optional().describe(
    "The project being launched: each supplier then says whether it may be invited to it.",
  ),
  skipCount: wholeNumber(0).default(0).describe("How many rows to skip before the page (0)."),
  maxResultCount: wholeNumber(1, 1000).default(5).describe(
    "How many rows the page holds at most (5, at most 1000).",
  ),
  sorting: z.string().max(100).optional().describe(
    'The order: a field name, optionally followed by "asc" or "desc" (by code when left out).',
  ),
});

export const dashboardInput = z.object({
  kind: kindSchema.optional().describe(
    "Only material or only asset projects (both when left out).",
  ),
});

export const isWeekDayInput = z.object({
  date: z.string().trim().max(32).describe("The day, YYYY-MM-DD (anything after it is ignored)."),
});
export const sendEmailInput = z.object({
  offProId: projectId,
  /** The email template's code; the invitation (PROJECT_PUBLISHED) when left out. */
  templateCode: z.string().trim().min(1).max(64).optional().describe(
    "The email template's code; the invitation (PROJECT_PUBLISHED) when left out.",
  ),
  /** Invited suppliers to send to; all of them when left out. */
  supplierIds: z.array(id).max(500).optional().describe(
    "The invited suppliers to send to; all of them when left out.",
  ),
});
/** PreviewEmailManual: one invited supplier's email of a template, as sending would write it. */
export const previewEmailInput = z.object({
  offProId: projectId,
  templateCode: z.string({ error: "email.codeRequired" }).trim().min(1, {
    error: "email.codeRequired",
  }).max(64).describe("The email template's code."),
  supplierId: id.describe("The invited supplier's id."),
});

type CreateProjectInput = z.input<typeof createProjectInput>;
