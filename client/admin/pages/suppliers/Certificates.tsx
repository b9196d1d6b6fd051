// A supplier's certificates: the list with each one's status (valid, expiring within 30 days,
// expired), its file, and add / edit / delete with the file uploaded through the file service.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";
import { Spinner } from "../../../shared/ui.tsx";
import {
  AddButton,
  Badge,
  DataTable,
  Field,
  FormDialog,
  inputClass,
  requiredErrors,
  RowAction,
  RowActions,
  runDelete,
  runSave,
  useConfirm,
  useFieldErrors,
} from "../../components/index.ts";
import { projectsApi } from "../projects/api.ts";
import { fmt, Section } from "../projects/parts.tsx";
import { CERT, type Certificate, typeName, useCertificateTypes } from "./qualifications.ts";

type Draft = {
  id?: number;
  type: string;
  number: string;
  issuedOn: string;
  expiresOn: string;
  remark: string;
  file: { id: number; fileName: string } | null;
};
const FIELDS = ["type", "number", "issuedOn", "expiresOn", "fileId", "remark"] as const;
const empty: Draft = { type: "", number: "", issuedOn: "", expiresOn: "", remark: "", file: null };

export function Certificates({ supplierId }: { supplierId: number }) {
  const { t, i18n } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`qualificationsPage.${k}`, p);
  const types = useCertificateTypes();
  const [items, setItems] = useState<Certificate[] | null>(null);
  const [edit, setEdit] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { errors, setErrors, clear, clearField } = useFieldErrors();
  const [confirmElement, confirm] = useConfirm();

  const load = () =>
    api.get<{ items: Certificate[] }>(`${CERT}/GetAll`, { SupplierId: supplierId })
      .then((r) => setItems(r.items)).catch(() => setItems([]));
  useEffect(() => {
    load();
  }, [supplierId]);

  const open = (row?: Certificate) => {
    clear();
    setEdit(
      row
        ? {
          id: row.id,
          type: row.type,
          number: row.number,
          issuedOn: row.issuedOn,
          expiresOn: row.expiresOn ?? "",
          remark: row.remark ?? "",
          file: row.file,
        }
        : { ...empty },
    );
  };

  async function upload(file: File | undefined) {
    if (!file || !edit) return;
    setUploading(true);
    try {
      const saved = await projectsApi.upload(file);
      setEdit((e) => e && { ...e, file: { id: saved.id, fileName: saved.fileName } });
      clearField("fileId");
    } catch {
      /* shown by the API client */
    } finally {
      setUploading(false);
    }
  }

  async function save() {
    if (!edit) return;
    const found = requiredErrors(t, {
      type: [edit.type, c("type")],
      number: [edit.number, c("number")],
      issuedOn: [edit.issuedOn, c("issuedOn")],
    });
    if (edit.expiresOn && edit.issuedOn && edit.expiresOn < edit.issuedOn) {
      found.expiresOn = t("certificates.expiresBeforeIssued");
    }
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    const body = {
      supplierId,
      type: edit.type,
      number: edit.number,
      issuedOn: edit.issuedOn,
      expiresOn: edit.expiresOn || null,
      remark: edit.remark,
      fileId: edit.file?.id ?? null,
    };
    const ok = await runSave(
      t,
      () =>
        edit.id
          ? api.put(`${CERT}/Update`, { id: edit.id, ...body })
          : api.post(`${CERT}/Create`, body),
      { fields: FIELDS, onFieldErrors: setErrors },
    );
    setBusy(false);
    if (!ok) return;
    setEdit(null);
    load();
  }

  async function remove(row: Certificate) {
    const text = c("deleteConfirm", {
      type: typeName(types, row.type, i18n.language),
      number: row.number,
    });
    if (!(await confirm({ text }))) return;
    if (await runDelete(t, () => api.delete(`${CERT}/Delete`, { Id: row.id }))) load();
  }

  const status = (r: Certificate) =>
    r.status === "expired"
      ? <Badge tone="red">{c("expiredAgo", { count: -(r.daysLeft ?? 0) })}</Badge>
      : r.status === "expiring"
      ? (
        <Badge tone="amber">
          {r.daysLeft ? c("daysLeft", { count: r.daysLeft }) : c("expiresToday")}
        </Badge>
      )
      : <Badge tone="green">{c("status.valid")}</Badge>;

  return (
    <Section
      title={c("certificates")}
      testId="certificates"
      extra={<AddButton onClick={() => open()} label={c("add")} />}
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
                  onClick={() => projectsApi.download(r.file!.id, r.file!.fileName).catch(() => {})}
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
                    {c("warned", { time: fmt(r.expiryWarnedAt) })}
                  </div>
                )}
              </div>
            ),
          },
          {
            key: "actions",
            title: t("ui.actions"),
            render: (r) => (
              <RowActions>
                <RowAction onClick={() => open(r)} testId="edit-certificate">
                  {t("ui.edit")}
                </RowAction>
                <RowAction danger onClick={() => remove(r)} testId="delete-certificate">
                  {t("ui.delete")}
                </RowAction>
              </RowActions>
            ),
          },
        ]}
      />

      <FormDialog
        open={!!edit}
        title={edit?.id ? c("edit") : c("add")}
        onClose={() => setEdit(null)}
        onSubmit={save}
        busy={busy || uploading}
        testId="certificate-dialog"
      >
        {edit && (
          <div className="space-y-3">
            <Field label={c("type")} htmlFor="cert-type" name="type" error={errors.type} required>
              <select
                id="cert-type"
                className={inputClass(errors.type)}
                value={edit.type}
                onChange={(e) => {
                  setEdit({ ...edit, type: e.target.value });
                  clearField("type");
                }}
              >
                <option value="">{t("ui.selectPlaceholder")}</option>
                {types.map((x) => (
                  <option key={x.code} value={x.code}>
                    {typeName(types, x.code, i18n.language)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={c("number")}
              htmlFor="cert-number"
              name="number"
              error={errors.number}
              required
            >
              <input
                id="cert-number"
                className={inputClass(errors.number)}
                value={edit.number}
                maxLength={100}
                onChange={(e) => {
                  setEdit({ ...edit, number: e.target.value });
                  clearField("number");
                }}
              />
            </Field>
            <Field
              label={c("issuedOn")}
              htmlFor="cert-issued"
              name="issuedOn"
              error={errors.issuedOn}
              required
            >
              <input
                id="cert-issued"
                type="date"
                className={inputClass(errors.issuedOn, "w-48")}
                value={edit.issuedOn}
                onChange={(e) => {
                  setEdit({ ...edit, issuedOn: e.target.value });
                  clearField("issuedOn");
                }}
              />
            </Field>
            <Field
              label={c("expiresOn")}
              htmlFor="cert-expires"
              name="expiresOn"
              error={errors.expiresOn}
              hint={c("expiresHint")}
            >
              <input
                id="cert-expires"
                type="date"
                className={inputClass(errors.expiresOn, "w-48")}
                value={edit.expiresOn}
                onChange={(e) => {
                  setEdit({ ...edit, expiresOn: e.target.value });
                  clearField("expiresOn");
                }}
              />
            </Field>
            <Field label={c("file")} htmlFor="cert-file" name="fileId" error={errors.fileId}>
              <div className="flex flex-wrap items-center gap-2">
                {edit.file && (
                  <span className="inline-flex items-center gap-1 rounded bg-slate-50 px-2 py-1 text-xs ring-1 ring-slate-200">
                    <span data-testid="certificate-file">{edit.file.fileName}</span>
                    <button
                      type="button"
                      className="px-1 text-slate-400 hover:text-red-600"
                      aria-label={c("removeFile")}
                      onClick={() => setEdit({ ...edit, file: null })}
                    >
                      ×
                    </button>
                  </span>
                )}
                <label className="btn btn-default h-7 cursor-pointer text-xs">
                  {uploading && <Spinner className="size-3.5" />}
                  {edit.file ? c("replaceFile") : c("upload")}
                  <input
                    id="cert-file"
                    type="file"
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
            <Field label={c("remark")} htmlFor="cert-remark" name="remark" error={errors.remark}>
              <input
                id="cert-remark"
                className={inputClass(errors.remark)}
                value={edit.remark}
                maxLength={500}
                onChange={(e) => setEdit({ ...edit, remark: e.target.value })}
              />
            </Field>
          </div>
        )}
      </FormDialog>
      {confirmElement}
    </Section>
  );
}
