// The buttons above a table: add, export (with "exporting" while it runs and the spec's messages),
// and any others a page needs; plus the small row-action links of tables.
import type { ReactNode } from "react";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import { api, ApiError, saveBlob } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { message } from "../../shared/messages.ts";
import { Spinner } from "../../shared/ui.tsx";
import { useAction } from "../../shared/useAction.ts";

export function Toolbar({ children, right }: { children?: ReactNode; right?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="toolbar">
      {children}
      {right && <div className="ml-auto flex items-center gap-2">{right}</div>}
    </div>
  );
}

export function AddButton(
  { onClick, label, disabled }: { onClick: () => void; label?: ReactNode; disabled?: boolean },
) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={onClick}
      disabled={disabled}
      data-testid="add"
    >
      <Icon name="plus" className="size-3.5" />
      {label ?? t("ui.add")}
    </button>
  );
}

/**
 * Downloads an export: shows "exporting" while it runs, then "export successfully"; an empty
 * result (the server's 404) shows "no records can be exported".
 */
export function ExportButton(
  { path, params, fileName, label, disabled }: {
    path: string;
    params?: Record<string, unknown>;
    fileName: string;
    label?: ReactNode;
    disabled?: boolean;
  },
) {
  const { t } = useTranslation();
  const [run, busy] = useAction();
  const exportRows = () =>
    run(async () => {
      const file = await api.download(path, params, { silent: true });
      if (!file.blob.size) {
        message.warning(t("ui.noRecordsToExport"));
        return;
      }
      saveBlob(file, fileName);
      message.success(t("ui.exported"));
    }, (err) => {
      if (err instanceof ApiError && err.status === 404) message.warning(t("ui.noRecordsToExport"));
      else message.error(err instanceof Error ? err.message : t("errors.error"));
    });
  return (
    <button
      type="button"
      className="btn btn-default"
      onClick={exportRows}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-testid="export"
    >
      {busy ? <Spinner className="size-3.5" /> : <Icon name="download" className="size-3.5" />}
      {busy ? t("ui.exporting") : label ?? t("ui.export")}
    </button>
  );
}

/** A compact text button for the actions column of a table. */
export function RowAction(
  { onClick, children, danger, disabled, title, testId }: {
    onClick: () => void;
    children: ReactNode;
    danger?: boolean;
    disabled?: boolean;
    title?: string;
    testId?: string;
  },
) {
  return (
    <button
      type="button"
      title={title}
      disabled={disabled}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      className={`rounded px-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40 ${
        danger ? "text-red-700 hover:text-red-800" : "text-primary hover:text-primary-700"
      }`}
    >
      {children}
    </button>
  );
}

/** The actions cell: row actions side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-2 whitespace-nowrap">{children}</div>;
}

/**
 * A row's less frequent actions behind "More" (test id "more"), so that a table with many actions
 * keeps its room for the data; each item is a RowMenuItem.
 */
export function RowMore({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuButton
        className="inline-flex items-center gap-0.5 rounded px-1 text-sm font-medium text-primary hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="more"
        onClick={(e) => e.stopPropagation()}
      >
        {t("ui.more")}
        <Icon name="chevronDown" className="size-3.5" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="menu-panel [--anchor-gap:4px]">
        {children}
      </MenuItems>
    </Menu>
  );
}

/** One action in a row's "More" menu. */
export function RowMenuItem(
  { onClick, children, danger, testId }: {
    onClick: () => void;
    children: ReactNode;
    danger?: boolean;
    testId?: string;
  },
) {
  return (
    <MenuItem>
      <button
        type="button"
        className={`menu-item ${danger ? "text-red-600 data-focus:text-red-700" : ""}`}
        data-testid={testId}
        onClick={(e) => {
          // The menu stands in a portal, but React still passes the click up to the row.
          e.stopPropagation();
          onClick();
        }}
      >
        {children}
      </button>
    </MenuItem>
  );
}

/**
 * The actions cell of a row that can be edited and deleted (test ids "edit" and "delete", with
 * `testIdSuffix`); `children` stand between the two.
 */
export function EditDeleteActions(
  { onEdit, onDelete, deleteDisabled, deleteTitle, testIdSuffix = "", children }: {
    onEdit: () => void;
    onDelete: () => void;
    deleteDisabled?: boolean;
    deleteTitle?: string;
    testIdSuffix?: string;
    children?: ReactNode;
  },
) {
  const { t } = useTranslation();
  return (
    <RowActions>
      <RowAction onClick={onEdit} testId={`edit${testIdSuffix}`}>{t("ui.edit")}</RowAction>
      {children}
      <RowAction
        danger
        disabled={deleteDisabled}
        title={deleteTitle}
        onClick={onDelete}
        testId={`delete${testIdSuffix}`}
      >
        {t("ui.delete")}
      </RowAction>
    </RowActions>
  );
}

/** A table cell's value, or a grey dash when it is empty. */
export function orDash(value: ReactNode) {
  return value || <span className="text-slate-400">—</span>;
}

/** A small status pill (active / inactive, sent / failed …). */
export function Badge(
  { tone = "slate", children }: {
    tone?: "green" | "red" | "amber" | "blue" | "slate";
    children: ReactNode;
  },
) {
  const tones = {
    green: "bg-emerald-50 text-emerald-700 ring-emerald-200",
    red: "bg-red-50 text-red-700 ring-red-200",
    amber: "bg-amber-50 text-amber-800 ring-amber-200",
    blue: "bg-primary-50 text-primary-700 ring-primary-200",
    slate: "bg-slate-100 text-slate-600 ring-slate-200",
  };
  return (
    <span
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs whitespace-nowrap ring-1 ring-inset ${
        tones[tone]
      }`}
    >
      {children}
    </span>
  );
}
