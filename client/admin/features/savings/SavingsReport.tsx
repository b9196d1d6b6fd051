// The savings report: the projects dated in a period (from / to, UTC+8 days) of a category, each
// with its first quote, best quote, awarded total and savings in CNY before tax; the roll-up of each
// category and the total; and the same as an .xlsx file. Every period unless chosen (the dashboard
// links to its 12 months).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type Column,
  DataTable,
  ExportButton,
  QueryField,
  QueryForm,
} from "../../components/index.ts";
import { formatTime } from "../../../shared/time.ts";
import { kindPages } from "../../components/projectPages.ts";
import { Section } from "../../components/Section.tsx";
import { useView } from "../../layout/view.ts";
import {
  type Category,
  type ProjectSavings,
  type Report,
  type RollUp,
  type Saving,
  savingsApi,
  type SavingSum,
  SV,
} from "./api.ts";
import { Cny, Definitions, noteLabel, SavingValue } from "./parts.tsx";

type Filter = { from: string; to: string; category: string };

/** The filter a link opened the page with (?from=&to=&category=); none: every period. */
function filterOf(search: string): Filter {
  const q = new URLSearchParams(search);
  return { from: q.get("from") ?? "", to: q.get("to") ?? "", category: q.get("category") ?? "" };
}
const NONE: Filter = { from: "", to: "", category: "" };

const query = (f: Filter) => ({
  from: f.from || undefined,
  to: f.to || undefined,
  category: f.category ? Number(f.category) : undefined,
});

export default function SavingsReport() {
  const { t } = useTranslation();
  const s = (k: string, p: Record<string, unknown> = {}) => t(`savings.${k}`, p);
  const view = useView();
  const [draft, setDraft] = useState<Filter>(() => filterOf(view.search));
  const [filter, setFilter] = useState<Filter>(() => filterOf(view.search));
  const [lastSearch, setLastSearch] = useState(view.search);
  useEffect(() => {
    // Opened again from a link with another period: show that one.
    if (view.search === lastSearch) return;
    setLastSearch(view.search);
    setDraft(filterOf(view.search));
    setFilter(filterOf(view.search));
  }, [view.search]);
  const [report, setReport] = useState<Report | null>(null);
  const [loading, setLoading] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    savingsApi.categories().then(setCategories).catch(() => {});
  }, []);
  useEffect(() => {
    setLoading(true);
    savingsApi.report(query(filter)).then(setReport).catch(() => {}).finally(() =>
      setLoading(false)
    );
  }, [filter]);

  const c = (k: string) => s(`columns.${k}`);
  /** A right-aligned amount column, and a saving column. */
  function amount<T>(key: string, v: (r: T) => string | null | undefined): Column<T> {
    return {
      key,
      title: c(key),
      align: "right",
      nowrap: true,
      wrapTitle: true,
      render: (r) => <Cny v={v(r)} />,
    };
  }
  function saving<T>(key: string, v: (r: T) => SavingSum | Saving | null | undefined): Column<T> {
    return {
      key,
      title: c(key),
      align: "right",
      // The percentage goes under the amount when the column is narrow.
      wrapTitle: true,
      render: (r) => <SavingValue s={v(r)} />,
    };
  }
  type Group = RollUp & { key: string; label: string };
  const rollColumns: Column<Group>[] = [
    { key: "label", title: c("category"), render: (g) => g.label },
    { key: "projects", title: c("projects"), align: "right", render: (g) => g.projects },
    {
      key: "awardedProjects",
      title: c("awardedProjects"),
      align: "right",
      wrapTitle: true,
      render: (g) => g.awardedProjects,
    },
    amount<Group>("first", (g) => g.first),
    amount<Group>("awarded", (g) => g.awarded),
    saving<Group>("vsFirst", (g) => g.vsFirst),
    saving<Group>("vsBudget", (g) => g.vsBudget),
    saving<Group>("vsLastPrice", (g) => g.vsLastPrice),
  ];
  type Row = ProjectSavings;
  const rowColumns: Column<Row>[] = [
    {
      key: "code",
      title: c("code"),
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
    {
      key: "name",
      title: `${c("name")} · ${c("note")}`,
      render: (r) => (
        <>
          <span className="block min-w-40">{r.name}</span>
          <span className="block text-xs text-slate-500" data-note={r.note}>
            {noteLabel(t, r)}
          </span>
        </>
      ),
    },
    { key: "category", title: c("category"), nowrap: true, render: (r) => r.categoryName },
    {
      key: "date",
      title: c("date"),
      nowrap: true,
      render: (r) => formatTime(r.date, "{y}-{m}-{d}"),
    },
    amount<Row>("first", (r) => r.figures?.first),
    amount<Row>("best", (r) => r.figures?.best),
    amount<Row>("awarded", (r) => r.figures?.awarded),
    saving<Row>("vsFirst", (r) => r.figures?.vsFirst),
    saving<Row>("vsBudget", (r) => r.figures?.vsBudget),
    saving<Row>("vsLastPrice", (r) => r.figures?.vsLastPrice),
  ];
  const groups = report
    ? [
      ...report.categories.map((g) => ({
        ...g,
        key: `c${g.categoryId ?? 0}`,
        label: g.categoryName ?? s("noCategory"),
      })),
      { ...report.total, key: "total", label: s("total") },
    ]
    : [];

  return (
    <div className="space-y-3" data-testid="savings-report">
      <div className="card space-y-3 p-4">
        <QueryForm
          onSearch={() => setFilter(draft)}
          onReset={() => {
            setDraft(NONE);
            setFilter(NONE);
          }}
        >
          <QueryField label={s("period")} htmlFor="sv-from" width="w-auto">
            <div className="flex items-center gap-1">
              <input
                id="sv-from"
                type="date"
                className="input w-36"
                value={draft.from}
                onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              />
              <span className="text-slate-400">–</span>
              <input
                id="sv-to"
                type="date"
                aria-label={s("to")}
                className="input w-36"
                value={draft.to}
                onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              />
            </div>
          </QueryField>
          <QueryField label={c("category")} htmlFor="sv-category">
            <select
              id="sv-category"
              className="input"
              value={draft.category}
              onChange={(e) => setDraft({ ...draft, category: e.target.value })}
            >
              <option value="">{t("ui.all")}</option>
              {categories.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
            </select>
          </QueryField>
        </QueryForm>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Definitions />
          <ExportButton
            path={`${SV}/ExportSavingsReport`}
            params={query(filter)}
            fileName={`${s("file")}.xlsx`}
            disabled={!report?.rows.length}
          />
        </div>
      </div>
      <Section title={s("byCategory")} testId="savings-categories">
        <DataTable rows={groups} rowKey={(g) => g.key} columns={rollColumns} loading={loading} />
      </Section>
      <Section
        title={s("projectsTitle", { count: report?.rows.length ?? 0 })}
        testId="savings-rows"
      >
        <DataTable
          rows={report?.rows ?? []}
          rowKey={(r) => r.projectId}
          columns={rowColumns}
          loading={loading}
          empty={s("empty")}
        />
      </Section>
    </div>
  );
}
