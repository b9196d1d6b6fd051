// System resources › who must sign in with a second factor: administrators, all staff, suppliers.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type TwoFactorRule = { administrators: boolean; staff: boolean; suppliers: boolean };
export const NO_TWO_FACTOR: TwoFactorRule = {
  administrators: false,
  staff: false,
  suppliers: false,
};

export function TwoFactorSetting(
  { value, onChange, status }: {
    value: TwoFactorRule;
    onChange: (v: TwoFactorRule) => void;
    status: ReactNode;
  },
) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[8.5rem_1fr]"
      data-field="twoFactorRequired"
    >
      <legend className="contents">
        <span className="pt-1.5 text-sm text-slate-600 sm:text-right">
          {t("twoFactor.requiredFor")}
        </span>
      </legend>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-4">
          {(["administrators", "staff", "suppliers"] as const).map((k) => (
            <label key={k} className="inline-flex items-center gap-1.5 pt-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                name={`twoFactor-${k}`}
                checked={value[k]}
                onChange={(e) =>
                  onChange({ ...value, [k]: e.target.checked })}
              />
              {t(`twoFactor.${k}`)}
            </label>
          ))}
          {status}
        </div>
        <p className="mt-1 text-xs text-slate-500">{t("twoFactor.requiredForHint")}</p>
      </div>
    </fieldset>
  );
}
