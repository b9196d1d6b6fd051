// The add/edit dialog (Headless UI) and its fields, with each field's error shown beside it —
// from client-side checks or from the server's validationErrors[].members.
import type { TFunction } from "i18next";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { type FormEvent, type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { message } from "../../shared/messages.ts";
import { Spinner } from "../../shared/ui.tsx";

export type FieldErrors = Record<string, string>;

const widths = { sm: "max-w-md", md: "max-w-xl", lg: "max-w-3xl", xl: "max-w-5xl" };

export function FormDialog(
  { open, title, onClose, onSubmit, busy, children, size = "md", submitLabel, testId, footer }: {
    open: boolean;
    title: ReactNode;
    onClose: () => void;
    /** Omitted: a read-only dialog with only a Close button. */
    onSubmit?: () => void;
    busy?: boolean;
    children: ReactNode;
    size?: keyof typeof widths;
    submitLabel?: ReactNode;
    testId?: string;
    footer?: ReactNode;
  },
) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit?.();
  };
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:pt-[8vh]">
        <DialogPanel
          className={`w-full ${widths[size]} rounded-lg bg-white shadow-xl ring-1 ring-slate-200`}
          data-testid={testId ?? "form-dialog"}
        >
          <form onSubmit={submit} noValidate>
            <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
              <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
              <button
                type="button"
                className="icon-btn -mr-2"
                onClick={onClose}
                aria-label={t("shell.close")}
              >
                <Icon name="close" />
              </button>
            </div>
            <div className="max-h-[70vh] overflow-y-auto px-5 py-4">{children}</div>
            <div className="flex items-center justify-end gap-2 border-t border-slate-100 px-5 py-3">
              {footer}
              <button type="button" className="btn btn-default" onClick={onClose} disabled={busy}>
                {onSubmit ? t("ui.cancel") : t("shell.close")}
              </button>
              {onSubmit && (
                <button
                  type="submit"
                  className="btn btn-primary min-w-20"
                  disabled={busy}
                  data-testid="dialog-submit"
                >
                  {busy && <Spinner className="size-4" />}
                  {submitLabel ?? t("ui.ok")}
                </button>
              )}
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * One labelled control in a dialog: label on the left (aligned across the form), the control,
 * and the field's error under it. `name` is the API's member name the server reports.
 */
export function Field(
  { label, name, htmlFor, error, required, hint, children, className = "" }: {
    label: ReactNode;
    name?: string;
    htmlFor?: string;
    error?: string;
    required?: boolean;
    hint?: ReactNode;
    children: ReactNode;
    className?: string;
  },
) {
  return (
    <div
      className={`grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[8.5rem_1fr] ${className}`}
      data-field={name}
    >
      <label
        htmlFor={htmlFor}
        className="pt-1.5 text-sm text-slate-600 sm:text-right"
      >
        {required && <span className="mr-0.5 text-red-500" aria-hidden="true">*</span>}
        {label}
      </label>
      <div className="min-w-0">
        {children}
        {error
          ? (
            <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
              {error}
            </p>
          )
          : hint
          ? <p className="mt-1 text-xs text-slate-500">{hint}</p>
          : null}
      </div>
    </div>
  );
}

/** Input class with the error ring when the field has an error. */
export const inputClass = (error?: string, extra = "") =>
  `input ${error ? "ring-red-400 focus:ring-red-500" : ""} ${extra}`;

/** Field errors of a dialog, filled by client-side checks or by the server's validation errors. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = useCallback(() => setErrors({}), []);
  const clearField = useCallback(
    (name: string) =>
      setErrors((e) => {
        if (!(name in e)) return e;
        const { [name]: _, ...rest } = e;
        return rest;
      }),
    [],
  );
  return { errors, setErrors, clear, clearField };
}

/**
 * The server's validation errors by field (a member's first path segment, case-insensitive
 * against the known field names); messages without a known field come back under "".
 */
export function fieldErrorsOf(err: unknown, fields: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  if (!(err instanceof ApiError)) return out;
  for (const v of err.body?.validationErrors ?? []) {
    const members = v.members?.length ? v.members : [""];
    for (const m of members) {
      const head = m.split(/[.[]/)[0];
      const field = fields.find((f) => f.toLowerCase() === head.toLowerCase()) ?? "";
      if (!out[field]) out[field] = v.message;
    }
  }
  return out;
}

/** The failure's field errors, or when it names no field, its whole message as the dialog's own error. */
export function dialogErrorsOf(err: unknown, fields: readonly string[]): FieldErrors {
  const byField = fieldErrorsOf(err, fields);
  return Object.keys(byField).length ? byField : { "": err instanceof Error ? err.message : "" };
}

/**
 * Runs a save: "saved successfully" when it works; otherwise "save failed" with the server's
 * reason, and the field errors handed to `onFieldErrors`. Answers whether it worked.
 */
export async function runSave(
  t: (key: string) => string,
  action: () => Promise<unknown>,
  opts: { fields?: readonly string[]; onFieldErrors?: (e: FieldErrors) => void } = {},
): Promise<boolean> {
  try {
    await action();
    message.success(t("ui.saved"));
    return true;
  } catch (err) {
    const fieldErrors = fieldErrorsOf(err, opts.fields ?? []);
    const { "": _, ...byField } = fieldErrors;
    if (Object.keys(byField).length) opts.onFieldErrors?.(byField);
    const reason = err instanceof Error ? err.message : "";
    message.error(reason ? `${t("ui.saveFailed")}: ${reason}` : t("ui.saveFailed"));
    return false;
  }
}

/** Runs a delete: "deleted successfully", or "delete failed" with the server's reason. */
export async function runDelete(
  t: (key: string) => string,
  action: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await action();
    message.success(t("ui.deleted"));
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : "";
    message.error(reason ? `${t("ui.deleteFailed")}: ${reason}` : t("ui.deleteFailed"));
    return false;
  }
}

/** Required-field check for dialogs: the locale's "{{field}} is required" beside each empty one. */
export function requiredErrors(
  t: TFunction,
  checks: Record<string, [value: unknown, label: string]>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, [value, label]] of Object.entries(checks)) {
    const empty = value === undefined || value === null ||
      (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && !value.length);
    if (empty) out[name] = t("ui.required", { field: label });
  }
  return out;
}
