// The read-only part of a project in the portal: its header, line items and attachments.
import { useTranslation } from "react-i18next";
import { saveBlob } from "../../shared/api.ts";
import { Icon } from "../../shared/icons.tsx";
import { formatTime } from "../../shared/time.ts";
import { Spinner } from "../../shared/ui.tsx";
import { useAction } from "../../shared/useAction.ts";
import { closingFor, formatSize, portalApi, type ProjectDetail, type Timed } from "../data.ts";
import { Card, Deadline, Empty, StatusBadge } from "../parts.tsx";

export function Header({ detail }: { detail: Timed<ProjectDetail> }) {
  const { t } = useTranslation();
  const fields: [string, React.ReactNode][] = [
    [t("projects.fields.code"), <span key="code" className="font-mono">{detail.code}</span>],
    [t("projects.fields.category"), detail.typeName || "—"],
    [t("projects.fields.pubDate"), formatTime(detail.pubDate) || "—"],
    [t("projects.fields.offerEndTime"), <Deadline key="end" closing={closingFor(detail)} />],
  ];
  if (detail.kind === "asset") {
    fields.push(
      [t("projects.fields.demandCode"), detail.demandCode || "—"],
      [t("projects.fields.equipmentName"), detail.equipmentName || "—"],
      [
        t("projects.fields.offerItemType"),
        detail.offerItemType ? t(`projects.quotationTypes.${detail.offerItemType}`) : "—",
      ],
    );
  }
  return (
    <section className="card p-4" data-testid="project-header">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold leading-snug text-slate-900">{detail.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {t(`projects.kinds.${detail.kind}`)}
            </span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {t(`projects.statuses.${detail.projectStatus}`)}
            </span>
          </p>
        </div>
        <StatusBadge status={detail.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5 break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Items({ items }: { items: ProjectDetail["opiList"] }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  return (
    <Card title={`${t("portal.detail.items")} (${items.length})`} testId="line-items">
      {items.length === 0 ? <Empty>{t("portal.detail.noItems")}</Empty> : (
        <>
          {/* Phone: one card per line; wider screens: a table. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {items.map((i, n) => (
              <li key={i.id} className="px-4 py-3 text-sm">
                <p className="font-medium text-slate-900">
                  <span className="mr-1.5 text-slate-400">{n + 1}.</span>
                  {i.itemName}
                </p>
                {i.description && <p className="text-slate-600">{i.description}</p>}
                <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                  {(
                    [
                      ["materialCode", i.materialCode],
                      ["unit", i.unit],
                      ["estimateYearAmount", i.estimateYearAmount],
                      ["useFactory", i.useFactory],
                    ] as const
                  ).map(([k, v]) => (
                    <div key={k}>
                      <dt className="inline text-slate-500">{f(k)}:</dt>{" "}
                      <dd className="inline text-slate-800">{v || "—"}</dd>
                    </div>
                  ))}
                </dl>
                {i.needExplain && (
                  <p className="mt-1.5 rounded bg-slate-50 px-2 py-1 text-xs text-slate-600">
                    {i.needExplain}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <div className="overflow-x-auto max-md:hidden">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th className="px-4 py-2 font-medium">#</th>
                  <th className="px-2 py-2 font-medium">{f("materialCode")}</th>
                  <th className="px-2 py-2 font-medium">{f("itemName")}</th>
                  <th className="px-2 py-2 font-medium">{f("unit")}</th>
                  <th className="px-2 py-2 text-right font-medium">{f("estimateYearAmount")}</th>
                  <th className="px-2 py-2 font-medium">{f("useFactory")}</th>
                  <th className="px-4 py-2 font-medium">{f("needExplain")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((i, n) => (
                  <tr key={i.id} className="align-top">
                    <td className="px-4 py-2 text-slate-400">{n + 1}</td>
                    <td className="px-2 py-2 font-mono text-xs">{i.materialCode || "—"}</td>
                    <td className="px-2 py-2">
                      <p className="font-medium text-slate-900">{i.itemName}</p>
                      {i.description && <p className="text-xs text-slate-500">{i.description}</p>}
                    </td>
                    <td className="px-2 py-2">{i.unit || "—"}</td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {i.estimateYearAmount || "—"}
                    </td>
                    <td className="px-2 py-2">{i.useFactory || "—"}</td>
                    <td className="px-4 py-2 text-slate-600">{i.needExplain || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

export function DownloadButton(
  { fileId, fileName, className = "" }: { fileId: number; fileName: string; className?: string },
) {
  const { t } = useTranslation();
  const [run, busy] = useAction();
  return (
    <button
      type="button"
      className={`inline-flex min-w-0 items-center gap-1.5 rounded text-left text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary ${className}`}
      title={t("portal.detail.download")}
      onClick={() => run(async () => saveBlob(await portalApi.download(fileId), fileName))}
    >
      {busy ? <Spinner className="size-4" /> : <Icon name="file" className="size-4" />}
      <span className="truncate">{fileName}</span>
    </button>
  );
}

export function Attachments({ files }: { files: ProjectDetail["attList"] }) {
  const { t } = useTranslation();
  return (
    <Card title={`${t("portal.detail.attachments")} (${files.length})`} testId="attachments">
      {files.length === 0
        ? <Empty>{t("portal.detail.noAttachments")}</Empty>
        : (
          <ul className="divide-y divide-slate-100">
            {files.map((f) => (
              <li key={f.id} className="flex items-center gap-3 px-4 py-2 text-sm">
                <DownloadButton fileId={f.id} fileName={f.fileName} className="flex-1" />
                <span className="shrink-0 text-xs tabular-nums text-slate-400">
                  {formatSize(f.size)}
                </span>
              </li>
            ))}
          </ul>
        )}
    </Card>
  );
}
