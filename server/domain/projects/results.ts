// Results of the project calls (OfferProjectManager, buyer side), beside the input schemas of
// schemas.ts: the OpenAPI document describes them and the handlers answer them.
import { z } from "zod";
import { decimal, isoDay, isoInstant, pageOf } from "../shared/results.ts";
import { displayStatusSchema, kindSchema, quotationTypeSchema } from "./schemas.ts";
import { EMAIL_MECHANISMS, EMAIL_RECIPIENTS } from "../../../db/enums.ts";

/** A supplier's decline to quote, as the supplier and the buyer see it. */
export const declineSchema = z.object({
  at: isoInstant.describe("When the supplier declined."),
  reason: z.string().describe("The reason's code (DeclineReason of the data dictionary)."),
  text: z.string().nullable().describe("The supplier's own words on it, or null."),
});

const projectKind = kindSchema.describe("material or asset (fixed assets).");
const projectStatus = displayStatusSchema.describe(
  "unpublished, published (not yet open), inQuotation (open for quoting), ended or closed.",
);
const quotationType = quotationTypeSchema.nullable().describe(
  "How quotes are asked for: tendering, comparePrices, bargaining or optimize; null when not set.",
);

/** A project as the list and the pages show it, judged at the request's time. */
export const projectDto = z.object({
  id: z.int().describe("The project's id."),
  offProManagerId: z.int().describe("The project's id again (the name the spec's calls use)."),
  code: z.string().describe(
    "The project's number: QP-YYYYMMDD-NNN (material) or AMS-YYYYMMDD-NNN (asset).",
  ),
  name: z.string().describe("The project's name."),
  kind: projectKind,
  category: z.int().nullable().describe("The category's id, or null."),
  categoryName: z.string().nullable().describe("The category's name, or null."),
  status: projectStatus,
  pubDate: isoInstant.nullable().describe("When it was published, or null."),
  offerEndTime: isoInstant.nullable().describe("The quoting deadline, or null until set."),
  demandCode: z.string().nullable().describe("The asset system's demand number, or null."),
  equipmentName: z.string().nullable().describe(
    "The equipment asked for (asset projects), or null.",
  ),
  offerItemType: quotationType,
  estimatedAmount: decimal.nullable().describe("The estimated amount in CNY before tax, or null."),
  budget: decimal.nullable().describe(
    "The buyer's savings baseline: a budget total in CNY before tax, or null.",
  ),
  lastPurchasePrice: decimal.nullable().describe(
    "The buyer's savings baseline: the last purchase's total in CNY before tax, or null.",
  ),
  monthlyPurchase: z.boolean().describe(
    "Whether the estimated amount reaches the monthly purchase threshold (CNY 200,000).",
  ),
  isBidding: z.boolean().describe("Whether it is a bidding project."),
  fromAms: z.boolean().describe("Whether it was made from an asset system demand."),
  remark: z.string().nullable().describe("The buyer's remark, or null."),
  creatorId: z.int().nullable().describe("The creator's user id, or null."),
  creatorName: z.string().nullable().describe("The creator's name, or null."),
  creationTime: isoInstant.describe("When the project was created."),
  endTime: isoInstant.nullable().describe("When quoting ended, or null."),
  endReason: z.string().nullable().describe(
    "Why quoting ended: deadline, allQuoted (every invited supplier quoted, ended early) or manual (by hand); null while not ended.",
  ),
  closeTime: isoInstant.nullable().describe("When the project was closed, or null."),
  closeReason: z.string().nullable().describe("Why it was closed, or null."),
  supplierCount: z.int().describe("How many suppliers are invited."),
  quotedCount: z.int().describe("How many of them quoted on the request pack in force."),
  currentRound: z.int().nullable().describe("The optimisation round open now (1 or 2), or null."),
  roundEndsAt: isoInstant.nullable().describe(
    "When the open optimisation round (currentRound) ends: quoting closes then, not at closesAt.",
  ),
  closesAt: isoInstant.nullable().describe(
    'When the first quotation closes or closed (the deadline, the early end, or the end by hand), for "time left".',
  ),
  endedByHandAt: isoInstant.nullable().describe(
    "When the buyer ended the first quotation by hand; null when they did not.",
  ),
  actions: z.array(
    z.enum(["edit", "delete", "publish", "end", "close", "openRound", "quote"]),
  ).describe("What the project's state allows now; permissions are checked on each call."),
  linesRequired: z.boolean().describe(
    "Whether quotes must carry a priced line for every line item.",
  ),
  award: z.string().nullable().describe(
    "The suppliers of the award in force (short names), or null when not awarded.",
  ),
  sealedQuotes: z.boolean().describe(
    "Whether the first quotes are sealed until the first quotation ends (the setting).",
  ),
  sealed: z.boolean().describe("Whether the first quotes are sealed now."),
  sealOpensAt: isoInstant.nullable().describe("When the seal opens, while sealed; otherwise null."),
  evaluation: z.enum(["price", "weighted"]).describe(
    "How the suppliers are chosen: price, or weighted (prices sealed until the evaluation is signed off).",
  ),
  instructionText: z.string().nullable().describe(
    "The buyer's instructions to suppliers (part of the request pack), or null.",
  ),
  packVersion: z.int().nullable().describe(
    "The request pack version in force; null until first published.",
  ),
  requiredCertificates: z.array(z.string()).describe(
    "Certificate types the project itself requires of invited suppliers (its category may add).",
  ),
});
export const projectPage = pageOf(projectDto, "projects").extend({
  totalCountExact: z.boolean().describe(
    "False when the list is by a code, name or demandCode keyword and more than 2,000 projects match: totalCount is then 2000.",
  ),
  totalCount: z.int().describe(
    "How many projects the list holds; by keyword at most 2000 (see totalCountExact).",
  ),
});

/** A line item of the request pack. */
const lineItem = z.object({
  id: z.int().describe("The line item's id."),
  sort: z.int().describe("Its place in the list."),
  materialCode: z.string().nullable().describe("The material's code, or null."),
  itemName: z.string().describe("What is asked for."),
  description: z.string().nullable().describe("Its description, or null."),
  unit: z.string().nullable().describe("The unit (a code of the data dictionary's Unit), or null."),
  estimateYearAmount: decimal.nullable().describe("The estimated yearly quantity, or null."),
  useFactory: z.string().nullable().describe("The factory using it, or null."),
  needExplain: z.string().nullable().describe("What the supplier must explain, or null."),
});
export const lineItems = z.array(lineItem).describe("The line items in the request pack now.");

const attachment = z.object({
  id: z.int().describe("The file's id (download it with GetFileStream)."),
  fileName: z.string().describe("The file's name."),
  size: z.int().describe("Its size in bytes."),
});

/** A project with its line items, attachments and invited suppliers (the detail page). */
export const projectData = projectDto.extend({
  opiList: lineItems,
  attList: z.array(attachment).describe("The project's attachments."),
  supList: z.array(
    z.object({
      id: z.int().describe("The supplier's id."),
      code: z.string().describe("The supplier's code."),
      abbrName: z.string().describe("The supplier's short name."),
      fullName: z.string().describe("The supplier's full name."),
    }),
  ).describe("The invited suppliers, by code."),
  requiredCertificateTypes: z.array(z.string()).describe(
    "Every certificate type an invited supplier must hold: the project's and its category's.",
  ),
  questionEndTime: isoInstant.nullable().describe(
    "When suppliers' questions close, as the buyer set it (null: 24 hours before the deadline).",
  ),
});
export const revisedProject = projectData.extend({
  revisedTo: z.int().describe("The request pack version the revision made."),
});

/** An invited supplier and the last quote of each round (the result page's supplier table). */
const invitedSupplier = z.object({
  id: z.int().describe("The supplier's id."),
  code: z.string().describe("The supplier's code."),
  abbrName: z.string().describe("The short name."),
  fullName: z.string().describe("The full name."),
  status: z.enum(["effective", "invalid"]).describe("effective or invalid."),
  email1: z.string().nullable().describe("The first email address, or null."),
  email2: z.string().nullable().describe("The second email address, or null."),
  email3: z.string().nullable().describe("The third email address, or null."),
  invitedTime: isoInstant.describe("When it was invited."),
  agreedTime: isoInstant.nullable().describe("When it agreed to the quote rules, or null."),
  round1: z.boolean().describe("Whether it is invited to optimisation round 1."),
  round2: z.boolean().describe("Whether it is invited to optimisation round 2."),
  isOffer: z.boolean().describe("Whether it sent a first quote."),
  decline: declineSchema.nullable().describe(
    "Its decline to quote the first quotation (reason and words), or null.",
  ),
  offerTime: isoInstant.nullable().describe("When its current first quote was sent, or null."),
  attId: z.int().nullable().describe("Its first quote's file; null while sealed or without one."),
  offerTime1: isoInstant.nullable().describe("When its round 1 quote was sent, or null."),
  attId1: z.int().nullable().describe(
    "Its round 1 quote's file; null while sealed or without one.",
  ),
  offerTime2: isoInstant.nullable().describe("When its round 2 quote was sent, or null."),
  attId2: z.int().nullable().describe(
    "Its round 2 quote's file; null while sealed or without one.",
  ),
  packVersion: z.int().nullable().describe("The request pack version its first quote answered."),
  packVersion1: z.int().nullable().describe("The version its round 1 quote answered."),
  packVersion2: z.int().nullable().describe("The version its round 2 quote answered."),
});
export const invitedSuppliers = z.array(invitedSupplier).describe(
  "The invited suppliers, by code.",
);

/** A published version of the request pack. */
const packVersion = z.object({
  version: z.int().describe("The version (1 when first published)."),
  contentHash: z.string().describe("The SHA-256 of the pack's content, hex."),
  publishedAt: isoInstant.describe("When it was published."),
  publishedBy: z.int().nullable().describe("Who published it (user id), or null."),
});

/** Everything the result page shows. */
export const projectResult = z.object({
  project: projectDto.describe("The project."),
  opiList: lineItems,
  attList: z.array(attachment).describe("The project's attachments."),
  suppliers: invitedSuppliers,
  rounds: z.array(
    z.object({
      round: z.int().describe("The optimisation round: 1 or 2."),
      openTime: isoInstant.describe("When it opened."),
      endTime: isoInstant.describe("When it ends or ended."),
      isOpen: z.boolean().describe("Whether it is open now."),
      sealed: z.boolean().describe("Whether its quotes are sealed now."),
    }),
  ).describe("The optimisation rounds opened."),
  packVersions: z.array(packVersion).describe(
    "Every published version of the request pack, oldest first.",
  ),
  auctionNotOver: z.boolean().describe(
    "A reverse auction is set up, running or paused: no award and no round meanwhile.",
  ),
});

export const closeInfo = z.object({
  offProId: z.int().describe("The project's id."),
  code: z.string().describe("The project's number."),
  isClosed: z.boolean().describe("Whether it is closed."),
  closeReason: z.string().nullable().describe("Why it was closed, or null."),
  closeTime: isoInstant.nullable().describe("When it was closed, or null."),
  closedBy: z.int().nullable().describe("Who closed it (user id), or null."),
  closedByName: z.string().nullable().describe("Their name, or null."),
});

// ---------------------------------------------------------------------------------------------
// The dashboard
// ---------------------------------------------------------------------------------------------

const filterText = "The project list's query parameters that show the same projects.";

export const dashboardResult = z.object({
  now: isoInstant.describe("The server's clock."),
  kinds: z.array(projectKind).describe("The kinds of project counted."),
  inQuotation: z.object({
    count: z.int().describe("Projects open for quoting."),
    filter: z.object({ open: z.string().describe("1: open for quoting.") }).describe(filterText),
    items: z.array(
      projectDto.extend({
        msLeft: z.int().nullable().describe(
          "Milliseconds until quoting closes, by the server's clock; null without a deadline.",
        ),
      }),
    ).describe("The first of them, soonest deadline first."),
  }).describe("Projects open for quoting."),
  quotesToday: z.object({
    count: z.int().describe("Quotes received today (UTC+8)."),
    filter: z.object({
      quotedFrom: z.string().describe("The start of today (UTC+8), ISO 8601."),
    }).describe(filterText),
  }).describe("Quotes received today."),
  endingSoon: z.object({
    count: z.int().describe("Projects whose quoting closes in the next 48 hours."),
    filter: z.object({
      open: z.string().describe("1: open for quoting."),
      closingFrom: z.string().describe("Now, ISO 8601."),
      closingTo: z.string().describe("48 hours from now, ISO 8601."),
    }).describe(filterText),
  }).describe("Projects ending soon."),
  suppliersPending: z.object({
    count: z.int().describe(
      "Invited suppliers yet to quote on open projects (those that declined are not counted).",
    ),
    filter: z.object({
      awaitingQuotes: z.string().describe("1: projects awaiting quotes."),
    }).describe(filterText),
  }).describe("Suppliers yet to quote."),
  suppliersDeclined: z.object({
    count: z.int().describe("Invited suppliers of open projects that declined to quote."),
  }).describe("Suppliers that declined to quote."),
  questions: z.object({
    count: z.int().describe("Questions not answered yet on open projects."),
    items: z.array(
      z.object({
        id: z.int().describe("The question's id."),
        projectId: z.int().describe("The project's id."),
        projectCode: z.string().describe("The project's number."),
        projectName: z.string().describe("The project's name."),
        supplierName: z.string().describe("The asking supplier's short name."),
        askedAt: isoInstant.describe("When it was asked."),
        text: z.string().describe("The question."),
      }),
    ).describe("The first of them, oldest first."),
  }).describe("Questions waiting for an answer."),
});

// ---------------------------------------------------------------------------------------------
// Mailing suppliers by hand
// ---------------------------------------------------------------------------------------------

const language = z.enum(["zh", "en"]);

export const emailManualData = z.object({
  projectId: z.int().describe("The project's id."),
  code: z.string().describe("The project's number."),
  name: z.string().describe("The project's name."),
  templates: z.array(
    z.object({
      code: z.string().describe("The template's code."),
      mechanism: z.enum(EMAIL_MECHANISMS).describe("When the template is sent on its own."),
      notifyObject: z.enum(EMAIL_RECIPIENTS).describe(
        "suppliers, or suppliersNotQuoted: a supplier that has quoted is skipped.",
      ),
    }),
  ).describe("The active templates written to suppliers, the deadline reminder first."),
  defaultTemplate: z.string().nullable().describe("The template offered first, or null when none."),
  suppliers: z.array(
    z.object({
      id: z.int().describe("The supplier's id."),
      code: z.string().describe("The supplier's code."),
      abbrName: z.string().describe("The short name."),
      fullName: z.string().describe("The full name."),
      emails: z.array(z.string()).describe("Its email addresses."),
      language: language.describe("The language its emails are written in."),
      quoted: z.boolean().describe("Whether it quoted on the request pack in force."),
      quotedAt: isoInstant.nullable().describe(
        "The latest first quote, also one on an older request pack (then quoted is false).",
      ),
      agreedAt: isoInstant.nullable().describe("When it agreed to the quote rules, or null."),
      decline: declineSchema.nullable().describe(
        "Its decline to quote (reminders skip it), or null.",
      ),
      lastReminder: z.object({
        at: isoInstant.describe("When it was sent (or written, when not sent)."),
        templateCode: z.string().describe("The template."),
        status: z.enum(["pending", "sent", "failed", "notConfigured"]).describe("Its status."),
      }).nullable().describe("The last reminder (scheduled or by hand), or null."),
    }),
  ).describe("The invited suppliers, by code."),
});

export const emailPreview = z.object({
  supplierId: z.int().describe("The supplier's id."),
  templateCode: z.string().describe("The template's code."),
  language: language.describe("The language it is written in."),
  to: z.array(z.string()).describe("The addresses it would go to."),
  subject: z.string().describe("The subject, placeholders filled."),
  body: z.string().describe("The text, placeholders filled."),
  skipped: z.enum(["quoted", "declined", "noAddress"]).nullable().describe(
    "Why sending would leave it out: quoted or declined (the template is for those who have not quoted) or noAddress; null when it would be sent.",
  ),
});

export const emailSent = z.object({
  queued: z.int().describe("Emails written to the outbox (one per address)."),
  sent: z.int().describe("Of these, sent now."),
  retrying: z.int().describe("Not sent yet: the schedule tries again."),
  failed: z.int().describe("Given up."),
  notConfigured: z.int().describe("Not sent: no SMTP server is set up."),
  suppliers: z.array(
    z.object({
      supplierId: z.int().describe("The supplier's id."),
      code: z.string().describe("The supplier's code."),
      name: z.string().describe("The supplier's short name."),
      outcome: z.enum(["sent", "retrying", "failed", "notConfigured", "skipped"]).describe(
        "What became of its email (the worst of its addresses').",
      ),
      reason: z.enum(["quoted", "declined", "noAddress", "alreadySent"]).nullable().describe(
        "Why it was skipped: it has quoted, it declined to quote (a reminder to those who have not quoted), it has no address, or it was sent this already; null when not skipped.",
      ),
      error: z.string().nullable().describe(
        "The SMTP server's answer to a failed or retried email, or null.",
      ),
    }),
  ).describe("Each chosen supplier's outcome."),
});

// ---------------------------------------------------------------------------------------------
// The asset system's demands
// ---------------------------------------------------------------------------------------------

export const amsDemands = z.object({
  connected: z.boolean().describe("Whether the asset system is set up (AMS_URL)."),
  items: z.array(
    z.object({
      demandCode: z.string().describe("The demand's number."),
      equipmentName: z.string().nullable().describe("The equipment asked for, or null."),
      estimatedAmount: decimal.nullable().describe(
        "Estimated untaxed amount in CNY; null when the asset system gave none usable.",
      ),
      monthlyPurchase: z.boolean().describe(
        "Whether the amount reaches the monthly purchase threshold (CNY 200,000).",
      ),
      requester: z.string().nullable().describe("Who asked, or null."),
      demandDate: isoDay.nullable().describe("The demand's date (UTC+8), or null."),
      used: z.boolean().describe("Whether a project already uses this demand number."),
      usedBy: z.string().nullable().describe("That project's number, or null."),
    }),
  ).describe("The open demands."),
  totalCount: z.int().describe("How many."),
});

/** The launch page's supplier search: each row says whether it may be invited. */
export const launchSearchPage = pageOf(
  z.object({
    id: z.int().describe("The supplier's id."),
    code: z.string().describe("The supplier's code."),
    abbrName: z.string().describe("The short name."),
    fullName: z.string().describe("The full name."),
    status: z.enum(["effective", "invalid"]).describe("effective or invalid."),
    email1: z.string().nullable().describe("The first email address, or null."),
    email2: z.string().nullable().describe("The second email address, or null."),
    email3: z.string().nullable().describe("The third email address, or null."),
    invitable: z.boolean().describe(
      "Whether it may be invited (to the project of offProId: effective, holding its required certificates).",
    ),
    notInvitableReason: z.string().nullable().describe(
      "Why it may not be, in the caller's language; null when it may.",
    ),
  }),
  "suppliers, by code",
);
