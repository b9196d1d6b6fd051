// The savings report as an .xlsx workbook (ExportSavingsReport and `savings --out`), through the
// export toolkit: one row per project, then each category's roll-up and the total, then a line that
// says what the figures are. Amounts and percentages are numeric cells written from exact decimals.
import type { Actor, Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { type Column, noRecordsToExport, streamXlsx, type XlsxExport } from "../exports/service.ts";
import { dec, toNumber } from "../shared/decimal.ts";
import { dateInUtc8, fileNameDate, formatUtc8 } from "../shared/time.ts";
import { type Group, type ProjectSavings, savingsReport } from "./read.ts";
import type { SavingSum } from "./rules.ts";
import type { SavingsReportInput } from "./schemas.ts";

type Row =
  | { type: "project"; r: ProjectSavings }
  | { type: "category"; name: string | null; g: Group }
  | { type: "total"; g: Group }
  | { type: "note"; text: string };

const s = (lang: Lang, key: string, p?: Record<string, unknown>) => t(lang, `savings.${key}`, p);
const num = (v: string | null | undefined) => (v == null ? null : toNumber(dec(v)));

/** The round a best quote came from: first quote, optimisation round n, or another source's. */
function roundText(lang: Lang, round: number | null, source: string | null): string {
  if (round === null) return "";
  return source && source !== "quotes"
    ? s(lang, `sources.${source}`, { round })
    : t(lang, `quotes.round.${round}`);
}

/** What a project row's figures stand on, or why there are none. */
export const noteText = (lang: Lang, r: ProjectSavings) =>
  s(lang, `notes.${r.note}`, { time: formatUtc8(r.sealOpensAt) });

const money = "#,##0.00";
const pct = "0.00";

/** The columns of a saving (amount and %), for a project or a roll-up. */
function savingColumns(
  key: "vsFirst" | "vsBudget" | "vsLastPrice",
): Column<Row>[] {
  const of = (row: Row) =>
    row.type === "project"
      ? row.r.figures?.[key] ?? null
      : row.type === "note"
      ? null
      : (row.g[key] as SavingSum | null);
  return [
    {
      key,
      width: 16,
      numFmt: money,
      header: (l) => s(l, `columns.${key}`),
      value: (row) => num(of(row)?.amount),
    },
    {
      key: `${key}Percent`,
      width: 10,
      numFmt: pct,
      header: (l) => s(l, `columns.${key}Percent`),
      value: (row) => num(of(row)?.percent),
    },
  ];
}

/** A baseline: the project's own, or in a roll-up the sum over the projects that have a saving. */
const baseline =
  (key: "budget" | "lastPurchasePrice", sum: "vsBudget" | "vsLastPrice") => (row: Row) =>
    row.type === "project" ? num(row.r[key]) : row.type === "note" ? null : num(row.g[sum]?.base);

const groupSum = (key: "first" | "best" | "awarded") => (row: Row) =>
  row.type === "project" ? num(row.r.figures?.[key]) : row.type === "note" ? null : num(row.g[key]);

const columns: Column<Row>[] = [
  {
    key: "code",
    width: 20,
    header: (l) => s(l, "columns.code"),
    value: (row, l) =>
      row.type === "project"
        ? row.r.code
        : row.type === "note"
        ? row.text
        : row.type === "total"
        ? s(l, "total")
        : s(l, "categoryTotal"),
  },
  {
    key: "name",
    width: 30,
    header: (l) => s(l, "columns.name"),
    value: (row) => (row.type === "project" ? row.r.name : ""),
  },
  {
    key: "category",
    width: 16,
    header: (l) => s(l, "columns.category"),
    value: (row, l) =>
      row.type === "project"
        ? row.r.categoryName ?? ""
        : row.type === "category"
        ? row.name ?? s(l, "noCategory")
        : "",
  },
  {
    key: "kind",
    width: 10,
    header: (l) => s(l, "columns.kind"),
    value: (row, l) => (row.type === "project" ? t(l, `projects.kinds.${row.r.kind}`) : ""),
  },
  {
    key: "date",
    width: 12,
    header: (l) => s(l, "columns.date"),
    value: (row) => (row.type === "project" && row.r.date ? dateInUtc8(row.r.date) : ""),
  },
  {
    key: "projects",
    width: 10,
    header: (l) => s(l, "columns.projects"),
    value: (row) => (row.type === "category" || row.type === "total" ? row.g.projects : null),
  },
  {
    key: "awardedProjects",
    width: 12,
    header: (l) => s(l, "columns.awardedProjects"),
    value: (
      row,
    ) => (row.type === "category" || row.type === "total" ? row.g.awardedProjects : null),
  },
  {
    key: "note",
    width: 30,
    header: (l) => s(l, "columns.note"),
    value: (row, l) =>
      row.type === "project"
        ? noteText(l, row.r)
        : row.type === "note" || !row.g.sealed
        ? ""
        : s(l, "sealedCount", { count: row.g.sealed }),
  },
  {
    key: "first",
    width: 16,
    numFmt: money,
    header: (l) => s(l, "columns.first"),
    value: groupSum("first"),
  },
  {
    key: "best",
    width: 16,
    numFmt: money,
    header: (l) => s(l, "columns.best"),
    value: groupSum("best"),
  },
  {
    key: "bestRound",
    width: 16,
    header: (l) => s(l, "columns.bestRound"),
    value: (row, l) =>
      row.type === "project" && row.r.figures
        ? roundText(l, row.r.figures.bestRound, row.r.figures.bestSource)
        : "",
  },
  {
    key: "awarded",
    width: 16,
    numFmt: money,
    header: (l) => s(l, "columns.awarded"),
    value: groupSum("awarded"),
  },
  ...savingColumns("vsFirst"),
  {
    key: "budget",
    width: 16,
    numFmt: money,
    header: (l) => s(l, "columns.budget"),
    value: baseline("budget", "vsBudget"),
  },
  ...savingColumns("vsBudget"),
  {
    key: "lastPurchasePrice",
    width: 16,
    numFmt: money,
    header: (l) => s(l, "columns.lastPurchasePrice"),
    value: baseline("lastPurchasePrice", "vsLastPrice"),
  },
  ...savingColumns("vsLastPrice"),
  // Beside the price basis: the total cost with the buyer's cost terms (projects only).
  ...(["bestTotalCost", "awardedTotalCost"] as const).map((key): Column<Row> => ({
    key,
    width: 18,
    numFmt: money,
    header: (l) => t(l, `costs.${key === "bestTotalCost" ? "savingsBest" : "savingsAwarded"}`),
    value: (row) => (row.type === "project" ? num(row.r.figures?.[key]) : null),
  })),
];

/**
 * ExportSavingsReport: the report of the period as .xlsx, headers in the reader's language. A
 * period without projects is refused with "no records can be exported".
 */
export async function exportSavings(
  deps: Deps,
  actor: Actor,
  input: SavingsReportInput,
  lang: Lang,
): Promise<XlsxExport> {
  const report = await savingsReport(deps, actor, input);
  if (!report.rows.length) throw noRecordsToExport();
  const period = s(lang, "periodNote", {
    from: report.from ?? s(lang, "open"),
    to: report.to ?? s(lang, "open"),
  });
  const rows: Row[] = [
    ...report.rows.map((r): Row => ({ type: "project", r })),
    ...report.categories.map((g): Row => ({ type: "category", name: g.categoryName, g })),
    { type: "total", g: report.total },
    { type: "note", text: `${period} ${s(lang, "definitions")}` },
  ];
  return {
    fileName: `${s(lang, "file")}-${fileNameDate(deps.clock.now())}.xlsx`,
    stream: streamXlsx(
      s(lang, "sheet"),
      columns,
      lang,
      (async function* () {
        yield rows;
      })(),
    ),
    rows: report.rows.length,
  };
}
