// System management › roles: query, add/edit with the permission tree of check boxes, delete.
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
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
import { PermissionTree, usePermissionTree } from "./PermissionTree.tsx";
import { roleDisplayName } from "../../components/roleName.ts";
import { type PermissionNode, type RoleRow, ROLES, rolesApi } from "./api.ts";

const FIELDS = ["name", "displayName", "description", "grantedPermissions"];

export default function Roles() {
  const { t } = useTranslation();
  const list = usePagedList(rolesApi.list, {
    initialQuery: { keyword: "" },
  });
  const tree = usePermissionTree();
  const edit = useEditDialog<RoleRow>(list.reload);
  const [confirmElement, remove] = useDeleteRow(
    (row: RoleRow) => rolesApi.remove(row.id),
    list.reload,
  );

  const columns: Column<RoleRow>[] = [
    { key: "name", title: t("rolesPage.name"), sortField: "name", nowrap: true },
    {
      key: "displayName",
      title: t("rolesPage.displayName"),
      sortField: "displayName",
      render: (r) => roleDisplayName(t, r),
    },
    {
      key: "description",
      title: t("rolesPage.description"),
      render: (r) => orDash(r.description),
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
        <EditDeleteActions
          onEdit={() => edit.open(r)}
          onDelete={() => remove(r)}
          deleteDisabled={r.isStatic}
          deleteTitle={r.isStatic ? t("rolesPage.staticHint") : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      testId="roles-page"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <KeywordField
            list={list}
            id="roles-keyword"
            placeholder={t("rolesPage.keywordPlaceholder")}
          />
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => edit.open("new")} />
        </Toolbar>
      }
    >
      <PagedTable list={list} columns={columns} rowKey={(r) => r.id} />
      {edit.editing && (
        <RoleDialog role={edit.row} tree={tree} onClose={edit.close} onSaved={edit.saved} />
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
  const form = useFormState({
    name: role?.name ?? "",
    displayName: role?.displayName ?? "",
    description: role?.description ?? "",
    grantedPermissions: role?.grantedPermissions ?? [] as string[],
  });
  const { values } = form;
  async function save() {
    const errs = requiredErrors(t, {
      name: [values.name, t("rolesPage.name")],
      displayName: [values.displayName, t("rolesPage.displayName")],
    });
    if (!form.check(errs)) return;
    const ok = await form.saveRow(
      role?.id,
      { create: `${ROLES}/Create`, update: `${ROLES}/Update` },
      values,
      FIELDS,
    );
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      size="lg"
      title={role ? t("rolesPage.editTitle") : t("rolesPage.addTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="role-dialog"
    >
      <div className="space-y-3">
        <TextField
          form={form}
          name="name"
          id="role-name"
          label={t("rolesPage.name")}
          hint={role?.isStatic ? t("rolesPage.staticHint") : t("rolesPage.nameHint")}
          required
          maxLength={64}
          disabled={role?.isStatic}
        />
        <TextField
          form={form}
          name="displayName"
          id="role-displayName"
          label={t("rolesPage.displayName")}
          required
          maxLength={64}
        />
        <TextAreaField
          form={form}
          name="description"
          id="role-description"
          label={t("rolesPage.description")}
          rows={2}
          maxLength={500}
        />
        <Field
          label={t("rolesPage.permissions")}
          name="grantedPermissions"
          error={form.errors.grantedPermissions}
        >
          {tree
            ? (
              <PermissionTree
                tree={tree}
                value={values.grantedPermissions}
                onChange={(v) => form.set("grantedPermissions", v)}
              />
            )
            : <Spinner className="size-4 text-primary" />}
        </Field>
      </div>
    </FormDialog>
  );
}
