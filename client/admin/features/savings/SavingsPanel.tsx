// The result page's savings panel: the first quote, the best quote after the optimisation rounds
// and the awarded total, in CNY before tax, with the savings against the first quote, the budget and
// the last purchase price. Nothing of a quote shows while a round is sealed.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/icons.tsx";
import { Field, Section } from "../../components/Section.tsx";
import { type ProjectSavings, savingsApi } from "./api.ts";
import { BaselinesDialog } from "./BaselinesDialog.tsx";
import { Cny, Definitions, noteLabel, roundLabel, SavingValue } from "./parts.tsx";
import type { SlotProps } from "../../layout/panels.tsx";

export function SavingsPanel({ project, loaded, mayPublish }: SlotProps["projectResult"]) {
  const projectId = project.id;
  const reload = loaded;
  const mayEdit = mayPublish;
  const { t } = useTranslation();
  const s = (k: string, p: Record<string, unknown> = {}) => t(`savings.${k}`, p);
  const [data, setData] = useState<ProjectSavings | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    savingsApi.project(projectId).then(setData).catch(() => setData(null));
  }, [projectId, reload]);
  if (!data) return null;
  const f = data.figures;
  return (
    <Section
      title={s("panelTitle")}
      testId="savings-panel"
      extra={mayEdit && (
        <button
          type="button"
          className="btn btn-default"
          onClick={() => setEditing(true)}
          data-testid="edit-baselines"
        >
          {s("editBaselines")}
        </button>
      )}
    >
      <div className="space-y-3">
        <p
          className={`flex items-start gap-1.5 text-sm ${
            f?.priced ? "text-slate-600" : "font-medium text-slate-700"
          }`}
          data-testid="savings-note"
          data-note={data.note}
        >
          {data.state === "sealed" && <Icon name="lock" className="mt-0.5 size-4 shrink-0" />}
          {noteLabel(t, data)}
        </p>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          {f?.priced && (
            <>
              <Field label={s("columns.first")}>
                <Cny v={f.first} testId="savings-first" />
              </Field>
              <Field label={s("columns.best")}>
                <Cny v={f.best} testId="savings-best" />
                {f.bestRound !== null && (
                  <span className="ml-1 text-xs text-slate-500">
                    ({roundLabel(t, f.bestRound, f.bestSource)})
                  </span>
                )}
              </Field>
              <Field label={s("columns.awarded")}>
                <Cny v={f.awarded} testId="savings-awarded" />
              </Field>
              <Field label={s("columns.vsFirst")}>
                <SavingValue s={f.vsFirst} testId="savings-vs-first" />
              </Field>
              <Field label={t("costs.savingsBest")}>
                <Cny v={f.bestTotalCost} testId="savings-best-total-cost" />
              </Field>
              <Field label={t("costs.savingsAwarded")}>
                <Cny v={f.awardedTotalCost} testId="savings-awarded-total-cost" />
              </Field>
            </>
          )}
          <Field label={s("columns.budget")}>
            <Cny v={data.budget} testId="savings-budget" />
          </Field>
          <Field label={s("columns.vsBudget")}>
            <SavingValue s={f?.vsBudget} testId="savings-vs-budget" />
          </Field>
          <Field label={s("columns.lastPurchasePrice")}>
            <Cny v={data.lastPurchasePrice} testId="savings-last-price" />
          </Field>
          <Field label={s("columns.vsLastPrice")}>
            <SavingValue s={f?.vsLastPrice} testId="savings-vs-last-price" />
          </Field>
        </dl>
        <Definitions />
      </div>
      {editing && (
        <BaselinesDialog
          projectId={projectId}
          current={data}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setData(saved);
            setEditing(false);
          }}
        />
      )}
    </Section>
  );
}
