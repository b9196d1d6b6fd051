// Supplier management (spec §2): query, export, add, introduce one from the ERP by code, batch
// introduction (confirmed first, then a summary), modify, portal password, delete.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import {
  AddButton,
  Badge,
  EditDeleteActions,
  ExportButton,
  ListPage,
  PagedTable,
  QueryForm,
  QuerySelect,
  QueryText,
  RowAction,
  Toolbar,
  useConfirm,
  usePagedList,
} from "../../components/index.ts";
import { type Account, SUP, type Supplier, suppliersApi, type SupplierSyncReport } from "./api.ts";
import { SupplierDialog } from "./SupplierDialog.tsx";
import {
  IntroduceDialog,
  PasswordIssuedDialog,
  PortalPasswordDialog,
  SyncReportDialog,
} from "./SupplierListDialogs.tsx";
import { SUPPLIER_PAGE } from "./qualifications.ts";
import { DayAndTime } from "../../../shared/ClosingTime.tsx";
import { formatTime } from "../../../shared/time.ts";

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

export default function SupplierList() {
  const { t } = useTranslation();
  const sf = (k: string) => t(`suppliers.fields.${k}`);
  const s = (k: string, p: Record<string, unknown> = {}) => t(`suppliersPage.${k}`, p);
  const list = usePagedList(suppliersApi.list, { initialQuery: emptyQuery });
  const [confirmElement, confirm] = useConfirm();
  const [editing, setEditing] = useState<Supplier | "new" | null>(null);
  const [introducing, setIntroducing] = useState(false);
  const [report, setReport] = useState<SupplierSyncReport | null>(null);
  const [runSync, syncing] = useAction();
  // Unknown until asked: the buttons stay on, and the server's 503 would tell.
  const [erp, setErp] = useState(true);
  useEffect(() => {
    suppliersApi.erpConnection().then((r) => setErp(r.connected)).catch(() => {});
  }, []);
  const importInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState<Supplier | null>(null);
  const [issued, setIssued] = useState<Account | null>(null);

  async function sync() {
    if (!(await confirm({ text: t("sync.confirm"), danger: false }))) return;
    await runSync(async () => {
      setReport(await suppliersApi.syncFromErp());
      list.reload();
    });
  }

  /** The same batch introduction from an .xlsx or .csv file in the ERP's columns. */
  async function importFile(file: File | undefined) {
    if (importInput.current) importInput.current.value = "";
    if (!file || !(await confirm({ text: t("sync.confirm"), danger: false }))) return;
    await runSync(async () => {
      setReport(await suppliersApi.importFile(file));
      list.reload();
    });
  }

  async function remove(row: Supplier) {
    if (!(await confirm())) return;
    try {
      const r = await suppliersApi.remove(row.id);
      message.success(r.deleted ? t("ui.deleted") : t("suppliers.invalidated"));
      list.reload();
    } catch (err) {
      message.error(`${t("ui.deleteFailed")}: ${(err as Error).message}`);
    }
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
            onClick={() => setIntroducing(true)}
            disabled={!erp}
            title={erp ? undefined : s("noErp")}
            data-testid="introduce"
          >
            {s("introduce")}
          </button>
          <button
            type="button"
            className="btn btn-default"
            onClick={sync}
            disabled={syncing || !erp}
            title={erp ? undefined : s("noErp")}
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
            // The supplier's page (certificates and performance): the code is its link.
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
          // Names, contacts, emails and the time wrap when the page is narrow, so the table fits
          // beside its row actions at 1280 px instead of sliding under them. The portal sign-in
          // has no column: it is the supplier's code, and the row offers "Create sign-in" when
          // there is none.
          { key: "abbrName", title: sf("abbrName"), sortField: "abbrName" },
          {
            key: "fullName",
            title: sf("fullName"),
            sortField: "fullName",
            className: "min-w-36 text-slate-900",
          },
          {
            key: "status",
            title: sf("status"),
            nowrap: true,
            render: (r) => (
              <span className="flex flex-col items-start gap-1">
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
              <div className="min-w-28 space-y-0.5 text-xs [overflow-wrap:anywhere]">
                {[r.email1, r.email2, r.email3].filter(Boolean).map((e) => (
                  // A narrow column breaks an address after its @ first.
                  <div key={e}>
                    {e!.slice(0, e!.indexOf("@") + 1)}
                    <wbr />
                    {e!.slice(e!.indexOf("@") + 1)}
                  </div>
                ))}
              </div>
            ),
          },
          {
            key: "lastModificationTime",
            title: sf("lastModificationTime"),
            sortField: "lastModificationTime",
            wrapTitle: true,
            className: "tabular-nums",
            render: (r) => <DayAndTime text={formatTime(r.lastModificationTime)} />,
          },
          {
            key: "actions",
            title: t("ui.actions"),
            render: (r) => (
              <EditDeleteActions
                onEdit={() => setEditing(r)}
                onDelete={() => remove(r)}
              >
                <RowAction
                  onClick={() => setPassword(r)}
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

      <IntroduceDialog
        open={introducing}
        onClose={() => setIntroducing(false)}
        onDone={() => {
          setIntroducing(false);
          list.reload();
        }}
      />
      <SyncReportDialog report={report} onClose={() => setReport(null)} />
      <PortalPasswordDialog
        supplier={password}
        onClose={() => setPassword(null)}
        onDone={(account) => {
          setPassword(null);
          if (account.password) setIssued(account);
          list.reload();
        }}
      />
      <PasswordIssuedDialog issued={issued} onClose={() => setIssued(null)} />
      {confirmElement}
    </ListPage>
  );
}
