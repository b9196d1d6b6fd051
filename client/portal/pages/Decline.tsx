// Declining to quote: while the first quotation is open and before it has quoted, a supplier says it
// will not quote, with a reason (and its own words for "Other"); the buyer is told and no reminders
// follow. While quoting is still open it may withdraw the decline and quote after all.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../shared/time.ts";
import type { ApiError } from "../../shared/api.ts";
import { type CodeOption, portalApi, type ProjectDetail } from "../data.ts";
import { Card } from "../parts.tsx";

const OTHER = "OTHER";

export function DeclineCard(
  { detail, quoted, reload }: {
    detail: ProjectDetail;
    quoted: boolean;
    reload: () => Promise<void>;
  },
) {
  const { t, i18n } = useTranslation();
  const [reasons, setReasons] = useState<CodeOption[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const decline = detail.decline;
  // A decline speaks to the first quotation, before a quote and while it is open (or to show it).
  const canDecline = detail.round === 0 && detail.canSubmit && !quoted;
  useEffect(() => {
    if (canDecline || decline) portalApi.declineReasons().then(setReasons).catch(() => {});
  }, [canDecline, !!decline]);
  if (!decline && !canDecline) return null;

  const nameOf = (code: string) => {
    const o = reasons.find((r) => r.code === code);
    return o ? (i18n.language === "en" ? o.nameEn || o.name : o.name) : code;
  };

  async function withdraw() {
    setBusy(true);
    try {
      await portalApi.withdrawDecline(detail.id);
      await reload();
    } catch { /* the API client showed the reason */ }
    setBusy(false);
  }

  return (
    <Card title={t("declines.title")} testId="decline-card">
      <div className="space-y-3 px-4 py-3 text-sm">
        {decline
          ? (
            <>
              <p className="text-slate-700" data-testid="declined-note">
                {t("declines.youDeclined", { time: formatTime(decline.at) })}
              </p>
              <p className="text-slate-600">
                <span className="text-slate-500">{t("declines.reason")}:</span>{" "}
                {nameOf(decline.reason)}
                {decline.text ? ` — ${decline.text}` : ""}
              </p>
              {detail.canSubmit && (
                <button
                  type="button"
                  className="btn btn-default w-full sm:w-auto"
                  disabled={busy}
                  onClick={withdraw}
                  data-testid="withdraw-decline"
                >
                  {t("declines.withdraw")}
                </button>
              )}
            </>
          )
          : (
            <>
              <p className="text-slate-600">{t("declines.hint")}</p>
              <button
                type="button"
                className="btn btn-default w-full sm:w-auto"
                onClick={() => setOpen(true)}
                data-testid="decline-open"
              >
                {t("declines.action")}
              </button>
            </>
          )}
      </div>
      <DeclineDialog
        open={open}
        reasons={reasons}
        nameOf={nameOf}
        offProId={detail.id}
        onClose={async (done) => {
          setOpen(false);
          if (done) await reload();
        }}
      />
    </Card>
  );
}

function DeclineDialog(
  { open, reasons, nameOf, offProId, onClose }: {
    open: boolean;
    reasons: CodeOption[];
    nameOf: (code: string) => string;
    offProId: number;
    onClose: (done: boolean) => void;
  },
) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ids = useId();

  async function send() {
    setError("");
    if (!reason) return setError(t("declines.reasonRequired"));
    if (reason === OTHER && !text.trim()) return setError(t("declines.textRequired"));
    setBusy(true);
    try {
      await portalApi.decline(offProId, reason, text.trim() || undefined);
      setReason("");
      setText("");
      onClose(true);
    } catch (e) {
      setError((e as ApiError).message);
    }
    setBusy(false);
  }

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      className="relative z-[60]"
      initialFocus={cancelRef}
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[10vh]">
        <DialogPanel
          className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl ring-1 ring-slate-200"
          data-testid="decline-dialog"
        >
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t("declines.dialogTitle")}
          </DialogTitle>
          <p className="mt-1 text-sm text-slate-600">{t("declines.dialogText")}</p>
          <fieldset className="mt-4 space-y-2">
            <legend className="text-sm font-medium text-slate-700">{t("declines.reason")}</legend>
            {reasons.map((r) => (
              <label key={r.code} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name={`${ids}-reason`}
                  value={r.code}
                  checked={reason === r.code}
                  onChange={() =>
                    setReason(r.code)}
                  className="size-4 accent-primary"
                  data-testid={`decline-reason-${r.code}`}
                />
                {nameOf(r.code)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-text`} className="mt-3 block text-sm font-medium text-slate-700">
            {reason === OTHER ? t("declines.textOther") : t("declines.text")}
          </label>
          <textarea
            id={`${ids}-text`}
            className="input mt-1 w-full"
            rows={3}
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="decline-text"
          />
          {error && (
            <p className="mt-2 text-sm text-red-700" role="alert" data-testid="decline-error">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              ref={cancelRef}
              type="button"
              className="btn btn-default"
              onClick={() => onClose(false)}
            >
              {t("declines.cancel")}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={send}
              data-testid="decline-send"
            >
              {t("declines.confirm")}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
