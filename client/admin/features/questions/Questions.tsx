// The result page's questions from suppliers: who asked, when, the text and attachment, and the
// answer (to the asker only or to all invited suppliers). A buyer who may publish answers here, and
// can add a public answer to the request pack as its next version.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/icons.tsx";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { Badge, RowAction } from "../../components/index.ts";
import { Section } from "../../components/Section.tsx";
import { type ProjectQuestions, type Question, questionsApi } from "./api.ts";
import { AnswerDialog, PackDialog } from "./AnswerDialog.tsx";
import { filesApi } from "../../components/files.ts";
import type { SlotProps } from "../../layout/panels.tsx";

export function Questions({ project, mayPublish, reload }: SlotProps["projectResult"]) {
  const projectId = project.id;
  /** The request pack version in force: an answer added to it makes the next one. */
  const packVersion = project.packVersion;
  /** Quoting is open: the pack may still change. */
  const quotingOpen = project.actions.includes("end");
  const closed = project.status === "closed";
  const { t } = useTranslation();
  const q = (k: string, p: Record<string, unknown> = {}) => t(`questions.${k}`, p);
  const [data, setData] = useState<ProjectQuestions | null>(null);
  const [answering, setAnswering] = useState<Question | null>(null);
  const [packing, setPacking] = useState<Question | null>(null);
  const load = () => questionsApi.list(projectId).then(setData).catch(() => setData(null));
  useEffect(() => {
    load();
  }, [projectId, packVersion]);

  const nextVersion = (packVersion ?? 1) + 1;
  const done = (revised: boolean) => {
    setAnswering(null);
    setPacking(null);
    load();
    if (revised) reload();
  };

  return (
    <Section
      testId="questions"
      title={
        <span className="flex flex-wrap items-center gap-2">
          {q("title")}
          {!!data?.unanswered && (
            <span data-testid="questions-unanswered">
              <Badge tone="amber">{q("unanswered", { count: data.unanswered })}</Badge>
            </span>
          )}
        </span>
      }
      extra={data && (
        <span className="text-xs text-slate-500" data-testid="questions-window">
          {data.accepting
            ? (data.closesAt
              ? q("closesAt", { time: formatTime(data.closesAt) })
              : q("openNoDeadline"))
            : t(data.refusal ?? "questions.quotingEnded", {
              time: formatTime(data.closesAt),
            })}
        </span>
      )}
    >
      {!data
        ? (
          <div className="flex justify-center py-4 text-primary">
            <Spinner />
          </div>
        )
        : data.items.length === 0
        ? <p className="py-3 text-center text-sm text-slate-400">{q("none")}</p>
        : (
          <ul className="divide-y divide-slate-100">
            {data.items.map((x) => (
              <li key={x.id} className="py-3" data-testid="question" data-id={x.id}>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                  <span className="font-mono">{x.supplierCode}</span>
                  <span className="font-medium text-slate-700">{x.supplierName}</span>
                  <span className="tabular-nums">{formatTime(x.askedAt)}</span>
                  <State question={x} />
                  <span className="ml-auto flex gap-3">
                    {mayPublish && !closed && !x.answeredAt && (
                      <RowAction onClick={() => setAnswering(x)} testId="answer-question">
                        {q("answer")}
                      </RowAction>
                    )}
                    {mayPublish && quotingOpen && x.visibility === "public" &&
                      x.packVersion === null && (
                      <RowAction onClick={() => setPacking(x)} testId="pack-question">
                        {q("addToPack")}
                      </RowAction>
                    )}
                  </span>
                </div>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-900">{x.text}</p>
                {x.file && (
                  <button
                    type="button"
                    className="mt-1 inline-flex items-center gap-1 text-xs text-primary hover:underline"
                    onClick={() => filesApi.download(x.file!.id, x.file!.fileName)}
                    data-testid="question-file"
                  >
                    <Icon name="file" className="size-3.5" />
                    {x.file.fileName}
                  </button>
                )}
                {x.answer && (
                  <div
                    className="mt-2 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
                    data-testid="question-answer"
                  >
                    {x.publicText && (
                      <p className="mb-1 text-xs text-slate-500" data-testid="public-text">
                        {q("publishedAs", { text: x.publicText })}
                      </p>
                    )}
                    <p className="text-sm whitespace-pre-line text-slate-800">{x.answer}</p>
                    <p className="mt-1 text-xs text-slate-500">
                      {q("answeredBy", {
                        name: x.answeredByName ?? "—",
                        time: formatTime(x.answeredAt),
                      })}
                    </p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      {answering && (
        <AnswerDialog
          question={answering}
          nextVersion={nextVersion}
          quotingOpen={quotingOpen}
          onClose={() => setAnswering(null)}
          onDone={done}
        />
      )}
      {packing && (
        <PackDialog
          question={packing}
          nextVersion={nextVersion}
          onClose={() => setPacking(null)}
          onDone={() => done(true)}
        />
      )}
    </Section>
  );
}

/** Not answered, answered to the asker or to all, and the request version it joined. */
function State({ question: x }: { question: Question }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex gap-1"
      data-testid="question-state"
      data-state={x.visibility ?? "open"}
    >
      {x.visibility === null
        ? <Badge tone="amber">{t("questions.state.open")}</Badge>
        : (
          <Badge tone={x.visibility === "public" ? "blue" : "slate"}>
            {t(`questions.state.${x.visibility}`)}
          </Badge>
        )}
      {x.packVersion !== null && (
        <Badge tone="green">{t("questions.state.packed", { version: x.packVersion })}</Badge>
      )}
    </span>
  );
}
