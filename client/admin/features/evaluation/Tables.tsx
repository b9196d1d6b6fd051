// The read-only tables of the evaluation page: the others' submitted scores, and the weighted
// result (each criterion's points, the total and the rank) once signed off.
import { useTranslation } from "react-i18next";
import type { View } from "./api.ts";

export function OthersScores({ view }: { view: View }) {
  const { t } = useTranslation();
  const e = (k: string) => t(`evaluation.page.${k}`);
  const name = (id: number) => view.team.find((m) => m.userId === id)?.name ?? String(id);
  const code = (id: number) => view.suppliers.find((s) => s.id === id)?.code ?? String(id);
  const criterion = (id: number) => view.criteria.find((c) => c.id === id)?.name ?? String(id);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="others-scores">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="py-1.5 pr-3 font-medium">{e("evaluator")}</th>
            <th className="py-1.5 pr-3 font-medium">{e("supplier")}</th>
            <th className="py-1.5 pr-3 font-medium">{e("criterion")}</th>
            <th className="py-1.5 pr-3 text-right font-medium">{e("score")}</th>
            <th className="py-1.5 font-medium">{e("comment")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.scores.map((s) => (
            <tr key={`${s.evaluatorId}:${s.supplierId}:${s.criterionId}`}>
              <td className="py-1.5 pr-3">{name(s.evaluatorId)}</td>
              <td className="py-1.5 pr-3 font-mono text-xs">{code(s.supplierId)}</td>
              <td className="py-1.5 pr-3">{criterion(s.criterionId)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{s.score}</td>
              <td className="py-1.5 text-slate-600">{s.comment}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WeightedResult({ view }: { view: View }) {
  const { t } = useTranslation();
  const e = (k: string) => t(`evaluation.page.${k}`);
  if (!view.result) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="weighted-result">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="py-1.5 pr-3 font-medium">{e("rank")}</th>
            <th className="py-1.5 pr-3 font-medium">{e("supplier")}</th>
            {view.criteria.map((c) => (
              <th key={c.id} className="py-1.5 pr-3 text-right font-medium">
                {c.name} ({c.weight})
              </th>
            ))}
            <th className="py-1.5 text-right font-medium">{e("total")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.result.map((r) => (
            <tr key={r.supplierId} data-testid="result-row" data-code={r.code}>
              <td className="py-1.5 pr-3 tabular-nums">{r.rank}</td>
              <td className="py-1.5 pr-3 font-mono text-xs">{r.code}</td>
              {r.criteria.map((c) => (
                <td key={c.criterionId} className="py-1.5 pr-3 text-right tabular-nums">
                  {c.points}
                </td>
              ))}
              <td className="py-1.5 text-right font-semibold tabular-nums">{r.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {view.result.some((r) => r.priceMissing) && (
        <p className="mt-2 text-xs text-slate-500">{e("priceMissing")}</p>
      )}
    </div>
  );
}
