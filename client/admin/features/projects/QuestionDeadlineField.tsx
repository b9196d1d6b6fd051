// The publish page's question deadline: until when invited suppliers may ask questions. Left empty,
// 24 hours before the quotation deadline; never after it. Where that default has already passed
// (a deadline less than a day away), the page says suppliers could not ask any.
import { useTranslation } from "react-i18next";
import { QUESTION_LEAD_MS } from "../../../../server/domain/questions/schemas.ts";
import { formatTime } from "../../../shared/time.ts";
import { inputClass } from "../../components/index.ts";

/** A datetime-local value (UTC+8) as an instant, or null when it is empty. */
const instantOf = (local: string) => (local ? new Date(`${local}:00+08:00`) : null);

export function QuestionDeadlineField(
  { value, deadline, error, onChange }: {
    /** The question deadline as a datetime-local value in UTC+8 ("" for the default). */
    value: string;
    /** The quotation deadline as typed on the page. */
    deadline: string;
    error: string;
    onChange: (value: string) => void;
  },
) {
  const { t } = useTranslation();
  const end = instantOf(deadline);
  const defaultAt = end && !isNaN(end.getTime()) ? end.getTime() - QUESTION_LEAD_MS : null;
  const byDefault = defaultAt === null ? "" : formatTime(defaultAt, "{y}-{m}-{d} {h}:{i}");
  const defaultPassed = !value && defaultAt !== null && defaultAt <= Date.now();
  return (
    <div className="max-w-md" data-field="questionEndTime">
      <label htmlFor="launch-question-end" className="label">
        {t("questions.deadlineField")}
        <span className="ml-1 text-xs font-normal text-slate-400">UTC+8</span>
      </label>
      <input
        id="launch-question-end"
        type="datetime-local"
        className={inputClass(error, "w-64")}
        value={value}
        max={deadline || undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid="question-end"
      />
      {error
        ? (
          <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
            {error}
          </p>
        )
        : defaultPassed
        ? (
          <p
            className="mt-1 text-xs text-amber-700"
            role="status"
            data-testid="question-default-passed"
          >
            {t("questions.defaultPassed", { time: byDefault })}
          </p>
        )
        : (
          <p className="mt-1 text-xs text-slate-500">
            {byDefault
              ? t("questions.deadlineHint", { time: byDefault })
              : t("questions.deadlineHintNoDeadline")}
          </p>
        )}
    </div>
  );
}
