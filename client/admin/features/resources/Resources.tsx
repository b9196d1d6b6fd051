// System settings › system resources: the editable settings (quote instructions in both
// languages, reminder hours, upload limit, which awards need approval, who must use two-factor
// sign-in), saved together; the server checks every value.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import { Badge, Field, inputClass, runSave, useFieldErrors } from "../../components/index.ts";
import { resourcesApi, type Setting } from "./api.ts";
import { AWARD_APPROVAL_MODES } from "../../../../server/domain/settings/schemas.ts";
import { NO_TWO_FACTOR, type TwoFactorRule, TwoFactorSetting } from "./TwoFactorSetting.tsx";

type Form = {
  quoteInstructionZh: string;
  quoteInstructionEn: string;
  reminderHours: string;
  uploadLimitMb: string;
  approvalMode: string;
  approvalThreshold: string;
  twoFactorRequired: TwoFactorRule;
};
const KEYS = [
  "quoteInstructionZh",
  "quoteInstructionEn",
  "reminderHours",
  "uploadLimitMb",
  "awardApproval",
  "twoFactorRequired",
];
type Approval = { mode: string; thresholdCny: string };

const toForm = (items: Setting[]): Form => {
  const v = (k: string) => items.find((i) => i.key === k)?.value;
  return {
    quoteInstructionZh: String(v("quoteInstructionZh") ?? ""),
    quoteInstructionEn: String(v("quoteInstructionEn") ?? ""),
    reminderHours: ((v("reminderHours") as number[] | undefined) ?? []).join(", "),
    uploadLimitMb: String(v("uploadLimitMb") ?? ""),
    approvalMode: (v("awardApproval") as Approval | undefined)?.mode ?? "threshold",
    approvalThreshold: (v("awardApproval") as Approval | undefined)?.thresholdCny ?? "",
    twoFactorRequired: (v("twoFactorRequired") as TwoFactorRule | undefined) ?? NO_TWO_FACTOR,
  };
};

export default function Resources() {
  const { t } = useTranslation();
  const [items, setItems] = useState<Setting[] | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [run, busy] = useAction();
  const { errors, setErrors, clearField } = useFieldErrors();

  const load = useCallback(async () => {
    try {
      const r = await resourcesApi.all();
      setItems(r.items);
      setForm(toForm(r.items));
    } catch { /* shown by the API client */ }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  if (!form || !items) {
    return (
      <div className="card flex justify-center py-16 text-primary">
        <Spinner />
      </div>
    );
  }
  const meta = (k: string) => items.find((i) => i.key === k);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    clearField(k);
  };

  async function save() {
    const f = form!;
    const errs: Record<string, string> = {};
    if (!f.quoteInstructionZh.trim()) {
      errs.quoteInstructionZh = t("ui.required", { field: t("resourcesPage.quoteInstructionZh") });
    }
    if (!f.quoteInstructionEn.trim()) {
      errs.quoteInstructionEn = t("ui.required", { field: t("resourcesPage.quoteInstructionEn") });
    }
    const hours = f.reminderHours.split(/[,，\s]+/).filter(Boolean).map(Number);
    if (hours.some((h) => !Number.isInteger(h) || h < 1)) {
      errs.reminderHours = t("resourcesPage.hoursFormat");
    }
    const limit = Number(f.uploadLimitMb);
    if (!f.uploadLimitMb.trim() || !(limit > 0)) {
      errs.uploadLimitMb = t("resourcesPage.limitFormat");
    }
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(f.approvalThreshold.trim())) {
      errs.awardApproval = t("resourcesPage.thresholdFormat");
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    await run(async () => {
      const saved = await runSave(
        t,
        () =>
          resourcesApi.update([
            { key: "quoteInstructionZh", value: f.quoteInstructionZh },
            { key: "quoteInstructionEn", value: f.quoteInstructionEn },
            { key: "reminderHours", value: hours },
            { key: "uploadLimitMb", value: limit },
            {
              key: "awardApproval",
              value: { mode: f.approvalMode, thresholdCny: f.approvalThreshold.trim() },
            },
            { key: "twoFactorRequired", value: f.twoFactorRequired },
          ]),
        { fields: KEYS, onFieldErrors: setErrors },
      );
      if (saved) await load();
    });
  }

  const status = (k: string) => {
    const m = meta(k);
    if (!m) return null;
    return m.isDefault
      ? <Badge>{t("resourcesPage.default")}</Badge>
      : (
        <span className="text-xs text-slate-500">
          {t("resourcesPage.modified", { time: formatTime(m.lastModificationTime) })}
        </span>
      );
  };

  return (
    <form
      className="card p-5"
      data-testid="resources-page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) save();
      }}
    >
      <div className="mb-4 flex items-center justify-between border-b border-slate-100 pb-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{t("resourcesPage.title")}</h2>
          <p className="mt-0.5 text-xs text-slate-500">{t("resourcesPage.hint")}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-default"
            onClick={() => {
              setForm(toForm(items));
              setErrors({});
            }}
            disabled={busy}
          >
            {t("ui.reset")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="save">
            {busy && <Spinner className="size-4" />}
            {t("ui.save")}
          </button>
        </div>
      </div>
      <div className="space-y-4">
        <div className="grid gap-4 xl:grid-cols-2">
          {(["quoteInstructionZh", "quoteInstructionEn"] as const).map((k) => (
            <div key={k} data-field={k}>
              <div className="mb-1 flex items-center justify-between">
                <label htmlFor={`res-${k}`} className="text-sm font-medium text-slate-700">
                  <span className="mr-0.5 text-red-500" aria-hidden="true">*</span>
                  {t(`resourcesPage.${k}`)}
                </label>
                {status(k)}
              </div>
              <textarea
                id={`res-${k}`}
                rows={14}
                className={inputClass(errors[k], "font-normal leading-relaxed")}
                value={form[k]}
                onChange={set(k)}
              />
              {errors[k] && (
                <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
                  {errors[k]}
                </p>
              )}
            </div>
          ))}
        </div>
        <div className="grid max-w-3xl gap-3">
          <Field
            label={t("resourcesPage.reminderHours")}
            name="reminderHours"
            htmlFor="res-reminderHours"
            error={errors.reminderHours}
            hint={t("resourcesPage.reminderHoursHint")}
          >
            <div className="flex items-center gap-3">
              <input
                id="res-reminderHours"
                className={inputClass(errors.reminderHours, "max-w-60")}
                value={form.reminderHours}
                onChange={set("reminderHours")}
              />
              {status("reminderHours")}
            </div>
          </Field>
          <Field
            label={t("resourcesPage.uploadLimitMb")}
            name="uploadLimitMb"
            htmlFor="res-uploadLimitMb"
            error={errors.uploadLimitMb}
            hint={t("resourcesPage.uploadLimitHint")}
          >
            <div className="flex items-center gap-3">
              <input
                id="res-uploadLimitMb"
                className={inputClass(errors.uploadLimitMb, "max-w-32")}
                inputMode="decimal"
                value={form.uploadLimitMb}
                onChange={set("uploadLimitMb")}
              />
              <span className="text-sm text-slate-500">MiB</span>
              {status("uploadLimitMb")}
            </div>
          </Field>
          <Field
            label={t("resourcesPage.awardApproval")}
            name="awardApproval"
            htmlFor="res-approvalMode"
            error={errors.awardApproval}
            hint={t("resourcesPage.awardApprovalHint")}
          >
            <div className="flex flex-wrap items-center gap-3">
              <select
                id="res-approvalMode"
                className={inputClass(undefined, "max-w-72")}
                value={form.approvalMode}
                onChange={set("approvalMode")}
              >
                {AWARD_APPROVAL_MODES.map((m) => (
                  <option key={m} value={m}>{t(`resourcesPage.approvalModes.${m}`)}</option>
                ))}
              </select>
              <input
                id="res-approvalThreshold"
                aria-label={t("resourcesPage.approvalThreshold")}
                className={inputClass(errors.awardApproval, "max-w-36")}
                inputMode="decimal"
                disabled={form.approvalMode !== "threshold"}
                value={form.approvalThreshold}
                onChange={(e) => {
                  setForm({ ...form, approvalThreshold: e.target.value });
                  clearField("awardApproval");
                }}
              />
              <span className="text-sm text-slate-500">CNY</span>
              {status("awardApproval")}
            </div>
          </Field>
          <TwoFactorSetting
            value={form.twoFactorRequired}
            onChange={(v) => setForm({ ...form, twoFactorRequired: v })}
            status={status("twoFactorRequired")}
          />
        </div>
      </div>
    </form>
  );
}
