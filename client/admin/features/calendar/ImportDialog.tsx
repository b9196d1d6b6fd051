// Importing a year's official schedule: the chosen file is first read by the server without
// changing anything (dryRun), its years and days shown, and only the confirmation loads it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { FormDialog } from "../../components/index.ts";
import { calendarApi, type ImportReport } from "./api.ts";
import { KindSwatch } from "./YearGrid.tsx";

export function ImportDialog(
  { file, report, onClose, onImported }: {
    file: File;
    report: ImportReport;
    onClose: () => void;
    onImported: (report: ImportReport) => void;
  },
) {
  const { t } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`calendarPage.${k}`, p);
  const [run, busy] = useAction();
  const [error, setError] = useState("");

  const confirm = () =>
    run(async () => {
      const done = await calendarApi.importFile(file, false);
      message.success(c("imported", { file: done.fileName }));
      onImported(done);
    }, (err) => setError(err instanceof Error ? err.message : t("errors.error")));

  return (
    <FormDialog
      open
      size="lg"
      title={c("previewTitle", { file: report.fileName })}
      onClose={onClose}
      onSubmit={confirm}
      busy={busy}
      submitLabel={c("confirmImport")}
      testId="calendar-import-dialog"
    >
      <p className="mb-3 text-sm text-slate-600">{c("previewIntro")}</p>
      <ul className="mb-4 space-y-1.5 text-sm" data-testid="import-years">
        {report.years.map((y) => (
          <li key={y.year} className="rounded bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
            <span className="font-semibold text-slate-900">{y.year}</span>{" "}
            {c(y.action === "replace" ? "willReplace" : "willAdd", {
              holidays: y.holidays,
              workdays: y.workdays,
            })}{" "}
            <span className="text-slate-500">
              {y.before.loaded
                ? c("before", { holidays: y.before.holidays, workdays: y.before.workdays })
                : c("beforeNone")}
            </span>
          </li>
        ))}
      </ul>
      <div className="max-h-72 overflow-y-auto rounded ring-1 ring-slate-200">
        <table className="w-full text-sm" data-testid="import-days">
          <thead className="sticky top-0 bg-slate-50 text-left text-xs text-slate-500">
            <tr>
              <th className="px-3 py-1.5 font-medium">{c("date")}</th>
              <th className="px-3 py-1.5 font-medium">{c("kind")}</th>
              <th className="px-3 py-1.5 font-medium">{c("name")}</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((d) => (
              <tr key={d.date} className="border-t border-slate-100">
                <td className="px-3 py-1 tabular-nums">{d.date}</td>
                <td className="px-3 py-1">
                  <span className="inline-flex items-center gap-1.5">
                    <KindSwatch kind={d.kind} />
                    {c(`kinds.${d.kind}`)}
                  </span>
                </td>
                <td className="px-3 py-1">{d.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p className="mt-3 text-sm text-red-600" role="alert" data-testid="import-error">{error}</p>
      )}
    </FormDialog>
  );
}
