// Supplier certificates and performance as pages show them: the certificate types (loaded once), a
// type's name in the reader's language, rates as percentages; and the supplier's own page. Shared
// by the supplier page, the launch page, the category and project dialogs, and the dashboard.
import { useEffect, useState } from "react";
import { type CertificateType, qualificationsApi } from "./api.ts";

/** The supplier's own page (hidden route, ?id=…). */
export const SUPPLIER_PAGE = "/supplier/SupplierDetail";

let typesOnce: Promise<CertificateType[]> | null = null;

/** The certificate types of the data dictionary (loaded once per page load). */
export function useCertificateTypes(): CertificateType[] {
  const [types, setTypes] = useState<CertificateType[]>([]);
  useEffect(() => {
    typesOnce ??= qualificationsApi.certificateTypes()
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
