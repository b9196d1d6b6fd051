// The quotation project calls (spec §7 OfferProjectManager, OfferProjectType, FileService) and the
// shapes they answer, shared by the lists, the launch and result pages and the dashboard.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { listProjectsInput } from "../../../../server/domain/projects/listFilters.ts";
import type { z } from "zod";
import type { Wire } from "../../../shared/wire.ts";
import type { CategoryDto } from "../../../../server/domain/categories/service.ts";
import type { FileDto } from "../../../../server/domain/files/service.ts";
import type { ProjectDto } from "../../../../server/domain/projects/dto.ts";
import type {
  getCloseInfo,
  getProjectData,
  getProjectResult,
  SupplierResult as ServerSupplierResult,
} from "../../../../server/domain/projects/read.ts";
import type { DisplayStatus } from "../../../../server/domain/projects/rules.ts";
import type { AmsDemand } from "../../../../server/domain/projects/ams.ts";
import type {
  emailManualData,
  previewEmailManual,
} from "../../../../server/domain/projects/mailing.ts";
import type { ManualOutcome } from "../../../../server/domain/email/reminders.ts";
import type {
  createProjectInput,
  revisePackInput,
  supplierSearchInput,
} from "../../../../server/domain/projects/schemas.ts";
import type { searchSuppliers } from "../../../../server/domain/projects/launchSearch.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { DayInfo } from "../../../../server/domain/calendar/service.ts";
import type { CommercialOption } from "../../../../server/domain/dictionary/commercial.ts";

export const PM = "/QMO/OfferProjectManager";
const PT = "/QMO/OfferProjectType";

export type { DisplayStatus };
export type QuotationType = NonNullable<z.output<typeof createProjectInput>["offerItemType"]>;

export const STATUSES: DisplayStatus[] = [
  "unpublished",
  "published",
  "inQuotation",
  "ended",
  "closed",
];
export const QUOTATION_TYPES: QuotationType[] = [
  "tendering",
  "comparePrices",
  "bargaining",
  "optimize",
];

/** What a call of the server's `F` answers, as JSON brings it. */
type Answer<F extends (...args: never[]) => unknown> = Wire<Awaited<ReturnType<F>>>;

/** A project as the lists and pages show it (the server's ProjectDto). */
export type Project = Wire<ProjectDto>;

/** A line item: as the server answers it, or a new one (no id yet) in the editor. */
export type Item = Omit<ProjectData["opiList"][number], "id" | "sort"> & {
  id?: number;
  sort?: number;
};

/** A project's attachment as its pages list it. */
export type Attachment = Pick<Wire<FileDto>, "id" | "fileName" | "size">;

export type ProjectData = Answer<typeof getProjectData>;

export type SupplierResult = Wire<ServerSupplierResult>;

export type ProjectResult = Answer<typeof getProjectResult>;

/** A change of a published request pack: the whole new items, attachments and instructions. */
export type PackRevision = z.input<typeof revisePackInput>;

/** A supplier as the launch page's search answers it, with whether it may be invited and why not. */
export type SupplierOption = Answer<typeof searchSuppliers>["items"][number];

export type CloseInfo = Answer<typeof getCloseInfo>;

/** A new project, or (with its id) a changed one. */
export type ProjectInput = z.input<typeof createProjectInput> & { id?: number };

export type Category = Pick<Wire<CategoryDto>, "id" | "name"> & Partial<Wire<CategoryDto>>;

/** What the "Send reminder" dialog offers: templates for suppliers and the invited suppliers. */
export type EmailManualData = Answer<typeof emailManualData>;
export type ReminderSupplier = EmailManualData["suppliers"][number];
/** One supplier's email as the server would send it. */
export type EmailPreview = Answer<typeof previewEmailManual>;
/** What became of one supplier's email. */
export type SendOutcome = Wire<ManualOutcome>;

/** An open equipment demand of the asset system, as the import list shows it. */
export type Demand = Wire<AmsDemand>;

/** Whether a day is a working day, with the warning a deadline on it gets. */
export type DayCheck = Wire<DayInfo> & { message: string | null; warning: string | null };
/** A code as forms offer it: code and names (units, factories, close reasons …). */
export type CodeOption = CommercialOption;

export const projectsApi = {
  list: (params: ListParams<typeof listProjectsInput>) =>
    api.get<Paged<Project>>(`${PM}/GetAll`, params),
  /** The launch page's supplier search (5 a page unless asked). */
  supplierSearch: (params: ListParams<typeof supplierSearchInput>) =>
    api.get<Paged<SupplierOption>>(`${PM}/GetSupplierData`, params),
  data: (id: number) => api.get<ProjectData>(`${PM}/GetOfferProjectManagerData`, { OffProId: id }),
  result: (id: number) =>
    api.get<ProjectResult>(`${PM}/GetSupplierOfferProjectManagerResult`, { OffProId: id }),
  closeInfo: (id: number) =>
    api.get<CloseInfo>(`${PM}/GetOfferProjectManagerCloseInfo`, { OffProId: id }),
  // Quiet: the project dialog tells a failed save once ("save failed" with the reason, runSave)
  // and beside its fields.
  create: (input: ProjectInput) =>
    api.post<ProjectData>(`${PM}/CreateOfferProjectManagerData`, input, { silent: true }),
  update: (input: ProjectInput) =>
    api.post<ProjectData>(`${PM}/UpdateOfferProjectManagerData`, input, { silent: true }),
  revise: (input: PackRevision) =>
    api.post<ProjectData & { revisedTo: number }>(`${PM}/ReviseRequestPack`, input, {
      silent: true,
    }),
  remove: (id: number) => api.delete(`${PM}/Delete`, { Id: id }),
  end: (id: number) => api.get<Project>(`${PM}/EndOfferProject`, { OffProId: id }),
  close: (id: number, closeReason: string) =>
    api.post<CloseInfo>(`${PM}/CreateOfferProjectCloses`, { offProId: id, closeReason }),
  publish: (
    id: number,
    offerEndTime: string | null,
    supList: { id: number; code: string }[],
    /** Until when suppliers may ask questions; null: 24 hours before the deadline. */
    questionEndTime: string | null = null,
  ) =>
    api.post<ProjectData>(`${PM}/UpdateSupplierOfferProject`, {
      OffProManagerId: id,
      OfferEndTime: offerEndTime,
      supList,
      questionEndTime,
    }, { silent: true }),
  openRound: (id: number, round: number, endTime: string) =>
    api.post<ProjectResult>(`${PM}/OpenOptimizeRound`, { offProId: id, round, endTime }),
  files: (id: number, page = 1, limit = 10) =>
    api.get<Paged<Wire<FileDto>>>(`${PM}/GetFileListData`, {
      OfferProManId: id,
      SkipCount: (page - 1) * limit,
      MaxResultCount: limit,
    }),
  /** GetDemandFromAMS: the asset system's open demands; the caller shows a failure. */
  amsDemands: () =>
    api.get<{ connected: boolean; items: Demand[]; totalCount: number }>(
      `${PM}/GetDemandFromAMS`,
      {},
      {
        silent: true,
      },
    ),
  emailData: (id: number) => api.get<EmailManualData>(`${PM}/GetEmailManualData`, { OffProId: id }),
  /** The server's rendering of one supplier's email; the caller shows a failure. */
  previewEmail: (id: number, templateCode: string, supplierId: number) =>
    api.get<EmailPreview>(`${PM}/PreviewEmailManual`, { OffProId: id, templateCode, supplierId }, {
      silent: true,
    }),
  sendEmail: (id: number, templateCode: string, supplierIds: number[]) =>
    api.post<{ suppliers: SendOutcome[] }>(`${PM}/SendEmailManual`, {
      offProId: id,
      templateCode,
      supplierIds,
    }, { silent: true }),
  isWeekDay: (date: string) => api.get<boolean>(`${PM}/IsWeekDay`, { date }),
  exportList: (params: Record<string, unknown>) =>
    api.download(`${PM}/GetExportList`, params, { silent: true }),
  categories: () => api.get<Category[]>(`${PT}/GetOfferProjectTypeList`),
  /** Whether a day is a working day (a deadline's check). */
  workingDay: (date: string) => api.get<DayCheck>("/QMO/Calendar/GetDayInfo", { date }),
  /** A code type's active codes, as forms offer them. */
  codeOptions: (typeCode: string) =>
    api.get<{ items: CodeOption[] }>("/QMO/SystemCodeType/GetOptions", { typeCode }, {
      silent: true,
    }),
};
