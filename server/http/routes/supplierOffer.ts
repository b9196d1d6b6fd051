// The supplier portal's quoting calls (QMO/SupplierOffer): only supplier users reach them, and each
// answer is limited to the projects published to the caller's supplier. One staff call beside them:
// the submissions across the projects a buyer may see (the supplier quotations page).
import { z } from "zod";
import { Permissions } from "../../domain/auth/permissions.ts";
import {
  agree,
  instruction,
  isInvited,
  myProject,
  myProjects,
} from "../../domain/quotes/service.ts";
import { myQuotes, quoteForm, quoteReceipt, submitQuote } from "../../domain/quotes/submit.ts";
import { allSubmissions } from "../../domain/quotes/buyer.ts";
import { declineProject, declineReasons, withdrawDecline } from "../../domain/quotes/decline.ts";
import { codeOptionsResult } from "../../domain/dictionary/schemas.ts";
import { PRICE_SHEET_LIMITS, priceSheet } from "../../domain/quotes/priceSheet.ts";
import { readPriceSheet } from "../../domain/quotes/priceSheetRead.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import {
  allSubmissionsInput,
  declineInput,
  instructionInput,
  myProjectsInput,
  offProIdInput,
  priceSheetForm,
  quoteIdInput,
  submitQuoteForm,
} from "../../domain/quotes/schemas.ts";
import {
  agreedResult,
  declineResult,
  instructionResult,
  myProjectDetail,
  myProjectPage,
  myQuoteList,
  priceSheetPreview,
  quoteDto,
  quoteFormResult,
  quoteReceiptResult,
  submissionPage,
} from "../../domain/quotes/results.ts";
import { defineRoute } from "../route.ts";

const access = Permissions.SupplierOfferSearch;
const audience = "supplier" as const;

export const supplierOfferRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetAll",
    access,
    audience,
    summary:
      "My projects: status (canOffer / quoted / notQuoted), deadline and seconds left by the server clock, most urgent first.",
    query: myProjectsInput,
    result: myProjectPage,
    handler: ({ deps, actor, query }) => myProjects(deps, actor, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/Get",
    access,
    audience,
    summary:
      "One of my projects, read-only: header, line items (opiList), attachments (attList) and whether I take part in its reverse auction (hasAuction; GetAuction answers only then).",
    query: offProIdInput,
    result: myProjectDetail,
    handler: ({ deps, actor, query }) => myProject(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetInstruction",
    access,
    audience,
    summary:
      "The quote instructions in the caller's language; with OffProId also whether I agreed (404 for a project I am not invited to).",
    query: instructionInput,
    result: instructionResult,
    errors: [404],
    handler: ({ deps, actor, query, lang }) => instruction(deps, actor, lang, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/Agree",
    access,
    audience,
    summary: "Agree to the quote instructions for a project (recorded once, with the time).",
    body: offProIdInput,
    result: agreedResult,
    handler: ({ deps, actor, body }) => agree(deps, actor, body.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetDeclineReasons",
    access,
    audience,
    summary: "The reasons a supplier may give for declining to quote (DeclineReason), in order.",
    result: codeOptionsResult,
    handler: ({ deps, actor }) => declineReasons(deps, actor),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/Decline",
    access,
    audience,
    summary:
      "Decline to quote a project (first quotation) with a reason (and text for OTHER), while quoting is open and before quoting; the buyer is mailed and no reminders follow.",
    body: declineInput,
    result: declineResult,
    errors: [404, 409],
    handler: ({ deps, actor, body }) => declineProject(deps, actor, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/WithdrawDecline",
    access,
    audience,
    summary: "Withdraw my decline to quote a project, while quoting is still open.",
    body: offProIdInput,
    result: declineResult,
    errors: [404, 409],
    handler: ({ deps, actor, body }) => withdrawDecline(deps, actor, body.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/Submit",
    access,
    audience,
    summary:
      "Submit a quote: multipart offProId, round (0 first quote, 1/2 optimisation) and one file (checked as any upload).",
    form: submitQuoteForm,
    auditOmit: ["file", "lines"],
    result: quoteDto,
    errors: [409],
    handler: ({ deps, actor, body, meta }) => submitQuote(deps, actor, body, meta),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetMyQuotes",
    access,
    audience,
    summary: "My submissions for a project, newest first; the last of each round is current.",
    query: offProIdInput,
    result: myQuoteList,
    handler: ({ deps, actor, query }) => myQuotes(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetQuoteForm",
    access,
    audience,
    summary:
      "What pricing the lines needs: the items, whether every one must be priced, the dictionary's currencies, trade terms and payment methods, my latest lines, and the server's time (a validity date is judged by its day).",
    query: offProIdInput,
    result: quoteFormResult,
    handler: ({ deps, actor, query }) => quoteForm(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetPriceSheet",
    access,
    audience,
    summary:
      "The price sheet (.xlsx) of one of my projects: its line items filled and locked, a column per price field with the dictionary's codes as lists, starting from my latest lines.",
    query: offProIdInput,
    binary: true,
    errors: [409],
    handler: async ({ deps, actor, query, lang }) => {
      const file = await priceSheet(deps, actor, query.offProId, lang);
      return downloadResponse(file.stream, file.fileName);
    },
  }),
  defineRoute({
    method: "post",
    path: "/QMO/SupplierOffer/ReadPriceSheet",
    access,
    audience,
    summary:
      "Read a filled price sheet back (multipart offProId and file, at most 5 MB): every row checked as quote lines are, each problem naming its row and column; answers the lines as a submission would store them. Nothing is saved.",
    form: priceSheetForm,
    maxFormMb: PRICE_SHEET_LIMITS.fileMb,
    auditOmit: ["file"],
    result: priceSheetPreview,
    errors: [409],
    handler: ({ deps, actor, body }) => readPriceSheet(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetQuoteReceipt",
    access,
    audience,
    summary:
      "The receipt of one of my submissions (QuoteId): file, time, request pack version, content hash and its entry in the tamper-evident record.",
    query: quoteIdInput,
    result: quoteReceiptResult,
    handler: ({ deps, actor, query }) => quoteReceipt(deps, actor, query.quoteId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetSupplierIsOfferProjectManager",
    access,
    audience,
    summary: "Whether I am invited to a published project (false alike for unknown ids).",
    query: offProIdInput,
    result: z.boolean().describe("Whether this supplier is invited to the published project."),
    noNotFound: true,
    handler: ({ deps, actor, query }) => isInvited(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SupplierOffer/GetAllSubmissions",
    access,
    audience: "staff",
    summary:
      "Staff: quote submissions across the projects of the kinds I may see, newest first (keyword, kind, round, submitted from/to, currentOnly); a sealed round's rows show who and when only (403 without any project search permission).",
    query: allSubmissionsInput,
    result: submissionPage,
    handler: ({ deps, actor, query }) => allSubmissions(deps, actor, query),
  }),
];
