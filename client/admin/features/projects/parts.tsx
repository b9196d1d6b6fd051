// Pieces the project pages share: the status badge, when quoting closes, the line items table, the
// attachment list, and the options of a code type.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../components/DataTable.tsx";
import { ClosingTime } from "../../../shared/ClosingTime.tsx";
import { closingOf } from "../../../../server/domain/shared/closing.ts";
import { type Kind } from "../../components/projectPages.ts";
import {
  type Attachment,
  type CodeOption,
  type DisplayStatus,
  type Item,
  type Project,
  projectsApi,
} from "./api.ts";
import { filesApi } from "../../components/files.ts";

const statusStyles: Record<DisplayStatus, string> = {
  unpublished: "bg-slate-100 text-slate-700 ring-slate-200",
  published: "bg-sky-50 text-sky-700 ring-sky-200",
  inQuotation: "bg-amber-50 text-amber-800 ring-amber-200",
  ended: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  closed: "bg-rose-50 text-rose-700 ring-rose-200",
};

export function StatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${
        statusStyles[status]
      }`}
    >
      {t(`projects.statuses.${status}`)}
    </span>
  );
}

type Timing = Pick<
  Project,
  "offerEndTime" | "closesAt" | "endedByHandAt" | "currentRound" | "roundEndsAt"
>;

/**
 * When quoting on a project closes (a round's end, the end by hand, the early end, the deadline),
 * with why.
 */
export function ProjectClosing({ project: p, dash }: { project: Timing; dash?: boolean }) {
  const closing = closingOf({
    deadline: p.offerEndTime,
    firstClosesAt: p.closesAt,
    endedByHandAt: p.endedByHandAt,
    round: p.currentRound,
    roundEndsAt: p.roundEndsAt,
  });
  return (
    <ClosingTime
      closing={closing}
      empty={dash && <span className="text-slate-300">—</span>}
    />
  );
}

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
