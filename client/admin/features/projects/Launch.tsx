// The hidden launch pages (spec §2), material and asset: the project read-only, a supplier search
// with a paged table whose rows become removable tags, the deadline with the working-day check
// (hidden for bargaining), the question deadline, and Publish — disabled without the kind's publish
// permission.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api.ts";
import { message } from "../../../shared/messages.ts";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import {
  DataTable,
  inputClass,
  Pagination,
  QueryText,
  RowAction,
  usePagedList,
} from "../../components/index.ts";
import { localToInstant } from "../../components/dateInput.ts";
import { type Kind, kindPages } from "../../components/projectPages.ts";
import { type ProjectData, projectsApi, type SupplierOption } from "./api.ts";
import { Field, Section } from "../../components/Section.tsx";
import { useCloseAndGo, useRequiredId } from "../../components/hiddenPage.ts";
import { ProjectClosing, StatusBadge } from "../../components/ProjectStatus.tsx";
import { AttachmentList, ItemsTable } from "./parts.tsx";
import { RequiredCertificates } from "../../components/CertificateTypes.tsx";
import { usePermission } from "../../../shared/session.ts";
import { FlagFields, ProjectBadges } from "./Flags.tsx";
import { QuestionDeadlineField } from "./QuestionDeadlineField.tsx";
import { EvaluationChoice } from "../../components/EvaluationChoice.tsx";

type Search = {
  Code: string;
  FullName: string;
  AbbrName: string;
  IsInvalidFiltering?: string;
  /** The project: each row then says whether the supplier may be invited to it, and why not. */
  OffProId?: number;
};
/** Spec §9: the supplier search shows 5 rows by default. */
const SEARCH_SIZES = [5, 10, 20, 50];

type Tag = { id: number; code: string; abbrName: string; invited?: boolean };

/** Launching one kind of project (the route says which). */
export default function Launch({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const pages = kindPages[kind];
  const id = useRequiredId();
  const mayPublish = usePermission(pages.publish);
  const closeAndGo = useCloseAndGo();
  const [project, setProject] = useState<ProjectData | null>(null);
  const [tags, setTags] = useState<Tag[]>([]);
  const [deadline, setDeadline] = useState("");
  const [deadlineError, setDeadlineError] = useState("");
  /** The deadline's year has no official holiday schedule: weekends only count as days off. */
  const [calendarWarning, setCalendarWarning] = useState("");
  const [questionEnd, setQuestionEnd] = useState("");
  const [questionEndError, setQuestionEndError] = useState("");
  const [run, busy] = useAction();
  const f = (k: string) => t(`projects.fields.${k}`);
  const l = (k: string, p: Record<string, unknown> = {}) => t(`launch.${k}`, p);

  // The asset flow lists only valid suppliers (IsInvalidFiltering '1').
  const initial: Search = {
    Code: "",
    FullName: "",
    AbbrName: "",
    ...(kind === "asset" ? { IsInvalidFiltering: "1" } : {}),
    ...(id ? { OffProId: id } : {}),
  };
  const suppliers = usePagedList(
    id && mayPublish ? projectsApi.supplierSearch : null,
    { initialQuery: initial, pageSize: 5 },
  );

  useEffect(() => {
    if (!id) return;
    projectsApi.data(id).then((p) => {
      setProject(p);
      setTags(p.supList.map((s) => ({ ...s, invited: true })));
      if (p.questionEndTime) setQuestionEnd(formatTime(p.questionEndTime, "{y}-{m}-{d}T{h}:{i}"));
      if (!p.offerEndTime) return;
      setDeadline(formatTime(p.offerEndTime, "{y}-{m}-{d}T{h}:{i}"));
      projectsApi.workingDay(formatTime(p.offerEndTime, "{y}-{m}-{d}"))
        .then((d) => setCalendarWarning(d.warning ?? "")).catch(() => {});
    }).catch(() => {});
  }, [id]);

  const bargaining = kind === "asset" && project?.offerItemType === "bargaining";

  function addTag(s: SupplierOption) {
    if (tags.some((x) => x.code === s.code)) return;
    if (s.invitable === false) return void message.error(s.notInvitableReason ?? "");
    setTags([...tags, { id: s.id, code: s.code, abbrName: s.abbrName }]);
  }

  /** The working-day check: a refusal says why (the holiday, a weekend, a company day off). */
  async function checkDate(value: string): Promise<boolean> {
    setCalendarWarning("");
    if (!value) return true;
    try {
      const day = await projectsApi.workingDay(value.slice(0, 10));
      setDeadlineError(day.working ? "" : day.message ?? t("projects.notWorkingDay"));
      setCalendarWarning(day.warning ?? "");
      return day.working;
    } catch {
      return false;
    }
  }

  async function publish() {
    if (!project) return;
    if (!tags.length) return void message.error(t("projects.selectSupplier"));
    if (!bargaining) {
      if (!deadline) return setDeadlineError(t("projects.deadlineRequired"));
      if (!(await checkDate(deadline))) return;
    }
    await run(async () => {
      await projectsApi.publish(
        project.id,
        bargaining ? null : localToInstant(deadline),
        tags.map((s) => ({ id: s.id, code: s.code })),
        localToInstant(questionEnd),
      );
      message.success(l("published"));
      // Back to the list the project was published from, its menu item lit (not a second tab).
      closeAndGo(pages.list);
    }, (err) => {
      const text = err instanceof Error ? err.message : t("errors.error");
      message.error(text);
      const on = (field: string) =>
        err instanceof ApiError &&
        err.body?.validationErrors?.some((v) => v.members?.some((m) => m.toLowerCase() === field));
      if (on("offerendtime")) setDeadlineError(text);
      if (on("questionendtime")) setQuestionEndError(text);
    });
  }

  if (!id) return null;
  if (!project) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner />
      </div>
    );
  }
  const canPublish = mayPublish && project.actions.includes("publish");

  return (
    <div className="space-y-3" data-testid="launch-page">
      <Section
        testId="launch-project"
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs text-slate-500">{project.code}</span>
            <span>{project.name}</span>
            <StatusBadge status={project.status} />
            <ProjectBadges project={project} />
          </span>
        }
      >
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={f("name")}>{project.name}</Field>
          <Field label={f("category")}>{project.categoryName}</Field>
          <Field label={f("offerEndTime")}>
            <ProjectClosing project={project} dash />
          </Field>
          <Field label={f("creator")}>{project.creatorName}</Field>
          {kind === "asset" && (
            <>
              <Field label={f("demandCode")}>{project.demandCode}</Field>
              <Field label={f("offerItemType")}>
                {project.offerItemType && t(`projects.quotationTypes.${project.offerItemType}`)}
              </Field>
              <Field label={f("equipmentName")}>{project.equipmentName}</Field>
              <Field label={f("estimatedAmount")}>
                {project.estimatedAmount && (
                  <span className="tabular-nums">{project.estimatedAmount}</span>
                )}
              </Field>
              <FlagFields project={project} />
            </>
          )}
          {project.remark && <Field label={f("remark")} wide>{project.remark}</Field>}
          <RequiredCertificates
            types={(project as ProjectData & { requiredCertificateTypes?: string[] })
              .requiredCertificateTypes ?? []}
          />
        </dl>
      </Section>

      <Section title={t("projectsPage.items")} testId="launch-items">
        <ItemsTable items={project.opiList} kind={kind} />
      </Section>

      <Section title={f("attachments")}>
        <AttachmentList files={project.attList} />
      </Section>

      <Section
        title={l("chooseSuppliers")}
        testId="launch-suppliers"
        extra={kind === "asset" && <span className="text-xs text-slate-500">{l("validOnly")}</span>}
      >
        {!mayPublish
          ? (
            <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800" role="note">
              {t("projects.noPublishPermission")}
            </p>
          )
          : (
            <div className="space-y-3">
              <form
                role="search"
                className="flex flex-wrap items-end gap-x-4 gap-y-2"
                data-testid="supplier-search"
                onSubmit={(e) => {
                  e.preventDefault();
                  suppliers.search();
                }}
              >
                {(
                  [
                    ["Code", "code"],
                    ["FullName", "fullName"],
                    ["AbbrName", "abbrName"],
                  ] as const
                ).map(([k, label]) => (
                  <QueryText
                    key={k}
                    list={suppliers}
                    name={k}
                    id={`ls-${k}`}
                    label={t(`suppliers.fields.${label}`)}
                  />
                ))}
                <button type="submit" className="btn btn-primary" data-testid="supplier-search-go">
                  {t("ui.search")}
                </button>
              </form>
              <p className="text-xs text-slate-500">{l("clickToAdd")}</p>
              <DataTable
                rows={suppliers.items}
                loading={suppliers.loading}
                loaded={suppliers.loaded}
                indexOffset={(suppliers.page - 1) * suppliers.size}
                testId="supplier-table"
                rowKey={(s) => s.id}
                onRowClick={addTag}
                isRowSelected={(s) => tags.some((x) => x.code === s.code)}
                columns={[
                  {
                    key: "code",
                    title: t("suppliers.fields.code"),
                    nowrap: true,
                    className: "font-mono text-xs",
                  },
                  { key: "abbrName", title: t("suppliers.fields.abbrName") },
                  { key: "fullName", title: t("suppliers.fields.fullName") },
                  // An address breaks when the page is narrow rather than widen the table.
                  ...(["email1", "email2", "email3"] as const).map((key) => ({
                    key,
                    title: t(`suppliers.fields.${key}`),
                    className: "[overflow-wrap:anywhere]",
                  })),
                  {
                    key: "invitable",
                    title: l("eligibility"),
                    render: (s) =>
                      s.invitable === false
                        ? (
                          <span className="text-xs text-red-600" data-testid="not-invitable">
                            {s.notInvitableReason}
                          </span>
                        )
                        : <span className="text-xs text-emerald-700">{l("invitable")}</span>,
                  },
                  {
                    key: "add",
                    title: t("ui.actions"),
                    width: "5rem",
                    render: (s) =>
                      tags.some((x) => x.code === s.code)
                        ? <span className="text-xs text-slate-400">{l("added")}</span>
                        : s.invitable === false
                        ? <span className="text-xs text-slate-400">–</span>
                        : <RowAction onClick={() => addTag(s)}>{l("add")}</RowAction>,
                  },
                ]}
              />
              <Pagination
                total={suppliers.total}
                page={suppliers.page}
                size={suppliers.size}
                sizes={SEARCH_SIZES}
                onPage={suppliers.setPage}
                onSize={suppliers.setSize}
              />
            </div>
          )}
      </Section>

      <EvaluationChoice projectId={project.id} editable={canPublish} />

      <Section title={l("publishTitle")} testId="launch-publish">
        <div className="space-y-4">
          <div>
            <div className="mb-1.5 text-xs text-slate-500">
              {l("selected", { count: tags.length })}
            </div>
            <ul className="flex min-h-8 flex-wrap gap-2" data-testid="selected-suppliers">
              {tags.length === 0 && <li className="text-sm text-slate-400">{l("noneSelected")}</li>}
              {tags.map((s) => (
                <li
                  key={s.code}
                  data-testid="supplier-tag"
                  data-code={s.code}
                  className={`flex items-center gap-1 rounded py-0.5 pr-1 pl-2 text-sm ring-1 ${
                    s.invited
                      ? "bg-slate-50 text-slate-600 ring-slate-200"
                      : "bg-primary-50 text-primary-700 ring-primary-200"
                  }`}
                >
                  <span className="font-mono text-xs">{s.code}</span>
                  <span>{s.abbrName}</span>
                  {s.invited
                    ? <span className="px-1 text-xs text-slate-400">{l("invited")}</span>
                    : (
                      <button
                        type="button"
                        className="rounded px-1 text-primary-400 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-primary"
                        aria-label={l("remove", { code: s.code })}
                        onClick={() => setTags(tags.filter((x) => x.code !== s.code))}
                      >
                        ×
                      </button>
                    )}
                </li>
              ))}
            </ul>
          </div>
          {!bargaining && (
            <div className="max-w-md" data-field="offerEndTime">
              <label htmlFor="launch-deadline" className="label">
                <span className="mr-0.5 text-red-500" aria-hidden="true">*</span>
                {f("offerEndTime")}
                <span className="ml-1 text-xs font-normal text-slate-400">UTC+8</span>
              </label>
              <input
                id="launch-deadline"
                type="datetime-local"
                className={inputClass(deadlineError, "w-64")}
                value={deadline}
                onChange={(e) => {
                  setDeadline(e.target.value);
                  setDeadlineError("");
                  checkDate(e.target.value);
                }}
              />
              {deadlineError && (
                <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
                  {deadlineError}
                </p>
              )}
              {calendarWarning && (
                <p
                  className="mt-1.5 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800"
                  role="note"
                  data-testid="calendar-warning"
                >
                  {calendarWarning}
                </p>
              )}
            </div>
          )}
          <QuestionDeadlineField
            value={questionEnd}
            deadline={bargaining ? "" : deadline}
            error={questionEndError}
            onChange={(v) => {
              setQuestionEnd(v);
              setQuestionEndError("");
            }}
          />
          <div className="flex items-center gap-3 border-t border-slate-100 pt-3">
            <button
              type="button"
              className="btn btn-primary min-w-24"
              disabled={!canPublish || busy}
              onClick={publish}
              data-testid="publish"
              title={!mayPublish ? t("projects.noPublishPermission") : undefined}
            >
              {busy && <Spinner className="size-4" />}
              {l("publish")}
            </button>
            {mayPublish && !project.actions.includes("publish") && (
              <span className="text-sm text-slate-500">{t("projects.cannotPublish")}</span>
            )}
          </div>
        </div>
      </Section>
    </div>
  );
}
