// Supplier management (spec §2): query, export, add, introduce one from the ERP by code, batch
// introduction (confirmed first, then a summary), modify, portal password, delete.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../../../shared/api.ts";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import {
  AddButton,
  Badge,
  DataTable,
  EditDeleteActions,
  ExportButton,
  Field,
  FormDialog,
  inputClass,
  ListPage,
  PagedTable,
  QueryForm,
  QuerySelect,
  QueryText,
  requiredErrors,
  RowAction,
  TextField,
  Toolbar,
  useConfirm,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { fmt } from "../projects/parts.tsx";
import { SUPPLIER_PAGE } from "./qualifications.ts";

const SUP = "/QMO/Supplier";

type Supplier = {
  id: number;
  code: string;
  abbrName: string;
  fullName: string;
  status: "effective" | "invalid";
  contactPerson: string | null;
  contactNumber: string | null;
  email1: string | null;
  email2: string | null;
  email3: string | null;
  cooperationStatus: "potential" | "qualified";
  source: "local" | "erp";
  lastModificationTime: string | null;
  portalUserName: string | null;
  portalUserActive: boolean | null;
};

type SyncReport = {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rows: { row: number; code: string | null; outcome: string; reason?: string }[];
};

type Query = {
  Code: string;
  FullName: string;
  AbbrName: string;
  Status: string;
  CooperationStatus: string;
};
const emptyQuery: Query = {
  Code: "",
  FullName: "",
  AbbrName: "",
  Status: "",
  CooperationStatus: "",
};

type Draft = {
  code: string;
  abbrName: string;
  fullName: string;
  status: "effective" | "invalid";
  contactPerson: string;
  contactNumber: string;
  email1: string;
  email2: string;
  email3: string;
  cooperationStatus: "potential" | "qualified";
  createPortalAccount: boolean;
};
const FIELDS = [
  "code",
  "abbrName",
  "fullName",
  "status",
  "contactPerson",
  "contactNumber",
  "email1",
  "email2",
  "email3",
  "cooperationStatus",
] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SupplierList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sf = (k: string) => t(`suppliers.fields.${k}`);
  const s = (k: string, p: Record<string, unknown> = {}) => t(`suppliersPage.${k}`, p);
  const list = usePagedList<Supplier, Query>(`${SUP}/GetAll`, { initialQuery: emptyQuery });
  const [confirmElement, confirm] = useConfirm();
  const [editing, setEditing] = useState<Supplier | "new" | null>(null);
  const [run, busy] = useAction();
  const [introduce, setIntroduce] = useState<string | null>(null);
  const [introduceError, setIntroduceError] = useState("");
  const [report, setReport] = useState<SyncReport | null>(null);
  const [runSync, syncing] = useAction();
  const importInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState<{ supplier: Supplier; value: string } | null>(null);
  const [issued, setIssued] = useState<{ userName: string; password?: string } | null>(null);

  async function runIntroduce() {
    if (introduce === null) return;
    if (!introduce.trim()) return setIntroduceError(t("ui.required", { field: sf("code") }));
    await run(async () => {
      const r = await api.post<{ supplier: Supplier; outcome: string }>(
        `${SUP}/IntroduceSupplier`,
        { code: introduce.trim() },
        { silent: true },
      );
      message.success(
        s("introduced", { code: r.supplier.code, outcome: t(`sync.outcome.${r.outcome}`) }),
      );
      setIntroduce(null);
      list.reload();
    }, (err) => setIntroduceError(err instanceof Error ? err.message : t("errors.error")));
  }

  async function sync() {
    if (!(await confirm({ text: t("sync.confirm"), danger: false }))) return;
    await runSync(async () => {
      setReport(await api.post<SyncReport>(`${SUP}/AutoInductSupplierData`));
      list.reload();
    });
  }

  /** The same batch introduction from an .xlsx or .csv file in the ERP's columns. */
  async function importFile(file: File | undefined) {
    if (importInput.current) importInput.current.value = "";
    if (!file || !(await confirm({ text: t("sync.confirm"), danger: false }))) return;
    await runSync(async () => {
      const form = new FormData();
      form.append("file", file);
      setReport(await api.post<SyncReport>(`${SUP}/ImportSupplierData`, form));
      list.reload();
    });
  }

  async function remove(row: Supplier) {
    if (!(await confirm())) return;
    try {
      const r = await api.delete<{ deleted: boolean }>(`${SUP}/Delete`, { Id: row.id }, {
        silent: true,
      });
      message.success(r.deleted ? t("ui.deleted") : t("suppliers.invalidated"));
      list.reload();
    } catch (err) {
      message.error(`${t("ui.deleteFailed")}: ${(err as Error).message}`);
    }
  }

  async function setPortalPassword() {
    if (!password) return;
    const { supplier, value } = password;
    await run(async () => {
      const path = supplier.portalUserName
        ? `${SUP}/UpdateSupplierPassword`
        : `${SUP}/CreatePortSupplierData`;
      const r = await api.post<{ userName: string; password?: string }>(path, {
        id: supplier.id,
        ...(value ? { password: value } : {}),
      });
      setPassword(null);
      message.success(t("ui.saved"));
      if (r.password) setIssued(r);
      list.reload();
    });
  }

  return (
    <ListPage
      testId="supplier-list"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          {(["Code", "FullName", "AbbrName"] as const).map((k) => (
            <QueryText
              key={k}
              list={list}
              name={k}
              id={`sq-${k}`}
              label={sf(k[0].toLowerCase() + k.slice(1))}
              width="w-44"
            />
          ))}
          <QuerySelect
            list={list}
            name="Status"
            id="sq-status"
            label={sf("status")}
            width="w-32"
            options={[
              ["effective", t("suppliers.status.effective")],
              ["invalid", t("suppliers.status.invalid")],
            ]}
          />
          <QuerySelect
            list={list}
            name="CooperationStatus"
            id="sq-coop"
            label={sf("cooperationStatus")}
            width="w-32"
            options={[
              ["potential", t("suppliers.cooperation.potential")],
              ["qualified", t("suppliers.cooperation.qualified")],
            ]}
          />
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => setEditing("new")} />
          <button
            type="button"
            className="btn btn-default"
            onClick={() => {
              setIntroduce("");
              setIntroduceError("");
            }}
            data-testid="introduce"
          >
            {s("introduce")}
          </button>
          <button
            type="button"
            className="btn btn-default"
            onClick={sync}
            disabled={syncing}
            data-testid="sync"
          >
            {syncing ? s("syncing") : s("sync")}
          </button>
          <label
            className={`btn btn-default cursor-pointer focus-within:ring-2 focus-within:ring-primary ${
              syncing ? "pointer-events-none opacity-50" : ""
            }`}
            title={s("importHint")}
          >
            {s("importFile")}
            <input
              ref={importInput}
              type="file"
              accept=".xlsx,.csv"
              className="sr-only"
              data-testid="import-file"
              disabled={syncing}
              onChange={(e) => importFile(e.target.files?.[0])}
            />
          </label>
          <ExportButton
            path={`${SUP}/Export`}
            params={list.query}
            fileName={`${t("suppliers.exportFileName")}.xlsx`}
          />
        </Toolbar>
      }
    >
      <PagedTable
        list={list}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "code",
            title: sf("code"),
            sortField: "code",
            nowrap: true,
            className: "font-mono text-xs",
            // The supplier's page: certificates and performance.
            render: (r) => (
              <Link
                to={`${SUPPLIER_PAGE}?id=${r.id}`}
                className="text-primary hover:underline"
                data-testid="supplier-page-link"
              >
                {r.code}
              </Link>
            ),
          },
          { key: "abbrName", title: sf("abbrName"), sortField: "abbrName", nowrap: true },
          {
            key: "fullName",
            title: sf("fullName"),
            sortField: "fullName",
            className: "min-w-48 text-slate-900",
          },
          {
            key: "status",
            title: sf("status"),
            nowrap: true,
            render: (r) => (
              <span className="inline-flex gap-1">
                <Badge tone={r.status === "effective" ? "green" : "red"}>
                  {t(`suppliers.status.${r.status}`)}
                </Badge>
                <Badge tone={r.cooperationStatus === "qualified" ? "blue" : "slate"}>
                  {t(`suppliers.cooperation.${r.cooperationStatus}`)}
                </Badge>
              </span>
            ),
          },
          {
            key: "contact",
            title: sf("contactPerson"),
            nowrap: true,
            render: (r) => (
              <div className="text-xs leading-4">
                <div className="text-slate-800">{r.contactPerson}</div>
                <div className="text-slate-500 tabular-nums">{r.contactNumber}</div>
              </div>
            ),
          },
          {
            key: "emails",
            title: s("emails"),
            render: (r) => (
              <div className="space-y-0.5 text-xs whitespace-nowrap">
                {[r.email1, r.email2, r.email3].filter(Boolean).map((e) => <div key={e}>{e}</div>)}
              </div>
            ),
          },
          {
            key: "portalUserName",
            title: sf("portalUserName"),
            nowrap: true,
            render: (r) =>
              r.portalUserName
                ? <span className="font-mono text-xs">{r.portalUserName}</span>
                : <span className="text-xs text-slate-400">{s("noPortal")}</span>,
          },
          {
            key: "lastModificationTime",
            title: sf("lastModificationTime"),
            sortField: "lastModificationTime",
            nowrap: true,
            className: "tabular-nums",
            render: (r) => fmt(r.lastModificationTime),
          },
          {
            key: "actions",
            title: t("ui.actions"),
            render: (r) => (
              <EditDeleteActions
                onEdit={() => setEditing(r)}
                onDelete={() => remove(r)}
              >
                <RowAction onClick={() => navigate(`${SUPPLIER_PAGE}?id=${r.id}`)} testId="detail">
                  {t("ui.detail")}
                </RowAction>
                <RowAction
                  onClick={() => setPassword({ supplier: r, value: "" })}
                  testId="password"
                >
                  {r.portalUserName ? s("password") : s("createPortal")}
                </RowAction>
              </EditDeleteActions>
            ),
          },
        ]}
      />

      {editing && (
        <SupplierDialog
          supplier={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(account) => {
            setEditing(null);
            list.reload();
            if (account?.password) setIssued(account);
          }}
        />
      )}

      <FormDialog
        open={introduce !== null}
        title={s("introduce")}
        onClose={() => setIntroduce(null)}
        onSubmit={runIntroduce}
        busy={busy}
        size="sm"
        testId="introduce-dialog"
      >
        <Field
          label={sf("code")}
          htmlFor="intro-code"
          error={introduceError}
          required
          hint={s("introduceHint")}
        >
          <input
            id="intro-code"
            className={inputClass(introduceError)}
            value={introduce ?? ""}
            autoFocus
            onChange={(e) => {
              setIntroduce(e.target.value);
              setIntroduceError("");
            }}
          />
        </Field>
      </FormDialog>

      <FormDialog
        open={!!report}
        title={s("syncResult")}
        onClose={() => setReport(null)}
        size="lg"
        testId="sync-report"
      >
        {report && (
          <div className="space-y-3">
            <dl className="grid grid-cols-4 gap-2 text-center">
              {(["created", "updated", "unchanged", "rejected"] as const).map((k) => (
                <div
                  key={k}
                  className={`rounded-md p-2 ring-1 ${
                    k === "rejected" && report.rejected
                      ? "bg-red-50 ring-red-200"
                      : "bg-slate-50 ring-slate-200"
                  }`}
                >
                  <dt className="text-xs text-slate-500">{t(`sync.outcome.${k}`)}</dt>
                  <dd className="text-xl font-semibold text-slate-900 tabular-nums" data-count={k}>
                    {report[k]}
                  </dd>
                </div>
              ))}
            </dl>
            {report.rejected > 0 && (
              <DataTable
                rows={report.rows.filter((r) => r.outcome === "rejected")}
                rowKey={(r) => r.row}
                showIndex={false}
                maxHeight={300}
                columns={[
                  { key: "row", title: t("sync.columns.row"), width: "4rem", align: "right" },
                  { key: "code", title: t("sync.columns.code"), nowrap: true },
                  { key: "reason", title: t("sync.columns.reason") },
                ]}
              />
            )}
          </div>
        )}
      </FormDialog>

      <FormDialog
        open={!!password}
        title={`${password?.supplier.portalUserName ? s("password") : s("createPortal")} · ${
          password?.supplier.code ?? ""
        }`}
        onClose={() => setPassword(null)}
        onSubmit={setPortalPassword}
        busy={busy}
        size="sm"
        testId="password-dialog"
      >
        <Field label={s("newPassword")} htmlFor="sup-pw" hint={s("passwordHint")}>
          <input
            id="sup-pw"
            type="password"
            autoComplete="new-password"
            className="input"
            value={password?.value ?? ""}
            onChange={(e) => password && setPassword({ ...password, value: e.target.value })}
          />
        </Field>
      </FormDialog>

      <FormDialog
        open={!!issued}
        title={s("passwordIssued")}
        onClose={() => setIssued(null)}
        size="sm"
        testId="password-issued"
      >
        <p className="text-sm text-slate-600">{s("passwordOnce")}</p>
        <dl className="mt-3 grid grid-cols-[6rem_1fr] gap-y-1 text-sm">
          <dt className="text-slate-500">{sf("portalUserName")}</dt>
          <dd className="font-mono">{issued?.userName}</dd>
          <dt className="text-slate-500">{s("newPassword")}</dt>
          <dd className="font-mono select-all" data-testid="issued-password">
            {issued?.password}
          </dd>
        </dl>
      </FormDialog>
      {confirmElement}
    </ListPage>
  );
}

type Account = { userName: string; password?: string };

function SupplierDialog(
  { supplier, onClose, onSaved }: {
    supplier: Supplier | null;
    onClose: () => void;
    /** With the portal account the save created, if it did. */
    onSaved: (account?: Account) => void;
  },
) {
  const { t } = useTranslation();
  const sf = (k: string) => t(`suppliers.fields.${k}`);
  const s = (k: string) => t(`suppliersPage.${k}`);
  const form = useFormState<Draft>(
    supplier
      ? {
        code: supplier.code,
        abbrName: supplier.abbrName,
        fullName: supplier.fullName,
        status: supplier.status,
        contactPerson: supplier.contactPerson ?? "",
        contactNumber: supplier.contactNumber ?? "",
        email1: supplier.email1 ?? "",
        email2: supplier.email2 ?? "",
        email3: supplier.email3 ?? "",
        cooperationStatus: supplier.cooperationStatus,
        createPortalAccount: false,
      }
      : {
        code: "",
        abbrName: "",
        fullName: "",
        status: "effective",
        contactPerson: "",
        contactNumber: "",
        email1: "",
        email2: "",
        email3: "",
        cooperationStatus: "potential",
        createPortalAccount: true,
      },
  );
  const { values } = form;

  async function save() {
    const found = requiredErrors(t, {
      ...(supplier ? {} : { code: [values.code, sf("code")] }),
      abbrName: [values.abbrName, sf("abbrName")],
      fullName: [values.fullName, sf("fullName")],
    });
    for (const k of ["email1", "email2", "email3"] as const) {
      if (values[k].trim() && !EMAIL.test(values[k].trim())) {
        found[k] = t("errors.field.invalidEmail", { field: sf(k) });
      }
    }
    if (!form.check(found)) return;
    let answer: { account?: Account } | undefined;
    const ok = await form.save(async () => {
      const { createPortalAccount, ...rest } = values;
      answer = supplier
        ? await api.post(`${SUP}/UpdateSupplierData`, { id: supplier.id, ...rest })
        : await api.post(`${SUP}/CreateSupplierData`, { ...rest, createPortalAccount });
    }, FIELDS);
    if (ok) onSaved(answer?.account);
  }

  const text = (k: (typeof FIELDS)[number], required: boolean, maxLength: number) => (
    <TextField
      form={form}
      name={k}
      id={`sup-${k}`}
      label={sf(k)}
      required={required}
      maxLength={maxLength}
    />
  );

  return (
    <FormDialog
      open
      title={supplier ? s("edit") : s("create")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      size="lg"
      testId="supplier-dialog"
    >
      <div className="grid gap-3 md:grid-cols-2">
        {supplier
          ? (
            <Field label={sf("code")} htmlFor="sup-code-ro">
              <input id="sup-code-ro" className="input bg-slate-50" value={values.code} readOnly />
            </Field>
          )
          : text("code", true, 32)}
        {text("abbrName", true, 64)}
        <div className="md:col-span-2">{text("fullName", true, 200)}</div>
        <Field label={sf("status")} htmlFor="sup-status">
          <select
            id="sup-status"
            className="input"
            value={values.status}
            onChange={(e) => form.set("status", e.target.value as Draft["status"])}
          >
            <option value="effective">{t("suppliers.status.effective")}</option>
            <option value="invalid">{t("suppliers.status.invalid")}</option>
          </select>
        </Field>
        <Field label={sf("cooperationStatus")} htmlFor="sup-coop">
          <select
            id="sup-coop"
            className="input"
            value={values.cooperationStatus}
            onChange={(e) =>
              form.set("cooperationStatus", e.target.value as Draft["cooperationStatus"])}
          >
            <option value="potential">{t("suppliers.cooperation.potential")}</option>
            <option value="qualified">{t("suppliers.cooperation.qualified")}</option>
          </select>
        </Field>
        {text("contactPerson", false, 64)}
        {text("contactNumber", false, 64)}
        {text("email1", false, 256)}
        {text("email2", false, 256)}
        {text("email3", false, 256)}
        {!supplier && (
          <Field label={s("portal")} htmlFor="sup-portal">
            <label className="flex items-center gap-2 pt-1.5 text-sm text-slate-700">
              <input
                id="sup-portal"
                type="checkbox"
                className="size-4 accent-primary"
                checked={values.createPortalAccount}
                onChange={(e) => form.set("createPortalAccount", e.target.checked)}
              />
              {s("createPortalHint")}
            </label>
          </Field>
        )}
      </div>
    </FormDialog>
  );
}
