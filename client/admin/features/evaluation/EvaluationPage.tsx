// The hidden evaluation page of a weighted project (?id=…): the criteria and the team, the
// evaluator's score sheet (draft, then submit), the others' scores once the reader has submitted,
// the person in charge's sign-off that opens the prices, then the weighted result and its export.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError, saveBlob } from "../../../shared/api.ts";
import { Icon } from "../../../shared/icons.tsx";
import { message } from "../../../shared/messages.ts";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import { useConfirm } from "../../components/ConfirmDialog.tsx";
import { Field, Section } from "../../components/Section.tsx";
import { useRequiredId } from "../../components/hiddenPage.ts";
import { kindPages } from "../../components/projectPages.ts";
import { evaluationApi, type View } from "./api.ts";
import { type Draft, draftOf, ScoreSheet, scoresOf } from "./ScoreSheet.tsx";
import { OthersScores, WeightedResult } from "./Tables.tsx";

export default function EvaluationPage() {
  const { t } = useTranslation();
  const e = (k: string, o: Record<string, unknown> = {}) => t(`evaluation.page.${k}`, o);
  const id = useRequiredId();
  const [view, setView] = useState<View | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState("");
  const [run, busy] = useAction();
  const [confirmElement, confirm] = useConfirm();
  const load = () =>
    id && evaluationApi.get(id).then((v) => {
      setView(v);
      setDraft(draftOf(v));
      setError("");
    }).catch((err) => setError(err instanceof ApiError ? err.message : String(err)));
  useEffect(() => {
    load();
  }, [id]);

  if (!id) return null;
  if (error) {
    return (
      <p className="card p-5 text-sm text-slate-600" data-testid="evaluation-error">{error}</p>
    );
  }
  if (!view) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner />
      </div>
    );
  }
  const failed = (err: unknown) =>
    message.error(err instanceof Error && err.message ? err.message : t("errors.error"));
  const save = () =>
    run(async () => {
      await evaluationApi.save(id, scoresOf(draft));
      message.success(e("saved"));
      await load();
    }, failed);
  const submit = async () => {
    if (!(await confirm({ text: e("confirmSubmit"), okLabel: e("submit") }))) return;
    await run(async () => {
      const scores = scoresOf(draft);
      if (scores.length) await evaluationApi.save(id, scores);
      await evaluationApi.submit(id);
      message.success(e("submitted"));
      await load();
    }, failed);
  };
  const signOff = async () => {
    if (!(await confirm({ text: e("confirmSignOff"), okLabel: e("signOff") }))) return;
    await run(async () => {
      await evaluationApi.signOff(id);
      message.success(e("signedOff"));
      await load();
    }, failed);
  };
  const signed = !!view.project.signedOffAt;
  return (
    <div className="space-y-3" data-testid="evaluation-page">
      <Section
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs text-slate-500">{view.project.code}</span>
            <span>{view.project.name}</span>
          </span>
        }
        extra={
          <div className="flex flex-wrap gap-2">
            <Link
              to={`${kindPages[view.project.kind].result}?id=${id}`}
              className="btn btn-default"
            >
              {e("openResult")}
            </Link>
            {signed && (
              <button
                type="button"
                className="btn btn-default"
                data-testid="evaluation-export"
                onClick={() => evaluationApi.export(id).then((f) => saveBlob(f)).catch(failed)}
              >
                {e("export")}
              </button>
            )}
            {view.me.maySignOff && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={signOff}
                data-testid="evaluation-sign-off"
              >
                {e("signOff")}
              </button>
            )}
          </div>
        }
      >
        <p
          className={`mb-3 flex items-start gap-1.5 rounded-md p-2.5 text-sm ring-1 ring-inset ${
            signed
              ? "bg-emerald-50 text-emerald-900 ring-emerald-200"
              : "bg-amber-50 text-amber-900 ring-amber-200"
          }`}
          data-testid="evaluation-state"
        >
          <Icon name={signed ? "check" : "lock"} className="mt-0.5 size-4 shrink-0" />
          {signed
            ? e("signedOffAt", { time: formatTime(view.project.signedOffAt!) })
            : !view.project.quotingOver
            ? e("quotingOpen")
            : e("sealed")}
        </p>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label={e("criteria")}>
            <ul data-testid="evaluation-criteria">
              {view.criteria.map((c) => (
                <li key={c.id}>
                  {c.name} · {c.weight}
                  {c.isPrice && (
                    <span className="ml-1 text-xs text-slate-500">{e("priceRule")}</span>
                  )}
                </li>
              ))}
            </ul>
          </Field>
          <Field label={e("team")}>
            <ul data-testid="evaluation-team">
              {view.team.map((m) => (
                <li key={m.userId} data-submitted={m.submittedAt ? "yes" : "no"}>
                  {m.name} ·{" "}
                  <span className={m.submittedAt ? "text-emerald-700" : "text-slate-500"}>
                    {m.submittedAt
                      ? e("submittedAt", { time: formatTime(m.submittedAt) })
                      : e("notSubmitted")}
                  </span>
                </li>
              ))}
            </ul>
          </Field>
        </dl>
      </Section>

      {view.me.evaluator && view.project.quotingOver && (
        <Section
          title={view.me.submittedAt ? e("myScoresFixed") : e("myScores")}
          testId="evaluation-mine"
          extra={view.me.mayScore && (
            <div className="flex gap-2">
              <button type="button" className="btn btn-default" disabled={busy} onClick={save}>
                {e("saveDraft")}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={submit}
                data-testid="evaluation-submit"
              >
                {e("submit")}
              </button>
            </div>
          )}
        >
          <ScoreSheet view={view} draft={draft} onChange={setDraft} />
        </Section>
      )}

      <Section title={e("othersScores")} testId="evaluation-others">
        {view.scores.length
          ? <OthersScores view={view} />
          : <p className="text-sm text-slate-500">{e("othersHidden")}</p>}
      </Section>

      {signed && (
        <Section title={e("result")} testId="evaluation-result">
          <WeightedResult view={view} />
        </Section>
      )}
      {confirmElement}
    </div>
  );
}
