// Questions and answers in the portal: ask the buyer a question (with an optional attachment,
// checked before sending by the server's own upload rules) until the question deadline, and read
// the answers — one's own, and those the buyer gave to all suppliers, which never say who asked.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { message } from "../../shared/messages.ts";
import { formatTime } from "../../shared/time.ts";
import { Spinner } from "../../shared/ui.tsx";
import { ACCEPTED_EXTENSIONS } from "../../../server/domain/files/detect.ts";
import { QUESTION_MAX } from "../../../server/domain/questions/schemas.ts";
import { checkFile, formatSize, type MyQuestion, portalApi, type Questions } from "../data.ts";
import { Card, Empty } from "../parts.tsx";
import { DownloadButton } from "./ProjectInfo.tsx";

const time = (at: string | null) => formatTime(at);

export function QuestionsCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const q = (k: string, p: Record<string, unknown> = {}) => t(`portal.questions.${k}`, p);
  const [data, setData] = useState<Questions | null>(null);
  const [error, setError] = useState("");
  const load = useCallback(
    () => portalApi.questions(projectId).then(setData).catch(() => {}),
    [projectId],
  );
  useEffect(() => {
    load();
  }, [load]);

  if (!data) {
    return (
      <Card title={q("title")} testId="questions">
        <div className="flex justify-center py-6 text-primary">
          <Spinner />
        </div>
      </Card>
    );
  }
  const closedText = t(data.refusal ?? "questions.quotingEnded", {
    time: formatTime(data.closesAt),
  });
  return (
    <Card title={`${q("title")} (${data.items.length})`} testId="questions">
      <div className="space-y-3 px-4 py-3">
        {data.canAsk
          ? (
            <>
              <div className="space-y-0.5 text-xs text-slate-600">
                <p data-testid="questions-open">
                  {data.closesAt
                    ? q("openUntil", { time: time(data.closesAt) })
                    : q("openNoDeadline")}
                </p>
                <p>{q("privacy")}</p>
              </div>
              <AskForm
                projectId={projectId}
                maxUploadMb={data.maxUploadMb}
                onSent={() => {
                  setError("");
                  return load();
                }}
                onRefused={(text) => {
                  setError(text);
                  return load();
                }}
              />
            </>
          )
          : (
            // A question the server just refused for this reason is said once, as an alert.
            <p
              role={error === closedText ? "alert" : undefined}
              className={`flex items-start gap-1.5 rounded-md p-2.5 text-sm ring-1 ring-inset ${
                error === closedText
                  ? "bg-red-50 text-red-700 ring-red-200"
                  : "bg-slate-50 text-slate-600 ring-slate-200"
              }`}
              data-testid="questions-closed"
            >
              <Icon name="lock" className="mt-0.5 size-4" />
              {closedText}
            </p>
          )}
        {error && error !== closedText && (
          <p
            role="alert"
            className="flex items-start gap-1.5 rounded-md bg-red-50 p-2.5 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
            data-testid="question-error"
          >
            <Icon name="error" className="mt-0.5 size-4" />
            {error}
          </p>
        )}
      </div>
      {data.items.length === 0
        ? <Empty icon="info">{q("none")}</Empty>
        : (
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {data.items.map((x) => <Item key={x.id} item={x} />)}
          </ul>
        )}
    </Card>
  );
}

function Item({ item: x }: { item: MyQuestion }) {
  const { t } = useTranslation();
  const q = (k: string, p: Record<string, unknown> = {}) => t(`portal.questions.${k}`, p);
  return (
    <li className="px-4 py-3 text-sm" data-testid="portal-question" data-mine={x.mine}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span
          className={`rounded px-1.5 py-0.5 ring-1 ring-inset ${
            x.mine
              ? "bg-primary-50 text-primary-700 ring-primary-200"
              : "bg-slate-100 text-slate-600 ring-slate-200"
          }`}
        >
          {x.mine ? q("mine") : q("fromSupplier")}
        </span>
        {x.askedAt && (
          <span className="tabular-nums">{q("askedAt", { time: time(x.askedAt) })}</span>
        )}
        {x.mine && x.visibility && <span>· {q(`answered.${x.visibility}`)}</span>}
      </p>
      <p className="mt-1 whitespace-pre-line text-slate-900">{x.text}</p>
      {x.file && (
        <DownloadButton fileId={x.file.id} fileName={x.file.fileName} className="mt-1 text-xs" />
      )}
      {x.answer
        ? (
          <div
            className="mt-2 rounded-md bg-emerald-50/60 px-3 py-2 ring-1 ring-emerald-100"
            data-testid="portal-answer"
          >
            <p className="text-xs text-emerald-800">
              {q("answer")} · <span className="tabular-nums">{time(x.answeredAt)}</span>
            </p>
            <p className="mt-0.5 whitespace-pre-line text-slate-800">{x.answer}</p>
            {x.packVersion !== null && (
              <p className="mt-1 text-xs text-amber-800" data-testid="answer-in-pack">
                {q("inPack", { version: x.packVersion })}
              </p>
            )}
          </div>
        )
        : <p className="mt-1 text-xs text-slate-500">{q("waiting")}</p>}
    </li>
  );
}

function AskForm(
  { projectId, maxUploadMb, onSent, onRefused }: {
    projectId: number;
    maxUploadMb: number;
    onSent: () => Promise<unknown>;
    onRefused: (message: string) => Promise<unknown>;
  },
) {
  const { t } = useTranslation();
  const q = (k: string, p: Record<string, unknown> = {}) => t(`portal.questions.${k}`, p);
  const textId = useId();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  async function choose(f: File | undefined) {
    setProblem("");
    setFile(null);
    if (input.current) input.current.value = "";
    if (!f) return;
    const bad = await checkFile(f, maxUploadMb);
    if (bad) return setProblem(bad);
    setFile(f);
  }

  async function send() {
    if (!text.trim()) return setProblem(t("questions.textRequired"));
    setProblem("");
    setBusy(true);
    try {
      await portalApi.ask(projectId, text.trim(), file);
      message.success(q("sent"));
      setText("");
      setFile(null);
      await onSent();
    } catch (e) {
      await onRefused((e as ApiError).message);
    }
    setBusy(false);
  }

  return (
    <div className="space-y-2" data-testid="ask-form">
      <label htmlFor={textId} className="text-xs font-medium text-slate-700">{q("label")}</label>
      <textarea
        id={textId}
        rows={3}
        maxLength={QUESTION_MAX}
        className="input h-auto py-1.5"
        placeholder={q("placeholder")}
        value={text}
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value);
          setProblem("");
        }}
        data-testid="question-text"
      />
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={fileId}
          className="btn btn-default h-8 cursor-pointer text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
        >
          <Icon name="file" className="size-4" />
          {q("attach")}
          <input
            ref={input}
            id={fileId}
            type="file"
            className="sr-only"
            accept={ACCEPTED_EXTENSIONS.join(",")}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0])}
            data-testid="question-file-input"
          />
        </label>
        {file && (
          <span className="inline-flex min-w-0 items-center gap-1 text-xs text-slate-600">
            <span className="truncate" data-testid="question-chosen-file">{file.name}</span>
            <span className="tabular-nums text-slate-400">{formatSize(file.size)}</span>
            <button
              type="button"
              className="icon-btn size-6"
              aria-label={q("removeFile")}
              onClick={() => setFile(null)}
            >
              <Icon name="close" className="size-3.5" />
            </button>
          </span>
        )}
        <span className="ml-auto text-xs tabular-nums text-slate-400">
          {text.length}/{QUESTION_MAX}
        </span>
      </div>
      <p className="text-xs text-slate-500">{q("fileRules", { max: maxUploadMb })}</p>
      {problem && (
        <p role="alert" className="text-xs text-red-600" data-testid="question-problem">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary h-9"
        disabled={busy}
        onClick={send}
        data-testid="send-question"
      >
        {busy ? <Spinner className="size-4" /> : <Icon name="send" className="size-4" />}
        {q("send")}
      </button>
    </div>
  );
}
