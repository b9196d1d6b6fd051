// A supplier's certificates: the list with each one's status (valid, expiring within 30 days,
// expired), its file, and add / edit / delete with the file uploaded through the file service.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../shared/ui.tsx";
import {
  AddButton,
  Badge,
  DataTable,
  EditDeleteActions,
  Field,
  FormDialog,
  requiredErrors,
  SelectField,
  TextField,
  useDeleteRow,
  useEditDialog,
  useFormState,
} from "../../components/index.ts";
import { Section } from "../../components/Section.tsx";
import { type Certificate, type CertificateType, qualificationsApi } from "./api.ts";
import { typeName, useCertificateTypes } from "../../components/CertificateTypes.tsx";
import { formatTime, relativeDays } from "../../../shared/time.ts";
import { ACCEPTED_EXTENSIONS } from "../../../../server/domain/files/detect.ts";
import { filesApi } from "../../components/files.ts";

const FIELDS = ["type", "number", "issuedOn", "expiresOn", "fileId", "remark"] as const;

export function Certificates({ supplierId }: { supplierId: number }) {
  const { t, i18n } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`qualificationsPage.${k}`, p);
  const lang = i18n.language;
  const types = useCertificateTypes();
  const [items, setItems] = useState<Certificate[] | null>(null);
  const edit = useEditDialog<Certificate>(() => load());

  const load = () =>
    qualificationsApi.certificates(supplierId)
      .then((r) => setItems(r.items)).catch(() => setItems([]));
  useEffect(() => {
    load();
  }, [supplierId]);

  const [confirmElement, remove] = useDeleteRow(
    (row: Certificate) => qualificationsApi.removeCertificate(row.id),
    () => load(),
    (row) =>
      c("deleteConfirm", { type: typeName(types, row.type, i18n.language), number: row.number }),
  );

  const status = (r: Certificate) =>
    r.status === "expired"
      ? <Badge tone="red">{c("expiredWhen", { when: relativeDays(r.daysLeft ?? 0, lang) })}</Badge>
      : r.status === "expiring"
      ? (
        <Badge tone="amber">
          {c("expiresWhen", { when: relativeDays(r.daysLeft ?? 0, lang) })}
        </Badge>
      )
      : <Badge tone="green">{c("status.valid")}</Badge>;

  return (
    <Section
      title={c("certificates")}
      testId="certificates"
      extra={<AddButton onClick={() => edit.open("new")} label={c("add")} />}
    >
      <DataTable
        rows={items ?? []}
        loading={items === null}
        loaded={items !== null}
        rowKey={(r) => r.id}
        testId="certificate-table"
        empty={c("none")}
        columns={[
          {
            key: "type",
            title: c("type"),
            nowrap: true,
            className: "font-medium text-slate-900",
            render: (r) => (i18n.language === "en" ? r.typeNameEn : r.typeName),
          },
          { key: "number", title: c("number"), nowrap: true, className: "font-mono text-xs" },
          { key: "issuedOn", title: c("issuedOn"), nowrap: true, className: "tabular-nums" },
          {
            key: "expiresOn",
            title: c("expiresOn"),
            nowrap: true,
            className: "tabular-nums",
            render: (r) => r.expiresOn ?? <span className="text-slate-400">{c("noExpiry")}</span>,
          },
          { key: "status", title: c("status.title"), nowrap: true, render: status },
          {
            key: "file",
            title: c("file"),
            render: (r) =>
              r.file && (
                <button
                  type="button"
                  className="btn btn-default h-7 max-w-56 text-xs"
                  onClick={() => filesApi.download(r.file!.id, r.file!.fileName).catch(() => {})}
                >
                  <span className="truncate">{r.file.fileName}</span>
                </button>
              ),
          },
          {
            key: "remark",
            title: c("remark"),
            render: (r) => (
              <div className="text-xs">
                {r.remark}
                {r.expiryWarnedAt && (
                  <div className="text-slate-500">
                    {c("warned", { time: formatTime(r.expiryWarnedAt) })}
                  </div>
                )}
              </div>
            ),
          },
          {
            key: "actions",
            title: t("ui.actions"),
            render: (r) => (
              <EditDeleteActions
                onEdit={() => edit.open(r)}
                onDelete={() => remove(r)}
                testIdSuffix="-certificate"
              />
            ),
          },
        ]}
      />

      {edit.editing && (
        <CertificateDialog
          supplierId={supplierId}
          types={types}
          certificate={edit.row}
          onClose={edit.close}
          onSaved={edit.saved}
        />
      )}
      {confirmElement}
    </Section>
  );
}

function CertificateDialog(
  { supplierId, types, certificate, onClose, onSaved }: {
    supplierId: number;
    types: CertificateType[];
    certificate: Certificate | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`qualificationsPage.${k}`, p);
  const form = useFormState({
    type: certificate?.type ?? "",
    number: certificate?.number ?? "",
    issuedOn: certificate?.issuedOn ?? "",
    expiresOn: certificate?.expiresOn ?? "",
    remark: certificate?.remark ?? "",
    file: certificate?.file ?? null as { id: number; fileName: string } | null,
  });
  const { values } = form;
  const [uploading, setUploading] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const saved = await filesApi.upload(file);
      form.setValues((v) => ({ ...v, file: { id: saved.id, fileName: saved.fileName } }));
      form.clearField("fileId");
    } catch {
      /* shown by the API client */
    } finally {
      setUploading(false);
    }
  }

  async function save() {
    const found = requiredErrors(t, {
      type: [values.type, c("type")],
      number: [values.number, c("number")],
      issuedOn: [values.issuedOn, c("issuedOn")],
    });
    if (values.expiresOn && values.issuedOn && values.expiresOn < values.issuedOn) {
      found.expiresOn = t("certificates.expiresBeforeIssued");
    }
    if (!form.check(found)) return;
    const body = {
      supplierId,
      type: values.type,
      number: values.number,
      issuedOn: values.issuedOn,
      expiresOn: values.expiresOn || null,
      remark: values.remark,
      fileId: values.file?.id ?? null,
    };
    const ok = await form.save(
      () => qualificationsApi.saveCertificate(certificate?.id, body),
      FIELDS,
    );
    if (ok) onSaved();
  }

  return (
    <FormDialog
      open
      title={certificate ? c("edit") : c("add")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy || uploading}
      testId="certificate-dialog"
    >
      <div className="space-y-3">
        <SelectField form={form} name="type" id="cert-type" label={c("type")} required>
          <option value="">{t("ui.selectPlaceholder")}</option>
          {types.map((x) => (
            <option key={x.code} value={x.code}>
              {typeName(types, x.code, i18n.language)}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="number"
          id="cert-number"
          label={c("number")}
          required
          maxLength={100}
        />
        <TextField
          form={form}
          name="issuedOn"
          id="cert-issued"
          label={c("issuedOn")}
          required
          type="date"
          controlClass="w-48"
        />
        <TextField
          form={form}
          name="expiresOn"
          id="cert-expires"
          label={c("expiresOn")}
          hint={c("expiresHint")}
          type="date"
          controlClass="w-48"
        />
        <Field label={c("file")} htmlFor="cert-file" name="fileId" error={form.errors.fileId}>
          <div className="flex flex-wrap items-center gap-2">
            {values.file && (
              <span className="inline-flex items-center gap-1 rounded bg-slate-50 px-2 py-1 text-xs ring-1 ring-slate-200">
                <span data-testid="certificate-file">{values.file.fileName}</span>
                <button
                  type="button"
                  className="px-1 text-slate-400 hover:text-red-600"
                  aria-label={c("removeFile")}
                  onClick={() => form.setValues((v) => ({ ...v, file: null }))}
                >
                  ×
                </button>
              </span>
            )}
            <label className="btn btn-default h-7 cursor-pointer text-xs">
              {uploading && <Spinner className="size-3.5" />}
              {values.file ? c("replaceFile") : c("upload")}
              <input
                id="cert-file"
                type="file"
                accept={ACCEPTED_EXTENSIONS.join(",")}
                className="sr-only"
                data-testid="certificate-upload"
                onChange={(e) => {
                  upload(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </label>
          </div>
        </Field>
        <TextField form={form} name="remark" id="cert-remark" label={c("remark")} maxLength={500} />
      </div>
    </FormDialog>
  );
}
