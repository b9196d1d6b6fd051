// The project list as an .xlsx workbook (GetExportList and `projects export`).
import type { Actor, Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { type Column, noRecordsToExport, streamXlsx, type XlsxExport } from "../exports/service.ts";
import { fileNameDate, formatUtc8 } from "../shared/time.ts";
import { projectBatches } from "./list.ts";
import { type ProjectDto } from "./dto.ts";
import type { ExportProjectsInput } from "./listFilters.ts";

const yesNo = (v: boolean, lang: Lang) => t(lang, v ? "exports.yes" : "exports.no");

const projectColumns: Column<ProjectDto>[] = [
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
  return {
    fileName: `${t(lang, "exports.projectsFile")}-${fileNameDate(deps.clock.now())}.xlsx`,
    stream: streamXlsx(t(lang, "exports.projectsSheet"), projectColumns, lang, batches()),
    rows: total,
  };
}
