// The category list as an .xlsx workbook (GetExportList and `categories export`): the same filter
// and order as the list, through the export toolkit.
import { count } from "drizzle-orm";
import type { z } from "zod";
import { offerProjects, offerProjectTypes } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { type Column, noRecordsToExport, streamXlsx, type XlsxExport } from "../exports/service.ts";
import { fileNameDate, wallClockUtc8 } from "../shared/time.ts";
import { categoryFilter, categoryOrder } from "./service.ts";
import { exportCategoriesInput } from "./schemas.ts";

type CategoryRow = typeof offerProjectTypes.$inferSelect & { projects: number };

const page = (key: string) => (lang: Lang) => t(lang, `categoryPage.${key}`);

const categoryColumns: Column<CategoryRow>[] = [
  { key: "name", width: 30, header: page("name"), value: (c) => c.name },
  { key: "description", width: 40, header: page("description"), value: (c) => c.description },
  {
    key: "requiredCertificates",
    width: 30,
    header: (l) => t(l, "qualificationsPage.required"),
    value: (c) => (c.requiredCertificates ?? []).join(", "),
  },
  { key: "sort", width: 10, header: page("sort"), value: (c) => c.sort },
  { key: "projects", width: 12, header: page("projects"), value: (c) => c.projects },
  {
    key: "creationTime",
    width: 20,
    header: page("creationTimeUtc8"),
    numFmt: "yyyy-mm-dd hh:mm:ss",
    value: (c) => wallClockUtc8(c.createdAt),
  },
];

/**
 * The filtered category list as .xlsx, headers in the reader's language. An empty list is refused
 * with "no records can be exported" before any byte is written. Categories are few (a PCB maker
 * buys in tens of them), so they are read in one batch.
 */
export async function exportCategories(
  deps: Deps,
  raw: z.input<typeof exportCategoriesInput>,
  lang: Lang,
): Promise<XlsxExport> {
  const input = exportCategoriesInput.parse(raw);
  const cond = categoryFilter(input.name);
  const rows = await deps.db.select().from(offerProjectTypes).where(cond)
    .orderBy(...categoryOrder(input.sorting));
  if (!rows.length) throw noRecordsToExport();
  const uses = await deps.db.select({ typeId: offerProjects.typeId, n: count() })
    .from(offerProjects).groupBy(offerProjects.typeId);
  const used = new Map(uses.map((u) => [u.typeId, u.n]));
  const batch = rows.map((r) => ({ ...r, projects: used.get(r.id) ?? 0 }));
  return {
    fileName: `${t(lang, "categories.exportFileName")}-${fileNameDate(deps.clock.now())}.xlsx`,
    stream: streamXlsx(
      t(lang, "categories.sheetName"),
      categoryColumns,
      lang,
      (async function* () {
        yield batch;
      })(),
    ),
    rows: rows.length,
  };
}
