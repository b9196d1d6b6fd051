// The data dictionary's exchange rates: shown under the Currency code type, each CNY per one unit
// of a currency from its effective date on; add, edit and delete (with confirmation).
import { useTranslation } from "react-i18next";
import {
  AddButton,
  type Column,
  EditDeleteActions,
  FormDialog,
  PagedTable,
  requiredErrors,
  SelectField,
  TextField,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { type Currency, DICTIONARY, dictionaryApi, type Rate } from "./api.ts";

export function Rates({ currencies }: { currencies: Currency[] }) {
  const { t } = useTranslation();
  const r = (k: string) => t(`ratesPage.${k}`);
  const list = usePagedList(dictionaryApi.rates, {
    initialQuery: {},
  });
  const edit = useEditDialog<Rate>(list.reload);
  const [confirmElement, remove] = useDeleteRow(
    (row: Rate) => dictionaryApi.removeRate(row.id),
    list.reload,
  );

  const columns: Column<Rate>[] = [
    { key: "currency", title: r("currency"), nowrap: true, className: "font-mono" },
    { key: "effectiveDate", title: r("effectiveDate"), nowrap: true, className: "tabular-nums" },
    { key: "rate", title: r("rate"), align: "right", className: "tabular-nums" },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (row) => (
        <EditDeleteActions
          onEdit={() => edit.open(row)}
          onDelete={() => remove(row)}
          testIdSuffix="-rate"
        />
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
        <AddButton onClick={() => edit.open("new")} label={r("add")} />
      </div>
      <PagedTable
        list={list}
        columns={columns}
        rowKey={(x) => x.id}
        testId="rate-table"
        sortable={false}
      />
      {edit.editing && (
        <RateDialog
          rate={edit.row}
          currencies={currencies.filter((c) => c.code !== "CNY")}
          onClose={edit.close}
          onSaved={edit.saved}
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
  const form = useFormState({
    currency: rate?.currency ?? currencies[0]?.code ?? "",
    effectiveDate: rate?.effectiveDate ?? "",
    rate: rate?.rate ?? "",
  });
  const { values } = form;
  async function save() {
    const errs = requiredErrors(t, {
      currency: [values.currency, r("currency")],
      effectiveDate: [values.effectiveDate, r("effectiveDate")],
      rate: [values.rate, r("rate")],
    });
    if (values.rate && !/^\d{1,9}(\.\d{1,8})?$/.test(values.rate.trim())) {
      errs.rate = t("rates.badRate");
    }
    if (!form.check(errs)) return;
    const body = { ...values, rate: values.rate.trim() };
    const ok = await form.saveRow(
      rate?.id,
      { create: `${DICTIONARY}/CreateExchangeRate`, update: `${DICTIONARY}/UpdateExchangeRate` },
      body,
      ["currency", "effectiveDate", "rate"],
    );
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      title={rate ? r("edit") : r("add")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="rate-dialog"
    >
      <div className="space-y-3">
        <SelectField form={form} name="currency" id="rate-currency" label={r("currency")} required>
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {(i18n.language === "en" && c.nameEn) || c.name}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="effectiveDate"
          id="rate-date"
          label={r("effectiveDate")}
          required
          type="date"
        />
        <TextField
          form={form}
          name="rate"
          id="rate-rate"
          label={r("rate")}
          required
          controlClass="tabular-nums"
          inputMode="decimal"
        />
      </div>
    </FormDialog>
  );
}
