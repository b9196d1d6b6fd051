// The comparison matrix as it was when the award was proposed (the proposal's snapshot): unit prices
// before tax in CNY, the lowest of each row highlighted, the proposed supplier of each line marked,
// totals by yearly usage, ranks and each supplier's commercial terms.
import { useTranslation } from "react-i18next";
import { money } from "../../components/money.ts";
import type { ApprovalDetail } from "./api.ts";
import { termsInWords } from "../../../../server/domain/shared/terms.ts";

export function SnapshotTable({ a }: { a: ApprovalDetail }) {
  const { t, i18n } = useTranslation();
  const s = a.snapshot;
  const proposed = new Map(a.lines.map((l) => [l.itemId, l.supplierId]));
  const th = "px-2 py-1.5 text-left text-xs font-semibold text-slate-600 whitespace-nowrap";
  const foot = "px-2 py-1.5 text-right tabular-nums";
  return (
    <div
      className="overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
      tabIndex={0}
    >
      <table className="w-full min-w-max text-sm" data-testid="snapshot">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>{t("projects.fields.itemName")}</th>
            <th className={`${th} text-right`}>{t("projects.fields.estimateYearAmount")}</th>
            {s.suppliers.map((x) => (
              <th key={x.id} className={`${th} min-w-32 text-right`}>
                <span className="block text-slate-900">{x.abbrName}</span>
                <span className="block font-mono text-[11px] font-normal text-slate-400">
                  {x.code}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {s.rows.map((r) => (
            <tr key={r.itemId} data-testid="snapshot-row">
              <td className="px-2 py-1.5">
                {r.itemName}
                {r.unit && <span className="ml-1 text-xs text-slate-400">/ {r.unit}</span>}
              </td>
              <td className="px-2 py-1.5 text-right text-slate-600 tabular-nums">
                {r.usage ?? "—"}
              </td>
              {s.suppliers.map((x, i) => {
                const chosen = proposed.get(r.itemId) === x.id;
                const lowest = r.lowest.includes(x.id);
                return (
                  <td
                    key={x.id}
                    className={`px-2 py-1.5 text-right tabular-nums ${
                      lowest ? "bg-emerald-50 text-emerald-800" : ""
                    } ${chosen ? "font-semibold ring-2 ring-amber-400 ring-inset" : ""}`}
                    data-testid="snapshot-cell"
                    data-proposed={chosen || undefined}
                    data-lowest={lowest || undefined}
                  >
                    {r.cny[i] === null ? "—" : `¥${money(r.cny[i], 4)}`}
                    {chosen && <span className="ml-1 text-amber-600">★</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-slate-50 text-xs">
          <tr data-testid="snapshot-total">
            <td className="px-2 py-1.5 font-semibold text-slate-700" colSpan={2}>
              {t("comparison.total")}
            </td>
            {s.suppliers.map((x) => (
              <td key={x.id} className={foot}>{x.total === null ? "—" : `¥${money(x.total)}`}</td>
            ))}
          </tr>
          <tr>
            <td className="px-2 py-1.5 font-semibold text-slate-700" colSpan={2}>
              {t("comparison.rank")}
            </td>
            {s.suppliers.map((x) => <td key={x.id} className={foot}>{x.rank ?? "—"}</td>)}
          </tr>
          <tr className="align-top" data-testid="snapshot-terms">
            <td className="px-2 py-1.5 font-semibold text-slate-700" colSpan={2}>
              {t("comparison.terms")}
            </td>
            {s.suppliers.map((x) => (
              <td
                key={x.id}
                className="px-2 py-1.5 text-right text-slate-600"
                data-testid="supplier-terms"
              >
                {x.terms
                  ? termsInWords(x.terms, (k, o) => t(k, o ?? {}), i18n.language).map((part, i) => (
                    <span key={i} className="block">{part}</span>
                  ))
                  : "—"}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
