// The error log as a page of the menu.
import { useTranslation } from "react-i18next";
import { ErrorLogTable } from "../../layout/ErrorLog.tsx";

export default function ErrorLogPage() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <div className="border-b border-slate-100 px-4 py-3">
        <h2 className="font-semibold text-slate-900">{t("shell.errorLog.title")}</h2>
        <p className="text-xs text-slate-500">{t("shell.errorLog.hint")}</p>
      </div>
      <ErrorLogTable />
    </div>
  );
}
