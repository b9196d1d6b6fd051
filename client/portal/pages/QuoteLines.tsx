// The supplier's priced lines: for each line item, unit price before tax, tax rate, currency, trade
// terms, payment method and term, lead time and validity (spec §5), sent with the attachment.
// Starts from the supplier's latest lines; the codes come from the buyer's data dictionary.
import { PRICE_FIELDS } from "../../../server/domain/quotes/schemas.ts";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../parts.tsx";
import { portalApi, type QuoteForm } from "../data.ts";
import { DAYS, PRICE, RATE } from "../../../server/domain/shared/priceFormats.ts";

type LineValues = QuoteForm["lines"][number];
type Option = QuoteForm["currencies"][number];
export type LineDraft = Record<Exclude<keyof LineValues, "itemId">, string>;

const FIELDS: readonly (keyof LineDraft)[] = PRICE_FIELDS;

const empty = (): LineDraft => ({
  unitPrice: "",
  taxRate: "",
  currency: "CNY",
  tradeTerms: "",
  paymentMethod: "",
  paymentTermDays: "",
  leadTimeDays: "",
  validUntil: "",
  remark: "",
});

/** The form's data and the drafts of each item's line. */
export function useQuoteLines(offProId: number) {
  const [form, setForm] = useState<QuoteForm | null>(null);
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>({});
  const load = useCallback(async () => {
    const f = await portalApi.quoteForm(offProId);
    setForm(f);
    setDrafts(Object.fromEntries(f.items.map((i) => {
      const l = f.lines.find((x) => x.itemId === i.id);
      return [
        i.id,
        l ? Object.fromEntries(FIELDS.map((k) => [k, String(l[k] ?? "")])) as LineDraft : empty(),
      ];
    })));
  }, [offProId]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  const set = (itemId: number, patch: Partial<LineDraft>) =>
    setDrafts((d) => ({ ...d, [itemId]: { ...d[itemId], ...patch } }));
  return { form, drafts, set, reload: load };
}

/** Whether an item's line has been started (any price field typed). */
const started = (d: LineDraft | undefined) =>
  !!d &&
  ["unitPrice", "taxRate", "paymentTermDays", "leadTimeDays"].some((k) =>
    d[k as keyof LineDraft].trim()
  );

/**
 * The lines to send with the file and the first problem found (as the server would say it), or
 * null when fine. Only started lines are sent unless every line is required.
 */
export function linesToSend(
  form: QuoteForm | null,
  drafts: Record<number, LineDraft>,
  t: (k: string, p?: Record<string, unknown>) => string,
): { lines: Record<string, unknown>[]; problem: string | null } {
  if (!form) return { lines: [], problem: null };
  const lines: Record<string, unknown>[] = [];
  const missing: string[] = [];
  for (const item of form.items) {
    const d = drafts[item.id];
    if (!started(d)) {
      if (form.linesRequired) missing.push(item.itemName);
      continue;
    }
    const p = { item: item.itemName };
    for (const k of FIELDS) {
      if (k === "validUntil" || k === "remark") continue;
      if (!d[k].trim()) return { lines, problem: t(`quoteLines.required.${k}`, p) };
    }
    if (!PRICE.test(d.unitPrice.trim()) || Number(d.unitPrice) <= 0) {
      return { lines, problem: t("quoteLines.badPrice", p) };
    }
    if (!RATE.test(d.taxRate.trim()) || Number(d.taxRate) > 100) {
      return { lines, problem: t("quoteLines.badTaxRate", p) };
    }
    for (const k of ["paymentTermDays", "leadTimeDays"] as const) {
      if (!DAYS.test(d[k].trim()) || Number(d[k]) > form.maxDays) {
        return { lines, problem: t(`quoteLines.badDays.${k}`, { ...p, max: form.maxDays }) };
      }
    }
    lines.push({
      itemId: item.id,
      ...Object.fromEntries(FIELDS.map((k) => [k, d[k].trim()])),
    });
  }
  if (missing.length) {
    return { lines, problem: t("quoteLines.missing", { items: missing.join(", ") }) };
  }
  return { lines, problem: null };
}

export function QuoteLinesCard(
  { form, drafts, set, disabled }: {
    form: QuoteForm;
    drafts: Record<number, LineDraft>;
    set: (itemId: number, patch: Partial<LineDraft>) => void;
    disabled: boolean;
  },
) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`quoteLines.fields.${k}`);
  const label = (o: Option) => `${(i18n.language === "en" && o.nameEn) || o.name}`;
  const done = form.items.filter((i) => started(drafts[i.id])).length;
  const first = form.items[0] ? drafts[form.items[0].id] : undefined;
  const cell = "input h-8 px-2 text-sm";
  const select = (
    itemId: number,
    k: "currency" | "tradeTerms" | "paymentMethod",
    options: Option[],
  ) => (
    <select
      className={cell}
      aria-label={f(k)}
      data-line-field={k}
      disabled={disabled}
      value={drafts[itemId]?.[k] ?? ""}
      onChange={(e) => set(itemId, { [k]: e.target.value })}
    >
      <option value="">—</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {k === "currency" ? `${o.code} ${label(o)}` : label(o)}
        </option>
      ))}
    </select>
  );
  const input = (itemId: number, k: keyof LineDraft, extra: Record<string, unknown> = {}) => (
    <input
      className={`${cell} ${k === "remark" || k === "validUntil" ? "" : "tabular-nums"}`}
      aria-label={f(k)}
      data-line-field={k}
      disabled={disabled}
      value={drafts[itemId]?.[k] ?? ""}
      onChange={(e) => set(itemId, { [k]: e.target.value })}
      {...extra}
    />
  );
  return (
    <Card
      title={`${t("portal.lines.title")} (${done}/${form.items.length})`}
      action={
        <span
          className={`rounded-full px-2 py-0.5 text-xs ${
            form.linesRequired ? "bg-primary-50 text-primary-700" : "bg-slate-100 text-slate-600"
          }`}
        >
          {form.linesRequired ? t("comparison.linesRequired") : t("comparison.linesOptional")}
        </span>
      }
      testId="quote-lines"
    >
      <div className="space-y-3 p-4">
        <p className="text-xs text-slate-500">{t("portal.lines.hint")}</p>
        {form.items.map((item, n) => (
          <fieldset
            key={item.id}
            className="rounded-md p-3 ring-1 ring-slate-200 ring-inset"
            data-testid="quote-line"
            data-item={item.itemName}
          >
            <legend className="px-1 text-sm font-medium text-slate-900">
              <span className="mr-1 text-slate-400">{n + 1}.</span>
              {item.itemName}
              {item.unit && <span className="ml-1 text-xs text-slate-500">/ {item.unit}</span>}
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {([
                ["unitPrice", input(item.id, "unitPrice", { inputMode: "decimal" })],
                ["currency", select(item.id, "currency", form.currencies)],
                ["taxRate", input(item.id, "taxRate", { inputMode: "decimal" })],
                ["tradeTerms", select(item.id, "tradeTerms", form.tradeTerms)],
                ["paymentMethod", select(item.id, "paymentMethod", form.paymentMethods)],
                ["paymentTermDays", input(item.id, "paymentTermDays", { inputMode: "numeric" })],
                ["leadTimeDays", input(item.id, "leadTimeDays", { inputMode: "numeric" })],
                ["validUntil", input(item.id, "validUntil", { type: "date" })],
              ] as const).map(([k, control]) => (
                <label key={k} className="block min-w-0 text-xs text-slate-600">
                  <span className="mb-0.5 block">{f(k)}</span>
                  {control}
                </label>
              ))}
              <label className="col-span-2 block text-xs text-slate-600 sm:col-span-4">
                <span className="mb-0.5 block">{f("remark")}</span>
                {input(item.id, "remark", { maxLength: 500 })}
              </label>
            </div>
            {n === 0 && form.items.length > 1 && started(first) && !disabled && (
              <button
                type="button"
                className="mt-2 rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => {
                  for (const other of form.items.slice(1)) {
                    set(other.id, {
                      currency: first!.currency,
                      taxRate: first!.taxRate,
                      tradeTerms: first!.tradeTerms,
                      paymentMethod: first!.paymentMethod,
                      paymentTermDays: first!.paymentTermDays,
                      leadTimeDays: first!.leadTimeDays,
                      validUntil: first!.validUntil,
                    });
                  }
                }}
                data-testid="copy-terms"
              >
                {t("portal.lines.copyTerms")}
              </button>
            )}
          </fieldset>
        ))}
      </div>
    </Card>
  );
}
