// Placeholder for a screen of the menu that is not built yet.
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Icon } from "../../shared/icons.tsx";

export default function Coming({ title }: { title: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="card flex flex-col items-center px-6 py-16 text-center" data-testid="coming">
      <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary">
        <Icon name="construction" className="size-7" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">
        {t("shell.coming.title", { page: title })}
      </h2>
      <p className="mt-2 max-w-md text-sm text-slate-500">{t("shell.coming.body")}</p>
      <code className="mt-4 rounded bg-slate-100 px-2 py-1 text-xs text-slate-500">{pathname}</code>
    </div>
  );
}
