// System settings › system resources: company sign-in's two settings (whether staff may still sign
// in with a QMO password; whether a first company sign-in creates a staff user with no roles),
// saved on their own. Shown whether or not the server has company sign-in configured.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import { runSave } from "../../components/index.ts";
import { resourcesApi, type Setting } from "./api.ts";

type Values = { staffPasswordSignIn: boolean; companySignInCreatesUsers: boolean };
const KEYS = ["staffPasswordSignIn", "companySignInCreatesUsers"] as const;

const valuesOf = (items: Setting[]): Values => ({
  staffPasswordSignIn: items.find((i) => i.key === "staffPasswordSignIn")?.value !== false,
  companySignInCreatesUsers: items.find((i) => i.key === "companySignInCreatesUsers")?.value ===
    true,
});

export function CompanySignInSettings() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values | null>(null);
  const [configured, setConfigured] = useState(true);
  const [run, busy] = useAction();
  useEffect(() => {
    resourcesApi.all().then((r) => setValues(valuesOf(r.items))).catch(() => {});
    api.get<{ companySignIn: boolean }>("/app/TokenAuth/GetSignInOptions", undefined, {
      silent: true,
    }).then((o) => setConfigured(o.companySignIn)).catch(() => {});
  }, []);
  if (!values) return null;

  return (
    <form
      className="card mt-4 p-5"
      data-testid="company-sign-in-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        run(() =>
          runSave(t, () => resourcesApi.update(KEYS.map((key) => ({ key, value: values[key] }))))
        );
      }}
    >
      <div className="mb-3 flex items-center justify-between border-b border-slate-100 pb-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">
            {t("companySignIn.settingsTitle")}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">{t("companySignIn.settingsHint")}</p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {t("ui.save")}
        </button>
      </div>
      {!configured && (
        <p className="mb-3 text-sm text-amber-700" role="note">
          {t("companySignIn.notConfigured")}
        </p>
      )}
      <div className="grid max-w-3xl gap-3">
        {([
          ["staffPasswordSignIn", "companySignIn.staffPasswordSignIn"],
          ["companySignInCreatesUsers", "companySignIn.createsUsers"],
        ] as const).map(([key, label]) => (
          <div key={key}>
            <label className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input
                id={`res-${key}`}
                type="checkbox"
                className="size-4 accent-primary"
                aria-describedby={`res-${key}-hint`}
                checked={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.checked })}
              />
              {t(label)}
            </label>
            <p id={`res-${key}-hint`} className="ml-6 text-xs text-slate-500">
              {t(`${label}Hint`)}
            </p>
          </div>
        ))}
      </div>
    </form>
  );
}
