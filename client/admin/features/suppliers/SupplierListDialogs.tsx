// The supplier list's smaller dialogs: introduce one supplier from the ERP by code, the summary of a
// batch introduction, setting a portal password, and the password shown once.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { DataTable, Field, FormDialog, inputClass } from "../../components/index.ts";
import { type Account, type Supplier, suppliersApi, type SupplierSyncReport } from "./api.ts";

export function IntroduceDialog(
  { open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void },
) {
  const { t } = useTranslation();
  const sf = (k: string) => t(`suppliers.fields.${k}`);
  const s = (k: string, p: Record<string, unknown> = {}) => t(`suppliersPage.${k}`, p);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [run, busy] = useAction();
  useEffect(() => {
    if (!open) return;
    setCode("");
    setError("");
  }, [open]);

  async function submit() {
    if (!code.trim()) return setError(t("ui.required", { field: sf("code") }));
    await run(async () => {
      const r = await suppliersApi.introduce(code.trim());
      message.success(
        s("introduced", { code: r.supplier.code, outcome: t(`sync.outcome.${r.outcome}`) }),
      );
      onDone();
    }, (err) => setError(err instanceof Error ? err.message : t("errors.error")));
  }

  return (
    <FormDialog
      open={open}
      title={s("introduce")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      size="sm"
      testId="introduce-dialog"
    >
      <Field
        label={sf("code")}
        htmlFor="intro-code"
        error={error}
        required
        hint={s("introduceHint")}
      >
        <input
          id="intro-code"
          className={inputClass(error)}
          value={code}
          autoFocus
          onChange={(e) => {
            setCode(e.target.value);
            setError("");
          }}
        />
      </Field>
    </FormDialog>
  );
}

export function SyncReportDialog(
  { report, onClose }: { report: SupplierSyncReport | null; onClose: () => void },
) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={!!report}
      title={t("suppliersPage.syncResult")}
      onClose={onClose}
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
  );
}

/** Sets a supplier's portal password (creating its portal sign-in first when it has none). */
export function PortalPasswordDialog(
  { supplier, onClose, onDone }: {
    supplier: Supplier | null;
    onClose: () => void;
    onDone: (account: Account) => void;
  },
) {
  const { t } = useTranslation();
  const s = (k: string) => t(`suppliersPage.${k}`);
  const [value, setValue] = useState("");
  const [run, busy] = useAction();
  useEffect(() => setValue(""), [supplier]);

  async function submit() {
    if (!supplier) return;
    await run(async () => {
      const account = await suppliersApi.portalPassword(supplier, value);
      message.success(t("ui.saved"));
      onDone(account);
    });
  }

  return (
    <FormDialog
      open={!!supplier}
      title={`${supplier?.portalUserName ? s("password") : s("createPortal")} · ${
        supplier?.code ?? ""
      }`}
      onClose={onClose}
      onSubmit={submit}
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
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}

/** A generated portal password, shown once. */
export function PasswordIssuedDialog(
  { issued, onClose }: { issued: Account | null; onClose: () => void },
) {
  const { t } = useTranslation();
  const s = (k: string) => t(`suppliersPage.${k}`);
  return (
    <FormDialog
      open={!!issued}
      title={s("passwordIssued")}
      onClose={onClose}
      size="sm"
      testId="password-issued"
    >
      <p className="text-sm text-slate-600">{s("passwordOnce")}</p>
      <dl className="mt-3 grid grid-cols-[6rem_1fr] gap-y-1 text-sm">
        <dt className="text-slate-500">{t("suppliers.fields.portalUserName")}</dt>
        <dd className="font-mono">{issued?.userName}</dd>
        <dt className="text-slate-500">{s("newPassword")}</dt>
        <dd className="font-mono select-all" data-testid="issued-password">
          {issued?.password}
        </dd>
      </dl>
    </FormDialog>
  );
}
