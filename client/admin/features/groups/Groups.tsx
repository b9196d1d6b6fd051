// System management › groups: query, add/edit with a members picker, delete.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../shared/time.ts";
import {
  AddButton,
  Badge,
  type Column,
  EditDeleteActions,
  Field,
  FormDialog,
  KeywordField,
  ListPage,
  orDash,
  PagedTable,
  QueryForm,
  requiredErrors,
  TextAreaField,
  TextField,
  Toolbar,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { type GroupRow, GROUPS, groupsApi, type Member } from "./api.ts";

export default function Groups() {
  const { t } = useTranslation();
  const list = usePagedList(groupsApi.list, {
    initialQuery: { keyword: "" },
  });
  const edit = useEditDialog<GroupRow>(list.reload);
  const [confirmElement, remove] = useDeleteRow(
    (row: GroupRow) => groupsApi.remove(row.id),
    list.reload,
  );

  const columns: Column<GroupRow>[] = [
    { key: "name", title: t("groupsPage.name"), nowrap: true, width: "12rem" },
    {
      key: "description",
      title: t("groupsPage.description"),
      render: (g) => orDash(g.description),
    },
    {
      key: "members",
      title: t("groupsPage.members"),
      render: (g) => (
        <div className="flex flex-wrap gap-1">
          {g.members.slice(0, 8).map((m) => <Badge key={m.id}>{m.name}</Badge>)}
          {g.members.length > 8 && (
            <span className="text-xs text-slate-500">
              {t("groupsPage.more", { count: g.members.length - 8 })}
            </span>
          )}
        </div>
      ),
    },
    {
      key: "count",
      title: t("groupsPage.memberCount"),
      align: "right",
      render: (g) => <span className="tabular-nums">{g.members.length}</span>,
    },
    {
      key: "creationTime",
      title: t("ui.createdAt"),
      nowrap: true,
      render: (g) => formatTime(g.creationTime),
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (g) => <EditDeleteActions onEdit={() => edit.open(g)} onDelete={() => remove(g)} />,
    },
  ];

  return (
    <ListPage
      testId="groups-page"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <KeywordField list={list} id="groups-keyword" />
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => edit.open("new")} />
        </Toolbar>
      }
    >
      <PagedTable list={list} columns={columns} rowKey={(g) => g.id} sortable={false} />
      {edit.editing && <GroupDialog group={edit.row} onClose={edit.close} onSaved={edit.saved} />}
      {confirmElement}
    </ListPage>
  );
}

function GroupDialog(
  { group, onClose, onSaved }: { group: GroupRow | null; onClose: () => void; onSaved: () => void },
) {
  const { t } = useTranslation();
  const form = useFormState({
    name: group?.name ?? "",
    description: group?.description ?? "",
    userIds: group?.members.map((m) => m.id) ?? [] as number[],
  });
  const { values } = form;
  const [users, setUsers] = useState<Member[]>([]);
  const [filter, setFilter] = useState("");
  useEffect(() => {
    groupsApi.staff().then((r) => setUsers(r.items), () => {});
  }, []);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? users.filter((u) => `${u.userName} ${u.name}`.toLowerCase().includes(f)) : users;
  }, [users, filter]);
  const toggle = (id: number, on: boolean) =>
    form.setValues((f) => ({
      ...f,
      userIds: on ? [...f.userIds, id] : f.userIds.filter((x) => x !== id),
    }));

  async function save() {
    if (!form.check(requiredErrors(t, { name: [values.name, t("groupsPage.name")] }))) return;
    const ok = await form.saveRow(
      group?.id,
      { create: `${GROUPS}/Create`, update: `${GROUPS}/Update` },
      values,
      ["name", "description", "userIds"],
    );
    if (ok) onSaved();
  }

  return (
    <FormDialog
      open
      size="lg"
      title={group ? t("groupsPage.editTitle") : t("groupsPage.addTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="group-dialog"
    >
      <div className="space-y-3">
        <TextField
          form={form}
          name="name"
          id="group-name"
          label={t("groupsPage.name")}
          required
          maxLength={64}
        />
        <TextAreaField
          form={form}
          name="description"
          id="group-description"
          label={t("groupsPage.description")}
          rows={2}
          maxLength={500}
        />
        <Field
          label={t("groupsPage.members")}
          name="userIds"
          htmlFor="group-member-filter"
          error={form.errors.userIds}
          hint={t("groupsPage.selected", { count: values.userIds.length })}
        >
          <input
            id="group-member-filter"
            className="input mb-2"
            value={filter}
            placeholder={t("groupsPage.filterMembers")}
            onChange={(e) => setFilter(e.target.value)}
          />
          <div
            className="grid max-h-56 grid-cols-1 gap-x-4 overflow-y-auto rounded-md p-2 ring-1 ring-slate-200 sm:grid-cols-2"
            data-testid="member-picker"
          >
            {shown.map((u) => (
              <label key={u.id} className="flex items-center gap-2 py-0.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={values.userIds.includes(u.id)}
                  onChange={(e) => toggle(u.id, e.target.checked)}
                />
                <span className="truncate">
                  {u.name} <span className="text-xs text-slate-400">{u.userName}</span>
                </span>
              </label>
            ))}
            {shown.length === 0 && (
              <p className="col-span-full py-3 text-center text-sm text-slate-400">
                {t("ui.empty")}
              </p>
            )}
          </div>
        </Field>
      </div>
    </FormDialog>
  );
}
