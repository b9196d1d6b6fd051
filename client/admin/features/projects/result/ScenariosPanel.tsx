// Award scenarios on the matrix: the buyer's saved scenarios, each with its total, its difference
// from the lowest per line, each line's suppliers and shares, and the rules that bind or cannot be
// met; a new one is built below (ScenarioForm); choosing one awards the project so, through the
// approval rules.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../../shared/api.ts";
import { message } from "../../../../shared/messages.ts";
import { useAction } from "../../../../shared/useAction.ts";
import { Badge, dialogErrorsOf, Field, FormDialog, inputClass } from "../../../components/index.ts";
import { money } from "../../../components/money.ts";
import type { Matrix } from "./api.ts";
import { ScenarioForm } from "./ScenarioForm.tsx";
import { type Scenario, scenariosApi } from "./scenariosApi.ts";

type Rule = Scenario["binding"][number];

export function ScenariosPanel(
  { m, onAwarded }: { m: Matrix; onAwarded: () => void },
) {
  const { t } = useTranslation();
  const [list, setList] = useState<Scenario[] | null>(null);
  const [error, setError] = useState("");
  const [awarding, setAwarding] = useState<Scenario | null>(null);
  const load = () =>
    scenariosApi.list(m.project.id).then((x) => {
      setList(x);
      setError("");
    }).catch((e) => setError(e instanceof ApiError ? e.message : String(e)));
  useEffect(() => {
    load();
  }, [m.project.id]);

  return (
    <div className="space-y-3 border-t border-slate-100 pt-3" data-testid="scenarios">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("scenarios.title")}</h3>
        <p className="text-xs text-slate-500">{t("scenarios.intro")}</p>
      </div>
      {error && <p className="text-sm text-slate-500">{error}</p>}
      {list && !list.length && <p className="text-sm text-slate-400">{t("scenarios.none")}</p>}
      {list?.map((s) => (
        <ScenarioCard
          key={s.id}
          s={s}
          onAward={() => setAwarding(s)}
          onDeleted={load}
        />
      ))}
      <ScenarioForm m={m} onSaved={load} />
      {awarding && (
        <AwardScenarioDialog
          s={awarding}
          onClose={() => setAwarding(null)}
          onDone={() => {
            setAwarding(null);
            onAwarded();
          }}
        />
      )}
    </div>
  );
}

/** A rule in words. */
function useRuleText() {
  const { t } = useTranslation();
  return (r: Rule, s: Scenario) => {
    if (r.kind === "maxSuppliers") {
      return t("scenarios.rule.maxSuppliers", { n: s.rules.maxSuppliers });
    }
    if (r.kind === "excluded" || r.kind === "required") {
      return t(`scenarios.rule.${r.kind}`, { name: r.supplierAbbr ?? "" });
    }
    return r.itemId
      ? t("scenarios.rule.secondSourceLine", { item: r.itemName ?? "" })
      : t("scenarios.rule.secondSourceProject");
  };
}

function ScenarioCard(
  { s, onAward, onDeleted }: { s: Scenario; onAward: () => void; onDeleted: () => void },
) {
  const { t } = useTranslation();
  const k = (key: string, p: Record<string, unknown> = {}) => t(`scenarios.${key}`, p);
  const rule = useRuleText();
  const [run, busy] = useAction();
  const remove = () =>
    run(async () => {
      await scenariosApi.remove(s.id);
      message.success(k("deleted"));
      onDeleted();
    });
  return (
    <article
      className="rounded-md p-3 text-sm ring-1 ring-slate-200 ring-inset"
      data-testid="scenario"
      data-name={s.name}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium text-slate-900">{s.name}</h4>
        {s.feasible
          ? (
            <>
              <span data-testid="scenario-total">¥{money(s.total)}</span>
              <Badge tone={s.difference && Number(s.difference) > 0 ? "amber" : "green"}>
                {k("difference")} ¥{money(s.difference)} ({s.differencePercent ?? "0.00"} %)
              </Badge>
            </>
          )
          : <Badge tone="red">{k("impossible")}</Badge>}
        <span className="ml-auto flex gap-2">
          {s.feasible && (
            <button
              type="button"
              className="btn btn-primary h-8"
              onClick={onAward}
              data-testid="scenario-award"
            >
              {k("award")}
            </button>
          )}
          <button type="button" className="btn h-8" onClick={remove} disabled={busy}>
            {k("delete")}
          </button>
        </span>
      </header>
      <p className="mt-1 text-xs text-slate-600" data-testid="scenario-rules-outcome">
        {s.timedOut ? k("timedOut") : !s.feasible
          ? k("cannotMeet", {
            rules: s.blocking.length ? s.blocking.map((r) => rule(r, s)).join("; ") : k("together"),
          })
          : `${k("binding")}: ${
            s.binding.length ? s.binding.map((r) => rule(r, s)).join("; ") : k("noneBind")
          }`}
        {" · "}
        {k("lowest")} ¥{money(s.lowestTotal)}
      </p>
      {s.gapPercent !== null && (
        <p className="mt-1 text-xs text-amber-800">{k("gap", { gap: s.gapPercent })}</p>
      )}
      {s.feasible && (
        <table className="mt-2 w-full text-xs" data-testid="scenario-lines">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1 pr-2 font-medium">{k("line")}</th>
              <th className="py-1 font-medium">{k("suppliers")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {s.lines.map((l) => (
              <tr key={l.itemId}>
                <td className="py-1 pr-2">{l.itemName}</td>
                <td className="py-1">
                  {l.parts.map((p) =>
                    k("part", {
                      name: p.supplierAbbr,
                      percent: p.percent,
                      quantity: money(p.quantity, 0),
                    })
                  ).join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.unpriced.length > 0 && (
        <p className="mt-1 text-xs text-slate-500">
          {k("unpriced", { items: s.unpriced.join(", ") })}
        </p>
      )}
    </article>
  );
}

function AwardScenarioDialog(
  { s, onClose, onDone }: { s: Scenario; onClose: () => void; onDone: () => void },
) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();
  async function submit() {
    if (!reason.trim()) return setErrors({ reason: t("award.reasonRequired") });
    await run(async () => {
      const done = await scenariosApi.award(s.id, reason.trim());
      message.success(
        t(done.status === "pendingApproval" ? "scenarios.pending" : "scenarios.awarded", {
          name: s.name,
        }),
      );
      onDone();
    }, (err) => setErrors(dialogErrorsOf(err, ["reason"])));
  }
  return (
    <FormDialog
      open
      title={`${t("scenarios.award")}: ${s.name}`}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      testId="scenario-award-dialog"
    >
      <Field
        label={t("scenarios.reason")}
        htmlFor="scenario-reason"
        name="reason"
        error={errors.reason}
        required
      >
        <textarea
          id="scenario-reason"
          rows={3}
          maxLength={1000}
          className={inputClass(errors.reason, "h-auto py-1.5")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {errors[""] && <p className="mt-2 text-sm text-red-600" role="alert">{errors[""]}</p>}
    </FormDialog>
  );
}
