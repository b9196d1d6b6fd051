// Certificate types: the list of the data dictionary (loaded once), a type's name in the reader's
// language; the required types shown read-only in a project's header, and chosen (checkboxes) in
// the category and project dialogs.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api.ts";
import { Field } from "./Section.tsx";
import type { CertificateTypeOption } from "../../../server/domain/suppliers/qualificationTypes.ts";

type CertificateType = CertificateTypeOption;

let typesOnce: Promise<CertificateType[]> | null = null;

/** The certificate types of the data dictionary (loaded once per page load). */
export function useCertificateTypes(): CertificateType[] {
  const [types, setTypes] = useState<CertificateType[]>([]);
  useEffect(() => {
    typesOnce ??= api.get<{ items: CertificateType[] }>("/QMO/SupplierCertificate/GetTypes", {}, {
      silent: true,
    })
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

/** The certificate types an invited supplier must hold (nothing when none is required). */
export function RequiredCertificates({ types }: { types: string[] }) {
  const { t, i18n } = useTranslation();
  const all = useCertificateTypes();
  if (!types.length) return null;
  return (
    <Field label={t("qualificationsPage.required")} wide>
      <span className="flex flex-wrap gap-1.5" data-testid="required-certificates">
        {types.map((code) => (
          <span
            key={code}
            className="rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200"
          >
            {typeName(all, code, i18n.language)}
          </span>
        ))}
      </span>
    </Field>
  );
}

/** Checkboxes of the dictionary's certificate types. */
export function CertificateTypePicker(
  { value, onChange, idPrefix }: {
    value: string[];
    onChange: (next: string[]) => void;
    idPrefix: string;
  },
) {
  const { i18n } = useTranslation();
  const all = useCertificateTypes();
  // A required type since removed from the dictionary still shows, so it can be unticked.
  const codes = [...all.map((x) => x.code), ...value.filter((v) => !all.some((x) => x.code === v))];
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1.5 pt-1.5" data-testid="certificate-picker">
      {codes.map((code) => (
        <label key={code} className="flex items-center gap-1.5 text-sm text-slate-700">
          <input
            id={`${idPrefix}-${code}`}
            type="checkbox"
            className="size-4 accent-primary"
            checked={value.includes(code)}
            onChange={(e) =>
              onChange(
                e.target.checked ? [...value, code] : value.filter((v) =>
                  v !== code
                ),
              )}
          />
          {typeName(all, code, i18n.language)}
        </label>
      ))}
    </div>
  );
}

/** Certificate type names, comma separated, in the reader's language. */
export function TypeNames({ codes }: { codes: string[] }) {
  const { i18n } = useTranslation();
  const all = useCertificateTypes();
  return (
    <span className="text-xs">{codes.map((c) => typeName(all, c, i18n.language)).join(", ")}</span>
  );
}
