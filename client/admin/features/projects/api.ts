// The quotation project calls (spec §7 OfferProjectManager, OfferProjectType, FileService) and the
// shapes they answer, shared by the lists, the launch and result pages and the dashboard.
import { api, saveBlob } from "../../../shared/api.ts";
import { Permissions } from "../../../../server/domain/auth/permissions.ts";

export const PM = "/QMO/OfferProjectManager";
export const PT = "/QMO/OfferProjectType";
const FS = "/QMO/FileService";

export type Kind = "material" | "asset";
export type DisplayStatus = "unpublished" | "published" | "inQuotation" | "ended" | "closed";
export type QuotationType = "tendering" | "comparePrices" | "bargaining" | "optimize";
type Action = "edit" | "delete" | "publish" | "end" | "close" | "openRound";

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

export type Project = {
  id: number;
  code: string;
  name: string;
  kind: Kind;
  category: number | null;
  categoryName: string | null;
  status: DisplayStatus;
  pubDate: string | null;
  offerEndTime: string | null;
  demandCode: string | null;
  equipmentName: string | null;
  offerItemType: QuotationType | null;
  estimatedAmount: string | null;
  monthlyPurchase: boolean;
  isBidding: boolean;
  fromAms: boolean;
  remark: string | null;
  creatorName: string | null;
  creationTime: string;
  endTime: string | null;
  endReason: string | null;
  closeTime: string | null;
  closeReason: string | null;
  supplierCount: number;
  quotedCount: number;
  currentRound: number | null;
  closesAt: string | null;
  actions: Action[];
  /** Quotes must price every line item. */
  linesRequired: boolean;
  /** The suppliers of the award in force, or null. */
  award: string | null;
  /** Certificate types the project requires of invited suppliers (its category may add more). */
  requiredCertificates: string[];
  /** Sealed quotes: the setting, whether the first quotes are sealed now and when they open. */
  sealedQuotes: boolean;
  sealed: boolean;
  sealOpensAt: string | null;
  /** The buyer's instructions to suppliers (part of the request pack). */
  instructionText: string | null;
  /** The request pack version in force; null until published. */
  packVersion: number | null;
};

export type Item = {
  id?: number;
  materialCode: string | null;
  itemName: string;
  description: string | null;
  unit: string | null;
  estimateYearAmount: string | null;
  useFactory: string | null;
  needExplain: string | null;
};

export type Attachment = { id: number; fileName: string; size?: number };

export type ProjectData = Project & {
  opiList: Item[];
  attList: Attachment[];
  supList: { id: number; code: string; abbrName: string; fullName: string }[];
};

export type SupplierResult = {
  id: number;
  code: string;
  abbrName: string;
  fullName: string;
  isOffer: boolean;
  offerTime: string | null;
  attId: number | null;
  offerTime1: string | null;
  attId1: number | null;
  offerTime2: string | null;
  attId2: number | null;
  round1: boolean;
  round2: boolean;
  /** The request pack version each current quote answered. */
  packVersion: number | null;
  packVersion1: number | null;
  packVersion2: number | null;
};

type PackVersion = { version: number; contentHash: string; publishedAt: string };

export type ProjectResult = {
  project: Project;
  opiList: Item[];
  attList: Attachment[];
  suppliers: SupplierResult[];
  rounds: { round: number; openTime: string; endTime: string; isOpen: boolean; sealed: boolean }[];
  packVersions: PackVersion[];
};

/** A change of a published request pack: the whole new items, attachments and instructions. */
export type PackRevision = {
  offProId: number;
  opiList: Item[];
  attList: number[];
  instructionText: string | null;
  /** A new deadline (needed when the current one is less than 24 hours away). */
  offerEndTime: string | null;
};

export type SupplierOption = {
  id: number;
  code: string;
  abbrName: string;
  fullName: string;
  status: string;
  email1: string | null;
  email2: string | null;
  email3: string | null;
};

export type CloseInfo = {
  isClosed: boolean;
  closeReason: string | null;
  closeTime: string | null;
  closedByName: string | null;
};

export type ProjectInput = {
  id?: number;
  name: string;
  kind: Kind;
  category: number | null;
  remark: string | null;
  demandCode?: string | null;
  equipmentName?: string | null;
  offerItemType?: QuotationType | null;
  estimatedAmount?: string | null;
  isBidding?: boolean;
  linesRequired?: boolean;
  sealedQuotes?: boolean;
  /** Certificate types invited suppliers must hold; left out: unchanged. */
  requiredCertificates?: string[];
  instructionText?: string | null;
  opiList: Item[];
  attList: number[];
};

export type Category = { id: number; name: string; description?: string | null; sort?: number };

/** The list page of each kind, its launch and result pages, and the permissions that go with it. */
export const kindPages = {
  material: {
    list: "/offerProjectManager/OfferProjectManagerList",
    /** Where publishing returns to (spec §4). */
    back: "/OfferProjectManager/index",
    launch: "/offerProjectManager/launch",
    result: "/offerProjectManager/offerProjectManagerResult",
    search: Permissions.OfferProjectManagerSearch,
    publish: Permissions.OfferProjectManagerPublish,
  },
  asset: {
    list: "/offerProjectManager/offerProjectAMSList",
    back: "/OfferProjectAMS/indexAMS",
    launch: "/offerProjectManager/AMSlaunch",
    result: "/offerProjectManager/AMSOfferProjectManagerResult",
    search: Permissions.AmsOfferProjectManagerSearch,
    publish: Permissions.AmsOfferProjectManagerPublish,
  },
} as const;

export const projectsApi = {
  data: (id: number) => api.get<ProjectData>(`${PM}/GetOfferProjectManagerData`, { OffProId: id }),
  result: (id: number) =>
    api.get<ProjectResult>(`${PM}/GetSupplierOfferProjectManagerResult`, { OffProId: id }),
  closeInfo: (id: number) =>
    api.get<CloseInfo>(`${PM}/GetOfferProjectManagerCloseInfo`, { OffProId: id }),
  create: (input: ProjectInput) =>
    api.post<ProjectData>(`${PM}/CreateOfferProjectManagerData`, input),
  update: (input: ProjectInput) =>
    api.post<ProjectData>(`${PM}/UpdateOfferProjectManagerData`, input),
  revise: (input: PackRevision) =>
    api.post<ProjectData & { revisedTo: number }>(`${PM}/ReviseRequestPack`, input),
  remove: (id: number) => api.delete(`${PM}/Delete`, { Id: id }),
  end: (id: number) => api.get<Project>(`${PM}/EndOfferProject`, { OffProId: id }),
  close: (id: number, closeReason: string) =>
    api.post<CloseInfo>(`${PM}/CreateOfferProjectCloses`, { offProId: id, closeReason }),
  publish: (
    id: number,
    offerEndTime: string | null,
    supList: { id: number; code: string }[],
  ) =>
    api.post<ProjectData>(`${PM}/UpdateSupplierOfferProject`, {
      OffProManagerId: id,
      OfferEndTime: offerEndTime,
      supList,
    }, { silent: true }),
  openRound: (id: number, round: number, endTime: string) =>
    api.post<ProjectResult>(`${PM}/OpenOptimizeRound`, { offProId: id, round, endTime }),
  files: (id: number, page = 1, limit = 10) =>
    api.get<{ items: Attachment[]; totalCount: number }>(`${PM}/GetFileListData`, {
      OfferProManId: id,
      SkipCount: (page - 1) * limit,
      MaxResultCount: limit,
    }),
  isWeekDay: (date: string) => api.get<boolean>(`${PM}/IsWeekDay`, { date }),
  exportList: (params: Record<string, unknown>) =>
    api.download(`${PM}/GetExportList`, params, { silent: true }),
  categories: () => api.get<Category[]>(`${PT}/GetOfferProjectTypeList`),
  upload: (file: File, projectId?: number) => {
    const form = new FormData();
    form.append("file", file);
    if (projectId) form.append("projectId", String(projectId));
    return api.post<Attachment>(`${FS}/Upload`, form);
  },
  /** Downloads an attachment or quote file and hands it to the browser. */
  download: async (id: number, fallbackName?: string, silent = false) => {
    const file = await api.download(`${FS}/GetFileStream`, { id }, { silent });
    saveBlob(file, fallbackName);
  },
};

/** "YYYY-MM-DDTHH:mm" of a datetime-local input, read in UTC+8 as the screens show times. */
export const localToInstant = (v: string) => (v ? `${v.replace("T", " ")}:00` : null);
