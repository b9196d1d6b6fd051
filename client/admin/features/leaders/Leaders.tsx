// System settings › set the person in charge: staff users with their person in charge; set,
// change or remove it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Column,
  Field,
  FormDialog,
  inputClass,
  KeywordField,
  ListPage,
  orDash,
  PagedTable,
  QueryForm,
  QuerySelect,
  requiredErrors,
  RowAction,
  RowActions,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { type LeaderRow, leadersApi } from "./api.ts";

type Staff = { id: number; userName: string; name: string };

export default function Leaders() {
  const { t } = useTranslation();
  const list = usePagedList(
    leadersApi.list,
    { initialQuery: { keyword: "", hasLeader: "" } },
  );
  const edit = useEditDialog<LeaderRow>(list.reload);
  const [confirmElement, remove] = useDeleteRow(
    (row: LeaderRow) => leadersApi.remove(row.userId),
    list.reload,
  );

  const columns: Column<LeaderRow>[] = [
    { key: "userName", title: t("leadersPage.userName"), sortField: "userName", nowrap: true },
    { key: "name", title: t("leadersPage.name"), sortField: "name", nowrap: true },
    {
      key: "emailAddress",
      title: t("leadersPage.email"),
      render: (r) => orDash(r.emailAddress),
    },
    {
      key: "leaderName",
      title: t("leadersPage.leader"),
      sortField: "leaderName",
      nowrap: true,
      render: (r) =>
        r.leaderId
          ? (
            <span>
              {r.leaderName} <span className="text-xs text-slate-400">{r.leaderUserName}</span>
            </span>
          )
          : <span className="text-amber-700">{t("leadersPage.notSet")}</span>,
    },
    {
      key: "leaderEmail",
      title: t("leadersPage.leaderEmail"),
      render: (r) => orDash(r.leaderEmailAddress),
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (r) => (
        <RowActions>
          <RowAction onClick={() => edit.open(r)} testId="set-leader">
            {r.leaderId ? t("leadersPage.change") : t("leadersPage.set")}
          </RowAction>
          <RowAction danger disabled={!r.leaderId} onClick={() => remove(r)} testId="delete">
            {t("leadersPage.remove")}
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      testId="leaders-page"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <KeywordField list={list} id="leaders-keyword" />
          <QuerySelect
            list={list}
            name="hasLeader"
            id="leaders-has"
            label={t("leadersPage.leader")}
            width="w-36"
            options={[["true", t("leadersPage.hasLeader")], ["false", t("leadersPage.notSet")]]}
          />
        </QueryForm>
      }
    >
      <PagedTable list={list} columns={columns} rowKey={(r) => r.userId} />
      {edit.row && <LeaderDialog row={edit.row} onClose={edit.close} onSaved={edit.saved} />}
      {confirmElement}
    </ListPage>
  );
}

function LeaderDialog(
  { row, onClose, onSaved }: { row: LeaderRow; onClose: () => void; onSaved: () => void },
) {
  const { t } = useTranslation();
  const form = useFormState({ leaderId: row.leaderId });
  const { leaderId } = form.values;
  const [staff, setStaff] = useState<Staff[]>([]);
  useEffect(() => {
    leadersApi.all().then(
      (r) =>
        setStaff(
          r.items.map((u) => ({
            id: u.userId,
            userName: u.userName,
            name: u.name,
          })),
        ),
      () => {},
    );
  }, []);
  async function save() {
    if (!form.check(requiredErrors(t, { leaderId: [leaderId, t("leadersPage.leader")] }))) return;
    const ok = await form.save(
      () => leadersApi.set(row.userId, leaderId),
      ["userId", "leaderId"],
    );
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      size="sm"
      title={t("leadersPage.dialogTitle", { name: row.name })}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="leader-dialog"
    >
      <div className="space-y-3">
        <Field label={t("leadersPage.user")}>
          <p className="pt-1.5 text-sm text-slate-800">
            {row.name} <span className="text-xs text-slate-400">{row.userName}</span>
          </p>
        </Field>
        <Field
          label={t("leadersPage.leader")}
          name="leaderId"
          htmlFor="leader-select"
          error={form.errors.leaderId}
          required
        >
          <select
            id="leader-select"
            className={inputClass(form.errors.leaderId)}
            value={leaderId ?? ""}
            onChange={(e) => form.set("leaderId", e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t("ui.selectPlaceholder")}</option>
            {staff.filter((s) => s.id !== row.userId).map((s) => (
              <option key={s.id} value={s.id}>{s.name} ({s.userName})</option>
            ))}
          </select>
        </Field>
      </div>
    </FormDialog>
  );
}
