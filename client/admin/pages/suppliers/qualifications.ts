// The calls and shapes of supplier certificates and supplier performance, shared by the supplier
// page, the launch page, the category and project dialogs, and the dashboard.
import { useEffect, useState } from "react";
import { api } from "../../../shared/api.ts";

export const CERT = "/QMO/SupplierCertificate";
export const PERF = "/QMO/SupplierPerformance";
/** The supplier's own page (hidden route, ?id=…). */
export const SUPPLIER_PAGE = "/supplier/SupplierDetail";

export type CertificateType = { code: string; name: string; nameEn: string | null };

export type Certificate = {
  id: number;
  supplierId: number;
  type: string;
  typeName: string;
  typeNameEn: string;
  number: string;
  issuedOn: string;
  expiresOn: string | null;
  status: "valid" | "expiring" | "expired";
  daysLeft: number | null;
  file: { id: number; fileName: string; size: number } | null;
  remark: string | null;
  expiryWarnedAt: string | null;
};

export type Summary = {
  invitations: number;
  settled: number;
  quoted: number;
  responseRate: number | null;
  timed: number;
  onTime: number;
  onTimeRate: number | null;
  rankedProjects: number;
  averageRank: number | null;
};

export type Outcome = {
  projectId: number;
  code: string;
  name: string;
  kind: "material" | "asset";
  invitedAt: string;
  deadline: string | null;
  over: boolean;
  quotedAt: string | null;
  onTime: boolean | null;
  rank: number | null;
  rankOf: number | null;
  rankBy: "price" | "time" | null;
};

export type SupplierPerformance = {
  supplier: { id: number; code: string; abbrName: string; fullName: string };
  summary: Summary;
  projects: Outcome[];
  months: { month: string; invitations: number; quoted: number }[];
};

export type PerformanceRow = Summary & {
  id: number;
  code: string;
  abbrName: string;
  fullName: string;
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
