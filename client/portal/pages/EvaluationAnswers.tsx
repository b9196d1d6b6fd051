// The answers to a weighted project's non-price criteria (technical fit, service …), given beside
// the quote while quoting is open: text and attachments for each, checked before sending by the
// server's own upload rules. Nothing shows for a project chosen by price.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, ApiError } from "../../shared/api.ts";
import { message } from "../../shared/messages.ts";
import { Spinner } from "../../shared/ui.tsx";
import { useAction } from "../../shared/useAction.ts";
import { ACCEPTED_EXTENSIONS } from "../../../server/domain/files/detect.ts";
import { ANSWER_MAX } from "../../../server/domain/evaluation/schemas.ts";
import { checkFile, formatSize } from "../data.ts";
import { Card } from "../parts.tsx";
import { DownloadButton } from "./ProjectInfo.tsx";

type Criteria = {
  weighted: boolean;
  maxUploadMb: number;
  mayAnswer: boolean;
  criteria: {
    id: number;
    name: string;
    weight: number;
    text: string | null;
    files: { id: number; fileName: string; size: number }[];
  }[];
};

const SO = "/QMO/SupplierOffer";

export function EvaluationAnswersCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const a = (k: string, o: Record<string, unknown> = {}) => t(`evaluation.portal.${k}`, o);
  const [data, setData] = useState<Criteria | null>(null);
  const load = useCallback(
    () =>
      api.get<Criteria>(`${SO}/GetEvaluationCriteria`, { offProId: projectId }, { silent: true })
        .then(setData).catch(() => {}),
    [projectId],
  );
  useEffect(() => {
    load();
  }, [load]);
  if (!data?.weighted || !data.criteria.length) return null;
  return (
    <Card title={a("title")} testId="evaluation-answers">
      <div className="divide-y divide-slate-100">
        <p className="px-4 py-2 text-xs text-slate-600">
          {data.mayAnswer ? a("intro") : a("closed")}
        </p>
        {data.criteria.map((c) => (
          <Answer
            key={c.id}
            projectId={projectId}
            criterion={c}
            open={data.mayAnswer}
            maxUploadMb={data.maxUploadMb}
            onSaved={setData}
          />
        ))}
      </div>
    </Card>
  );
}

function Answer(
  { projectId, criterion, open, maxUploadMb, onSaved }: {
    projectId: number;
    maxUploadMb: number;
    criterion: Criteria["criteria"][number];
    open: boolean;
    onSaved: (c: Criteria) => void;
  },
) {
  const { t } = useTranslation();
  const a = (k: string, o: Record<string, unknown> = {}) => t(`evaluation.portal.${k}`, o);
  const [text, setText] = useState(criterion.text ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState("");
  const [run, busy] = useAction();
  const send = (extra: { removeFileId?: number } = {}) =>
    run(
      async () => {
        if (file) {
          const problem = await checkFile(file, maxUploadMb);
          if (problem) throw new Error(problem);
        }
        const form = new FormData();
        form.set("offProId", String(projectId));
        form.set("criterionId", String(criterion.id));
        form.set("text", text);
        if (file && !extra.removeFileId) form.set("file", file);
        if (extra.removeFileId) form.set("removeFileId", String(extra.removeFileId));
        onSaved(
          await api.post<Criteria>(`${SO}/AnswerEvaluationCriterion`, form, { silent: true }),
        );
        if (!extra.removeFileId) setFile(null);
        setError("");
        message.success(a("saved"));
      },
      (err) =>
        setError(err instanceof ApiError || err instanceof Error ? err.message : String(err)),
    );
  const id = `answer-${criterion.id}`;
  return (
    <div className="space-y-2 px-4 py-3" data-testid="evaluation-answer">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {criterion.name}{" "}
        <span className="text-xs font-normal text-slate-500">({criterion.weight})</span>
      </label>
      <textarea
        id={id}
        className="input w-full"
        rows={3}
        maxLength={ANSWER_MAX}
        value={text}
        disabled={!open}
        onChange={(e) => setText(e.target.value)}
      />
      {criterion.files.length > 0 && (
        <ul className="space-y-1 text-sm">
          {criterion.files.map((f) => (
            <li key={f.id} className="flex items-center gap-2">
              <DownloadButton fileId={f.id} fileName={f.fileName} />
              <span className="text-xs text-slate-400">{formatSize(f.size)}</span>
              {open && (
                <button
                  type="button"
                  className="text-xs text-slate-500 hover:text-red-600"
                  onClick={() => send({ removeFileId: f.id })}
                >
                  {a("removeFile")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <div className="flex flex-wrap items-center gap-2">
          <label className="btn btn-default cursor-pointer">
            <input
              type="file"
              accept={ACCEPTED_EXTENSIONS.join(",")}
              aria-label={a("attach", { name: criterion.name })}
              className="sr-only"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {a("chooseFile")}
          </label>
          <span className="min-w-0 truncate text-xs text-slate-600">
            {file ? file.name : a("noFile")}
          </span>
          <button
            type="button"
            className="btn btn-default ml-auto"
            disabled={busy}
            onClick={() => send()}
            data-testid="evaluation-answer-save"
          >
            {busy && <Spinner className="size-4" />}
            {a("save")}
          </button>
        </div>
      )}
      {error && <p className="text-xs text-red-600" role="alert">{error}</p>}
    </div>
  );
}
