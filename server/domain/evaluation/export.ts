// The signed-off evaluation as an .xlsx workbook (ExportEvaluation): one row per score (evaluator,
// criterion, supplier, score, comment), then one row per supplier's weighted result (each
// criterion's points, the total and the rank). Refused before the sign-off, as every price is.
import type { Actor, Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { type Column, streamXlsx, type XlsxExport } from "../exports/service.ts";
import { dec, toNumber } from "../shared/decimal.ts";
import { fileNameDate } from "../shared/time.ts";
import { type EvaluationReport, evaluationReport } from "./read.ts";

type Row =
  | { type: "score"; s: EvaluationReport["scores"][number] }
  | { type: "result"; r: EvaluationReport["result"][number]; criteria: string };

const e = (lang: Lang, key: string, p?: Record<string, unknown>) => t(lang, `evaluation.${key}`, p);

const columns: Column<Row>[] = [
  {
    key: "part",
    width: 14,
    header: (l) => e(l, "columns.part"),
    value: (row, l) => e(l, `parts.${row.type}`),
  },
  {
    key: "supplier",
    width: 14,
    header: (l) => e(l, "columns.supplier"),
    value: (row) => (row.type === "score" ? row.s.supplier : row.r.code),
  },
  {
    key: "evaluator",
    width: 18,
    header: (l) => e(l, "columns.evaluator"),
    value: (row) => (row.type === "score" ? row.s.evaluator : null),
  },
  {
    key: "criterion",
    width: 40,
    header: (l) => e(l, "columns.criterion"),
    value: (row) => (row.type === "score" ? row.s.criterion : row.criteria),
  },
  {
    key: "score",
    width: 10,
    numFmt: "0.00",
    header: (l) => e(l, "columns.scoreOrTotal"),
    value: (row) => (row.type === "score" ? row.s.score : toNumber(dec(row.r.total))),
  },
  {
    key: "rank",
    width: 8,
    header: (l) => e(l, "columns.rank"),
    value: (row) => (row.type === "result" ? row.r.rank : null),
  },
  {
    key: "comment",
    width: 50,
    header: (l) => e(l, "columns.comment"),
    value: (row) => (row.type === "score" ? row.s.comment : null),
  },
];

/** ExportEvaluation: the scores and the weighted result, headers in the reader's language. */
export async function exportEvaluation(
  deps: Deps,
  actor: Actor,
  projectId: number,
  lang: Lang,
): Promise<XlsxExport> {
  const report = await evaluationReport(deps, actor, projectId);
  const name = (id: number) => report.criteria.find((c) => c.id === id)?.name ?? String(id);
  const rows: Row[] = [
    ...report.scores.map((s): Row => ({ type: "score", s })),
    ...report.result.map((r): Row => ({
      type: "result",
      r,
      criteria: r.criteria.map((c) => `${name(c.criterionId)} ${c.points}`).join("; "),
    })),
  ];
  return {
    fileName: `${e(lang, "file")}-${report.project.code}-${fileNameDate(deps.clock.now())}.xlsx`,
    stream: streamXlsx(
      e(lang, "sheet"),
      columns,
      lang,
      (async function* () {
        yield rows;
      })(),
    ),
    rows: rows.length,
  };
}
