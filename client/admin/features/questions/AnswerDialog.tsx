// Answering a supplier's question: to the asker only, or to every invited supplier (the question as
// they read it can be reworded, the asker is never named), optionally added to the request pack as
// its next version; and adding a public answer given earlier to the pack.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { formatTime } from "../../../shared/time.ts";
import { useAction } from "../../../shared/useAction.ts";
import {
  ANSWER_MAX,
  QUESTION_MAX,
  visibilities,
} from "../../../../server/domain/questions/schemas.ts";
import { dialogErrorsOf, Field, FormDialog, inputClass } from "../../components/index.ts";
import { localToInstant } from "../../components/dateInput.ts";
import { type Question, questionsApi } from "./api.ts";

type Visibility = (typeof visibilities)[number];
const FIELDS = ["answer", "visibility", "publicText", "revisePack", "offerEndTime"];

/** The question as asked, with who asked it and when. */
function Asked({ question: x }: { question: Question }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <p className="text-xs text-slate-500">
        <span className="font-mono">{x.supplierCode}</span> {x.supplierName} ·{" "}
        <span className="tabular-nums">{formatTime(x.askedAt)}</span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-900">{x.text}</p>
    </div>
  );
}

/** The deadline field a revision needs when the deadline is less than 24 hours away. */
function DeadlineField(
  { value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void },
) {
  const { t } = useTranslation();
  return (
    <Field
      label={`${t("projects.fields.offerEndTime")} (UTC+8)`}
      htmlFor="qa-deadline"
      name="offerEndTime"
      error={error}
      hint={t("questions.dialog.deadlineHint")}
    >
      <input
        id="qa-deadline"
        type="datetime-local"
        className={inputClass(error, "w-64")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="qa-deadline"
      />
    </Field>
  );
}

export function AnswerDialog(
  { question, nextVersion, quotingOpen, onClose, onDone }: {
    question: Question;
    nextVersion: number;
    quotingOpen: boolean;
    onClose: () => void;
    /** Answered; `revised`: the request pack has a new version. */
    onDone: (revised: boolean) => void;
  },
) {
  const { t } = useTranslation();
  const d = (k: string, p: Record<string, unknown> = {}) => t(`questions.dialog.${k}`, p);
  const [answer, setAnswer] = useState("");
  const [visibility, setVisibility] = useState<Visibility | "">("");
  const [publicText, setPublicText] = useState(question.text);
  const [revisePack, setRevisePack] = useState(false);
  const [deadline, setDeadline] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();
  const isPublic = visibility === "public";

  async function submit() {
    const found: Record<string, string> = {};
    if (!answer.trim()) found.answer = t("questions.answerRequired");
    if (!visibility) found.visibility = t("questions.visibilityRequired");
    setErrors(found);
    if (Object.keys(found).length || !visibility) return;
    await run(async () => {
      const done = await questionsApi.answer({
        questionId: question.id,
        answer: answer.trim(),
        visibility,
        publicText: isPublic ? publicText.trim() || null : null,
        revisePack: isPublic && revisePack,
        offerEndTime: isPublic && revisePack ? localToInstant(deadline) : null,
      });
      message.success(
        done.revisedTo
          ? t("questions.packed", { version: done.revisedTo })
          : t("questions.answered"),
      );
      onDone(done.revisedTo !== null);
    }, (err) => {
      setErrors(dialogErrorsOf(err, FIELDS));
    });
  }

  return (
    <FormDialog
      open
      title={d("title")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      size="lg"
      submitLabel={d("send")}
      testId="answer-dialog"
    >
      <div className="space-y-4">
        <Asked question={question} />
        <Field label={d("answer")} htmlFor="qa-answer" name="answer" error={errors.answer} required>
          <textarea
            id="qa-answer"
            rows={4}
            maxLength={ANSWER_MAX}
            className={inputClass(errors.answer, "h-auto py-1.5")}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            data-testid="qa-answer"
          />
        </Field>
        <Field label={d("visibility")} name="visibility" error={errors.visibility} required>
          <fieldset className="space-y-1.5 pt-1.5 text-sm" data-testid="qa-visibility">
            <legend className="sr-only">{d("visibility")}</legend>
            {visibilities.map((v) => (
              <label key={v} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="qa-visibility"
                  value={v}
                  checked={visibility === v}
                  onChange={() => {
                    setVisibility(v);
                    setErrors({});
                  }}
                  className="mt-0.5 accent-primary"
                />
                <span>{d(v)}</span>
              </label>
            ))}
          </fieldset>
        </Field>
        {isPublic && (
          <>
            <Field
              label={d("publicText")}
              htmlFor="qa-public-text"
              name="publicText"
              error={errors.publicText}
              hint={d("publicTextHint")}
            >
              <textarea
                id="qa-public-text"
                rows={3}
                maxLength={QUESTION_MAX}
                className={inputClass(errors.publicText, "h-auto py-1.5")}
                value={publicText}
                onChange={(e) => setPublicText(e.target.value)}
                data-testid="qa-public-text"
              />
            </Field>
            {quotingOpen && (
              <Field label={d("revisePack")} name="revisePack" error={errors.revisePack}>
                <label className="flex items-start gap-2 pt-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-primary"
                    checked={revisePack}
                    onChange={(e) =>
                      setRevisePack(e.target.checked)}
                    data-testid="qa-revise-pack"
                  />
                  <span>{d("revisePackText", { version: nextVersion })}</span>
                </label>
              </Field>
            )}
            {revisePack && (
              <DeadlineField value={deadline} error={errors.offerEndTime} onChange={setDeadline} />
            )}
          </>
        )}
        {errors[""] && (
          <p className="text-sm text-red-600" role="alert" data-testid="answer-error">
            {errors[""]}
          </p>
        )}
      </div>
    </FormDialog>
  );
}

/** Adds a public answer given earlier to the request pack as its next version. */
export function PackDialog(
  { question, nextVersion, onClose, onDone }: {
    question: Question;
    nextVersion: number;
    onClose: () => void;
    onDone: () => void;
  },
) {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();

  async function submit() {
    await run(async () => {
      const done = await questionsApi.addToPack(question.id, localToInstant(deadline));
      message.success(t("questions.packed", { version: done.revisedTo }));
      onDone();
    }, (err) => {
      setErrors(dialogErrorsOf(err, FIELDS));
    });
  }

  return (
    <FormDialog
      open
      title={t("questions.packTitle")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      size="lg"
      testId="pack-dialog"
    >
      <div className="space-y-4">
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {t("questions.packNotice", { version: nextVersion })}
        </p>
        <div className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200 text-sm">
          <p className="whitespace-pre-line text-slate-900">
            {question.publicText ?? question.text}
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{question.answer}</p>
        </div>
        <DeadlineField value={deadline} error={errors.offerEndTime} onChange={setDeadline} />
        {errors[""] && (
          <p className="text-sm text-red-600" role="alert" data-testid="pack-error">{errors[""]}</p>
        )}
      </div>
    </FormDialog>
  );
}
