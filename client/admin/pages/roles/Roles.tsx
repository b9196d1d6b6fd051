// System management › roles: query, add/edit with the permission tree of check boxes, delete.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import {
  AddButton,
  Badge,
  type Column,
  Field,
  FormDialog,
  inputClass,
  ListPage,
  PagedTable,
  QueryField,
  QueryForm,
  requiredErrors,
  RowAction,
  RowActions,
  runDelete,
  runSave,
  Toolbar,
  useConfirm,
  useFieldErrors,
  usePagedList,
} from "../../components/index.ts";
import { type PermissionNode, PermissionTree, usePermissionTree } from "./PermissionTree.tsx";

type RoleRow = {
  id: number;
  name: string;
  displayName: string;
  description: string | null;
  isStatic: boolean;
  grantedPermissions: string[];
  userCount: number;
  creationTime: string;
};

const FIELDS = ["name", "displayName", "description", "grantedPermissions"];

export default function Roles() {
  const { t } = useTranslation();
  const list = usePagedList<RoleRow, { keyword: string }>("/app/Role/GetAll", {
    initialQuery: { keyword: "" },
  });
  const tree = usePermissionTree();
  const [editing, setEditing] = useState<RoleRow | "new" | null>(null);
  const [confirmElement, confirm] = useConfirm();

  async function remove(row: RoleRow) {
    if (!(await confirm())) return;
    if (
      await runDelete(t, () => api.delete("/app/Role/Delete", { id: row.id }, { silent: true }))
    ) {
      list.reload();
    }
  }

  const columns: Column<RoleRow>[] = [
    { key: "name", title: t("rolesPage.name"), sortField: "name", nowrap: true },
    { key: "displayName", title: t("rolesPage.displayName"), sortField: "displayName" },
    {
      key: "description",
      title: t("rolesPage.description"),
      render: (r) => r.description || <span className="text-slate-400">—</span>,
    },
    {
      key: "permissions",
      title: t("rolesPage.permissionCount"),
      align: "right",
      render: (r) => <span className="tabular-nums">{r.grantedPermissions.length}</span>,
    },
    {
      key: "userCount",
      title: t("rolesPage.userCount"),
      align: "right",
      render: (r) => <span className="tabular-nums">{r.userCount}</span>,
    },
    {
      key: "isStatic",
      title: t("rolesPage.kind"),
      nowrap: true,
      render: (r) =>
        r.isStatic
          ? <Badge tone="amber">{t("rolesPage.static")}</Badge>
          : <Badge>{t("rolesPage.custom")}</Badge>,
    },
    {
      key: "creationTime",
      title: t("ui.createdAt"),
      sortField: "creationTime",
      nowrap: true,
      render: (r) => formatTime(r.creationTime),
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (r) => (
        <RowActions>
          <RowAction onClick={() => setEditing(r)} testId="edit">{t("ui.edit")}</RowAction>
          <RowAction
            danger
            disabled={r.isStatic}
            title={r.isStatic ? t("rolesPage.staticHint") : undefined}
            onClick={() => remove(r)}
            testId="delete"
          >
            {t("ui.delete")}
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      testId="roles-page"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <QueryField label={t("ui.keyword")} htmlFor="roles-keyword" width="w-56">
            <input
              id="roles-keyword"
              className="input"
              value={list.draft.keyword}
              placeholder={t("rolesPage.keywordPlaceholder")}
              onChange={(e) => list.setDraft({ keyword: e.target.value })}
            />
          </QueryField>
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => setEditing("new")} />
        </Toolbar>
      }
    >
      <PagedTable list={list} columns={columns} rowKey={(r) => r.id} />
      {editing && (
        <RoleDialog
          role={editing === "new" ? null : editing}
          tree={tree}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {confirmElement}
    </ListPage>
  );
}

function RoleDialog(
  { role, tree, onClose, onSaved }: {
    role: RoleRow | null;
    tree: PermissionNode[] | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    name: role?.name ?? "",
    displayName: role?.displayName ?? "",
    description: role?.description ?? "",
    grantedPermissions: role?.grantedPermissions ?? [] as string[],
  });
  const { errors, setErrors, clearField } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    clearField(k);
  };
  async function save() {
    const errs = requiredErrors(t, {
      name: [form.name, t("rolesPage.name")],
      displayName: [form.displayName, t("rolesPage.displayName")],
    });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    const ok = await runSave(
      t,
      () =>
        role
          ? api.put("/app/Role/Update", { ...form, id: role.id }, { silent: true })
          : api.post("/app/Role/Create", form, { silent: true }),
      { fields: FIELDS, onFieldErrors: setErrors },
    );
    setBusy(false);
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      size="lg"
      title={role ? t("rolesPage.editTitle") : t("rolesPage.addTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      testId="role-dialog"
    >
      <div className="space-y-3">
        <Field
          label={t("rolesPage.name")}
          name="name"
          htmlFor="role-name"
          error={errors.name}
          hint={role?.isStatic ? t("rolesPage.staticHint") : t("rolesPage.nameHint")}
          required
        >
          <input
            id="role-name"
            className={inputClass(errors.name)}
            value={form.name}
            maxLength={64}
            disabled={role?.isStatic}
            onChange={(e) => set("name", e.target.value)}
          />
        </Field>
        <Field
          label={t("rolesPage.displayName")}
          name="displayName"
          htmlFor="role-displayName"
          error={errors.displayName}
          required
        >
          <input
            id="role-displayName"
            className={inputClass(errors.displayName)}
            value={form.displayName}
            maxLength={64}
            onChange={(e) => set("displayName", e.target.value)}
          />
        </Field>
        <Field
          label={t("rolesPage.description")}
          name="description"
          htmlFor="role-description"
          error={errors.description}
        >
          <textarea
            id="role-description"
            rows={2}
            className={inputClass(errors.description)}
            value={form.description}
            maxLength={500}
            onChange={(e) => set("description", e.target.value)}
          />
        </Field>
        <Field
          label={t("rolesPage.permissions")}
          name="grantedPermissions"
          error={errors.grantedPermissions}
        >
          {tree
            ? (
              <PermissionTree
                tree={tree}
                value={form.grantedPermissions}
                onChange={(v) => set("grantedPermissions", v)}
              />
            )
            : <Spinner className="size-4 text-primary" />}
        </Field>
      </div>
    </FormDialog>
  );
}
