// The comparison matrix itself: line items as rows, suppliers as columns, each price in CNY with the
// lowest of a row highlighted, and the totals with each supplier's rank, commercial terms and change.
import { useTranslation } from "react-i18next";
import type { Wire } from "../../../../shared/wire.ts";
import type { MatrixRow } from "../../../../../server/domain/comparison/matrix.ts";
import type { Matrix } from "./api.ts";
import { termsInWords } from "../../../../../server/domain/shared/terms.ts";
import { money } from "../../../components/money.ts";
import { Fragment } from "react";
import { AlternativeRow, LineFacts } from "./Alternatives.tsx";

function Change({ value, percent }: { value: string | null; percent: string | null }) {
  if (value === null) return null;
  const down = value.startsWith("-");
  const zero = /^-?0(\.0+)?$/.test(value);
  return (
    <span
      className={`text-[11px] tabular-nums ${
        zero ? "text-slate-400" : down ? "text-emerald-700" : "text-red-600"
      }`}
      data-testid="change"
    >
      {zero ? "±" : down ? "▼" : "▲"}
      {money(value.replace("-", ""), value.split(".")[1]?.length ?? 2)}
      {percent !== null && ` (${percent.startsWith("-") ? "" : "+"}${percent}%)`}
    </span>
  );
}

export function MatrixTable(
  { m, mayAccept = false, onChanged = () => {} }: {
    m: Matrix;
    /** The buyer may accept alternatives for comparison. */
    mayAccept?: boolean;
    onChanged?: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`comparison.${k}`, p);
  const f = (k: string) => t(`projects.fields.${k}`);
  const round = (r: number | null) => t(`quotes.round.${r ?? 0}`);
  const th = "px-2 py-1.5 text-left text-xs font-semibold text-slate-600 whitespace-nowrap";
  const foot = "px-2 py-1.5 text-right tabular-nums";
  return (
    <div
      className="overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
      tabIndex={0}
    >
      <table className="w-full min-w-max text-sm" data-testid="matrix">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>#</th>
            <th className={th}>{f("itemName")}</th>
            <th className={`${th} text-right`}>{f("estimateYearAmount")}</th>
            {m.suppliers.map((s) => (
              <th
                key={s.id}
                className={`${th} min-w-36 text-right`}
                data-testid="matrix-supplier"
                title={s.fullName}
              >
                <span className="block text-slate-900">{s.abbrName}</span>
                <span className="block font-mono text-[11px] font-normal text-slate-400">
                  {s.code}
                  {s.quoted && m.hasRounds && ` · ${c("quotedIn", { round: round(s.round) })}`}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {m.rows.map((r, n) => (
            <Fragment key={r.item.id}>
              <ItemRow
                row={r}
                n={n}
                totals={m.view === "total" ? m.totalCost.rows[n] : null}
              />
              <AlternativeRow row={r} m={m} mayAccept={mayAccept} onChanged={onChanged} />
            </Fragment>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 bg-slate-50/60 text-sm">
          <tr data-testid="matrix-total">
            <td />
            <td className="px-2 py-1.5 font-semibold" colSpan={2}>
              {m.view === "total" ? t("costs.totalCost") : c("total")}
            </td>
            {m.suppliers.map((s, i) => (
              <td key={s.id} className={`${foot} font-semibold`}>
                {m.view === "total"
                  ? <TotalCostFoot c={m.totalCost.suppliers[i]} />
                  : s.total !== null
                  ? `¥${money(s.total)}`
                  : (
                    <span className="text-xs font-normal text-slate-400">
                      {s.rankNote === "incomplete"
                        ? c("missingLines", { count: s.missingItemIds.length })
                        : s.rankNote
                        ? c(`rankNote.${s.rankNote}`)
                        : ""}
                    </span>
                  )}
              </td>
            ))}
          </tr>
          <tr data-testid="matrix-rank">
            <td />
            <td className="px-2 py-1.5 font-semibold" colSpan={2}>{c("rank")}</td>
            {m.suppliers.map((s) => (
              <td key={s.id} className={foot} data-rank={s.rank ?? undefined}>
                {s.rank !== null
                  ? (
                    <span
                      className={`inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs font-semibold ${
                        s.rank === 1 ? "bg-emerald-600 text-white" : "bg-slate-200 text-slate-700"
                      }`}
                    >
                      {s.rank}
                      {s.rankTie && "="}
                    </span>
                  )
                  : <span className="text-xs text-slate-400">—</span>}
              </td>
            ))}
          </tr>
          <tr data-testid="matrix-terms" className="align-top">
            <td />
            <td className="px-2 py-1.5 font-semibold" colSpan={2}>{c("terms")}</td>
            {m.suppliers.map((s) => (
              <td
                key={s.id}
                className="px-2 py-1.5 text-right text-xs text-slate-600"
                data-testid="supplier-terms"
              >
                {s.terms
                  ? termsInWords(s.terms, (k, o) => t(k, o ?? {}), i18n.language).map((
                    part,
                    i,
                  ) => <span key={i} className="block">{part}</span>)
                  : <span className="text-slate-400">—</span>}
              </td>
            ))}
          </tr>
          {m.hasRounds && (
            <tr data-testid="matrix-change">
              <td />
              <td className="px-2 py-1.5 font-semibold" colSpan={2}>
                {c("firstTotal")} / {c("vsFirst")}
              </td>
              {m.suppliers.map((s) => (
                <td key={s.id} className={foot}>
                  {s.firstTotal !== null && (
                    <span className="block text-xs text-slate-500">¥{money(s.firstTotal)}</span>
                  )}
                  <Change value={s.change} percent={s.changePercent} />
                </td>
              ))}
            </tr>
          )}
        </tfoot>
      </table>
      <p className="flex flex-wrap gap-3 border-t border-slate-100 px-2 py-1.5 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-emerald-50 ring-1 ring-emerald-300" />
          {c("legendLowest")}
        </span>
        <span>{m.view === "total" ? t("costs.legendTotal") : c("legend")}</span>
      </p>
    </div>
  );
}

/** A supplier's total cost under the matrix (total-cost view), with its price total beside it. */
function TotalCostFoot({ c }: { c: Matrix["totalCost"]["suppliers"][number] }) {
  const { t } = useTranslation();
  if (c.total === null) {
    return (
      <span className="text-xs font-normal text-slate-400">
        {c.rankNote === "noRate"
          ? t("costs.rankNoRate")
          : c.rankNote
          ? t(`comparison.rankNote.${c.rankNote}`)
          : ""}
      </span>
    );
  }
  return (
    <>
      <span className="block" data-testid="total-cost">¥{money(c.total)}</span>
      <span className="block text-[11px] font-normal text-slate-500">
        {t("costs.priceTotal")} ¥{money(c.priceTotal)} + {t("costs.termsTotal")} ¥{money(
          c.termsTotal,
        )}
      </span>
    </>
  );
}

/** One line item: its name and usage, and each supplier's price (or total cost) in CNY. */
function ItemRow(
  { row, n, totals }: {
    row: Wire<MatrixRow>;
    n: number;
    totals: Matrix["totalCost"]["rows"][number] | null;
  },
) {
  const { t } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`comparison.${k}`, p);
  return (
    <tr className="align-top" data-testid="matrix-row">
      <td className="px-2 py-2 text-xs text-slate-400">{n + 1}</td>
      <td className="px-2 py-2">
        <p className="font-medium text-slate-900">{row.item.itemName}</p>
        <p className="text-xs text-slate-400">
          {[row.item.materialCode, row.item.unit].filter(Boolean).join(" · ")}
        </p>
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {row.item.estimateYearAmount ?? (
          <span className="text-xs text-amber-700" title={c("notInTotals")}>—</span>
        )}
      </td>
      {row.cells.map((cell, i) => (
        <td
          key={cell.supplierId}
          data-testid="matrix-cell"
          data-status={cell.status}
          data-lowest={cell.lowest || undefined}
          data-awarded={cell.awarded || undefined}
          className={`px-2 py-2 text-right ${
            cell.lowest ? "bg-emerald-50 ring-1 ring-emerald-300 ring-inset" : ""
          }`}
          title={cell.line && cell.rate
            ? c("rateTitle", {
              price: cell.line.unitPrice,
              currency: cell.line.currency,
              rate: cell.rate,
              date: cell.rateDate ?? "—",
            })
            : undefined}
        >
          {cell.cny !== null
            ? (
              <>
                <span
                  className={`block font-medium tabular-nums ${
                    cell.lowest ? "text-emerald-800" : "text-slate-900"
                  }`}
                  data-testid="cny"
                >
                  ¥{money(totals ? totals.cells[i].totalCny : cell.cny, 4)}
                </span>
                {totals && (
                  <span className="block text-[11px] text-slate-500 tabular-nums">
                    {t("costs.viewPrice")} ¥{money(cell.cny, 4)}
                  </span>
                )}
                {cell.line && cell.line.currency !== "CNY" && (
                  <span className="block text-[11px] text-slate-500 tabular-nums">
                    {cell.line.unitPrice} {cell.line.currency}
                  </span>
                )}
                {(totals ? totals.cells[i].totalAmount : cell.amount) && (
                  <span className="block text-[11px] text-slate-400 tabular-nums">
                    = ¥{money(totals ? totals.cells[i].totalAmount : cell.amount)}
                  </span>
                )}
                <LineFacts cell={cell} />
                <Change value={cell.change} percent={cell.changePercent} />
              </>
            )
            : (
              <span className="text-xs text-slate-400">
                {cell.status === "noRate" && cell.line
                  ? `${cell.line.unitPrice} ${cell.line.currency} · `
                  : ""}
                {c(`status.${cell.status}`)}
              </span>
            )}
          {cell.tie && <span className="block text-[11px] text-emerald-700">{c("legendTie")}</span>}
          {cell.awarded && (
            <span className="mt-0.5 inline-block rounded bg-amber-100 px-1 text-[11px] font-medium text-amber-800">
              ★ {c("legendAwarded")}
            </span>
          )}
        </td>
      ))}
    </tr>
  );
}
