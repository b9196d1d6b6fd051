// The error log: uncaught errors and failed calls (kept in production builds), with time,
// message and page; a header button with a count opens it.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { errorLog } from "../../shared/messages.ts";
import { useStore } from "../../shared/store.ts";
import { formatTime } from "../../shared/time.ts";

export function ErrorLogTable() {
  const { t } = useTranslation();
  const entries = useStore(errorLog);
  if (entries.length === 0) {
    return <p className="py-10 text-center text-sm text-slate-500">{t("shell.errorLog.empty")}</p>;
  }
  return (
    <div
      className="max-h-[600px] overflow-auto focus-visible:outline-2 focus-visible:outline-primary"
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" data-testid="error-log-table">
        <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2 font-medium">{t("shell.errorLog.time")}</th>
            <th className="px-3 py-2 font-medium">{t("shell.errorLog.kind")}</th>
            <th className="px-3 py-2 font-medium">{t("shell.errorLog.message")}</th>
            <th className="px-3 py-2 font-medium">{t("shell.errorLog.page")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...entries].reverse().map((e) => (
            <tr key={e.id} className="align-top">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums text-slate-500">
                {formatTime(e.time)}
              </td>
              <td className="px-3 py-2">
                <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700">
                  {t(`shell.errorLog.kinds.${e.kind}`)}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-800">
                {e.message}
                {e.detail && (
                  <p className="mt-0.5 break-all font-mono text-xs text-slate-400">
                    {e.detail.split("\n")[0]}
                  </p>
                )}
                {e.detail?.includes("\n") && (
                  <details className="mt-0.5 text-xs text-slate-500">
                    <summary className="cursor-pointer">{t("shell.errorLog.stack")}</summary>
                    <pre className="whitespace-pre-wrap break-all font-mono">
                      {e.detail.split("\n").slice(1).join("\n")}
                    </pre>
                  </details>
                )}
              </td>
              <td className="px-3 py-2 font-mono text-xs text-slate-500">{e.page}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useStore(errorLog);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="icon-btn relative text-red-500"
        onClick={() => setOpen(true)}
        title={t("shell.errorLog.title")}
        data-testid="error-log-button"
      >
        <Icon name="bug" />
        <span className="sr-only">{t("shell.errorLog.title")}</span>
        <span className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-red-500 px-1 text-[10px] leading-4 text-white">
          {entries.length}
        </span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
        <div className="fixed inset-0 flex items-start justify-center p-4 pt-[10vh]">
          <DialogPanel className="card w-full max-w-4xl">
            <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
              <DialogTitle className="font-semibold text-slate-900">
                {t("shell.errorLog.title")}
              </DialogTitle>
              <div className="flex gap-2">
                <button type="button" className="btn btn-default" onClick={() => errorLog.set([])}>
                  {t("shell.errorLog.clear")}
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  onClick={() => setOpen(false)}
                  aria-label={t("shell.close")}
                >
                  <Icon name="close" />
                </button>
              </div>
            </div>
            <ErrorLogTable />
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
