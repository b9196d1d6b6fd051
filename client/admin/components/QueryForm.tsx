// The query form row above a list: labelled inputs, Search and Reset; Enter in any input searches.
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";

export function QueryForm(
  { onSearch, onReset, children, testId = "query-form" }: {
    onSearch: () => void;
    onReset: () => void;
    children: ReactNode;
    testId?: string;
  },
) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-x-4 gap-y-2"
      data-testid={testId}
    >
      {children}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" data-testid="search">
          <Icon name="search" className="size-3.5" />
          {t("ui.search")}
        </button>
        <button type="button" className="btn btn-default" onClick={onReset} data-testid="reset">
          <Icon name="refresh" className="size-3.5" />
          {t("ui.reset")}
        </button>
      </div>
    </form>
  );
}

/** One labelled control of the query form (label above, fixed width so the row aligns). */
export function QueryField(
  { label, htmlFor, children, width = "w-48" }: {
    label: ReactNode;
    htmlFor: string;
    children: ReactNode;
    width?: string;
  },
) {
  return (
    <div className={width}>
      <label htmlFor={htmlFor} className="mb-1 block text-xs font-medium text-slate-500">
        {label}
      </label>
      {children}
    </div>
  );
}
