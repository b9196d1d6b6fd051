// The confirmation dialog (spec §5: "this operation will delete this record, continue?"), used
// as `const [confirmElement, confirm] = useConfirm(); if (await confirm()) …`.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";

type Ask = { text: ReactNode; title?: ReactNode; okLabel?: ReactNode; danger?: boolean };

function ConfirmDialog(
  { open, ask, onAnswer }: { open: boolean; ask: Ask | null; onAnswer: (ok: boolean) => void },
) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => onAnswer(false)}
      className="relative z-[60]"
      initialFocus={okRef}
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[18vh]">
        <DialogPanel
          className="w-full max-w-sm rounded-lg bg-white p-5 shadow-xl ring-1 ring-slate-200"
          data-testid="confirm-dialog"
          role="alertdialog"
        >
          <div className="flex gap-3">
            <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600">
              <Icon name="warning" className="size-5" />
            </span>
            <div className="min-w-0">
              <DialogTitle className="text-base font-semibold text-slate-900">
                {ask?.title ?? t("ui.confirmTitle")}
              </DialogTitle>
              <p className="mt-1.5 text-sm text-slate-600" data-testid="confirm-text">
                {ask?.text}
              </p>
            </div>
          </div>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn btn-default" onClick={() => onAnswer(false)}>
              {t("ui.cancel")}
            </button>
            <button
              ref={okRef}
              type="button"
              className={`btn ${
                ask?.danger === false ? "btn-primary" : "bg-red-600 text-white hover:bg-red-700"
              }`}
              onClick={() => onAnswer(true)}
              data-testid="confirm-ok"
            >
              {ask?.okLabel ?? t("ui.ok")}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A confirm dialog driven by a promise; the default text is the spec's delete confirmation. */
export function useConfirm(): [ReactNode, (ask?: Partial<Ask>) => Promise<boolean>] {
  const { t } = useTranslation();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback((a?: Partial<Ask>) => {
    resolver.current?.(false);
    setAsk({ text: t("ui.confirmDelete"), ...a });
    setOpen(true);
    return new Promise<boolean>((resolve) => (resolver.current = resolve));
  }, [t]);
  const onAnswer = (ok: boolean) => {
    setOpen(false);
    resolver.current?.(ok);
    resolver.current = null;
  };
  return [<ConfirmDialog key="confirm" open={open} ask={ask} onAnswer={onAnswer} />, confirm];
}
