// A supplier's performance: invitations, response rate, on-time rate and average rank, a chart of
// invitations and quotes per month, and each invitation's outcome.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable } from "../../components/index.ts";
import { kindPages } from "../../components/projectPages.ts";
import { Section } from "../../components/Section.tsx";
import { MonthlyBars } from "./charts.tsx";
import { qualificationsApi, type Summary, type SupplierPerformance } from "./api.ts";
import { percent } from "./qualifications.ts";
import { formatTime } from "../../../shared/time.ts";

/** The four numbers as cards, each with what it counts. */
function SummaryCards({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`performancePage.${k}`, o);
  const cards: [string, string, string][] = [
    ["invitations", String(summary.invitations), p("invitationsHint")],
    [
      "responseRate",
      percent(summary.responseRate),
      p("responseHint", { quoted: summary.quoted, settled: summary.settled }),
    ],
    [
      "onTimeRate",
      percent(summary.onTimeRate),
      p("onTimeHint", { onTime: summary.onTime, timed: summary.timed }),
    ],
    [
      "averageRank",
      summary.averageRank === null ? "–" : summary.averageRank.toFixed(2),
      p("rankHint", { count: summary.rankedProjects }),
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="performance-summary">
      {cards.map(([k, value, hint]) => (
        <div key={k} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-stat={k}>
          <dt className="text-xs text-slate-500">{p(k)}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
          <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Performance({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`performancePage.${k}`, o);
  const [data, setData] = useState<SupplierPerformance | null>(null);
  useEffect(() => {
    qualificationsApi.performance(supplierId).then(setData)
      .catch(() => {});
  }, [supplierId]);

  return (
    <Section title={p("title")} testId="performance">
      {!data
        ? <p className="text-sm text-slate-400">{t("ui.loading")}</p>
        : (
          <div className="space-y-4">
            <SummaryCards summary={data.summary} />
            <p className="text-xs text-slate-500">{p("rules")}</p>
            {data.months.length > 0 && (
              <MonthlyBars
                months={data.months}
                labels={{ invited: p("invited"), quoted: p("quoted"), title: p("chartTitle") }}
              />
            )}
            <DataTable
              rows={data.projects}
              rowKey={(r) => r.projectId}
              testId="performance-projects"
              empty={p("none")}
              maxHeight={360}
              columns={[
                {
                  key: "code",
                  title: t("projects.fields.code"),
                  nowrap: true,
                  className: "font-mono text-xs",
                  render: (r) => (
                    <Link
                      to={`${kindPages[r.kind].result}?id=${r.projectId}`}
                      className="text-primary hover:underline"
                    >
                      {r.code}
                    </Link>
                  ),
                },
                { key: "name", title: t("projects.fields.name") },
                {
                  key: "invitedAt",
                  title: p("invitedAt"),
                  nowrap: true,
                  className: "tabular-nums",
                  render: (r) => formatTime(r.invitedAt),
                },
                {
                  key: "deadline",
                  title: t("projects.fields.offerEndTime"),
                  nowrap: true,
                  className: "tabular-nums",
                  render: (r) => formatTime(r.deadline),
                },
                {
                  key: "quotedAt",
                  title: p("quotedAt"),
                  nowrap: true,
                  className: "tabular-nums",
                  render: (r) =>
                    r.quotedAt ? formatTime(r.quotedAt) : (
                      <span className="text-xs text-slate-400">
                        {p(r.over ? "noAnswer" : "waiting")}
                      </span>
                    ),
                },
                {
                  key: "onTime",
                  title: p("onTime"),
                  nowrap: true,
                  render: (r) =>
                    r.onTime === null
                      ? "–"
                      : r.onTime
                      ? <span className="text-emerald-700">{t("ui.yes")}</span>
                      : <span className="text-amber-700">{t("ui.no")}</span>,
                },
                {
                  key: "rank",
                  title: p("rank"),
                  nowrap: true,
                  render: (r) =>
                    r.rank === null ? "–" : (
                      <span className="tabular-nums">
                        {p("rankOf", { rank: r.rank, of: r.rankOf })}
                        <span className="ml-1 text-xs text-slate-500">
                          ({p(`rankBy.${r.rankBy}`)})
                        </span>
                      </span>
                    ),
                },
              ]}
            />
          </div>
        )}
    </Section>
  );
}
