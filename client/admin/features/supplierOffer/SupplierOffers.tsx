// Supplier quotation management (spec §2) as staff see it: the quotes that came in across the
// projects the staff member may see (paged, filtered, newest first; a sealed project's rows say who
// and when only), and, folded away, how quoting works for the supplier and the instructions the
// suppliers agree to now (with the right to edit them). Suppliers quote in the supplier portal.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Permissions } from "../../../../server/domain/auth/permissions.ts";
import { Icon } from "../../../shared/icons.tsx";
import { currentLanguage } from "../../../shared/i18n.ts";
import {
  Badge,
  type Column,
  KeywordField,
  ListPage,
  PagedTable,
  QueryField,
  QueryForm,
  QuerySelect,
  usePagedList,
} from "../../components/index.ts";
import { type Kind, kindPages } from "../../components/projectPages.ts";
import { fileSize } from "../../components/files.ts";
import { formatTime } from "../../../shared/time.ts";
import { usePermission } from "../../../shared/session.ts";
import { type Submission, supplierOfferApi } from "./api.ts";

type Query = {
  keyword: string;
  kind: string;
  round: string;
  submittedFrom: string;
  submittedTo: string;
  currentOnly: string;
};
const emptyQuery: Query = {
  keyword: "",
  kind: "",
  round: "",
  submittedFrom: "",
  submittedTo: "",
  currentOnly: "",
};

/** Dates of the query form are whole days in UTC+8, as the screens show times. */
const toParams = (q: Query) => ({
  ...q,
  submittedFrom: q.submittedFrom ? `${q.submittedFrom} 00:00:00` : "",
  submittedTo: q.submittedTo ? `${q.submittedTo} 23:59:59` : "",
});

export default function SupplierOffers() {
  const { t } = useTranslation();
  const s = (k: string) => t(`supplierOfferPage.${k}`);
  const material = usePermission(kindPages.material.search);
  const asset = usePermission(kindPages.asset.search);
  return (
    <div className="space-y-3" data-testid="supplier-offer-page">
      <section className="card px-4 py-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-slate-900">{s("title")}</h2>
          <p className="text-sm text-slate-500">{s("listHint")}</p>
        </div>
        <HowItWorks material={material} asset={asset} />
      </section>
      {material || asset
        ? (
          <SubmissionList
            kinds={[material && "material", asset && "asset"].filter(Boolean) as Kind[]}
          />
        )
        : (
          <p className="card p-4 text-sm text-slate-600" data-testid="no-project-permission">
            {s("noProjectPermission")}
          </p>
        )}
    </div>
  );
}

function SubmissionList({ kinds }: { kinds: Kind[] }) {
  const { t } = useTranslation();
  const s = (k: string) => t(`supplierOfferPage.${k}`);
  const list = usePagedList(supplierOfferApi.submissions, {
    initialQuery: emptyQuery,
    toParams,
  });
  const d = list.draft;
  const roundName = (r: number) =>
    r === 0 ? t("projects.fields.firstQuote") : t(`projects.fields.round${r}`);

  const columns: Column<Submission>[] = [
    {
      key: "projectCode",
      title: s("project"),
      sortField: "projectCode",
      nowrap: true,
      render: (r) => (
        <Link
          to={`${kindPages[r.projectKind].result}?id=${r.projectId}`}
          className="text-primary hover:underline"
          data-testid="project-link"
        >
          {r.projectCode}
        </Link>
      ),
    },
    { key: "projectName", title: s("projectName"), render: (r) => r.projectName },
    ...(kinds.length > 1
      ? [{
        key: "kind",
        title: s("kind"),
        nowrap: true,
        render: (r: Submission) => t(`projects.kinds.${r.projectKind}`),
      }]
      : []),
    {
      key: "supplier",
      title: s("supplier"),
      sortField: "supplierCode",
      render: (r) => (
        <span>
          <span className="font-medium text-slate-800">{r.supplierCode}</span>
          <span className="ml-1.5 text-slate-500">{r.supplierName}</span>
        </span>
      ),
    },
    {
      key: "round",
      title: s("round"),
      sortField: "round",
      nowrap: true,
      render: (r) => roundName(r.round),
    },
    {
      key: "submittedAt",
      title: s("submittedAt"),
      sortField: "submittedAt",
      nowrap: true,
      render: (r) => (
        <span className="tabular-nums">
          {formatTime(r.submittedAt)}
          {r.outdated && r.packVersion !== null && (
            <span
              className="ml-1.5 rounded bg-amber-50 px-1 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200"
              data-testid="based-on-version"
            >
              {t("result.basedOn", { version: r.packVersion })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: "current",
      title: s("current"),
      align: "center",
      render: (r) =>
        r.isCurrent
          ? <Badge tone="green">{t("ui.yes")}</Badge>
          : <Badge tone="slate">{s("superseded")}</Badge>,
    },
    {
      key: "file",
      title: s("file"),
      render: (r) =>
        r.sealed
          ? (
            <span data-testid="sealed">
              <Badge tone="amber">
                <Icon name="lock" className="mr-1 size-3" />
                {s("sealed")}
              </Badge>
            </span>
          )
          : (
            <span className="break-all">
              {r.fileName}
              {r.fileSize !== null && (
                <span className="ml-1.5 text-xs whitespace-nowrap text-slate-400">
                  {fileSize(r.fileSize)}
                </span>
              )}
            </span>
          ),
    },
  ];

  return (
    <ListPage
      testId="submission-list"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <KeywordField
            list={list}
            id="so-keyword"
            width="w-64"
            placeholder={s("keywordPlaceholder")}
          />
          {kinds.length > 1 && (
            <QuerySelect
              list={list}
              name="kind"
              id="so-kind"
              label={s("kind")}
              width="w-32"
              options={kinds.map((k) => [k, t(`projects.kinds.${k}`)] as const)}
            />
          )}
          <QuerySelect
            list={list}
            name="round"
            id="so-round"
            label={s("round")}
            width="w-44"
            options={[0, 1, 2].map((r) => [String(r), roundName(r)] as const)}
          />
          <QueryField label={s("submittedBetween")} htmlFor="so-from" width="w-auto">
            <div className="flex items-center gap-1">
              <input
                id="so-from"
                type="date"
                className="input w-36"
                value={d.submittedFrom}
                onChange={(e) => list.setDraft({ ...d, submittedFrom: e.target.value })}
              />
              <span className="text-slate-400">–</span>
              <input
                type="date"
                aria-label={s("submittedTo")}
                className="input w-36"
                value={d.submittedTo}
                onChange={(e) => list.setDraft({ ...d, submittedTo: e.target.value })}
              />
            </div>
          </QueryField>
          <label className="flex h-8 items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              id="so-current"
              checked={d.currentOnly === "1"}
              onChange={(e) => list.setDraft({ ...d, currentOnly: e.target.checked ? "1" : "" })}
            />
            {s("currentOnly")}
          </label>
        </QueryForm>
      }
    >
      <PagedTable list={list} columns={columns} rowKey={(r) => r.quoteId} />
    </ListPage>
  );
}

/** How quoting works for the supplier and the instructions in force now, folded away. */
function HowItWorks({ material, asset }: { material: boolean; asset: boolean }) {
  const { t } = useTranslation();
  const s = (k: string) => t(`supplierOfferPage.${k}`);
  const mayReadSettings = usePermission(Permissions.SystemResourceSearch);
  const suppliers = usePermission(Permissions.SupplierSearch);
  const [instruction, setInstruction] = useState<string | null>(null);

  useEffect(() => {
    if (!mayReadSettings) return;
    const key = currentLanguage() === "en" ? "quoteInstructionEn" : "quoteInstructionZh";
    supplierOfferApi.settings()
      .then((r) => setInstruction(String(r.items.find((i) => i.key === key)?.value ?? "")))
      .catch(() => {});
  }, [mayReadSettings]);

  const steps = t("supplierOfferPage.steps", { returnObjects: true }) as string[];
  const links = [
    material && { to: kindPages.material.list, label: t("menu.offerProjectManagerList") },
    asset && { to: kindPages.asset.list, label: t("menu.offerProjectAMSList") },
    suppliers && { to: "/supplier/SupplierList", label: t("menu.supplierList") },
  ].filter(Boolean) as { to: string; label: string }[];

  return (
    <details className="group mt-2" data-testid="supplier-offer-help">
      <summary className="flex cursor-pointer list-none items-center gap-1 text-sm text-primary select-none hover:underline">
        <Icon name="chevronRight" className="size-3.5 transition-transform group-open:rotate-90" />
        {s("howItWorks")}
      </summary>
      <div className="mt-3 space-y-3">
        <p className="max-w-3xl text-sm text-slate-600">{s("intro")}</p>
        <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
          {steps.map((step, i) => (
            <li key={i} className="flex gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white">
                {i + 1}
              </span>
              <span className="text-sm text-slate-700">{step}</span>
            </li>
          ))}
        </ol>
        {links.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-500">{s("whereQuotes")}</span>
            {links.map((l) => (
              <Link key={l.to} to={l.to} className="btn btn-default">
                {l.label}
                <Icon name="chevronRight" className="size-3.5" />
              </Link>
            ))}
          </div>
        )}
        {mayReadSettings && (
          <div data-testid="supplier-offer-instruction">
            <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-sm font-semibold text-slate-900">{s("instructionTitle")}</h2>
              <Link
                to="/systemSetting/systemResource"
                className="text-sm text-primary hover:underline"
              >
                {s("editInstruction")}
              </Link>
            </div>
            <p className="mb-2 text-xs text-slate-500">{s("instructionHint")}</p>
            <div className="max-h-72 overflow-auto rounded-md bg-slate-50 p-4 text-sm leading-6 whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
              {instruction ?? "…"}
            </div>
          </div>
        )}
      </div>
    </details>
  );
}
