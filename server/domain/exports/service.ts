// Spreadsheet exports (.xlsx through the streaming writer in xlsx.ts): headers in the reader's
// language, times in UTC+8, cells that a spreadsheet would run as a formula neutralised.
import { xlsxStream } from "./xlsx.ts";
import type { Actor, Deps } from "../context.ts";
import { DomainError } from "../errors.ts";
import { neutralise } from "./cells.ts";
import { type Lang, t } from "../../i18n.ts";
import { projectBatches, type ProjectDto } from "../projects/service.ts";
import type { ExportProjectsInput } from "../projects/schemas.ts";

const UTC8_MS = 8 * 3600 * 1000;

/** "YYYY-MM-DD HH:mm:ss" in UTC+8, as the screens show times. */
export function formatUtc8(d: Date | null | undefined): string {
  if (!d) return "";
  return new Date(d.getTime() + UTC8_MS).toISOString().slice(0, 19).replace("T", " ");
}

export { neutralise } from "./cells.ts";

export type Column<T> = {
  key: string;
  width?: number;
  /** The header text; by default exports.columns.<key>. */
  header?: (lang: Lang) => string;
  /** A number format for the column, e.g. for dates. */
  numFmt?: string;
  value: (row: T, lang: Lang) => string | number | Date | null;
};

export type XlsxExport = { fileName: string; stream: ReadableStream<Uint8Array>; rows: number };

/**
 * Streams rows into an .xlsx workbook as they come: each batch is read only when the reader wants
 * more bytes, so memory stays flat however many rows there are (see xlsx.ts).
 */
export function streamXlsx<T>(
  sheetName: string,
  columns: Column<T>[],
  lang: Lang,
  batches: AsyncIterable<T[]>,
): ReadableStream<Uint8Array> {
  async function* rows() {
    for await (const batch of batches) {
      yield batch.map((row) =>
        columns.map((c) => {
          const v = c.value(row, lang);
          return typeof v === "string" ? neutralise(v) : v;
        })
      );
    }
  }
  return xlsxStream({
    name: sheetName,
    columns: columns.map((c) => ({
      header: c.header ? c.header(lang) : t(lang, `exports.columns.${c.key}`),
      width: c.width,
      numFmt: c.numFmt,
    })),
    rows: rows(),
  });
}

const yesNo = (v: boolean, lang: Lang) => t(lang, v ? "exports.yes" : "exports.no");

export const projectColumns: Column<ProjectDto>[] = [
  { key: "code", width: 20, value: (p) => p.code },
  { key: "name", width: 30, value: (p) => p.name },
  { key: "kind", width: 12, value: (p, l) => t(l, `projects.kinds.${p.kind}`) },
  { key: "category", value: (p) => p.categoryName ?? "" },
  { key: "status", width: 12, value: (p, l) => t(l, `projects.statuses.${p.status}`) },
  { key: "demandCode", value: (p) => p.demandCode ?? "" },
  { key: "equipmentName", width: 24, value: (p) => p.equipmentName ?? "" },
  {
    key: "offerItemType",
    value: (p, l) => p.offerItemType ? t(l, `projects.quotationTypes.${p.offerItemType}`) : "",
  },
  { key: "estimatedAmount", value: (p) => p.estimatedAmount ?? "" },
  {
    key: "monthlyPurchase",
    width: 12,
    value: (p, l) => p.kind === "asset" ? yesNo(p.monthlyPurchase, l) : "",
  },
  { key: "isBidding", width: 12, value: (p, l) => p.kind === "asset" ? yesNo(p.isBidding, l) : "" },
  { key: "creator", value: (p) => p.creatorName ?? "" },
  { key: "creationTime", width: 20, value: (p) => formatUtc8(p.creationTime) },
  { key: "pubDate", width: 20, value: (p) => formatUtc8(p.pubDate) },
  { key: "offerEndTime", width: 20, value: (p) => formatUtc8(p.offerEndTime) },
  { key: "supplierCount", width: 12, value: (p) => p.supplierCount },
  { key: "quotedCount", width: 12, value: (p) => p.quotedCount },
  { key: "closeReason", width: 30, value: (p) => p.closeReason ?? "" },
  { key: "award", width: 20, value: (p) => p.award ?? "" },
];

/** Every export refuses an empty list the same way: "no records can be exported" (404). */
export const noRecordsToExport = () => new DomainError("notFound", "exports.noRecords");

/**
 * GetExportList: the filtered project list as .xlsx. An empty list is refused with "no records can
 * be exported" before any byte is written.
 */
export async function exportProjects(
  deps: Deps,
  actor: Actor,
  input: ExportProjectsInput,
  lang: Lang,
): Promise<XlsxExport> {
  const { total, batches } = await projectBatches(deps, actor, input);
  if (total === 0) throw noRecordsToExport();
  const date = formatUtc8(deps.clock.now()).slice(0, 10).replaceAll("-", "");
  return {
    fileName: `${t(lang, "exports.projectsFile")}-${date}.xlsx`,
    stream: streamXlsx(t(lang, "exports.projectsSheet"), projectColumns, lang, batches()),
    rows: total,
  };
}
