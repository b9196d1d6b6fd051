// The supplier's own page (hidden, ?id=…): its master data at a glance, its certificates, and its
// performance across the projects it was invited to.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { message } from "../../../shared/messages.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { Badge } from "../../components/index.ts";
import { closeTag } from "../../layout/tags.ts";
import { useView } from "../../layout/view.ts";
import { Field, Section } from "../../components/Section.tsx";
import { Certificates } from "./Certificates.tsx";
import { Performance } from "./Performance.tsx";
import { type Supplier, suppliersApi } from "./api.ts";
import { formatTime } from "../../../shared/time.ts";

const LIST = "/supplier/SupplierList";

export default function SupplierDetail() {
  const { t } = useTranslation();
  const view = useView();
  const navigate = useNavigate();
  const raw = new URLSearchParams(view.search).get("id");
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const [supplier, setSupplier] = useState<Supplier | null>(null);
  const sf = (k: string) => t(`suppliers.fields.${k}`);

  useEffect(() => {
    if (id !== null || !view.active) return;
    message.warning(t("qualificationsPage.noId"));
    closeTag(view.path);
    navigate(LIST, { replace: true });
  }, [id, view.active]);
  useEffect(() => {
    if (id) {
      suppliersApi.get(id).then(setSupplier).catch(() => {});
    }
  }, [id]);

  if (!id) return null;
  if (!supplier) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="supplier-page">
      <Section
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs text-slate-500">{supplier.code}</span>
            <span>{supplier.fullName}</span>
            <Badge tone={supplier.status === "effective" ? "green" : "red"}>
              {t(`suppliers.status.${supplier.status}`)}
            </Badge>
            <Badge tone={supplier.cooperationStatus === "qualified" ? "blue" : "slate"}>
              {t(`suppliers.cooperation.${supplier.cooperationStatus}`)}
            </Badge>
          </span>
        }
      >
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={sf("abbrName")}>{supplier.abbrName}</Field>
          <Field label={sf("contactPerson")}>
            {[supplier.contactPerson, supplier.contactNumber].filter(Boolean).join(" · ")}
          </Field>
          <Field label={t("suppliersPage.emails")}>
            {[supplier.email1, supplier.email2, supplier.email3].filter(Boolean).join(", ")}
          </Field>
          <Field label={sf("lastModificationTime")}>
            {formatTime(supplier.lastModificationTime)}
          </Field>
        </dl>
      </Section>
      <Certificates supplierId={supplier.id} />
      <Performance supplierId={supplier.id} />
    </div>
  );
}
