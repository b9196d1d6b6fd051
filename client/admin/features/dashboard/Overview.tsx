// The buyer's overview on the home page, per project kind the user may see: projects open for
// quoting with the time left (by the server's clock), quotes received today, projects ending in
// the next 48 hours, suppliers yet to quote — each number a link to the list filtered the same way —
// and under it the panels the shell hands in for the slot "kindOverview" (the suppliers' questions
// waiting for an answer).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Kind, kindPages } from "../../components/projectPages.ts";
import { ProjectClosing, StatusBadge } from "../../components/ProjectStatus.tsx";
import { usePermission } from "../../../shared/session.ts";
import { formatDuration } from "../../../shared/time.ts";
import { dashboardApi, type Summary } from "./api.ts";
import { SlotPanels } from "../../layout/panels.tsx";

const STATS = ["inQuotation", "quotesToday", "endingSoon", "suppliersPending"] as const;
const DAY = 86400_000;

export function Overview() {
  const material = usePermission(kindPages.material.search);
  const asset = usePermission(kindPages.asset.search);
  const kinds = [material && "material", asset && "asset"].filter(Boolean) as Kind[];
  if (!kinds.length) return null;
  return (
    <div className="space-y-4">
      {kinds.map((k) => <KindOverview key={k} kind={k} />)}
    </div>
  );
}

function KindOverview({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<Summary | null>(null);
  const pages = kindPages[kind];
  const d = (k: string, p: Record<string, unknown> = {}) => t(`overview.${k}`, p);
  useEffect(() => {
    dashboardApi.summary(kind).then(setData).catch(() => {});
  }, [kind]);

  const link = (filter: Record<string, string>) =>
    `${pages.list}?${new URLSearchParams(filter).toString()}`;

  const left = (ms: number | null) =>
    ms === null ? "" : ms <= 0 ? d("due") : formatDuration(ms, i18n.language);

  return (
    <section className="card p-4" data-testid={`overview-${kind}`} aria-busy={!data || undefined}>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-slate-900">
          {d(kind === "asset" ? "assetTitle" : "materialTitle")}
        </h2>
        <Link to={pages.list} className="text-sm text-primary hover:underline">
          {d("allProjects")}
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {STATS.map((k) => (
          <li key={k}>
            <Link
              to={data ? link(data[k].filter) : pages.list}
              data-testid={`stat-${k}`}
              className={`block rounded-lg p-3 ring-1 transition focus-visible:outline-2 focus-visible:outline-primary ${
                k === "endingSoon" && data?.endingSoon.count
                  ? "bg-amber-50 ring-amber-200 hover:bg-amber-100"
                  : "bg-slate-50 ring-slate-200 hover:bg-primary-50 hover:ring-primary-200"
              }`}
            >
              <dl>
                <dt className="text-xs text-slate-500">{d(`stats.${k}`)}</dt>
                <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
                  {data ? data[k].count : "–"}
                  {k === "suppliersPending" && !!data?.suppliersDeclined.count && (
                    <span
                      className="ml-2 text-xs font-normal text-slate-500"
                      data-testid="stat-suppliersDeclined"
                    >
                      {d("declined", { count: data.suppliersDeclined.count })}
                    </span>
                  )}
                </dd>
              </dl>
            </Link>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 mb-2 text-sm font-medium text-slate-700">{d("soonest")}</h3>
      {data && data.inQuotation.items.length === 0
        ? <p className="py-4 text-center text-sm text-slate-400">{d("nothingOpen")}</p>
        : (
          <div
            className="overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
            tabIndex={0}
          >
            <table className="w-full text-sm" data-testid="open-projects">
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th className="px-3 py-2 text-left font-semibold">
                    {t("projects.fields.code")}
                  </th>
                  <th className="px-3 py-2 text-left font-semibold">
                    {t("projects.fields.name")}
                  </th>
                  <th className="px-3 py-2 text-left font-semibold">
                    {t("projects.fields.status")}
                  </th>
                  <th className="px-3 py-2 text-left font-semibold">
                    {t("projects.fields.offerEndTime")}
                  </th>
                  <th className="px-3 py-2 text-right font-semibold">{d("timeLeft")}</th>
                  <th className="w-48 px-3 py-2 text-left font-semibold">{d("quoted")}</th>
                </tr>
              </thead>
              <tbody>
                {data?.inQuotation.items.map((p) => {
                  const pct = p.supplierCount ? (p.quotedCount / p.supplierCount) * 100 : 0;
                  const urgent = p.msLeft !== null && p.msLeft < DAY;
                  return (
                    <tr key={p.id} className="border-t border-slate-100 hover:bg-primary-50/60">
                      <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap">
                        <Link
                          to={`${pages.result}?id=${p.id}`}
                          className="text-primary hover:underline"
                        >
                          {p.code}
                        </Link>
                      </td>
                      <td className="px-3 py-1.5 text-slate-900">{p.name}</td>
                      <td className="px-3 py-1.5">
                        <StatusBadge status={p.status} />
                      </td>
                      <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                        <ProjectClosing project={p} />
                      </td>
                      <td
                        className={`px-3 py-1.5 text-right whitespace-nowrap tabular-nums ${
                          urgent ? "font-semibold text-red-600" : "text-slate-700"
                        }`}
                      >
                        {left(p.msLeft)}
                      </td>
                      <td className="px-3 py-1.5">
                        <div className="flex items-center gap-2">
                          <div
                            className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
                            role="progressbar"
                            aria-valuemin={0}
                            aria-valuemax={p.supplierCount}
                            aria-valuenow={p.quotedCount}
                            aria-label={d("quoted")}
                          >
                            <div className="h-full bg-emerald-500" style={{ width: `${pct}%` }} />
                          </div>
                          <span className="text-xs text-slate-600 tabular-nums">
                            {p.quotedCount}/{p.supplierCount}
                          </span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      <SlotPanels
        slot="kindOverview"
        place="end"
        props={{ kind, summary: data, resultPath: pages.result }}
      />
    </section>
  );
}
