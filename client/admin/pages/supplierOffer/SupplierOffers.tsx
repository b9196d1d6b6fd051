// Supplier quotation management (spec §2) as staff see it. Suppliers quote in the supplier portal
// (/portal: instructions agreed first, then the first quote and the optimisation quotes), and never
// see this shell; staff get how it works for the supplier, the instructions the suppliers agree to
// now (with the right to edit them), and the ways to the pages where quotes are read.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Permissions } from "../../../../server/domain/auth/permissions.ts";
import { api } from "../../../shared/api.ts";
import { Icon } from "../../../shared/icons.tsx";
import { currentLanguage } from "../../../shared/i18n.ts";
import { kindPages } from "../projects/api.ts";
import { usePermission } from "../projects/parts.tsx";

type Setting = { key: string; value: unknown };

export default function SupplierOffers() {
  const { t } = useTranslation();
  const s = (k: string) => t(`supplierOfferPage.${k}`);
  const mayReadSettings = usePermission(Permissions.SystemResourceSearch);
  const material = usePermission(kindPages.material.search);
  const asset = usePermission(kindPages.asset.search);
  const suppliers = usePermission(Permissions.SupplierSearch);
  const [instruction, setInstruction] = useState<string | null>(null);

  useEffect(() => {
    if (!mayReadSettings) return;
    const key = currentLanguage() === "en" ? "quoteInstructionEn" : "quoteInstructionZh";
    api.get<{ items: Setting[] }>("/QMO/SystemResource/GetAll")
      .then((r) => setInstruction(String(r.items.find((i) => i.key === key)?.value ?? "")))
      .catch(() => {});
  }, [mayReadSettings]);

  const steps = t("supplierOfferPage.steps", { returnObjects: true }) as string[];
  const links = [
    material && { to: kindPages.material.list, label: t("menu.offerProjectManagerList") },
    asset && { to: kindPages.asset.list, label: t("menu.offerProjectAMSList") },
    suppliers && { to: "/supplier/SupplierList", label: t("menu.supplierList") },
  ].filter(Boolean) as { to: string; label: string }[];

  return (
    <div className="space-y-3" data-testid="supplier-offer-page">
      <section className="card p-5">
        <h1 className="text-base font-semibold text-slate-900">{s("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{s("intro")}</p>
        <ol className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-4">
          {steps.map((step, i) => (
            <li key={i} className="flex gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white">
                {i + 1}
              </span>
              <span className="text-sm text-slate-700">{step}</span>
            </li>
          ))}
        </ol>
        {links.length > 0 && (
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-500">{s("whereQuotes")}</span>
            {links.map((l) => (
              <Link key={l.to} to={l.to} className="btn btn-default">
                {l.label}
                <Icon name="chevronRight" className="size-3.5" />
              </Link>
            ))}
          </div>
        )}
      </section>
      {mayReadSettings && (
        <section className="card p-5" data-testid="supplier-offer-instruction">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-sm font-semibold text-slate-900">{s("instructionTitle")}</h2>
            <Link
              to="/systemSetting/systemResource"
              className="text-sm text-primary hover:underline"
            >
              {s("editInstruction")}
            </Link>
          </div>
          <p className="mb-3 text-xs text-slate-500">{s("instructionHint")}</p>
          <div className="max-h-96 overflow-auto rounded-md bg-slate-50 p-4 text-sm leading-6 whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
            {instruction ?? "…"}
          </div>
        </section>
      )}
    </div>
  );
}
