// Sets a project's savings baselines from the result page's savings panel, in any state of the
// project: the budget and the last purchase price, totals in CNY before tax (empty clears one).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { dialogErrorsOf, Field, FormDialog, inputClass } from "../../components/index.ts";
import { savingsBaselinesInput } from "../../../../server/domain/savings/schemas.ts";
import { type ProjectSavings, savingsApi } from "./api.ts";

const fields = ["budget", "lastPurchasePrice"] as const;
type Name = typeof fields[number];

export function BaselinesDialog(
  { projectId, current, onClose, onSaved }: {
    projectId: number;
    current: ProjectSavings;
    onClose: () => void;
    onSaved: (saved: ProjectSavings) => void;
  },
) {
  const { t } = useTranslation();
  const s = (k: string) => t(`savings.${k}`);
  const [values, setValues] = useState<Record<Name, string>>({
    budget: current.budget ?? "",
    lastPurchasePrice: current.lastPurchasePrice ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();
  const save = () => {
    // Checked here first by the server's own rule, to name each field by its label.
    const bad = fields.filter((name) =>
      !savingsBaselinesInput.shape[name].safeParse(values[name]).success
    );
    if (bad.length) {
      return setErrors(Object.fromEntries(bad.map((name) => [
        name,
        t("projects.badCnyAmount", { field: s(`columns.${name}`) }),
      ])));
    }
    return run(async () => {
      const saved = await savingsApi.setBaselines({ offProId: projectId, ...values });
      message.success(t("ui.saved"));
      onSaved(saved);
    }, (err) => setErrors(dialogErrorsOf(err, fields)));
  };
  return (
    <FormDialog
      open
      size="md"
      title={s("baselinesTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      testId="baselines-dialog"
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{s("baselinesHint")}</p>
        {fields.map((name) => (
          <Field
            key={name}
            label={s(`columns.${name}`)}
            name={name}
            htmlFor={`baseline-${name}`}
            error={errors[name]}
          >
            <input
              id={`baseline-${name}`}
              className={inputClass(errors[name], "tabular-nums")}
              inputMode="decimal"
              maxLength={20}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            />
          </Field>
        ))}
        {errors[""] && <p className="text-sm text-red-600" role="alert">{errors[""]}</p>}
      </div>
    </FormDialog>
  );
}
