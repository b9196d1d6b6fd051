// The query form row above a list: labelled inputs, Search and Reset; Enter in any input searches.
import type { FormEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
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

/** What a bound query control needs of a list: the query being edited and how to set it. */
export type DraftBinding<Q> = { draft: Q; setDraft: (next: (prev: Q) => Q) => void };

/** What every bound query control takes: its member of the query, its id, label and width. */
type QueryControlProps<Q, K extends keyof Q> = {
  list: DraftBinding<Q>;
  name: K;
  id: string;
  label: ReactNode;
  width?: string;
  /** More classes of the control. */
  controlClass?: string;
};
type Native<A> = Omit<A, "id" | "name" | "value" | "onChange" | "className" | "form" | "list">;
type StringKeys<Q> = { [K in keyof Q]-?: Q[K] extends string ? K : never }[keyof Q];

/** A query control's id, class, value and change (which sets its member of the draft). */
function draftControl<Q, K extends keyof Q>(
  { list, name, id, controlClass }: QueryControlProps<Q, K>,
) {
  return {
    id,
    className: controlClass ? `input ${controlClass}` : "input",
    value: list.draft[name] as string,
    onChange: (e: { target: { value: string } }) =>
      list.setDraft((d) => ({ ...d, [name]: e.target.value })),
  };
}

/** A labelled text input of the query form, bound to one member of the list's draft query. */
export function QueryText<Q, K extends StringKeys<Q>>(
  props: QueryControlProps<Q, K> & Native<InputHTMLAttributes<HTMLInputElement>>,
) {
  const { list: _, name: __, id, label, width, controlClass: ___, ...rest } = props;
  return (
    <QueryField label={label} htmlFor={id} width={width}>
      <input {...rest} {...draftControl(props)} />
    </QueryField>
  );
}

/**
 * A labelled select of the query form, bound to one member of the list's draft query: "All" (the
 * empty value) first, then `options` (value and label), then any option children.
 */
export function QuerySelect<Q, K extends StringKeys<Q>>(
  props:
    & QueryControlProps<Q, K>
    & { options?: readonly (readonly [value: string, label: ReactNode])[] }
    & Native<SelectHTMLAttributes<HTMLSelectElement>>,
) {
  const { t } = useTranslation();
  const { list: _, name: __, id, label, width, controlClass: ___, options, children, ...rest } =
    props;
  return (
    <QueryField label={label} htmlFor={id} width={width}>
      <select {...rest} {...draftControl(props)}>
        <option value="">{t("ui.all")}</option>
        {options?.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
        {children}
      </select>
    </QueryField>
  );
}

/** The keyword field of a list whose query has a `keyword`. */
export function KeywordField<Q extends { keyword: string }>(
  { list, id, placeholder, width = "w-56" }: {
    list: DraftBinding<Q>;
    id: string;
    /** Omitted: the common "name, code …" hint. */
    placeholder?: string;
    width?: string;
  },
) {
  const { t } = useTranslation();
  return (
    <QueryText
      list={list}
      name={"keyword" as StringKeys<Q>}
      id={id}
      label={t("ui.keyword")}
      width={width}
      placeholder={placeholder ?? t("ui.keywordPlaceholder")}
    />
  );
}
