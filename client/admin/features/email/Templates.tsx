// The email templates: the list with its query, and add, modify and delete (a template the system
// sends on an event says so before it is deleted).
import { useTranslation } from "react-i18next";
import { MECHANISMS } from "../../../../server/domain/email/schemas.ts";
import {
  AddButton,
  Badge,
  type Column,
  EditDeleteActions,
  KeywordField,
  orDash,
  PagedTable,
  QueryForm,
  QuerySelect,
  Toolbar,
  useDeleteRow,
  useEditDialog,
  usePagedList,
} from "../../components/index.ts";
import { emailApi, type Template } from "./api.ts";
import { TemplateDialog } from "./TemplateDialog.tsx";

export function Templates() {
  const { t, i18n } = useTranslation();
  const english = i18n.language.startsWith("en");
  const list = usePagedList(
    emailApi.templates,
    { initialQuery: { keyword: "", mechanism: "", isActive: "" } },
  );
  const edit = useEditDialog<Template>(list.reload);
  const [confirmElement, remove] = useDeleteRow(
    (row: Template) => emailApi.remove(row.id),
    list.reload,
    (row) =>
      row.mechanism === "manual" ? t("ui.confirmDelete") : t("emailPage.deleteSentByEvent", {
        code: row.code,
        mechanism: t(`email.mechanisms.${row.mechanism}`),
      }),
  );
  const columns: Column<Template>[] = [
    { key: "code", title: t("emailPage.code"), sortField: "code", nowrap: true },
    {
      key: "subject",
      title: t("emailPage.subject"),
      sortField: "subject",
      // English readers get the English subject where there is one, as its emails do.
      render: (r) => (english && r.subjectEn) || r.subject,
    },
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
