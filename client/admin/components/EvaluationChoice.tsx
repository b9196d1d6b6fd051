// The launch page's choice of how the suppliers are chosen: by price (the matrix), or by a weighted
// evaluation (criteria whose weights add up to 100, one of them may be the price, and a team of
// staff users who score them before anyone sees a price). Saved on its own before publishing.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, ApiError } from "../../shared/api.ts";
import { message } from "../../shared/messages.ts";
import { Spinner } from "../../shared/ui.tsx";
import { useAction } from "../../shared/useAction.ts";
import { Section } from "./Section.tsx";

type Criterion = { name: string; weight: string; isPrice: boolean };
type Member = { id: number; name: string; userName: string };
type SetUp = {
  evaluation: "price" | "weighted";
  criteria: { name: string; weight: number; isPrice: boolean }[];
  team: { userId: number; name: string; userName: string }[];
};

const EV = "/QMO/Evaluation";
const TEMPLATE = [
  ["technical", 40, false],
  ["service", 20, false],
  ["delivery", 10, false],
  ["price", 30, true],
] as const;

export function EvaluationChoice(
  { projectId, editable }: { projectId: number; editable: boolean },
) {
  const { t } = useTranslation();
  const e = (k: string, o: Record<string, unknown> = {}) => t(`evaluation.setUp.${k}`, o);
  const [mode, setMode] = useState<"price" | "weighted">("price");
  const [criteria, setCriteria] = useState<Criterion[]>([]);
  const [team, setTeam] = useState<Member[]>([]);
  const [keyword, setKeyword] = useState("");
  const [options, setOptions] = useState<Member[]>([]);
  const [error, setError] = useState("");
  const [run, busy] = useAction();

  useEffect(() => {
    api.get<SetUp>(`${EV}/GetSetUp`, { offProId: projectId }, { silent: true }).then((s) => {
      setMode(s.evaluation);
      setCriteria(s.criteria.map((c) => ({ ...c, weight: String(c.weight) })));
      setTeam(s.team.map((m) => ({ id: m.userId, name: m.name, userName: m.userName })));
    }).catch(() => {});
  }, [projectId]);
  useEffect(() => {
    if (mode !== "weighted" || !editable) return;
    const timer = setTimeout(() => {
      api.get<Member[]>(`${EV}/GetStaffOptions`, { keyword }, { silent: true })
        .then(setOptions).catch(() => setOptions([]));
    }, 200);
    return () => clearTimeout(timer);
  }, [keyword, mode, editable]);

  const sum = criteria.reduce((s, c) => s + (Number(c.weight) || 0), 0);
  const choose = (m: "price" | "weighted") => {
    setMode(m);
    setError("");
    if (m === "weighted" && !criteria.length) {
      setCriteria(
        TEMPLATE.map(([k, w, isPrice]) => ({
          name: e(`template.${k}`),
          weight: String(w),
          isPrice,
        })),
      );
    }
  };
  const patch = (i: number, p: Partial<Criterion>) =>
    setCriteria(criteria.map((c, j) => (i === j ? { ...c, ...p } : c)));
  const save = () =>
    run(async () => {
      await api.post(`${EV}/SetUp`, {
        offProId: projectId,
        evaluation: mode,
        ...(mode === "weighted"
          ? {
            criteria: criteria.map((c) => ({ name: c.name, weight: c.weight, isPrice: c.isPrice })),
            team: team.map((m) => m.id),
          }
          : {}),
      }, { silent: true });
      setError("");
      message.success(e("saved"));
    }, (err) => {
      const text = err instanceof ApiError || err instanceof Error
        ? err.message
        : t("errors.error");
      setError(text);
      message.error(text);
    });

  return (
    <Section
      title={e("title")}
      testId="evaluation-choice"
      extra={editable && (
        <button
          type="button"
          className="btn btn-default"
          disabled={busy}
          onClick={save}
          data-testid="evaluation-save"
        >
          {busy && <Spinner className="size-4" />}
          {e("save")}
        </button>
      )}
    >
      <fieldset className="flex flex-wrap gap-4 text-sm" disabled={!editable}>
        <legend className="sr-only">{e("title")}</legend>
        {(["price", "weighted"] as const).map((m) => (
          <label key={m} className="flex items-center gap-1.5">
            <input
              type="radio"
              name="evaluation-mode"
              value={m}
              checked={mode === m}
              onChange={() =>
                choose(m)}
              data-testid={`evaluation-${m}`}
            />
            {e(m)}
          </label>
        ))}
      </fieldset>
      {mode === "weighted" && (
        <div className="mt-3 space-y-3">
          <table className="w-full max-w-2xl text-sm" data-testid="criteria-table">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-2 font-medium">{e("criterion")}</th>
                <th className="w-24 py-1 pr-2 font-medium">{e("weight")}</th>
                <th className="w-28 py-1 pr-2 font-medium">{e("isPrice")}</th>
                <th className="w-10" />
              </tr>
            </thead>
            <tbody>
              {criteria.map((c, i) => (
                <tr key={i}>
                  <td className="py-1 pr-2">
                    <input
                      className="input w-full"
                      value={c.name}
                      maxLength={100}
                      disabled={!editable}
                      aria-label={e("criterionN", { n: i + 1 })}
                      onChange={(ev) => patch(i, { name: ev.target.value })}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      className="input w-full tabular-nums"
                      inputMode="numeric"
                      value={c.weight}
                      disabled={!editable}
                      aria-label={e("weightN", { n: i + 1 })}
                      onChange={(ev) => patch(i, { weight: ev.target.value })}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      type="checkbox"
                      checked={c.isPrice}
                      disabled={!editable}
                      aria-label={e("isPriceN", { n: i + 1 })}
                      onChange={(ev) => patch(i, { isPrice: ev.target.checked })}
                    />
                  </td>
                  <td className="py-1">
                    {editable && (
                      <button
                        type="button"
                        className="text-slate-400 hover:text-red-600"
                        aria-label={e("remove", { n: i + 1 })}
                        onClick={() => setCriteria(criteria.filter((_, j) => j !== i))}
                      >
                        ×
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex items-center gap-3 text-sm">
            {editable && (
              <button
                type="button"
                className="btn btn-default"
                onClick={() =>
                  setCriteria([...criteria, { name: "", weight: "0", isPrice: false }])}
              >
                {e("add")}
              </button>
            )}
            <span
              className={sum === 100 ? "text-emerald-700" : "text-red-600"}
              data-testid="weight-sum"
            >
              {e("sum", { sum })}
            </span>
          </div>
          <div>
            <div className="mb-1 text-xs text-slate-500">{e("team")}</div>
            <ul className="flex min-h-8 flex-wrap gap-2" data-testid="evaluation-team-tags">
              {team.map((m) => (
                <li
                  key={m.id}
                  className="flex items-center gap-1 rounded bg-primary-50 py-0.5 pr-1 pl-2 text-sm text-primary-700 ring-1 ring-primary-200"
                >
                  {m.name}
                  {editable && (
                    <button
                      type="button"
                      className="px-1 text-primary-400 hover:text-red-600"
                      aria-label={e("removeMember", { name: m.name })}
                      onClick={() => setTeam(team.filter((x) => x.id !== m.id))}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {editable && (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <input
                  className="input w-56"
                  placeholder={e("findStaff")}
                  aria-label={e("findStaff")}
                  value={keyword}
                  onChange={(ev) => setKeyword(ev.target.value)}
                  data-testid="staff-search"
                />
                {options.filter((o) => !team.some((m) => m.id === o.id)).slice(0, 8).map((o) => (
                  <button
                    key={o.id}
                    type="button"
                    className="btn btn-default"
                    data-testid="staff-option"
                    data-user={o.userName}
                    onClick={() => setTeam([...team, o])}
                  >
                    + {o.name}
                  </button>
                ))}
              </div>
            )}
          </div>
          {error && (
            <p className="text-xs text-red-600" role="alert" data-testid="evaluation-error">
              {error}
            </p>
          )}
        </div>
      )}
    </Section>
  );
}
