// Pieces the project pages share: the line items table, the attachment list, and the options of a
// code type.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../components/DataTable.tsx";
import { type Kind } from "../../components/projectPages.ts";
import { type Attachment, type CodeOption, type Item, projectsApi } from "./api.ts";
import { filesApi } from "../../components/files.ts";

/**
 * The project's line items, read-only (spec §2: name, unit, yearly usage, factory, description),
 * each item's own description under its name as the portal shows it.
 */
export function ItemsTable({ items, kind }: { items: Item[]; kind: Kind }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  return (
    <DataTable
      testId="items-table"
      rowKey={(r) => r.id ?? r.itemName}
      rows={items}
      columns={[
        { key: "materialCode", title: f("materialCode"), nowrap: true },
        {
          key: "itemName",
          title: kind === "asset" ? f("equipmentName") : f("itemName"),
          render: (i) => (
            <>
              <p className="font-medium text-slate-900">{i.itemName}</p>
              {i.description && (
                <p
                  className="text-xs whitespace-pre-line text-slate-500"
                  data-testid="item-description"
                >
                  {i.description}
                </p>
              )}
            </>
          ),
        },
        { key: "unit", title: f("unit"), nowrap: true },
        {
          key: "estimateYearAmount",
          title: f("estimateYearAmount"),
          align: "right",
          className: "tabular-nums",
        },
        { key: "useFactory", title: f("useFactory") },
        { key: "needExplain", title: f("needExplain") },
      ]}
    />
  );
}

/** The attachments, each a download button. */
export function AttachmentList({ files }: { files: Attachment[] }) {
  const { t } = useTranslation();
  if (!files.length) return <p className="text-sm text-slate-400">{t("projectsPage.noFiles")}</p>;
  return (
    <ul className="flex flex-wrap gap-2" data-testid="attachments">
      {files.map((f) => (
        <li key={f.id}>
          <button
            type="button"
            className="btn btn-default h-7 max-w-80 text-xs"
            title={t("projectsPage.download")}
            onClick={() => filesApi.download(f.id, f.fileName).catch(() => {})}
          >
            <span className="truncate">{f.fileName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The data dictionary's active codes a project form offers: units, factories, close reasons. */
export function useCodeOptions(typeCode: "Unit" | "Factory" | "CloseReason", enabled = true) {
  const [items, setItems] = useState<CodeOption[]>([]);
  useEffect(() => {
    if (!enabled) return;
    projectsApi.codeOptions(typeCode).then((r) => setItems(r.items)).catch(() => {});
  }, [typeCode, enabled]);
  return items;
}

/** A code's name in the reader's language. */
export const codeName = (o: CodeOption, lang: string) =>
  lang === "en" ? o.nameEn ?? o.name : o.name;
