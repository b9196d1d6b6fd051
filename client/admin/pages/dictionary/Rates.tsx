// The data dictionary's exchange rates: shown under the Currency code type, each CNY per one unit
// of a currency from its effective date on; add, edit and delete (with confirmation).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";
import {
  AddButton,
  type Column,
  Field,
  FormDialog,
  inputClass,
  PagedTable,
  requiredErrors,
  RowAction,
  RowActions,
  runDelete,
  runSave,
  useConfirm,
  useFieldErrors,
  usePagedList,
} from "../../components/index.ts";

type Rate = { id: number; currency: string; effectiveDate: string; rate: string };
type Currency = { code: string; name: string; nameEn: string | null };

const base = "/QMO/SystemCodeType";

export function Rates({ currencies }: { currencies: Currency[] }) {
  const { t } = useTranslation();
  const r = (k: string) => t(`ratesPage.${k}`);
  const list = usePagedList<Rate, Record<never, never>>(`${base}/GetExchangeRates`, {
    initialQuery: {},
  });
  const [editing, setEditing] = useState<Rate | "new" | null>(null);
  const [confirmElement, confirm] = useConfirm();

  async function remove(row: Rate) {
    if (!(await confirm())) return;
    const ok = await runDelete(
      t,
      () => api.delete(`${base}/DeleteExchangeRate`, { id: row.id }, { silent: true }),
    );
    if (ok) list.reload();
  }

  const columns: Column<Rate>[] = [
    { key: "currency", title: r("currency"), nowrap: true, className: "font-mono" },
    { key: "effectiveDate", title: r("effectiveDate"), nowrap: true, className: "tabular-nums" },
    { key: "rate", title: r("rate"), align: "right", className: "tabular-nums" },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (row) => (
        <RowActions>
          <RowAction onClick={() => setEditing(row)} testId="edit-rate">{t("ui.edit")}</RowAction>
          <RowAction danger onClick={() => remove(row)} testId="delete-rate">
            {t("ui.delete")}
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="space-y-2 border-t border-slate-100 pt-3" data-testid="rates">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{r("title")}</h3>
          <p className="mt-0.5 text-xs text-slate-500">{r("hint")}</p>
        </div>
        <AddButton onClick={() => setEditing("new")} label={r("add")} />
      </div>
      <PagedTable
        list={list}
        columns={columns}
        rowKey={(x) => x.id}
        testId="rate-table"
        sortable={false}
      />
      {editing && (
        <RateDialog
          rate={editing === "new" ? null : editing}
          currencies={currencies.filter((c) => c.code !== "CNY")}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {confirmElement}
    </div>
  );
}

function RateDialog(
  { rate, currencies, onClose, onSaved }: {
    rate: Rate | null;
    currencies: Currency[];
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const r = (k: string) => t(`ratesPage.${k}`);
  const [form, setForm] = useState({
    currency: rate?.currency ?? currencies[0]?.code ?? "",
    effectiveDate: rate?.effectiveDate ?? "",
    rate: rate?.rate ?? "",
  });
  const { errors, setErrors, clearField } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    clearField(k);
  };
  async function save() {
    const errs = requiredErrors(t, {
      currency: [form.currency, r("currency")],
      effectiveDate: [form.effectiveDate, r("effectiveDate")],
      rate: [form.rate, r("rate")],
    });
    if (form.rate && !/^\d{1,9}(\.\d{1,8})?$/.test(form.rate.trim())) {
      errs.rate = t("rates.badRate");
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    const body = { ...form, rate: form.rate.trim() };
    const ok = await runSave(
      t,
      () =>
        rate
          ? api.put(`${base}/UpdateExchangeRate`, { ...body, id: rate.id }, { silent: true })
          : api.post(`${base}/CreateExchangeRate`, body, { silent: true }),
      { fields: ["currency", "effectiveDate", "rate"], onFieldErrors: setErrors },
    );
    setBusy(false);
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      title={rate ? r("edit") : r("add")}
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      testId="rate-dialog"
    >
      <div className="space-y-3">
        <Field
          label={r("currency")}
          name="currency"
          htmlFor="rate-currency"
          error={errors.currency}
          required
        >
          <select
            id="rate-currency"
            className={inputClass(errors.currency)}
            value={form.currency}
            onChange={set("currency")}
          >
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {(i18n.language === "en" && c.nameEn) || c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={r("effectiveDate")}
          name="effectiveDate"
          htmlFor="rate-date"
          error={errors.effectiveDate}
          required
        >
          <input
            id="rate-date"
            type="date"
            className={inputClass(errors.effectiveDate)}
            value={form.effectiveDate}
            onChange={set("effectiveDate")}
          />
        </Field>
        <Field label={r("rate")} name="rate" htmlFor="rate-rate" error={errors.rate} required>
          <input
            id="rate-rate"
            inputMode="decimal"
            className={inputClass(errors.rate, "tabular-nums")}
            value={form.rate}
            onChange={set("rate")}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
