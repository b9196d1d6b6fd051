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
  id: id.optional(),
  materialCode: text(64),
  itemName: z.string().trim().min(1).max(200),
  description: multiLine(text(1000)),
  unit: text(32),
  estimateYearAmount: optionalDecimal,
  useFactory: text(100),
  needExplain: multiLine(text(2000)),
});

/** Attachments: file ids, or { id } objects as the list returns them. */
const attachment = z.union([
  id,
  z.object({ id }).transform((o) => o.id),
]);

const projectFields = {
  name: z.string().trim().min(1).max(200),
  kind: kindSchema.default("material"),
  /** The category (OfferProjectType id). */
  category: id.nullish().transform((v) => v ?? null),
  offerEndTime: instant.nullish().transform((v) => v ?? null),
  remark: multiLine(text(2000)),
  demandCode: text(64),
  equipmentName: text(200),
  offerItemType: quotationTypeSchema.nullish().transform((v) => v ?? null),
  estimatedAmount: optionalDecimal,
  /** Savings baselines in CNY before tax (both kinds); left out: unchanged when edited. */
  budget: cnyAmount,
  lastPurchasePrice: cnyAmount,
  isBidding: z.boolean().default(false),
  fromAms: z.boolean().default(false),
  /** Quotes must price every line item; left out: off for a new project, unchanged when edited. */
  linesRequired: z.boolean().optional(),
  opiList: z.array(itemInput).max(500).default([]),
  attList: z.array(attachment).max(100).default([]),
  /** Sealed quotes; left out: on for tendering when created, unchanged when edited. */
  sealedQuotes: z.boolean().optional(),
  /** The buyer's instructions to the suppliers (part of the request pack). */
  instructionText: multiLine(text(4000)),
  /** Certificate types (CertificateType codes) invited suppliers must hold; left out: unchanged. */
  requiredCertificates: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
};

export const createProjectInput = z.object(projectFields);
export const updateProjectInput = z.object({
  id,
  ...projectFields,
});

/** A chosen supplier as the launch page sends it: at least its id and code. */
const chosenSupplier = z.object({
  id,
  code: z.string().trim().max(64).optional(),
});

/**
 * When suppliers' questions close (before the deadline): left out, unchanged; null, the default of
 * 24 hours before the deadline.
 */
const questionEndTime = instant.nullish();

export const publishInput = z.object({
  offProManagerId: id,
  offerEndTime: instant.nullish().transform((v) => v ?? null),
  supList: z.array(chosenSupplier).max(500).default([]),
  questionEndTime,
});

export const createAndLaunchInput = z.object({
  ...projectFields,
  supList: z.array(chosenSupplier).max(500).default([]),
  questionEndTime,
});

/** A revision of a published request pack: the whole new items, attachments and instructions. */
export const revisePackInput = z.object({
  offProId: id,
  opiList: z.array(itemInput).max(500).default([]),
  attList: z.array(attachment).max(100).default([]),
  instructionText: multiLine(text(4000)),
  /** A new deadline; needed when the current one is less than 24 hours away. */
  offerEndTime: instant.nullish().transform((v) => v ?? null),
});

export const projectIdInput = z.object({ offProId: id });
export const itemIdInput = z.object({ id });
export const deleteProjectInput = z.object({ id });

export const closeInput = z.object({
  offProId: id,
  closeReason: multiLine(
    z.string().trim().min(1, { error: "projects.closeReasonRequired" }).max(1000),
  ),
});

export const openRoundInput = z.object({
  offProId: id,
  round: wholeNumber(1, 2),
  endTime: instant,
  supplierIds: z.array(id).max(500).optional(),
});

export const supplierSearchInput = z.object({
  code: z.string().trim().max(64).optional(),
  fullName: z.string().trim().max(200).optional(),
  abbrName: z.string().trim().max(100).optional(),
  /** '1': only effective suppliers (the asset launch page). */
  isInvalidFiltering: z.union([z.string(), z.boolean(), z.number()]).optional()
    .transform((v) => v === true || v === 1 || v === "1" || v === "true"),
  /** The project being launched: each supplier then says whether it may be invited to it. */
  offProId: id.optional(),
  skipCount: wholeNumber(0).default(0),
  maxResultCount: wholeNumber(1, 1000).default(5),
  sorting: z.string().max(100).optional(),
});

export const dashboardInput = z.object({ kind: kindSchema.optional() });

export const isWeekDayInput = z.object({ date: z.string().trim().max(32) });
export const sendEmailInput = z.object({
  offProId: id,
  /** The email template's code; the invitation (PROJECT_PUBLISHED) when left out. */
  templateCode: z.string().trim().min(1).max(64).optional(),
  /** Invited suppliers to send to; all of them when left out. */
  supplierIds: z.array(id).max(500).optional(),
});
/** PreviewEmailManual: one invited supplier's email of a template, as sending would write it. */
export const previewEmailInput = z.object({
  offProId: id,
  templateCode: z.string({ error: "email.codeRequired" }).trim().min(1, {
    error: "email.codeRequired",
  }).max(64),
  supplierId: id,
});

type CreateProjectInput = z.input<typeof createProjectInput>;
