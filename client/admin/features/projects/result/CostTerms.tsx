// The result page's total cost: the switch between the price view and the total-cost view of the
// matrix, and the buyer's cost terms on each supplier (freight, duty, payment-term financing, a
// one-off qualification or switching cost, another named term), added and removed here. Suppliers
// never see them.
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../../../shared/api.ts";
import type { Wire } from "../../../../shared/wire.ts";
import { useAction } from "../../../../shared/useAction.ts";
import { message } from "../../../../shared/messages.ts";
import {
  dialogErrorsOf,
  Field,
  FormDialog,
  inputClass,
  useConfirm,
} from "../../../components/index.ts";
import { money } from "../../../components/money.ts";
import type { CostTermDto } from "../../../../../server/domain/comparison/costTerms.ts";
import type { createCostTermInput } from "../../../../../server/domain/comparison/costTermSchemas.ts";
import { COST_TERM_KINDS } from "../../../../../server/domain/shared/costTermKinds.ts";
import type { Matrix } from "./api.ts";
import { awardedTotalCost, figuresOf } from "../../../../../server/domain/shared/awardTotals.ts";

type Term = Wire<CostTermDto>;
type Currency = { code: string; name: string; nameEn: string | null };
const PM = "/QMO/OfferProjectManager";

const termsApi = {
  list: (projectId: number) =>
    api.get<{ items: Term[]; currencies: Currency[] }>(`${PM}/GetCostTerms`, {
      offProId: projectId,
    }, { silent: true }),
  create: (input: z.input<typeof createCostTermInput>) =>
    api.post<Term>(`${PM}/CreateCostTerm`, input, { silent: true }),
  remove: (id: number) => api.delete(`${PM}/DeleteCostTerm`, { id }, { silent: true }),
};

/** Price or total cost: what the matrix's lowest marks and ranks follow. */
export function ViewSwitch(
  { view, onChange }: { view: "price" | "total"; onChange: (v: "price" | "total") => void },
) {
  const { t } = useTranslation();
  const button = (v: "price" | "total", label: string) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => onChange(v)}
      data-testid={`view-${v}`}
      className={`px-3 py-1 text-sm ${
        view === v ? "bg-primary text-white" : "bg-white text-slate-700 hover:bg-slate-50"
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex items-center gap-2 text-sm" role="group" aria-labelledby="view-label">
      <span id="view-label" className="text-slate-600">{t("costs.viewLabel")}</span>
      <span className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300">
        {button("price", t("costs.viewPrice"))}
        {button("total", t("costs.viewTotal"))}
      </span>
    </div>
  );
}

/** How a term reads: its kind (or name), its value and basis. */
function termText(t: TFunction, term: Term) {
  const kind = term.kind === "other" && term.name ? term.name : t(`costs.kinds.${term.kind}`);
  const value = term.kind === "financing"
    ? t("costs.ratePerYear", { value: term.value })
    : term.basis === "percent"
    ? t("costs.percentOf", { value: term.value })
    : `${money(term.value, term.value.split(".")[1]?.length ?? 0)} ${term.currency}`;
  return { kind, value };
}

/** The buyer's cost terms of the project, by supplier, with what each adds to the total. */
export function CostTermsPanel(
  { m, editable, onChanged }: { m: Matrix; editable: boolean; onChanged: () => void },
) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState<Term[]>([]);
  const [currencies, setCurrencies] = useState<Currency[]>([]);
  const [adding, setAdding] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const load = () =>
    termsApi.list(m.project.id).then((r) => {
      setTerms(r.items);
      setCurrencies(r.currencies);
    }).catch(() => {});
  useEffect(() => {
    load();
  }, [m.project.id]);
  const supplier = (id: number) => m.suppliers.find((s) => s.id === id)?.abbrName ?? "";
  const item = (id: number | null) =>
    id === null ? t("costs.wholeOffer") : m.rows.find((r) => r.item.id === id)?.item.itemName ?? "";
  const effect = (id: number) => m.totalCost.terms.find((x) => x.id === id)?.cny;

  async function remove(term: Term) {
    const { kind } = termText(t, term);
    if (!await confirm({ danger: true })) return;
    try {
      await termsApi.remove(term.id);
      message.success(t("ui.deleted"));
      await load();
      onChanged();
    } catch (err) {
      message.error(err instanceof Error ? err.message : kind);
    }
  }

  const th = "px-2 py-1.5 text-left text-xs font-semibold text-slate-600";
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3" data-testid="cost-terms">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t("costs.title")}</h3>
          <p className="text-xs text-slate-500">{t("costs.hint")}</p>
        </div>
        {editable && (
          <button
            type="button"
            className="btn btn-default"
            onClick={() => setAdding(true)}
            data-testid="cost-term-add"
          >
            {t("costs.add")}
          </button>
        )}
      </div>
      {terms.length === 0
        ? <p className="text-sm text-slate-400">{t("costs.none")}</p>
        : (
          <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
            <table className="w-full min-w-max text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th className={th}>{t("costs.supplier")}</th>
                  <th className={th}>{t("costs.item")}</th>
                  <th className={th}>{t("costs.kind")}</th>
                  <th className={th}>{t("costs.value")}</th>
                  <th className={`${th} text-right`}>{t("costs.export.cny")}</th>
                  {editable && <th className={th} />}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {terms.map((term) => {
                  const { kind, value } = termText(t, term);
                  const cny = effect(term.id);
                  return (
                    <tr key={term.id} data-testid="cost-term">
                      <td className="px-2 py-1.5">{supplier(term.supplierId)}</td>
                      <td className="px-2 py-1.5">{item(term.itemId)}</td>
                      <td className="px-2 py-1.5">{kind}</td>
                      <td className="px-2 py-1.5">{value}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums" data-testid="term-cny">
                        {cny === undefined
                          ? "—"
                          : cny === null
                          ? t("costs.noRate")
                          : `¥${money(cny)}`}
                      </td>
                      {editable && (
                        <td className="px-2 py-1.5 text-right">
                          <button
                            type="button"
                            className="text-xs text-red-600 hover:underline"
                            onClick={() => remove(term)}
                            aria-label={t("costs.removeOf", {
                              term: `${supplier(term.supplierId)} ${kind}`,
                            })}
                          >
                            {t("costs.remove")}
                          </button>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      {confirmElement}
      {adding && (
        <AddTermDialog
          m={m}
          currencies={currencies}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            load();
            onChanged();
          }}
        />
      )}
    </div>
  );
}

const FIELDS = ["supplierId", "itemId", "kind", "name", "basis", "value", "currency"] as const;

function AddTermDialog(
  { m, currencies, onClose, onDone }: {
    m: Matrix;
    currencies: Currency[];
    onClose: () => void;
    onDone: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const [f, setF] = useState({
    supplierId: String(m.suppliers.find((s) => s.quoted)?.id ?? m.suppliers[0]?.id ?? ""),
    itemId: "",
    kind: "freight" as (typeof COST_TERM_KINDS)[number],
    name: "",
    basis: "amount" as "amount" | "percent",
    value: "",
    currency: "CNY",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();
  const set = (k: keyof typeof f, v: string) => {
    setF((x) => ({
      ...x,
      [k]: v,
      ...(k === "kind" && v === "financing" ? { basis: "percent" } : {}),
    }));
    setErrors((e) => ({ ...e, [k]: "" }));
  };
  const financing = f.kind === "financing";
  const submit = () =>
    run(async () => {
      await termsApi.create({
        offProId: m.project.id,
        supplierId: f.supplierId,
        itemId: f.itemId || null,
        kind: f.kind,
        name: f.kind === "other" ? f.name : null,
        basis: f.basis,
        value: f.value,
        currency: f.basis === "amount" ? f.currency : null,
      });
      message.success(t("ui.saved"));
      onDone();
    }, (err) => setErrors(dialogErrorsOf(err, FIELDS)));
  const select = (k: keyof typeof f, options: [string, string][]) => (
    <select
      id={`term-${k}`}
      className={inputClass(errors[k], "w-full")}
      value={f[k]}
      onChange={(e) => set(k, e.target.value)}
    >
      {options.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
    </select>
  );
  return (
    <FormDialog
      open
      title={t("costs.add")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={t("costs.save")}
      testId="cost-term-dialog"
    >
      <div className="space-y-3">
        {errors[""] && <p className="text-sm text-red-600" role="alert">{errors[""]}</p>}
        <Field
          label={t("costs.supplier")}
          htmlFor="term-supplierId"
          name="supplierId"
          error={errors.supplierId}
          required
        >
          {select(
            "supplierId",
            m.suppliers.map((s) => [String(s.id), `${s.abbrName} (${s.code})`]),
          )}
        </Field>
        <Field
          label={t("costs.item")}
          htmlFor="term-itemId"
          name="itemId"
          error={errors.itemId}
        >
          {select("itemId", [
            ["", t("costs.wholeOffer")],
            ...m.rows.map((r): [string, string] => [String(r.item.id), r.item.itemName]),
          ])}
        </Field>
        <Field
          label={t("costs.kind")}
          htmlFor="term-kind"
          name="kind"
          error={errors.kind}
          required
        >
          {select("kind", COST_TERM_KINDS.map((k) => [k, t(`costs.kinds.${k}`)]))}
        </Field>
        {f.kind === "other" && (
          <Field
            label={t("costs.name")}
            htmlFor="term-name"
            name="name"
            error={errors.name}
            required
          >
            <input
              id="term-name"
              className={inputClass(errors.name, "w-full")}
              value={f.name}
              maxLength={100}
              onChange={(e) => set("name", e.target.value)}
            />
          </Field>
        )}
        {!financing && (
          <Field
            label={t("costs.basis")}
            htmlFor="term-basis"
            name="basis"
            error={errors.basis}
          >
            {select("basis", [
              ["amount", t("costs.basisAmount")],
              ["percent", t("costs.basisPercent")],
            ])}
          </Field>
        )}
        <Field
          label={financing
            ? t("costs.annualRate")
            : f.basis === "percent"
            ? t("costs.basisPercent")
            : t("costs.value")}
          htmlFor="term-value"
          name="value"
          error={errors.value || (financing ? errors.basis : undefined)}
          hint={financing ? t("costs.ratePerYear", { value: f.value || "…" }) : undefined}
          required
        >
          <input
            id="term-value"
            inputMode="decimal"
            className={inputClass(errors.value, "w-40")}
            value={f.value}
            onChange={(e) => set("value", e.target.value)}
          />
        </Field>
        {f.basis === "amount" && !financing && (
          <Field
            label={t("costs.currency")}
            htmlFor="term-currency"
            name="currency"
            error={errors.currency}
            required
          >
            {select(
              "currency",
              currencies.map((c) => [
                c.code,
                `${c.code} · ${i18n.language === "en" && c.nameEn ? c.nameEn : c.name}`,
              ]),
            )}
          </Field>
        )}
      </div>
    </FormDialog>
  );
}

/** The chosen award's price total and total cost (lines without yearly usage count in neither). */
export function AwardTotals(
  { m, lines }: { m: Matrix; lines: { itemId: number; supplierId: number }[] },
) {
  const { t } = useTranslation();
  const counted = lines.filter((l) =>
    m.rows.find((r) => r.item.id === l.itemId)?.inTotals && l.supplierId
  );
  const figures = figuresOf(m.totalCost);
  const price = awardedTotalCost({
    supplierIds: figures.supplierIds,
    lineTotals: new Map(m.rows.map((r) => [r.item.id, r.cells.map((c) => c.amount)])),
    lumpSums: figures.supplierIds.map(() => "0"),
  }, counted);
  const total = awardedTotalCost(figures, counted);
  if (price === null) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="award-totals">
      {total === null
        ? t("costs.bothTotalsNoTotal", { price: money(price) })
        : t("costs.bothTotals", { price: money(price), total: money(total) })}
    </p>
  );
}
