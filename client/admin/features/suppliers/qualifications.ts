// The calls and shapes of supplier certificates and supplier performance, shared by the supplier
// page, the launch page, the category and project dialogs, and the dashboard.
import { useEffect, useState } from "react";
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type {
  CertificateDto,
  CertificateTypeOption,
  ExpiringCertificate,
  PerformanceSummary,
} from "../../../../server/domain/suppliers/qualificationTypes.ts";
import type {
  listPerformance,
  supplierPerformance,
} from "../../../../server/domain/suppliers/performance.ts";

const CERT = "/QMO/SupplierCertificate";
const PERF = "/QMO/SupplierPerformance";
/** The supplier's own page (hidden route, ?id=…). */
export const SUPPLIER_PAGE = "/supplier/SupplierDetail";

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
    id === undefined
      ? api.post(`${CERT}/Create`, body, { silent: true })
      : api.put(`${CERT}/Update`, { id, ...body }, { silent: true }),
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

let typesOnce: Promise<CertificateType[]> | null = null;

/** The certificate types of the data dictionary (loaded once per page load). */
export function useCertificateTypes(): CertificateType[] {
  const [types, setTypes] = useState<CertificateType[]>([]);
  useEffect(() => {
    typesOnce ??= api.get<{ items: CertificateType[] }>(`${CERT}/GetTypes`, {}, { silent: true })
      .then((r) => r.items)
      .catch(() => {
        typesOnce = null;
        return [];
      });
    typesOnce.then(setTypes);
  }, []);
  return types;
}

/** A certificate type's name in the reader's language. */
export const typeName = (types: CertificateType[], code: string, lang: string) => {
  const t = types.find((x) => x.code === code);
  if (!t) return code;
  return lang === "en" ? t.nameEn || t.name : t.name;
};

/** A rate (0–1) as a percentage with one decimal; a dash without one. */
export const percent = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);
