// OfferProjectManager (spec §7): material and asset quotation projects, buyer side. Routes that
// serve both kinds accept either kind's permission; the domain checks the project's own kind.
import { z } from "zod";
import { Permissions, ProjectPublish, ProjectSearch } from "../../domain/auth/permissions.ts";
import { demandsFromAms } from "../../domain/projects/ams.ts";
import { dashboardSummary } from "../../domain/projects/dashboard.ts";
import {
  createProject,
  deleteProject,
  deleteProjectItem,
  updateProject,
} from "../../domain/projects/edit.ts";
import { endProject, openOptimizeRound } from "../../domain/projects/lifecycle.ts";
import { closeProject } from "../../domain/auction/closeProject.ts";
import { listProjects } from "../../domain/projects/list.ts";
import { exportProjectsInput, listProjectsInput } from "../../domain/projects/listFilters.ts";
import { createAndLaunch, publishProject, revisePack } from "../../domain/projects/publish.ts";
import {
  emailManualData,
  previewEmailManual,
  sendEmailManual,
} from "../../domain/projects/mailing.ts";
import {
  getCloseInfo,
  getProjectData,
  getProjectItems,
  getProjectResult,
  getProjectSuppliers,
} from "../../domain/projects/read.ts";
import { searchSuppliers } from "../../domain/projects/launchSearch.ts";
import { exportProjects } from "../../domain/projects/export.ts";
import { downloadResponse } from "../../domain/files/service.ts";
import { isWorkingDay } from "../../domain/calendar/service.ts";
import { listProjectFiles } from "../../domain/projects/attachments.ts";
import { projectFilesInput } from "../../domain/files/schemas.ts";
import {
  closeInput,
  createAndLaunchInput,
  createProjectInput,
  dashboardInput,
  deleteProjectInput,
  isWeekDayInput,
  itemIdInput,
  openRoundInput,
  previewEmailInput,
  projectIdInput,
  publishInput,
  revisePackInput,
  sendEmailInput,
  supplierSearchInput,
  updateProjectInput,
} from "../../domain/projects/schemas.ts";
import {
  amsDemands,
  closeInfo,
  dashboardResult,
  emailManualData as emailManualDataResult,
  emailPreview,
  emailSent,
  invitedSuppliers,
  launchSearchPage,
  lineItems,
  projectData,
  projectDto,
  projectPage,
  projectResult,
  revisedProject,
} from "../../domain/projects/results.ts";
import { projectSubmissions as submissionsResult } from "../../domain/quotes/results.ts";
import { filePage } from "../../domain/files/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";
import { projectSubmissions } from "../../domain/quotes/buyer.ts";

const search = ProjectSearch;
const publish = ProjectPublish;

export const projectRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetAll",
    access: search,
    summary:
      "Projects of the kinds you may see; filters: code, name, category, status, kind, offerItemType, demandCode, created/pubDate/offerEndTime/closing ranges, open, quotedFrom, awaitingQuotes; paged. totalCount is exact (totalCountExact: true), except by a code, name or demandCode keyword matching more than 2,000 projects: totalCount 2000 and totalCountExact false, and later pages are still read by SkipCount.",
    query: listProjectsInput,
    result: projectPage,
    handler: ({ deps, actor, query }) => listProjects(deps, actor, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetDashboard",
    access: search,
    summary:
      "The buyer's dashboard (optionally of one kind): projects open for quoting with time left, quotes received today, projects ending in 48 h, suppliers yet to quote; each with its list filter.",
    query: dashboardInput,
    result: dashboardResult,
    handler: ({ deps, actor, query }) => dashboardSummary(deps, actor, query.kind),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetExportList",
    access: search,
    summary: "The filtered list as an .xlsx file (headers in your language, times in UTC+8).",
    query: exportProjectsInput,
    binary: true,
    errors: [404],
    handler: async ({ deps, actor, query, lang }) => {
      const file = await exportProjects(deps, actor, query, lang);
      return downloadResponse(file.stream, file.fileName);
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetSupplierData",
    access: publish,
    summary:
      "Supplier search for the launch page: Code, FullName, AbbrName, IsInvalidFiltering='1' (effective only), paged (default 5); with OffProId each row says whether it may be invited (invitable, notInvitableReason).",
    query: supplierSearchInput,
    result: launchSearchPage,
    errors: [404],
    handler: ({ deps, query, actor, lang }) => searchSuppliers(deps, query, actor, lang),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/UpdateSupplierOfferProject",
    access: publish,
    summary: "Publish a saved project: OffProManagerId, OfferEndTime, supList [{ id, code }].",
    body: publishInput,
    result: projectData,
    errors: [409],
    handler: ({ deps, actor, body }) => publishProject(deps, actor, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/ReviseRequestPack",
    access: publish,
    summary:
      "Change the request pack of a published project while quoting is open: offProId, opiList, attList, instructionText, offerEndTime (needed when the deadline is less than 24 h away). Records the next pack version and tells the invited suppliers.",
    body: revisePackInput,
    result: revisedProject,
    errors: [409],
    handler: ({ deps, actor, body }) => revisePack(deps, actor, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/UpdateOfferProjectManagerData",
    access: search,
    summary: "Change an unpublished project, its line items (opiList) and attachments (attList).",
    body: updateProjectInput,
    result: projectData,
    errors: [409],
    handler: ({ deps, actor, body }) => updateProject(deps, actor, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/OfferProjectManager/Delete",
    access: search,
    summary: "Delete an unpublished project.",
    query: deleteProjectInput,
    result: noResult,
    errors: [409],
    handler: ({ deps, actor, query }) => deleteProject(deps, actor, query.id),
  }),
  ...[
    "/QMO/OfferProjectManager/Create",
    "/QMO/OfferProjectManager/CreateOfferProjectManagerData",
    "/QMO/OfferProjectManager/CreateOfferProjectManagerLaunchData",
  ].map((path) =>
    defineRoute({
      method: "post",
      path,
      access: search,
      summary:
        "Save a new, unpublished project with line items (opiList) and uploaded attachments (attList); answers it with its id for the launch page.",
      body: createProjectInput,
      result: projectData,
      errors: [409],
      handler: ({ deps, actor, body }) => createProject(deps, actor, body),
    })
  ),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/CreateAndLaunchOfferProject",
    access: publish,
    summary: "Save a new project and publish it at once (OfferEndTime, supList).",
    body: createAndLaunchInput,
    result: projectData,
    errors: [409],
    handler: ({ deps, actor, body }) => createAndLaunch(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetSupplierIsOfferProjectManager",
    access: search,
    summary: "The invited suppliers and whether each has quoted.",
    query: projectIdInput,
    result: invitedSuppliers,
    handler: ({ deps, actor, query }) => getProjectSuppliers(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetSupplierOfferProjectManagerResult",
    access: search,
    summary:
      "The result page: header, line items, attachments, suppliers with first and optimisation quotes, rounds, and auctionNotOver (a reverse auction is set up, running or paused: no award and no round meanwhile).",
    query: projectIdInput,
    result: projectResult,
    handler: ({ deps, actor, query }) => getProjectResult(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetQuoteHistory",
    access: search,
    summary:
      "Every submission of a project (who, when, round, request pack version, outdated); file name and hash only once the round is no longer sealed.",
    query: projectIdInput,
    result: submissionsResult,
    handler: ({ deps, actor, query }) => projectSubmissions(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetOfferProjectManagerItemById",
    access: search,
    summary: "A project's line items.",
    query: projectIdInput,
    result: lineItems,
    handler: ({ deps, actor, query }) => getProjectItems(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetOfferProjectManagerSupItemById",
    access: search,
    summary: "A project's invited suppliers.",
    query: projectIdInput,
    result: invitedSuppliers,
    handler: ({ deps, actor, query }) => getProjectSuppliers(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetOfferProjectManagerData",
    access: search,
    summary: "A project with opiList, attList and supList.",
    query: projectIdInput,
    result: projectData,
    handler: ({ deps, actor, query }) => getProjectData(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetOfferProjectManagerCloseInfo",
    access: search,
    summary: "Why, when and by whom a project was closed.",
    query: projectIdInput,
    result: closeInfo,
    handler: ({ deps, actor, query }) => getCloseInfo(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/CreateOfferProjectCloses",
    access: publish,
    summary:
      "Close a project with a reason (from any state but closed); an award of it waiting for approval is cancelled.",
    body: closeInput,
    result: closeInfo,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      closeProject(deps, actor, body, { ...meta, via: "http" }),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetFileListData",
    access: search,
    summary: "A project's attachments, paged (default limit 10).",
    query: projectFilesInput,
    result: filePage,
    handler: ({ deps, actor, query }) => listProjectFiles(deps, actor, query.offerProManId, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetNewGuid",
    access: search,
    summary: "A new random GUID.",
    result: z.uuid().describe("A new random GUID (version 4)."),
    handler: () => crypto.randomUUID(),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/IsWeekDay",
    access: "signedIn",
    summary: "Whether a date (YYYY-MM-DD) is a working day: official calendar, company days first.",
    query: isWeekDayInput,
    result: z.boolean().describe("Whether the day is a working day."),
    handler: ({ deps, query }) => isWorkingDay(deps, query.date.slice(0, 10)),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/OfferProjectManager/deleteOfferProjectItemData",
    access: search,
    summary: "Delete a line item of an unpublished project.",
    query: itemIdInput,
    result: noResult,
    errors: [409],
    handler: ({ deps, actor, query }) => deleteProjectItem(deps, actor, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/EndOfferProject",
    access: publish,
    summary: "End quoting by hand now.",
    query: projectIdInput,
    result: projectDto,
    errors: [409],
    handler: ({ deps, actor, query }) => endProject(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/OpenOptimizeRound",
    access: publish,
    summary:
      "Open optimisation round 1 or 2 of an ended asset project: offProId, round, endTime, supplierIds?",
    body: openRoundInput,
    result: projectResult,
    errors: [409],
    handler: ({ deps, actor, body }) => openOptimizeRound(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetEmailManualData",
    access: publish,
    summary:
      "For sending by hand: the active templates written to suppliers (defaultTemplate: the deadline reminder) and each invited supplier with its addresses, language, quoted / quotedAt, agreedAt and lastReminder. Needs the project's Publish permission.",
    query: projectIdInput,
    result: emailManualDataResult,
    handler: ({ deps, actor, query }) => emailManualData(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/PreviewEmailManual",
    access: publish,
    summary:
      "One invited supplier's email of a template as SendEmailManual would write it (placeholders filled, in the supplier's language): to, language, subject, body, and skipped (quoted / noAddress) when sending would leave it out.",
    query: previewEmailInput,
    result: emailPreview,
    errors: [409],
    handler: ({ deps, actor, query }) => previewEmailManual(deps, actor, query),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/OfferProjectManager/SendEmailManual",
    access: publish,
    summary:
      "Send an email template (default: the invitation) to chosen invited suppliers (default: all) now: offProId, templateCode?, supplierIds?; answers the counts and each supplier's outcome (sent, retrying, failed, notConfigured, skipped with its reason). Needs the project's Publish permission.",
    body: sendEmailInput,
    result: emailSent,
    errors: [409],
    handler: ({ deps, actor, body }) => sendEmailManual(deps, actor, body),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/OfferProjectManager/GetDemandFromAMS",
    access: Permissions.AmsOfferProjectManagerSearch,
    summary:
      "Open equipment demands from the asset system (AMS_URL): demandCode, equipmentName, estimatedAmount, monthlyPurchase, requester, demandDate, and used / usedBy (the project already using it); connected: false (and no demands) when AMS_URL is not set.",
    result: amsDemands,
    errors: [503],
    handler: ({ deps }) => demandsFromAms(deps),
  }),
];
