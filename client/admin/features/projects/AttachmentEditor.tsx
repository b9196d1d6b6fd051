// The attachments of a project dialog: upload (several at once), the list, and removing one.
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../shared/ui.tsx";
import type { Attachment } from "./api.ts";
import { ACCEPTED_EXTENSIONS } from "../../../../server/domain/files/detect.ts";

export function AttachmentEditor(
  { files, error, uploading, onUpload, onChange }: {
    files: Attachment[];
    error?: string;
    uploading: boolean;
    onUpload: (list: FileList | null) => Promise<void>;
    onChange: (files: Attachment[]) => void;
  },
) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div data-testid="attachment-editor">
      <div className="mb-1.5 flex items-center justify-between">
        <span className="text-sm font-semibold text-slate-800">
          {t("projects.fields.attachments")}
        </span>
        <label className="btn btn-default h-7 cursor-pointer text-xs focus-within:ring-2 focus-within:ring-primary">
          {uploading && <Spinner className="size-3.5" />}
          {t("projectsPage.upload")}
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_EXTENSIONS.join(",")}
            multiple
            className="sr-only"
            data-testid="upload"
            onChange={async (e) => {
              await onUpload(e.target.files);
              if (fileInput.current) fileInput.current.value = "";
            }}
          />
        </label>
      </div>
      {files.length === 0
        ? <p className="text-xs text-slate-400">{t("projectsPage.noFiles")}</p>
        : (
          <ul className="flex flex-wrap gap-2">
            {files.map((x) => (
              <li
                key={x.id}
                className="flex items-center gap-1 rounded bg-slate-100 py-0.5 pr-1 pl-2 text-xs text-slate-700"
              >
                <span className="max-w-64 truncate">{x.fileName}</span>
                <button
                  type="button"
                  className="rounded px-1 text-slate-400 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-primary"
                  aria-label={`${t("ui.delete")} ${x.fileName}`}
                  onClick={() => onChange(files.filter((y) => y.id !== x.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </div>
  );
}
