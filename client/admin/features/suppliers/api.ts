// The supplier calls (spec §7 Supplier, SupplierCertificate, SupplierPerformance) and their
// answers, typed by the server's DTOs.
import type { z } from "zod";
import { api, createOrUpdate } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listSuppliersInput } from "../../../../server/domain/suppliers/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { PortalAccount, SupplierDto } from "../../../../server/domain/suppliers/service.ts";
import type { SyncOutcome, SyncReport } from "../../../../server/domain/suppliers/sync.ts";
import type {
  createSupplierInput,
  updateSupplierInput,
} from "../../../../server/domain/suppliers/schemas.ts";
import type {
  CertificateDto,
  CertificateTypeOption,
  ExpiringCertificate,
  PerformanceSummary,
} from "../../../../server/domain/suppliers/qualificationTypes.ts";
import type {
  listPerformance,
  supplierPerformance,
} from "../../../../server/domain/comparison/supplierPerformance.ts";

export const SUP = "/QMO/Supplier";

export type Supplier = Wire<SupplierDto>;
export type Account = Wire<PortalAccount>;
export type SupplierSyncReport = Wire<SyncReport>;

export const suppliersApi = {
  list: (params: ListParams<typeof listSuppliersInput>) =>
    api.get<Paged<Supplier>>(`${SUP}/GetAll`, params),
  get: (id: number) => api.get<Supplier>(`${SUP}/GetSupplierDataByID`, { id }),
  create: (input: z.input<typeof createSupplierInput>) =>
    api.post<Supplier & { account?: Account }>(`${SUP}/CreateSupplierData`, input),
  update: (input: z.input<typeof updateSupplierInput>) =>
    api.post<Supplier>(`${SUP}/UpdateSupplierData`, input),
  remove: (id: number) =>
    api.delete<{ deleted: boolean; invalidated: boolean }>(`${SUP}/Delete`, { Id: id }, {
      silent: true,
    }),
  introduce: (code: string) =>
    api.post<{ supplier: Supplier; outcome: SyncOutcome }>(
      `${SUP}/IntroduceSupplier`,
      { code },
      { silent: true },
    ),
  /** Whether an ERP supplier interface is set up; without one the ERP buttons are off. */
  erpConnection: () =>
    api.get<{ connected: boolean }>(`${SUP}/GetErpConnection`, {}, { silent: true }),
  syncFromErp: () => api.post<SupplierSyncReport>(`${SUP}/AutoInductSupplierData`),
  importFile: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post<SupplierSyncReport>(`${SUP}/ImportSupplierData`, form);
  },
  /** Sets the portal password, creating the portal sign-in first when there is none. */
  portalPassword: (supplier: Supplier, password: string) =>
    api.post<Account>(
      supplier.portalUserName ? `${SUP}/UpdateSupplierPassword` : `${SUP}/CreatePortSupplierData`,
      { id: supplier.id, ...(password ? { password } : {}) },
    ),
};

const CERT = "/QMO/SupplierCertificate";
const PERF = "/QMO/SupplierPerformance";

export type CertificateType = CertificateTypeOption;
export type Certificate = Wire<CertificateDto>;
export type Summary = PerformanceSummary;
export type Expiring = ExpiringCertificate;

/** One supplier's performance: its summary, each invitation's outcome, and the months. */
export type SupplierPerformance = Wire<Awaited<ReturnType<typeof supplierPerformance>>>;

/** A supplier of the performance list, with its summary. */
export type PerformanceRow = Wire<Awaited<ReturnType<typeof listPerformance>>>["items"][number];

export const qualificationsApi = {
  certificates: (supplierId: number) =>
    api.get<{ items: Certificate[] }>(`${CERT}/GetAll`, { SupplierId: supplierId }),
  removeCertificate: (id: number) => api.delete(`${CERT}/Delete`, { Id: id }, { silent: true }),
  saveCertificate: (id: number | undefined, body: Record<string, unknown>) =>
    createOrUpdate({ create: `${CERT}/Create`, update: `${CERT}/Update` }, id, body),
  expiring: () => api.get<{ items: Expiring[] }>(`${CERT}/GetExpiring`, {}, { silent: true }),
  performance: (supplierId: number) =>
    api.get<SupplierPerformance>(`${PERF}/Get`, { SupplierId: supplierId }),
  /** The suppliers most invited over the last months (by the server's clock). */
  performanceList: (months: number, count: number) =>
    api.get<{ items: PerformanceRow[] }>(`${PERF}/GetAll`, {
      Months: months,
      MaxResultCount: count,
      Sorting: "invitations desc",
    }, { silent: true }),
};
