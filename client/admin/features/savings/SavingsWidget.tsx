// The dashboard's savings over the last 12 months (UTC+8): the total saved against the first quote
// (and against the budgets and last purchase prices given), a bar per month, and the categories
// that saved most; a link to the savings report.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { intlLocale } from "../../../../server/domain/shared/time.ts";
import { money } from "../../components/money.ts";
import { savingsApi, type Summary } from "./api.ts";
import { SavingValue } from "./parts.tsx";

const REPORT_PATH = "/offerProjectManager/savingsReport";

/** "Jan" / "1月" for "2026-01", in the reader's language. */
const monthName = (month: string, lang: string) => {
  const [y, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocale(lang), { month: "short", timeZone: "UTC" })
    .format(new Date(Date.UTC(y, m - 1, 1)));
};

/** The report of the widget's 12 months (by the server's clock): first day to last day. */
function reportLink(data: Summary | null): string {
  const months = data?.months.map((m) => m.month) ?? [];
  if (!months.length) return REPORT_PATH;
  const [y, m] = months[months.length - 1].split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${REPORT_PATH}?from=${months[0]}-01&to=${months[months.length - 1]}-${last}`;
}

/** Shown to who may see projects of either kind (the shell's panel says so, panels.ts). */
export function SavingsWidget() {
  const { t, i18n } = useTranslation();
  const s = (k: string, p: Record<string, unknown> = {}) => t(`savings.${k}`, p);
  const [data, setData] = useState<Summary | null>(null);
  useEffect(() => {
    savingsApi.summary().then(setData).catch(() => {});
  }, []);

  const saved = (g: Summary["total"]) => g.vsFirst?.amount ?? "0";
  const peak = Math.max(1, ...(data?.months ?? []).map((m) => Math.abs(Number(saved(m)))));
  const top = (data?.categories ?? []).filter((c) => c.vsFirst)
    .sort((a, b) => Number(saved(b)) - Number(saved(a))).slice(0, 5);

  return (
    <section className="card p-4" data-testid="savings-widget" aria-busy={!data || undefined}>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-slate-900">{s("widgetTitle")}</h2>
        <Link to={reportLink(data)} className="text-sm text-primary hover:underline">
          {s("openReport")}
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-2">
          <dl className="space-y-2">
            <div>
              <dt className="text-xs text-slate-500">{s("savedVsFirst")}</dt>
              <dd className="mt-0.5 text-2xl font-semibold" data-testid="savings-widget-total">
                {data
                  ? <SavingValue s={data.total.vsFirst ?? { amount: "0", percent: null }} />
                  : "–"}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{s("columns.vsBudget")}</dt>
              <dd data-testid="savings-widget-budget">
                <SavingValue s={data?.total.vsBudget} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{s("columns.vsLastPrice")}</dt>
              <dd data-testid="savings-widget-last-price">
                <SavingValue s={data?.total.vsLastPrice} />
              </dd>
            </div>
          </dl>
          <p className="text-xs text-slate-500">
            {data && s("widgetCount", { count: data.total.projects, priced: data.total.priced })}
          </p>
        </div>
        <div className="lg:col-span-2">
          <div
            className="flex h-36 items-end gap-1 border-b border-slate-200"
            role="list"
            aria-label={s("byMonth")}
          >
            {(data?.months ?? []).map((m) => {
              const v = Number(saved(m));
              return (
                <div
                  key={m.month}
                  role="listitem"
                  className="flex h-full flex-1 flex-col items-center justify-end"
                  title={`${m.month}: ¥${money(saved(m))}`}
                  data-testid="savings-month"
                  data-month={m.month}
                  data-saved={saved(m)}
                >
                  <div
                    className={`w-full max-w-8 rounded-t ${
                      v < 0 ? "bg-red-400" : "bg-emerald-500"
                    }`}
                    style={{ height: `${(Math.abs(v) / peak) * 100}%` }}
                  />
                </div>
              );
            })}
          </div>
          <div className="mt-1 flex gap-1 text-center text-[11px] text-slate-500">
            {(data?.months ?? []).map((m) => (
              <span key={m.month} className="flex-1">{monthName(m.month, i18n.language)}</span>
            ))}
          </div>
          {top.length > 0 && (
            <ul className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              {top.map((c) => (
                <li
                  key={c.categoryId ?? 0}
                  className="flex justify-between gap-2"
                  data-testid="savings-widget-category"
                >
                  <span className="truncate text-slate-700">
                    {c.categoryName ?? s("noCategory")}
                  </span>
                  <SavingValue s={c.vsFirst} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
