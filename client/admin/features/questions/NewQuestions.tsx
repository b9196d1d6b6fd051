// The dashboard's questions waiting for an answer on open projects: how many, and the latest ones,
// each opening its project's result page where it is answered.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTime } from "../../../shared/time.ts";
import type { SlotProps } from "../../layout/panels.tsx";

export function NewQuestions({ summary, resultPath }: SlotProps["kindOverview"]) {
  const data = summary?.questions;
  const { t } = useTranslation();
  const q = (k: string, p: Record<string, unknown> = {}) => t(`overview.questions.${k}`, p);
  if (!data) return null;
  return (
    <div className="mt-4" data-testid="new-questions">
      <h3 className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700">
        {q("title")}
        <span
          className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${
            data.count ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-500"
          }`}
          data-testid="new-questions-count"
        >
          {data.count}
        </span>
      </h3>
      {data.items.length === 0
        ? <p className="py-2 text-center text-sm text-slate-400">{q("none")}</p>
        : (
          <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
            {data.items.map((x) => (
              <li
                key={x.id}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-1.5"
              >
                <Link
                  to={`${resultPath}?id=${x.projectId}`}
                  className="font-mono text-xs text-primary hover:underline"
                  title={x.projectName}
                >
                  {x.projectCode}
                </Link>
                <span className="text-xs text-slate-500">{x.supplierName}</span>
                <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{x.text}</span>
                <span className="text-xs text-slate-500 tabular-nums">{formatTime(x.askedAt)}</span>
              </li>
            ))}
          </ul>
        )}
    </div>
  );
}
