// An evaluator's score sheet: for each quoting supplier, its answer to each non-price criterion
// (text and attachments) beside a score (0–10) and a comment. Read-only once submitted.
import { useTranslation } from "react-i18next";
import { filesApi } from "../../components/files.ts";
import type { ScoreIn, View } from "./api.ts";

export type Draft = Record<string, { score: string; comment: string }>;
const keyOf = (supplierId: number, criterionId: number) => `${supplierId}:${criterionId}`;

/** The evaluator's saved scores as the sheet's draft. */
export const draftOf = (v: View): Draft =>
  Object.fromEntries(v.myScores.map((s) => [
    keyOf(s.supplierId, s.criterionId),
    { score: String(s.score), comment: s.comment ?? "" },
  ]));

/** The draft's filled-in scores as the server takes them. */
export const scoresOf = (draft: Draft): ScoreIn[] =>
  Object.entries(draft).flatMap(([k, d]) => {
    if (d.score === "") return [];
    const [supplierId, criterionId] = k.split(":").map(Number);
    return [{ supplierId, criterionId, score: Number(d.score), comment: d.comment }];
  });

export function ScoreSheet(
  { view, draft, onChange }: {
    view: View;
    draft: Draft;
    onChange: (d: Draft) => void;
  },
) {
  const { t } = useTranslation();
  const e = (k: string, o: Record<string, unknown> = {}) => t(`evaluation.page.${k}`, o);
  const editable = view.me.mayScore;
  const scored = view.criteria.filter((c) => !c.isPrice);
  return (
    <div className="space-y-4" data-testid="score-sheet">
      {view.suppliers.map((s) => (
        <div key={s.id} className="rounded-md ring-1 ring-slate-200" data-testid="sheet-supplier">
          <h3 className="border-b border-slate-100 bg-slate-50 px-3 py-2 text-sm font-medium">
            <span className="font-mono text-xs text-slate-500">{s.code}</span> {s.name}
          </h3>
          <div className="divide-y divide-slate-100">
            {scored.map((c) => {
              const a = s.answers.find((x) =>
                x.criterionId === c.id
              );
              const k = keyOf(s.id, c.id);
              const d = draft[k] ?? { score: "", comment: "" };
              const set = (patch: Partial<typeof d>) =>
                onChange({ ...draft, [k]: { ...d, ...patch } });
              const id = `score-${s.id}-${c.id}`;
              return (
                <div key={c.id} className="grid gap-3 p-3 md:grid-cols-[1fr_16rem]">
                  <div className="min-w-0">
                    <div className="text-xs font-medium text-slate-700">
                      {c.name} <span className="text-slate-400">({c.weight})</span>
                    </div>
                    <p className="mt-1 text-sm whitespace-pre-line text-slate-800">
                      {a?.text || <span className="text-slate-400">{e("noAnswer")}</span>}
                    </p>
                    {a && a.files.length > 0 && (
                      <ul className="mt-1 flex flex-wrap gap-2 text-xs">
                        {a.files.map((f) => (
                          <li key={f.id}>
                            <button
                              type="button"
                              className="text-primary-700 underline"
                              onClick={() => filesApi.download(f.id).catch(() => {})}
                            >
                              {f.fileName}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div className="space-y-1.5">
                    <label htmlFor={id} className="text-xs text-slate-500">
                      {e("score")}
                    </label>
                    <select
                      id={id}
                      className="input w-full"
                      value={d.score}
                      disabled={!editable}
                      data-testid="score-select"
                      onChange={(ev) =>
                        set({ score: ev.target.value })}
                    >
                      <option value="">{e("choose")}</option>
                      {Array.from(
                        { length: 11 },
                        (_, i) => <option key={i} value={String(i)}>{i}</option>,
                      )}
                    </select>
                    <textarea
                      className="input w-full"
                      rows={2}
                      maxLength={1000}
                      placeholder={e("comment")}
                      aria-label={e("commentFor", { code: s.code, criterion: c.name })}
                      value={d.comment}
                      disabled={!editable}
                      onChange={(ev) => set({ comment: ev.target.value })}
                    />
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
