// The quotation upload: one file per submission, checked before sending by the server's rules,
// sent with a progress bar; the server's answer (or refusal) is shown after. Closed at the deadline.
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { message } from "../../shared/messages.ts";
import { Spinner } from "../../shared/ui.tsx";
import { ACCEPTED_EXTENSIONS } from "../../../server/domain/files/detect.ts";
import { checkFile, formatSize, submitQuote } from "../data.ts";
import type { LinesToSend } from "./QuoteLines.tsx";

export function UploadBox(
  {
    offProId,
    round,
    open,
    closedText,
    maxUploadMb,
    replacing,
    onDone,
    onSubmitted,
    lines,
    problems,
    sheet,
    packVersion,
  }: {
    offProId: number;
    round: number;
    /** The request version the supplier is looking at. */
    packVersion?: number | null;
    open: boolean;
    /** Why the upload is closed (shown while it is). */
    closedText: string;
    maxUploadMb: number;
    replacing: boolean;
    onDone: () => Promise<void>;
    /** After a submission the server accepted. */
    onSubmitted?: () => void;
    /** The price sheet the lines come from, when they come from one. */
    sheet?: { file: string; count: number } | null;
    /** The priced lines to send with the file, the summary of their problems, and the refusal. */
    lines?: () => LinesToSend;
    /** The list of the lines' problems, shown by Submit in place of their one-line summary. */
    problems?: ReactNode;
  },
) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null;
  const disabled = !open || busy;

  // At the deadline the chosen file is dropped: nothing can be sent any more.
  useEffect(() => {
    if (!open && !busy) setFile(null);
  }, [open]);

  async function choose(f: File | undefined) {
    setError("");
    setFile(null);
    if (input.current) input.current.value = "";
    if (!f) return;
    const problem = await checkFile(f, maxUploadMb);
    if (problem) return setError(problem);
    setFile(f);
  }

  async function send() {
    if (!file) return;
    const priced: LinesToSend = lines?.() ?? { lines: [], problem: null };
    if (priced.problem) return setError(problems ? "" : priced.problem);
    setError("");
    setProgress(0);
    try {
      await submitQuote({ offProId, round, file, lines: priced.lines, packVersion }, setProgress);
      message.success(t("portal.quote.submitted"));
      setFile(null);
      onSubmitted?.();
    } catch (e) {
      // A refusal of the lines shows under their fields, with the summary (or the list) here.
      const summary = priced.refused?.(e as ApiError);
      setError(summary && problems ? "" : summary ?? (e as ApiError).message);
    }
    setProgress(null);
    await onDone();
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) choose(e.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-2" data-testid="upload">
      {open
        ? (
          <p className="flex items-start gap-1.5 text-xs text-slate-600" data-testid="only-last">
            <Icon name="info" className="mt-0.5 size-3.5 text-primary" />
            {t("portal.quote.onlyLastCounts")}
          </p>
        )
        : (
          <p
            className="flex items-start gap-1.5 rounded-md bg-red-50 p-2.5 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
            data-testid="upload-closed"
          >
            <Icon name="lock" className="mt-0.5 size-4" />
            {closedText}
          </p>
        )}
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-1 rounded-lg border-2 border-dashed px-3 py-4 text-center text-sm transition-colors has-[:focus-visible]:border-primary ${
          disabled
            ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400"
            : dragging
            ? "cursor-copy border-primary bg-primary-50 text-primary-700"
            : "cursor-pointer border-slate-300 text-slate-600 hover:border-primary hover:bg-primary-50/40"
        }`}
      >
        <Icon name="file" className="size-6" />
        <span className="font-medium">
          {replacing ? t("portal.quote.chooseReplace") : t("portal.quote.choose")}
        </span>
        <span className="text-xs text-slate-500">
          {t("portal.quote.rules", { max: maxUploadMb })}
        </span>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="sr-only"
          accept={ACCEPTED_EXTENSIONS.join(",")}
          disabled={disabled}
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="file-input"
        />
      </label>

      {file && (
        <div className="flex items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200 ring-inset">
          <Icon name="file" className="size-4 text-slate-400" />
          <span className="min-w-0 flex-1 truncate" data-testid="chosen-file">{file.name}</span>
          <span className="shrink-0 text-xs tabular-nums text-slate-500">
            {formatSize(file.size)}
          </span>
          {!busy && (
            <button
              type="button"
              className="icon-btn size-6"
              aria-label={t("portal.quote.remove")}
              onClick={() => setFile(null)}
            >
              <Icon name="close" className="size-3.5" />
            </button>
          )}
        </div>
      )}

      {busy && (
        <div>
          <div
            role="progressbar"
            aria-label={t("portal.quote.uploading")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <p className="mt-1 text-xs tabular-nums text-slate-500">
            {t("portal.quote.uploadingPercent", { percent: Math.round(progress * 100) })}
          </p>
        </div>
      )}

      {error && (
        <p
          role="alert"
          className="flex items-start gap-1.5 rounded-md bg-red-50 p-2.5 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
          data-testid="upload-error"
        >
          <Icon name="error" className="mt-0.5 size-4" />
          {error}
        </p>
      )}

      {problems}

      {sheet && (
        <p
          className="flex items-start gap-1.5 rounded-md bg-primary-50 p-2.5 text-xs text-primary-800 ring-1 ring-primary-200 ring-inset"
          data-testid="sheet-lines-note"
        >
          <Icon name="info" className="mt-0.5 size-3.5" />
          {t("portal.sheet.linesFromSheet", { file: sheet.file, count: sheet.count })}
        </p>
      )}

      <button
        type="button"
        className="btn btn-primary h-9 w-full"
        disabled={!file || disabled}
        onClick={send}
        data-testid="submit-quote"
      >
        {busy ? <Spinner className="size-4" /> : <Icon name="check" />}
        {sheet
          ? t("portal.sheet.confirm")
          : replacing
          ? t("portal.quote.replace")
          : t("portal.quote.submit")}
      </button>
    </div>
  );
}
