// The dashboard's supplier panel (for users who may see suppliers): each supplier's performance
// over the last 12 months as a table and a chart, and the certificates expiring within 30 days.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RateBars } from "./charts.tsx";
import { type Expiring, type PerformanceRow, qualificationsApi } from "./api.ts";
import { percent, SUPPLIER_PAGE } from "./qualifications.ts";
import { typeName, useCertificateTypes } from "../../components/CertificateTypes.tsx";
import { relativeDays } from "../../../shared/time.ts";

const SHOWN = 10;

/** Shown to who may see suppliers (the shell's panel says so, panels.ts). */
export function SupplierOverview() {
  const { t, i18n } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`performancePage.${k}`, o);
  const types = useCertificateTypes();
  const [rows, setRows] = useState<PerformanceRow[] | null>(null);
  const [expiring, setExpiring] = useState<Expiring[]>([]);
  useEffect(() => {
    // The last 12 months by the server's clock.
    qualificationsApi.performanceList(12, SHOWN).then((r) => setRows(r.items))
      .catch(() => setRows([]));
    qualificationsApi.expiring()
      .then((r) => setExpiring(r.items)).catch(() => {});
  }, []);

  const link = (id: number, text: string) => (
    <Link to={`${SUPPLIER_PAGE}?id=${id}`} className="text-primary hover:underline">{text}</Link>
  );

  return (
    <section className="card p-4" data-testid="supplier-overview" aria-busy={!rows || undefined}>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-slate-900">{p("dashboardTitle")}</h2>
        <Link to="/supplier/SupplierList" className="text-sm text-primary hover:underline">
          {t("menu.supplierList")}
        </Link>
      </div>
      {rows && rows.length === 0 && (
        <p className="py-4 text-center text-sm text-slate-400">{p("none")}</p>
      )}
      {rows && rows.length > 0 && (
        <div className="grid gap-4 xl:grid-cols-2">
          <div
            className="overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
            tabIndex={0}
          >
            <table className="w-full text-sm" data-testid="performance-table">
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th className="px-3 py-2 text-left font-semibold">
                    {t("suppliers.fields.code")}
                  </th>
                  <th className="px-3 py-2 text-left font-semibold">
                    {t("suppliers.fields.abbrName")}
                  </th>
                  <th className="px-3 py-2 text-right font-semibold">{p("invitations")}</th>
                  <th className="px-3 py-2 text-right font-semibold">{p("responseRate")}</th>
                  <th className="px-3 py-2 text-right font-semibold">{p("onTimeRate")}</th>
                  <th className="px-3 py-2 text-right font-semibold">{p("averageRank")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100" data-code={r.code}>
                    <td className="px-3 py-1.5 font-mono text-xs">{link(r.id, r.code)}</td>
                    <td className="px-3 py-1.5">{r.abbrName}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{r.invitations}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">
                      {percent(r.responseRate)}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{percent(r.onTimeRate)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">
                      {r.averageRank === null ? "–" : r.averageRank.toFixed(2)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <RateBars
            rows={rows.map((r) => ({
              key: r.id,
              label: r.abbrName,
              responseRate: r.responseRate,
              onTimeRate: r.onTimeRate,
            }))}
            labels={{
              response: p("responseRate"),
              onTime: p("onTimeRate"),
              title: p("dashboardTitle"),
            }}
          />
        </div>
      )}
      <h3 className="mt-4 mb-2 text-sm font-medium text-slate-700">{p("expiringTitle")}</h3>
      {expiring.length === 0
        ? <p className="text-sm text-slate-400" data-testid="expiring-none">{p("expiringNone")}</p>
        : (
          <ul className="space-y-1 text-sm" data-testid="expiring-certificates">
            {expiring.map((c) => (
              <li key={c.id} className="flex flex-wrap gap-x-3">
                <span className="font-mono text-xs">{link(c.supplierId, c.supplierCode)}</span>
                <span className="text-slate-800">{c.supplierName}</span>
                <span>{typeName(types, c.type, i18n.language)}</span>
                <span className="font-mono text-xs text-slate-500">{c.number}</span>
                <span className="text-amber-700 tabular-nums">
                  {p("expiresIn", {
                    date: c.expiresOn,
                    when: relativeDays(c.daysLeft, i18n.language),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
