// Inputs of the supplier's side of quoting; shared by the HTTP routes, the CLI and the client.
import { z } from "zod";
import { id, multiLine, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { kindSchema } from "../projects/schemas.ts";
import { instant } from "../shared/dates.ts";

/** A quote line's price fields, in the order the portal's form and the price sheet show them. */
export const PRICE_FIELDS = [
  "unitPrice",
  "taxRate",
  "currency",
  "tradeTerms",
  "paymentMethod",
  "paymentTermDays",
  "leadTimeDays",
  "validUntil",
  "remark",
] as const;
export type PriceField = typeof PRICE_FIELDS[number];

export const offProIdInput = z.object({ offProId: id });
export const quoteIdInput = z.object({ quoteId: id });

export const myProjectsInput = z.object({
  keyword: z.string().trim().max(200).optional(),
  status: z.enum(["canOffer", "quoted", "notQuoted"]).optional(),
  ...pagedInput,
});

export const instructionInput = z.object({
  offProId: id.optional(),
});

/** 0 = first quote, 1 and 2 = the optimisation rounds of an asset project. */
const quoteRoundSchema = wholeNumber(0, 2);

/** The priced lines, sent beside the file as one form field holding a JSON array (lines.ts reads it). */
const linesField = multiLine(z.union([z.string().max(1_000_000), z.array(z.unknown()).max(1000)]))
  .optional();

export const submitQuoteForm = z.object({
  offProId: id,
  round: quoteRoundSchema.default(0),
  file: z.instanceof(File, { message: "files.missing" }),
  /** The request pack version the supplier read; a newer one refuses the quote (409). */
  packVersion: id.optional(),
  lines: linesField,
});

/** A filled price sheet to read back (nothing is saved): the project and the .xlsx. */
export const priceSheetForm = z.object({
  offProId: id,
  file: z.instanceof(File, { message: "files.missing" }),
});

export type MyProjectsInput = z.input<typeof myProjectsInput>;
type SubmitQuoteInput = z.infer<typeof submitQuoteForm>;

/**
 * Staff's list of submissions across projects (GetAllSubmissions). Times are instants (the client
 * sends whole UTC+8 days as "YYYY-MM-DD 00:00:00" … "23:59:59", as the project list does).
 */
export const allSubmissionsInput = z.object({
  /** Project code or name, or supplier code, abbreviation or full name. */
  keyword: z.string().trim().max(200).optional(),
  kind: kindSchema.optional(),
  round: quoteRoundSchema.optional(),
  submittedFrom: instant.optional(),
  submittedTo: instant.optional(),
  /** "1": only the submission that counts (the last of its supplier and round). */
  currentOnly: z.stringbool().optional(),
  ...pagedInput,
});

export type AllSubmissionsInput = z.infer<typeof allSubmissionsInput>;
