// The material and asset quotation project lists: query, create/edit, delete, export, end by hand,
// close with a reason, file list, and the way to the launch and result pages. Which row actions
// show comes from the server (each project's `actions`) and the user's publish permission.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  AddButton,
  type Column,
  ExportButton,
  ListPage,
  PagedTable,
  QueryField,
  QueryForm,
  QuerySelect,
  QueryText,
  RowAction,
  RowActions,
  RowMenuItem,
  RowMore,
  runDelete,
  Toolbar,
  useConfirm,
  usePagedList,
} from "../../components/index.ts";
import { useView } from "../../layout/view.ts";
import { type Kind, kindPages } from "../../components/projectPages.ts";
import { type Category, PM, type Project, projectsApi, QUOTATION_TYPES, STATUSES } from "./api.ts";
import { CloseDialog, CloseInfoDialog } from "./CloseDialog.tsx";
import { useEndProject } from "./useEndProject.tsx";
import { FileListDialog } from "./FileListDialog.tsx";
import { ProjectClosing, StatusBadge } from "../../components/ProjectStatus.tsx";
import { ProjectBadges } from "./Flags.tsx";
import { ProjectDialog } from "./ProjectDialog.tsx";
import { ReminderDialog } from "./ReminderDialog.tsx";
import { formatTime } from "../../../shared/time.ts";
import { DayAndTime } from "../../../shared/ClosingTime.tsx";
import { usePermission } from "../../../shared/session.ts";
import type { ListFilterName } from "../../../../server/domain/projects/listFilters.ts";

/** A filter of the list by its API name (the server declares them in projects/listFilters.ts). */
type Filter = Capitalize<ListFilterName>;
const formFields = [
  "Code",
  "Name",
  "Category",
  "Status",
  "OfferItemType",
  "DemandCode",
  "CreatedFrom",
  "CreatedTo",
] as const satisfies readonly Filter[];
/** The query: the form's filters (empty: not given), and any other a link brings along. */
type Query = Record<(typeof formFields)[number], string> & Partial<Record<Filter, string>>;

const empty = Object.fromEntries(formFields.map((k) => [k, ""])) as Query;

/** Filters a dashboard link brings along; shown as a removable note. */
const linked: Filter[] = [
  "Open",
  "QuotedFrom",
  "AwaitingQuotes",
  "OfferEndTimeFrom",
  "OfferEndTimeTo",
  "ClosingFrom",
  "ClosingTo",
];

/** The query a link brought (?status=…&open=1 …), keys matched without regard to case. */
function queryOf(search: string): Query {
  const q: Query = { ...empty };
  for (const [k, v] of new URLSearchParams(search)) {
    const key = [...Object.keys(empty), ...linked].find((x) => x.toLowerCase() === k.toLowerCase());
    if (key) (q as Record<string, string>)[key] = v;
  }
  return q;
}

/** Dates of the query form are whole days in UTC+8, as the screens show times. */
function toParams(q: Query, kind: string): Record<string, unknown> {
  return {
    ...q,
    Kind: kind,
    CreatedFrom: q.CreatedFrom ? `${q.CreatedFrom} 00:00:00` : "",
    CreatedTo: q.CreatedTo ? `${q.CreatedTo} 23:59:59` : "",
  };
}

/** The list of one kind of project (the route says which). */
export default function ProjectList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const view = useView();
  const navigate = useNavigate();
  const pages = kindPages[kind];
  const mayPublish = usePermission(pages.publish);
  const f = (k: string) => t(`projects.fields.${k}`);
  const list = usePagedList(projectsApi.list, {
    initialQuery: queryOf(view.search),
    toParams: (q) => toParams(q, kind),
  });
  const [categories, setCategories] = useState<Category[]>([]);
  const [dialog, setDialog] = useState<{ editId: number | null; revise?: boolean } | null>(null);
  const [files, setFiles] = useState<Project | null>(null);
  const [closing, setClosing] = useState<Project | null>(null);
  const [closeInfo, setCloseInfo] = useState<Project | null>(null);
  const [reminding, setReminding] = useState<Project | null>(null);
  const [confirmElement, confirm] = useConfirm();
  const [endElement, end] = useEndProject(() => list.reload());

  useEffect(() => {
    projectsApi.categories().then(setCategories).catch(() => {});
  }, []);
  // A dashboard link opening this (kept) tab again brings its own filter.
  const [lastSearch, setLastSearch] = useState(view.search);
  useEffect(() => {
    if (view.search === lastSearch) return;
    setLastSearch(view.search);
    list.search(queryOf(view.search));
  }, [view.search]);
  // Back on this tab (after publishing from the launch page …), the rows are read again.
  const wasActive = useRef(view.active);
  useEffect(() => {
    if (view.active && !wasActive.current) list.reload();
    wasActive.current = view.active;
  }, [view.active]);

  const draft = list.draft;
  const setDraft = (patch: Partial<Query>) => list.setDraft({ ...draft, ...patch });
  const linkedActive = linked.filter((k) => (list.query as Record<string, unknown>)[k]);

  async function remove(p: Project) {
    if (!(await confirm())) return;
    if (await runDelete(t, () => projectsApi.remove(p.id))) list.reload();
  }

  const columns = (() => {
    const cols: Column<Project>[] = [
      {
        key: "code",
        title: f("code"),
        sortField: "code",
        nowrap: true,
        className: "font-mono text-xs",
      },
      {
        key: "name",
        title: f("name"),
        sortField: "name",
        // A long name wraps, even one without spaces, in at most three lines (the whole name
        // on hover), instead of widening the table.
        width: "200px",
        className: "font-medium text-slate-900 [overflow-wrap:anywhere]",
        render: (p) => (
          <>
            <span className="line-clamp-3" title={p.name}>{p.name}</span>
            <ProjectBadges project={p} className="mt-1 flex" />
          </>
        ),
      },
      // Category, creator and the times wrap (a time at its space) when the page is narrow, so
      // the table fits beside the row actions at 1280 px instead of sliding under them.
      { key: "categoryName", title: f("category") },
    ];
    if (kind === "asset") {
      // The requirement number with the quotation type under it: one column, not two.
      cols.push({
        key: "demandCode",
        title: `${f("demandCode")} · ${f("offerItemType")}`,
        wrapTitle: true,
        render: (p) => (
          <>
            <span className="block">{p.demandCode}</span>
            {p.offerItemType && (
              <span className="block text-xs text-slate-500">
                {t(`projects.quotationTypes.${p.offerItemType}`)}
              </span>
            )}
          </>
        ),
      });
    }
    cols.push(
      {
        // The state, and under it how many of the invited suppliers have quoted and who was
        // awarded: one column, so the deadline keeps its room beside the row actions.
        key: "status",
        title: f("status"),
        sortField: "status",
        render: (p) => (
          <>
            <StatusBadge status={p.status} />
            {p.supplierCount > 0 && (
              <span
                className="block text-xs whitespace-nowrap text-slate-500 tabular-nums"
                data-testid="project-quoted"
              >
                {t("projectsPage.quotedCount", {
                  quoted: p.quotedCount,
                  invited: p.supplierCount,
                })}
              </span>
            )}
            {p.award && (
              <span
                className="block max-w-48 text-xs font-medium text-amber-800"
                title={f("award")}
                data-testid="project-award"
              >
                <span className="sr-only">{f("award")}:</span> ★ {p.award}
              </span>
            )}
          </>
        ),
      },
      { key: "creatorName", title: f("creator") },
      {
        key: "pubDate",
        title: f("pubDate"),
        wrapTitle: true,
        sortField: "pubDate",
        className: "tabular-nums",
        render: (p) => <DayAndTime text={formatTime(p.pubDate)} />,
      },
      {
        key: "offerEndTime",
        title: f("offerEndTime"),
        wrapTitle: true,
        sortField: "offerEndTime",
        className: "tabular-nums",
        // Room for the time on one line; a note (an early end, an end by hand) wraps under it.
        render: (p) => (
          <div className="min-w-32">
            <ProjectClosing project={p} />
          </div>
        ),
      },
      {
        key: "actions",
        title: t("ui.actions"),
        // The actions of the project's state first; the others behind "More", so that the
        // table keeps its room for the deadline and the other columns.
        render: (p) => (
          <RowActions>
            {p.actions.includes("edit") && (
              <RowAction onClick={() => setDialog({ editId: p.id })} testId="edit">
                {t("ui.edit")}
              </RowAction>
            )}
            {p.actions.includes("publish") && (
              <RowAction
                onClick={() => navigate(`${pages.launch}?id=${p.id}`)}
                testId="launch"
              >
                {t("projectsPage.launch")}
              </RowAction>
            )}
            {p.status !== "unpublished" && (
              <RowAction
                onClick={() => navigate(`${pages.result}?id=${p.id}`)}
                testId="result"
              >
                {t("projectsPage.result")}
              </RowAction>
            )}
            <RowMore>
              <RowMenuItem onClick={() => setFiles(p)} testId="files">
                {t("projectsPage.files")}
              </RowMenuItem>
              {mayPublish && p.actions.includes("end") && (
                <>
                  {/* Quoting is open: the request pack may still change, as a new version. */}
                  <RowMenuItem
                    onClick={() => setDialog({ editId: p.id, revise: true })}
                    testId="revise"
                  >
                    {t("projectsPage.revise")}
                  </RowMenuItem>
                  <RowMenuItem onClick={() => setReminding(p)} testId="remind">
                    {t("reminder.action")}
                  </RowMenuItem>
                  <RowMenuItem onClick={() => end(p)} testId="end">
                    {t("projectsPage.end")}
                  </RowMenuItem>
                </>
              )}
              {mayPublish && p.actions.includes("close") && (
                <RowMenuItem
                  danger
                  onClick={() => setClosing(p)}
                  testId="close"
                >
                  {t("projectsPage.close")}
                </RowMenuItem>
              )}
              {p.status === "closed" && (
                <RowMenuItem onClick={() => setCloseInfo(p)} testId="close-info">
                  {f("closeInfo")}
                </RowMenuItem>
              )}
              {p.actions.includes("delete") && (
                <RowMenuItem
                  danger
                  onClick={() => remove(p)}
                  testId="delete"
                >
                  {t("ui.delete")}
                </RowMenuItem>
              )}
            </RowMore>
          </RowActions>
        ),
      },
    );
    return cols;
  })();

  return (
    <ListPage
      testId="project-list"
      query={
        <QueryForm onSearch={() => list.search()} onReset={() => list.search(empty)}>
          <QueryText list={list} name="Code" id="pq-code" label={f("code")} width="w-40" />
          <QueryText list={list} name="Name" id="pq-name" label={f("name")} />
          <QuerySelect
            list={list}
            name="Category"
            id="pq-category"
            label={f("category")}
            width="w-40"
          >
            {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </QuerySelect>
          <QuerySelect list={list} name="Status" id="pq-status" label={f("status")} width="w-36">
            {STATUSES.map((s) => <option key={s} value={s}>{t(`projects.statuses.${s}`)}</option>)}
          </QuerySelect>
          {kind === "asset" && (
            <>
              <QueryText
                list={list}
                name="DemandCode"
                id="pq-demand"
                label={f("demandCode")}
                width="w-40"
              />
              <QuerySelect
                list={list}
                name="OfferItemType"
                id="pq-type"
                label={f("offerItemType")}
                width="w-36"
              >
                {QUOTATION_TYPES.map((q) => (
                  <option key={q} value={q}>{t(`projects.quotationTypes.${q}`)}</option>
                ))}
              </QuerySelect>
            </>
          )}
          <QueryField label={t("projectsPage.createdBetween")} htmlFor="pq-from" width="w-auto">
            <div className="flex items-center gap-1">
              <input
                id="pq-from"
                type="date"
                className="input w-36"
                value={draft.CreatedFrom}
                onChange={(e) => setDraft({ CreatedFrom: e.target.value })}
              />
              <span className="text-slate-400">–</span>
              <input
                type="date"
                aria-label={t("projectsPage.createdTo")}
                className="input w-36"
                value={draft.CreatedTo}
                onChange={(e) => setDraft({ CreatedTo: e.target.value })}
              />
            </div>
          </QueryField>
        </QueryForm>
      }
      toolbar={
        <Toolbar
          right={linkedActive.length > 0 && (
            <span
              className="inline-flex items-center gap-1 rounded bg-primary-50 py-0.5 pr-1 pl-2 text-xs text-primary-700 ring-1 ring-primary-100"
              data-testid="linked-filter"
            >
              {t("projectsPage.linkedFilter")}
              <button
                type="button"
                className="rounded px-1 hover:text-primary-900 focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={t("projectsPage.clearLinked")}
                onClick={() => {
                  const next = { ...list.query };
                  for (const k of linked) delete (next as Record<string, unknown>)[k];
                  list.search(next);
                }}
              >
                ×
              </button>
            </span>
          )}
        >
          <AddButton onClick={() => setDialog({ editId: null })} />
          <ExportButton
            path={`${PM}/GetExportList`}
            params={toParams(list.query, kind)}
            fileName={`${t("exports.projectsFile")}.xlsx`}
          />
        </Toolbar>
      }
    >
      {/* No serial numbers: each row has its project number, and the deadline needs the room. */}
      <PagedTable list={list} rowKey={(p) => p.id} columns={columns} dense showIndex={false} />
      <ProjectDialog
        kind={kind}
        open={!!dialog}
        editId={dialog?.editId ?? null}
        revise={dialog?.revise}
        categories={categories}
        onClose={() => setDialog(null)}
        onSaved={(launch) => {
          setDialog(null);
          list.reload();
          if (launch) navigate(`${pages.launch}?id=${launch.id}`);
        }}
      />
      <FileListDialog project={files} onClose={() => setFiles(null)} />
      <CloseDialog
        project={closing}
        onClose={() => setClosing(null)}
        onDone={() => {
          setClosing(null);
          list.reload();
        }}
      />
      <CloseInfoDialog project={closeInfo} onClose={() => setCloseInfo(null)} />
      <ReminderDialog project={reminding} onClose={() => setReminding(null)} />
      {confirmElement}
      {endElement}
    </ListPage>
  );
}
