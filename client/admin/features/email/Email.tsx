// System settings › email alert management: the templates (subject code, subject, content, send
// mechanism, mechanism description, notify object, active flag) and the email log with resend.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MECHANISMS, NOTIFY_OBJECTS } from "../../../../server/domain/email/schemas.ts";
import { api } from "../../../shared/api.ts";
import { message } from "../../../shared/messages.ts";
import { formatTime } from "../../../shared/time.ts";
import {
  AddButton,
  Badge,
  CheckField,
  type Column,
  EditDeleteActions,
  Field,
  FormDialog,
  KeywordField,
  orDash,
  PagedTable,
  QueryForm,
  QuerySelect,
  QueryText,
  RowAction,
  SelectField,
  TextAreaField,
  TextField,
  Toolbar,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";

type Template = {
  id: number;
  code: string;
  subject: string;
  content: string;
  subjectEn: string;
  contentEn: string;
  mechanism: string;
  mechanismDescription: string | null;
  notifyObject: string;
  isActive: boolean;
  hoursBefore: number[] | null;
  placeholders: string[];
};
type Outbox = {
  id: number;
  templateCode: string;
  recipient: string;
  recipientName: string | null;
  subject: string;
  status: "pending" | "sent" | "failed" | "notConfigured";
  statusText: string;
  attempts: number;
  lastError: string | null;
  projectCode: string | null;
  creationTime: string;
  sentAt: string | null;
};

export default function Email() {
  const { t } = useTranslation();
  const tab =
    "-mb-px border-b-2 border-transparent px-1 pb-2 text-sm text-slate-500 outline-none data-hover:text-slate-800 data-selected:border-primary data-selected:font-medium data-selected:text-primary data-focus:ring-2 data-focus:ring-primary-200";
  return (
    <div className="card p-4" data-testid="email-page">
      <TabGroup>
        <TabList className="mb-4 flex gap-5 border-b border-slate-200">
          <Tab className={tab}>{t("emailPage.templates")}</Tab>
          <Tab className={tab}>{t("emailPage.log")}</Tab>
        </TabList>
        <TabPanels>
          <TabPanel unmount={false}>
            <Templates />
          </TabPanel>
          <TabPanel unmount={false}>
            <EmailLog />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

function Templates() {
  const { t } = useTranslation();
  const list = usePagedList<Template, { keyword: string; mechanism: string; isActive: string }>(
    "/QMO/EmailManager/GetAll",
    { initialQuery: { keyword: "", mechanism: "", isActive: "" } },
  );
  const edit = useEditDialog<Template>(list.reload);
  const [confirmElement, remove] = useDeleteRow(
    (row: Template) => api.delete("/QMO/EmailManager/Delete", { id: row.id }, { silent: true }),
    list.reload,
  );
  const columns: Column<Template>[] = [
    { key: "code", title: t("emailPage.code"), sortField: "code", nowrap: true },
    { key: "subject", title: t("emailPage.subject"), sortField: "subject" },
    {
      key: "mechanism",
      title: t("emailPage.mechanism"),
      sortField: "mechanism",
      render: (r) => t(`email.mechanisms.${r.mechanism}`),
    },
    {
      key: "mechanismDescription",
      title: t("emailPage.mechanismDescription"),
      render: (r) => orDash(r.mechanismDescription),
    },
    {
      key: "notifyObject",
      title: t("emailPage.notifyObject"),
      render: (r) => t(`email.notifyObjects.${r.notifyObject}`),
    },
    {
      key: "hoursBefore",
      title: t("emailPage.hoursBefore"),
      nowrap: true,
      render: (r) =>
        r.hoursBefore?.length
          ? r.hoursBefore.map((h) => `${h} h`).join(", ")
          : r.mechanism === "beforeDeadline"
          ? t("emailPage.hoursSystem")
          : "—",
    },
    {
      key: "isActive",
      title: t("emailPage.isActive"),
      sortField: "isActive",
      nowrap: true,
      render: (r) =>
        r.isActive
          ? <Badge tone="green">{t("ui.active")}</Badge>
          : <Badge>{t("ui.inactive")}</Badge>,
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (r) => <EditDeleteActions onEdit={() => edit.open(r)} onDelete={() => remove(r)} />,
    },
  ];
  return (
    <div className="space-y-3">
      <QueryForm onSearch={() => list.search()} onReset={list.reset}>
        <KeywordField
          list={list}
          id="tpl-keyword"
          placeholder={t("emailPage.keywordPlaceholder")}
          width="w-52"
        />
        <QuerySelect
          list={list}
          name="mechanism"
          id="tpl-mechanism"
          label={t("emailPage.mechanism")}
          width="w-56"
        >
          {MECHANISMS.map((m) => <option key={m} value={m}>{t(`email.mechanisms.${m}`)}</option>)}
        </QuerySelect>
        <QuerySelect
          list={list}
          name="isActive"
          id="tpl-active"
          label={t("emailPage.isActive")}
          width="w-32"
          options={[["true", t("ui.active")], ["false", t("ui.inactive")]]}
        />
      </QueryForm>
      <div className="border-t border-slate-100" />
      <Toolbar>
        <AddButton onClick={() => edit.open("new")} />
      </Toolbar>
      <PagedTable list={list} columns={columns} rowKey={(r) => r.id} />
      {edit.editing && (
        <TemplateDialog template={edit.row} onClose={edit.close} onSaved={edit.saved} />
      )}
      {confirmElement}
    </div>
  );
}

const TEMPLATE_FIELDS = [
  "code",
  "subject",
  "content",
  "subjectEn",
  "contentEn",
  "mechanism",
  "mechanismDescription",
  "notifyObject",
  "isActive",
  "hoursBefore",
];

function TemplateDialog(
  { template, onClose, onSaved }: {
    template: Template | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t } = useTranslation();
  const form = useFormState({
    code: template?.code ?? "",
    subject: template?.subject ?? "",
    content: template?.content ?? "",
    subjectEn: template?.subjectEn ?? "",
    contentEn: template?.contentEn ?? "",
    mechanism: template?.mechanism ?? "",
    mechanismDescription: template?.mechanismDescription ?? "",
    notifyObject: template?.notifyObject ?? "",
    isActive: template?.isActive ?? true,
    hoursBefore: template?.hoursBefore?.join(", ") ?? "",
  });
  const { values } = form;
  async function save() {
    // The spec's prompts: please enter the reminder code / subject / sending mechanism.
    const errs: Record<string, string> = {};
    if (!values.code.trim()) errs.code = t("email.codeRequired");
    if (!values.subject.trim()) errs.subject = t("email.subjectRequired");
    if (!values.mechanism) errs.mechanism = t("email.mechanismRequired");
    const hours = values.hoursBefore.split(/[,，\s]+/).filter(Boolean).map(Number);
    if (hours.some((h) => !Number.isInteger(h) || h < 1)) {
      errs.hoursBefore = t("emailPage.hoursFormat");
    }
    if (!form.check(errs)) return;
    const body = {
      ...values,
      notifyObject: values.notifyObject || null,
      hoursBefore: values.mechanism === "beforeDeadline" && hours.length ? hours : null,
    };
    const ok = await form.saveRow(
      template?.id,
      { create: "/QMO/EmailManager/Create", update: "/QMO/EmailManager/Update" },
      body,
      TEMPLATE_FIELDS,
    );
    if (ok) onSaved();
  }
  const placeholders = template?.placeholders ??
    [
      "projectCode",
      "projectName",
      "deadline",
      "supplierName",
      "portalLink",
      "round",
      "recipientName",
      "reason",
    ];
  return (
    <FormDialog
      open
      size="xl"
      title={template ? t("emailPage.editTitle") : t("emailPage.addTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="template-dialog"
    >
      <div className="grid gap-3 lg:grid-cols-2">
        <TextField
          form={form}
          name="code"
          id="tpl-code"
          label={t("emailPage.code")}
          required
          maxLength={64}
          placeholder={t("email.codeRequired")}
        />
        <SelectField
          form={form}
          name="mechanism"
          id="tpl-mech"
          label={t("emailPage.mechanism")}
          required
        >
          <option value="">{t("email.mechanismRequired")}</option>
          {MECHANISMS.map((m) => <option key={m} value={m}>{t(`email.mechanisms.${m}`)}</option>)}
        </SelectField>
        <TextField
          form={form}
          name="mechanismDescription"
          id="tpl-mechdesc"
          label={t("emailPage.mechanismDescription")}
          maxLength={500}
        />
        <SelectField
          form={form}
          name="notifyObject"
          id="tpl-notify"
          label={t("emailPage.notifyObject")}
          hint={t("emailPage.notifyHint")}
        >
          <option value="">{t("emailPage.notifyDefault")}</option>
          {NOTIFY_OBJECTS.map((o) => (
            <option key={o} value={o}>{t(`email.notifyObjects.${o}`)}</option>
          ))}
        </SelectField>
        {values.mechanism === "beforeDeadline" && (
          <TextField
            form={form}
            name="hoursBefore"
            id="tpl-hours"
            label={t("emailPage.hoursBefore")}
            hint={t("emailPage.hoursHint")}
          />
        )}
        <CheckField
          form={form}
          name="isActive"
          id="tpl-isActive"
          label={t("emailPage.isActive")}
          text={t("ui.active")}
        />
        <TextField
          form={form}
          name="subject"
          id="tpl-subject"
          className="lg:col-span-2"
          label={t("emailPage.subject")}
          required
          maxLength={300}
          placeholder={t("email.subjectRequired")}
        />
        <TextAreaField
          form={form}
          name="content"
          id="tpl-content"
          className="lg:col-span-2"
          label={t("emailPage.content")}
          rows={5}
        />
        <TextField
          form={form}
          name="subjectEn"
          id="tpl-subjectEn"
          className="lg:col-span-2"
          label={t("emailPage.subjectEn")}
          maxLength={300}
        />
        <TextAreaField
          form={form}
          name="contentEn"
          id="tpl-contentEn"
          className="lg:col-span-2"
          label={t("emailPage.contentEn")}
          hint={t("emailPage.enHint")}
          rows={5}
        />
        <Field className="lg:col-span-2" label={t("emailPage.placeholders")}>
          <div className="flex flex-wrap gap-1.5 pt-1">
            {placeholders.map((p) => (
              <span key={p} title={t(`email.placeholders.${p}`)}>
                <Badge tone="blue">{`{{${p}}}`}</Badge>
                <span className="ml-1 text-xs text-slate-500">{t(`email.placeholders.${p}`)}</span>
              </span>
            ))}
          </div>
        </Field>
      </div>
    </FormDialog>
  );
}

const statusTone = {
  pending: "amber",
  sent: "green",
  failed: "red",
  notConfigured: "slate",
} as const;

function EmailLog() {
  const { t } = useTranslation();
  const list = usePagedList<Outbox, { status: string; recipient: string; templateCode: string }>(
    "/QMO/EmailLog/GetAll",
    { initialQuery: { status: "", recipient: "", templateCode: "" } },
  );
  const [sending, setSending] = useState<number | null>(null);
  async function resend(row: Outbox) {
    setSending(row.id);
    try {
      const r = await api.post<Outbox>("/QMO/EmailLog/Resend", { id: row.id });
      if (r.status === "sent") message.success(t("emailPage.resent"));
      else message.warning(t("emailPage.resendFailed", { error: r.lastError ?? r.status }));
      list.reload();
    } catch {
      /* shown by the API client */
    } finally {
      setSending(null);
    }
  }
  const columns: Column<Outbox>[] = [
    {
      key: "creationTime",
      title: t("emailPage.createdAt"),
      sortField: "creationTime",
      nowrap: true,
      render: (r) => <span className="tabular-nums">{formatTime(r.creationTime)}</span>,
    },
    {
      key: "recipient",
      title: t("emailPage.recipient"),
      sortField: "recipient",
      render: (r) => (
        <span>
          {r.recipientName && <span className="mr-1">{r.recipientName}</span>}
          <span className="text-xs text-slate-500">{r.recipient}</span>
        </span>
      ),
    },
    { key: "templateCode", title: t("emailPage.code"), sortField: "templateCode", nowrap: true },
    { key: "subject", title: t("emailPage.subject") },
    {
      key: "projectCode",
      title: t("emailPage.project"),
      nowrap: true,
      render: (r) => r.projectCode || "—",
    },
    {
      key: "status",
      title: t("emailPage.status"),
      sortField: "status",
      nowrap: true,
      render: (r) => <Badge tone={statusTone[r.status]}>{r.statusText}</Badge>,
    },
    {
      key: "attempts",
      title: t("emailPage.attempts"),
      sortField: "attempts",
      align: "right",
      render: (r) => <span className="tabular-nums">{r.attempts}</span>,
    },
    {
      key: "lastError",
      title: t("emailPage.lastError"),
      render: (r) =>
        r.lastError
          ? (
            <span className="line-clamp-2 text-xs text-red-700" title={r.lastError}>
              {r.lastError}
            </span>
          )
          : orDash(null),
    },
    {
      key: "sentAt",
      title: t("emailPage.sentAt"),
      sortField: "sentAt",
      nowrap: true,
      render: (r) => formatTime(r.sentAt) || "—",
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (r) => (
        <RowAction
          disabled={r.status === "sent" || sending === r.id}
          onClick={() => resend(r)}
          testId="resend"
        >
          {t("emailPage.resend")}
        </RowAction>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      <QueryForm onSearch={() => list.search()} onReset={list.reset} testId="log-query">
        <QuerySelect
          list={list}
          name="status"
          id="log-status"
          label={t("emailPage.status")}
          width="w-48"
        >
          {(["pending", "sent", "failed", "notConfigured"] as const).map((s) => (
            <option key={s} value={s}>{t(`email.statuses.${s}`)}</option>
          ))}
        </QuerySelect>
        <QueryText
          list={list}
          name="recipient"
          id="log-recipient"
          label={t("emailPage.recipient")}
          width="w-52"
        />
        <QueryText
          list={list}
          name="templateCode"
          id="log-template"
          label={t("emailPage.code")}
          width="w-44"
        />
      </QueryForm>
      <PagedTable list={list} columns={columns} rowKey={(r) => r.id} testId="email-log" />
    </div>
  );
}
