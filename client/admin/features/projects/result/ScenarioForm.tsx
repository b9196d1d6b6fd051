// Building an award scenario on the matrix: a name, a starting point (lowest per line, lowest single
// supplier, own rules), at most N suppliers, suppliers excluded or required, and a second source for
// a line or the whole project with its least share of the quantity or value.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { message } from "../../../../shared/messages.ts";
import { useAction } from "../../../../shared/useAction.ts";
import { dialogErrorsOf, Field, inputClass } from "../../../components/index.ts";
import type { scenarioRules } from "../../../../../server/domain/comparison/scenarioSchemas.ts";
import type { Matrix } from "./api.ts";
import { type Scenario, scenariosApi } from "./scenariosApi.ts";

type Rules = z.input<typeof scenarioRules>;
type Preset = "lowest" | "single" | "custom";
type SupplierRule = "" | "excluded" | "required";

export function ScenarioForm(
  { m, onSaved }: { m: Matrix; onSaved: (s: Scenario) => void },
) {
  const { t } = useTranslation();
  const s = (k: string, p: Record<string, unknown> = {}) => t(`scenarios.${k}`, p);
  const quoted = m.suppliers.filter((x) => x.quoted);
  const [name, setName] = useState("");
  const [preset, setPreset] = useState<Preset>("lowest");
  const [max, setMax] = useState("");
  const [supplierRule, setSupplierRule] = useState<Record<number, SupplierRule>>({});
  const [second, setSecond] = useState(""); // "" none, "project", or an item id
  const [minPercent, setMinPercent] = useState("30");
  const [basis, setBasis] = useState<"quantity" | "value">("quantity");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();

  function rules(): Rules {
    if (preset === "lowest") return {};
    if (preset === "single") return { maxSuppliers: 1 };
    const of = (k: SupplierRule) => quoted.filter((x) => supplierRule[x.id] === k).map((x) => x.id);
    return {
      maxSuppliers: max ? Number(max) : null,
      excluded: of("excluded"),
      required: of("required"),
      secondSources: second
        ? [{
          itemId: second === "project" ? null : Number(second),
          minPercent: Number(minPercent),
          basis,
        }]
        : [],
    };
  }

  async function save() {
    if (!name.trim()) return setErrors({ name: s("nameRequired") });
    setErrors({});
    await run(async () => {
      const saved = await scenariosApi.create({
        offProId: m.project.id,
        name: name.trim(),
        view: "price",
        rules: rules(),
      });
      message.success(s("saved", { name: saved.name }));
      setName("");
      onSaved(saved);
    }, (err) => setErrors(dialogErrorsOf(err, ["name", "rules"])));
  }

  const ruleError = Object.entries(errors).find(([k]) => k.startsWith("rules"))?.[1];
  return (
    <form
      className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      data-testid="scenario-form"
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field label={s("name")} htmlFor="scenario-name" name="name" error={errors.name} required>
          <input
            id="scenario-name"
            className={inputClass(errors.name)}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <fieldset className="flex flex-wrap gap-3 pb-2 text-sm">
          <legend className="sr-only">{s("preset")}</legend>
          {(["lowest", "single", "custom"] as const).map((p) => (
            <label key={p} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="scenario-preset"
                value={p}
                checked={preset === p}
                onChange={() =>
                  setPreset(p)}
                className="accent-primary"
              />
              {s(`preset${p[0].toUpperCase()}${p.slice(1)}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {preset === "custom" && (
        <div className="grid gap-3 md:grid-cols-2" data-testid="scenario-rules">
          <div className="space-y-2">
            <Field label={s("maxSuppliers")} htmlFor="scenario-max" name="rules.maxSuppliers">
              <input
                id="scenario-max"
                type="number"
                min={1}
                className={inputClass(undefined, "w-24")}
                value={max}
                onChange={(e) =>
                  setMax(e.target.value)}
              />
            </Field>
            <table className="text-sm">
              <caption className="text-left text-xs font-medium text-slate-600">
                {s("supplierRules")}
              </caption>
              <tbody>
                {quoted.map((x) => (
                  <tr key={x.id}>
                    <td className="pr-3">{x.abbrName}</td>
                    <td>
                      <select
                        className="input h-8"
                        aria-label={`${s("supplierRules")} ${x.abbrName}`}
                        value={supplierRule[x.id] ?? ""}
                        onChange={(e) =>
                          setSupplierRule({
                            ...supplierRule,
                            [x.id]: e.target.value as SupplierRule,
                          })}
                      >
                        <option value="">—</option>
                        <option value="excluded">{s("excluded")}</option>
                        <option value="required">{s("required")}</option>
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="space-y-2">
            <Field label={s("secondSource")} htmlFor="scenario-second" name="rules.secondSources">
              <select
                id="scenario-second"
                className={inputClass()}
                value={second}
                onChange={(e) =>
                  setSecond(e.target.value)}
              >
                <option value="">{s("secondSourceNone")}</option>
                <option value="project">{s("wholeProject")}</option>
                {m.rows.filter((r) => r.inTotals).map((r) => (
                  <option key={r.item.id} value={r.item.id}>{r.item.itemName}</option>
                ))}
              </select>
            </Field>
            {second && (
              <div className="flex flex-wrap items-end gap-3">
                <Field label={s("minPercent")} htmlFor="scenario-min" name="minPercent">
                  <input
                    id="scenario-min"
                    type="number"
                    min={1}
                    max={50}
                    className={inputClass(undefined, "w-24")}
                    value={minPercent}
                    onChange={(e) => setMinPercent(e.target.value)}
                  />
                </Field>
                <Field label={s("basis")} htmlFor="scenario-basis" name="basis">
                  <select
                    id="scenario-basis"
                    className={inputClass()}
                    value={basis}
                    onChange={(e) => setBasis(e.target.value as "quantity" | "value")}
                  >
                    <option value="quantity">{s("basisQuantity")}</option>
                    <option value="value">{s("basisValue")}</option>
                  </select>
                </Field>
              </div>
            )}
          </div>
        </div>
      )}
      {(ruleError || errors[""]) && (
        <p className="text-sm text-red-600" role="alert">{ruleError || errors[""]}</p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="scenario-save">
        {s("save")}
      </button>
    </form>
  );
}
