// Results of the quote calls (the supplier portal's quoting and the buyer's view of quotes), beside
// the input schemas of schemas.ts: the OpenAPI document describes them and the handlers answer them.
import { z } from "zod";
import { decimal, isoDay, isoInstant, listOf, pageOf } from "../shared/results.ts";
import { displayStatusSchema, kindSchema, quotationTypeSchema } from "../projects/schemas.ts";
import { codeOption } from "../dictionary/schemas.ts";
import { declineSchema } from "../projects/results.ts";

/** The check of the tamper-evident record of quote submissions (quotes/chain.ts verifyChain). */
export const verifyReport = z.object({
  ok: z.boolean().describe("True when every link holds and every entry matches its quote."),
  entries: z.int().describe("How many entries the record has."),
  head: z.object({
    seq: z.int().describe("The last entry's sequence number (0 when the record is empty)."),
    entryHash: z.string().describe("The last entry's SHA-256, hex."),
  }).describe("The record's last entry: note it down to notice a later rewrite."),
  firstBroken: z.object({
    seq: z.int().describe("The sequence number where the chain breaks."),
    quoteId: z.int().nullable().describe("The quote of that entry; null for a gap."),
    reason: z.enum(["gap", "prevHash", "entryHash"]).describe(
      "gap (a sequence number is missing), prevHash (it does not name the entry before) or entryHash (its own hash is wrong).",
    ),
  }).nullable().describe(
    "The first link whose hashes do not hold (later links are not judged past it); null when none.",
  ),
  mismatches: z.array(
    z.object({
      seq: z.int().nullable().describe(
        "The entry's sequence number; null for a quote without one.",
      ),
      quoteId: z.int().describe("The quote's id."),
      reason: z.enum([
        "quoteMissing",
        "quoteChanged",
        "fileChanged",
        "linesChanged",
        "bytesChanged",
        "noEntry",
      ]).describe(
        "quoteMissing (the quote is gone), quoteChanged (supplier, time or round differ), fileChanged (another file or hash), linesChanged (its priced lines differ), bytesChanged (the stored file's bytes no longer hash the same) or noEntry (a quote the record does not hold).",
      ),
    }),
  ).describe("Entries that no longer match their quote, and quotes without an entry (at most 50)."),
});

// ---------------------------------------------------------------------------------------------
// Integrity signals (quotes/integrityTypes.ts)
// ---------------------------------------------------------------------------------------------

const signalQuote = z.object({
  quoteId: z.int().describe("The quote's id."),
  supplierId: z.int().describe("The supplier's id."),
  code: z.string().describe("The supplier's code."),
  abbrName: z.string().describe("The supplier's short name."),
  round: z.int().describe("The round it was quoted in (0: the first quotation)."),
  submittedAt: isoInstant.describe("When it was submitted."),
  fileName: z.string().describe("The quote file's name."),
});
const pairSide = z.object({
  supplierId: z.int().describe("The supplier's id."),
  code: z.string().describe("The supplier's code."),
  abbrName: z.string().describe("The supplier's short name."),
  round: z.int().nullable().describe("The round of the quote compared, or null."),
});

/** Signals of quotes that may not be independent of each other (GetIntegritySignals). */
export const integritySignalsResult = z.object({
  projectId: z.int().describe("The project's id."),
  nearPricePercent: decimal.describe(
    "The near-identical threshold, in percent of the lower price.",
  ),
  sameFile: z.array(
    z.object({
      sha256: z.string().describe("The file's SHA-256, hex."),
      size: z.int().describe("Its size in bytes."),
      quotes: z.array(signalQuote).describe("The quotes of different suppliers with this file."),
    }),
  ).describe("Files sent by more than one supplier."),
  sameIp: z.array(
    z.object({
      clientIp: z.string().describe("The address the quotes came from."),
      quotes: z.array(signalQuote).describe("The quotes of different suppliers from it."),
    }),
  ).describe("Addresses more than one supplier quoted from."),
  nearPrices: z.object({
    status: z.enum(["ok", "sealed", "noPrices"]).describe(
      "ok (compared), sealed (the quotes are sealed until the first quotation ends) or noPrices (no priced lines to compare).",
    ),
    opensAt: z.string().nullable().describe(
      "While sealed: when the seal opens, YYYY-MM-DD HH:mm:ss in UTC+8; otherwise null.",
    ),
    pairs: z.array(
      z.object({
        a: pairSide.describe("One supplier."),
        b: pairSide.describe("The other supplier."),
        lines: z.array(
          z.object({
            itemId: z.int().describe("The line item's id."),
            itemName: z.string().describe("The line item's name."),
            priceA: decimal.describe("A's unit price before tax in CNY, as the matrix has it."),
            priceB: decimal.describe("B's unit price before tax in CNY."),
            differencePercent: decimal.describe(
              "|A − B| as a percentage of the lower price (2 decimals).",
            ),
          }),
        ).describe("The lines whose prices are near-identical."),
        identicalLines: z.int().describe("How many of them are exactly equal."),
      }),
    ).describe("Pairs of suppliers with near-identical prices."),
  }).describe("Near-identical prices between suppliers."),
  count: z.int().describe("How many signals in all."),
});

// ---------------------------------------------------------------------------------------------
// Submissions as the buyer sees them
// ---------------------------------------------------------------------------------------------

const sealedNull = (what: string) => `${what}; null while the round is sealed.`;

/** Every submission of a project, oldest first (GetQuoteHistory). */
export const projectSubmissions = listOf(
  z.object({
    quoteId: z.int().describe("The quote's id."),
    supplierId: z.int().describe("The supplier's id."),
    supplierCode: z.string().describe("The supplier's code."),
    supplierName: z.string().describe("The supplier's short name."),
    round: z.int().describe("0 the first quote, 1 and 2 the optimisation rounds."),
    submittedAt: isoInstant.describe("When it was submitted."),
    packVersion: z.int().nullable().describe("The request pack version it answered, or null."),
    outdated: z.boolean().describe(
      "Answered an older version of the request pack than the one in force.",
    ),
    isCurrent: z.boolean().describe(
      "The last submission of its supplier and round: the one that counts.",
    ),
    sealed: z.boolean().describe("Whether its round is sealed now."),
    fileId: z.int().nullable().describe(sealedNull("The quote file's id")),
    fileName: z.string().nullable().describe(sealedNull("The file's name")),
    sha256: z.string().nullable().describe(sealedNull("The file's SHA-256, hex")),
  }),
  "submissions, oldest first",
);

/** Submissions across the projects a buyer may see (GetAllSubmissions). */
export const submissionPage = pageOf(
  z.object({
    quoteId: z.int().describe("The quote's id."),
    projectId: z.int().describe("The project's id."),
    projectCode: z.string().describe("The project's number."),
    projectName: z.string().describe("The project's name."),
    projectKind: kindSchema.describe("material or asset."),
    supplierId: z.int().describe("The supplier's id."),
    supplierCode: z.string().describe("The supplier's code."),
    supplierName: z.string().describe("The supplier's short name."),
    round: z.int().describe("0 the first quote, 1 and 2 the optimisation rounds."),
    submittedAt: isoInstant.describe("When it was submitted."),
    isCurrent: z.boolean().describe(
      "The last submission of its supplier and round: the one that counts.",
    ),
    packVersion: z.int().nullable().describe("The request pack version it answered, or null."),
    projectPackVersion: z.int().nullable().describe("The request pack version in force now."),
    outdated: z.boolean().describe("Answered an older version than the one in force."),
    sealed: z.boolean().describe("Whether its round is sealed now."),
    fileName: z.string().nullable().describe(sealedNull("The file's name")),
    fileSize: z.int().nullable().describe(sealedNull("The file's size in bytes")),
  }),
  "submissions, newest first",
);

// ---------------------------------------------------------------------------------------------
// The supplier portal
// ---------------------------------------------------------------------------------------------

/** A priced line as stored and answered: money and rates as exact decimal text. */
export const quoteLine = z.object({
  itemId: z.int().describe("The line item's id."),
  unitPrice: decimal.describe("The unit price before tax, in the line's currency."),
  taxRate: decimal.describe("The tax rate in percent (13 for 13 %)."),
  currency: z.string().describe("The currency's code (the data dictionary's Currency)."),
  tradeTerms: z.string().describe("The trade terms' code (the data dictionary's TradeTerms)."),
  paymentMethod: z.string().describe("The payment method's code (PaymentMethod)."),
  paymentTermDays: z.int().describe("The payment term in days."),
  leadTimeDays: z.int().describe("The lead time in days."),
  validUntil: isoDay.nullable().describe("The day the price is valid until, or null."),
  remark: z.string().nullable().describe("A remark, or null."),
  moq: decimal.nullable().describe("The minimum order quantity, or null."),
  packMultiple: decimal.nullable().describe(
    "Orders are whole multiples of this quantity (the packing unit), or null.",
  ),
  breaks: z.array(z.object({
    fromQty: decimal.describe("The quantity this price starts at."),
    unitPrice: decimal.describe("The unit price before tax from that quantity on."),
  })).nullable().describe(
    "Up to 5 quantity breaks, ascending, the first at the MOQ and the unit price; null: none.",
  ),
  alternative: z.boolean().describe(
    "An alternative offered instead of the line item as asked (at most one per line item).",
  ),
  altBrand: z.string().nullable().describe("The alternative's brand, or null."),
  altGrade: z.string().nullable().describe("The alternative's grade, or null."),
  altSpec: z.string().nullable().describe("What the alternative is, or null."),
  altDatasheetFileId: z.int().nullable().describe("The alternative's datasheet file, or null."),
});

const supplierStatusText =
  "canOffer (may quote, has not), quoted (quoted in the current round), notQuoted (did not quote and may no longer) or declined (declined to quote the first quotation).";

/** Decline and WithdrawDecline: the project and the decline now in force. */
export const declineResult = z.object({
  offProId: z.int().describe("The project's id."),
  decline: declineSchema.nullable().describe("The decline now recorded; null once withdrawn."),
});

/** A project as a supplier's portal lists it, with where the supplier stands. */
const myProjectDto = z.object({
  id: z.int().describe("The project's id."),
  code: z.string().describe("The project's number."),
  name: z.string().describe("The project's name."),
  kind: kindSchema.describe("material or asset."),
  typeName: z.string().nullable().describe("The category's name, or null."),
  pubDate: isoInstant.nullable().describe("When it was published, or null."),
  offerEndTime: isoInstant.nullable().describe("The quoting deadline, or null."),
  agreed: z.boolean().describe("Whether this supplier agreed to the quote rules."),
  lastQuoteTime: isoInstant.nullable().describe("When this supplier last quoted, or null."),
  requestChanged: z.boolean().describe(
    "The request changed after this supplier's current first quote: it answers an older version.",
  ),
  award: z.object({
    awardedAt: isoInstant.describe("When the award was made."),
    projectWide: z.boolean().describe("The whole project was awarded to this supplier."),
    items: z.array(z.string()).describe(
      "The line items awarded to it, in the project's order.",
    ),
  }).nullable().describe(
    "What the award in force gives this supplier (null: nothing, or no award yet).",
  ),
  round: z.int().describe(
    "The round this supplier would quote in now: 0, or an open optimisation round it is invited to.",
  ),
  status: z.enum(["canOffer", "quoted", "notQuoted", "declined"]).describe(supplierStatusText),
  decline: declineSchema.nullable().describe(
    "This supplier's decline to quote the first quotation, or null.",
  ),
  canSubmit: z.boolean().describe("Whether a quote would be taken now."),
  refusal: z.enum([
    "quotes.notPublished",
    "quotes.deadlinePassed",
    "quotes.ended",
    "quotes.closed",
    "quotes.roundNotOpen",
    "quotes.notInvitedToRound",
  ]).nullable().describe(
    "Why a submission would be refused now (the server's message key), null while it is open.",
  ),
  closesAt: isoInstant.nullable().describe(
    "When quoting in that round stops (the deadline, the early-end instant or the round's end).",
  ),
  firstClosesAt: isoInstant.nullable().describe(
    "When the first quotation closes or closed: the deadline, 30 minutes after the last invited quote, or when the buyer ended it by hand.",
  ),
  endedByHandAt: isoInstant.nullable().describe(
    "When the buyer ended the first quotation by hand; null when they did not.",
  ),
  secondsLeft: z.int().describe("Seconds left by the server's clock; 0 once quoting is over."),
  projectStatus: displayStatusSchema.describe(
    "The project's state: published, inQuotation, ended or closed.",
  ),
});
export const myProjectPage = pageOf(myProjectDto, "projects, most urgent first");

/** One project as a supplier may read it. */
export const myProjectDetail = myProjectDto.extend({
  demandCode: z.string().nullable().describe("The asset system's demand number, or null."),
  equipmentName: z.string().nullable().describe("The equipment asked for, or null."),
  offerItemType: quotationTypeSchema.nullable().describe(
    "How quotes are asked for: tendering, comparePrices, bargaining or optimize; null when not set.",
  ),
  agreedAt: isoInstant.nullable().describe(
    "When this supplier agreed to the quote rules, or null.",
  ),
  invitedRounds: z.array(z.int()).describe("The optimisation rounds it is invited to (1, 2)."),
  rounds: z.array(
    z.object({
      round: z.int().describe("The optimisation round: 1 or 2."),
      openedAt: isoInstant.describe("When it opened."),
      endTime: isoInstant.describe("When it ends or ended."),
    }),
  ).describe("The optimisation rounds opened."),
  instructionText: z.string().nullable().describe(
    "The buyer's instructions for this project, or null.",
  ),
  packVersion: z.int().nullable().describe("The request pack version in force."),
  packVersions: z.array(
    z.object({
      version: z.int().describe("The version."),
      contentHash: z.string().describe("The SHA-256 of the pack's content, hex."),
      publishedAt: isoInstant.describe("When it was published."),
    }),
  ).describe("Every published version of the request pack, oldest first."),
  opiList: z.array(
    z.object({
      id: z.int().describe("The line item's id."),
      materialCode: z.string().nullable().describe("The material's code, or null."),
      itemName: z.string().describe("What is asked for."),
      description: z.string().nullable().describe("Its description, or null."),
      unit: z.string().nullable().describe("The unit, or null."),
      estimateYearAmount: decimal.nullable().describe("The estimated yearly quantity, or null."),
      useFactory: z.string().nullable().describe("The factory using it, or null."),
      needExplain: z.string().nullable().describe("What the supplier must explain, or null."),
    }),
  ).describe("The line items in the request pack now."),
  attList: z.array(
    z.object({
      id: z.int().describe("The file's id (download it with GetFileStream)."),
      fileName: z.string().describe("The file's name."),
      size: z.int().describe("Its size in bytes."),
    }),
  ).describe("The project's attachments."),
  hasAuction: z.boolean().describe(
    "Whether the project has a reverse auction this supplier takes part in (GetAuction answers it).",
  ),
});

export const instructionResult = z.object({
  content: z.string().describe("The quote instructions, in the caller's language."),
  language: z.enum(["zh", "en"]).describe("Their language."),
  agreed: z.boolean().nullable().describe(
    "For a project: whether this supplier agreed to them; null without a project.",
  ),
  agreedAt: isoInstant.nullable().describe("When it agreed, or null."),
  maxUploadMb: z.number().describe(
    "The upload limit that applies now (MiB), so the portal can refuse a large file before sending it.",
  ),
});

export const agreedResult = z.object({
  offProId: z.int().describe("The project's id."),
  agreedAt: isoInstant.describe("When the supplier agreed to the quote rules."),
});

/** A supplier's submission with its receipt. */
export const quoteDto = z.object({
  id: z.int().describe("The quote's id."),
  offProId: z.int().describe("The project's id."),
  round: z.int().describe("0 the first quote, 1 and 2 the optimisation rounds."),
  submittedAt: isoInstant.describe("When it was submitted."),
  fileId: z.int().describe("The quote file's id."),
  fileName: z.string().describe("The file's name."),
  size: z.int().describe("Its size in bytes."),
  sha256: z.string().describe("Its SHA-256, hex."),
  isCurrent: z.boolean().describe("The last submission of its round: the one that counts."),
  packVersion: z.int().nullable().describe("The request pack version it answered."),
  receipt: z.object({
    recordNo: z.int().describe("Its entry's number in the tamper-evident record."),
    contentHash: z.string().describe("The SHA-256 of the quote's content (file and lines), hex."),
    fileSha256: z.string().describe("The file's SHA-256, hex."),
    linesHash: z.string().nullable().describe("The SHA-256 of its priced lines, or null."),
    packVersion: z.int().nullable().describe("The request pack version it answered."),
    packHash: z.string().nullable().describe("That version's content hash, or null."),
    prevHash: z.string().describe("The hash of the entry before it."),
    recordHash: z.string().describe("This entry's hash."),
    submittedAt: isoInstant.describe("When it was submitted."),
  }).nullable().describe(
    "The receipt: the content hash and the quote's entry in the tamper-evident record.",
  ),
});
export const myQuoteList = listOf(quoteDto, "submissions");
export const quoteReceiptResult = quoteDto.extend({
  projectCode: z.string().describe("The project's number."),
  projectName: z.string().describe("The project's name."),
});

const quotableItem = {
  materialCode: z.string().nullable().describe("The material's code, or null."),
  itemName: z.string().describe("What is asked for."),
  unit: z.string().nullable().describe("The unit, or null."),
  estimateYearAmount: decimal.nullable().describe("The estimated yearly quantity, or null."),
};

/** What the portal needs to price the lines. */
export const quoteFormResult = z.object({
  offProId: z.int().describe("The project's id."),
  linesRequired: z.boolean().describe("Whether every line item must be priced."),
  items: z.array(z.object({ id: z.int().describe("The line item's id."), ...quotableItem }))
    .describe("The line items still in the request pack."),
  currencies: z.array(codeOption).describe("The currencies a line may choose."),
  tradeTerms: z.array(codeOption).describe("The trade terms a line may choose."),
  paymentMethods: z.array(codeOption).describe("The payment methods a line may choose."),
  maxDays: z.int().describe("The longest payment term and lead time accepted, in days."),
  deadlineDay: isoDay.nullable().describe(
    "The quoting deadline's day (UTC+8): a validity date may not end before it; null without one.",
  ),
  now: isoInstant.describe(
    "The server's clock, so the form judges a validity date by the server's day.",
  ),
  lines: z.array(quoteLine).describe(
    "The lines of this supplier's latest submission to start from.",
  ),
  linesFromRound: z.int().nullable().describe("The round of that submission, or null when none."),
});

/** A filled price sheet read back (nothing saved). */
export const priceSheetPreview = z.object({
  offProId: z.int().describe("The project's id."),
  fileName: z.string().describe("The sheet's file name."),
  packVersion: z.int().nullable().describe("The request pack's version now."),
  sheetPackVersion: z.int().nullable().describe("The version the sheet was made from, or null."),
  linesRequired: z.boolean().describe("Whether every line item must be priced."),
  lines: z.array(quoteLine).describe("Exactly what a submission with these lines stores."),
  rows: z.array(
    z.object({
      row: z.int().describe("The row in the sheet."),
      alternative: z.boolean().describe("The line is the row's alternative."),
      itemId: z.int().describe("The line item's id."),
      ...quotableItem,
    }),
  ).describe("For each line, in the same order: its row in the sheet and its item."),
  blankRows: z.int().describe(
    "Rows left without any price (allowed when the project does not require every line).",
  ),
});
