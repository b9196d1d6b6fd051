// System management › users: query, add/edit with roles, kind and supplier link, active flag,
// reset password, reset two-factor sign-in, delete.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DayAndTime } from "../../../shared/ClosingTime.tsx";
import { formatTime } from "../../../shared/time.ts";
import {
  AddButton,
  Badge,
  CheckField,
  type Column,
  EditDeleteActions,
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
  SelectField,
  TextField,
  Toolbar,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { roleDisplayName } from "../../components/roleName.ts";
import { PASSWORD_MIN, type Role, type Supplier, type UserRow, USERS, usersApi } from "./api.ts";
import { useResetTwoFactor } from "./ResetTwoFactor.tsx";

const FIELDS = ["userName", "name", "emailAddress", "password", "kind", "supplierId", "roleNames"];

export default function Users() {
  const { t } = useTranslation();
  const list = usePagedList(
    usersApi.list,
    { initialQuery: { keyword: "", kind: "", isActive: "" } },
  );
  const [roles, setRoles] = useState<Role[]>([]);
  const edit = useEditDialog<UserRow>(list.reload);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [twoFactorConfirm, resetTwoFactor] = useResetTwoFactor();
  const [confirmElement, remove] = useDeleteRow(
    (row: UserRow) => usersApi.remove(row.id),
    list.reload,
  );

  useEffect(() => {
    usersApi.roles().then((r) => setRoles(r.items), () => {});
  }, []);
  const roleLabel = (name: string) => {
    const role = roles.find((r) => r.name === name);
    return role ? roleDisplayName(t, role) : name;
  };

  const columns: Column<UserRow>[] = [
    { key: "userName", title: t("usersPage.userName"), sortField: "userName", nowrap: true },
    // The name, the email and the times wrap when the page is narrow, so the table fits beside
    // its row actions at 1280 px instead of sliding under them.
    { key: "name", title: t("usersPage.name"), sortField: "name" },
    {
      key: "emailAddress",
      title: t("usersPage.email"),
      className: "[overflow-wrap:anywhere]",
      render: (u) => orDash(u.emailAddress),
    },
    {
      key: "kind",
      title: t("usersPage.kind"),
      nowrap: true,
      render: (u) => t(`usersPage.kinds.${u.kind}`),
    },
    {
      key: "roles",
      title: t("usersPage.roles"),
      render: (u) => (
        <div className="flex flex-wrap gap-1">
          {u.roleNames.map((r) => <Badge key={r} tone="blue">{roleLabel(r)}</Badge>)}
        </div>
      ),
    },
    {
      key: "isActive",
      title: t("usersPage.isActive"),
      sortField: "isActive",
      nowrap: true,
      render: (u) =>
        u.isActive
          ? <Badge tone="green">{t("ui.active")}</Badge>
          : <Badge>{t("ui.inactive")}</Badge>,
    },
    {
      key: "lastLoginTime",
      title: t("usersPage.lastLogin"),
      sortField: "lastLoginTime",
      wrapTitle: true,
      render: (u) => u.lastLoginTime ? <DayAndTime text={formatTime(u.lastLoginTime)} /> : "—",
    },
    {
      key: "creationTime",
      title: t("ui.createdAt"),
      sortField: "creationTime",
      wrapTitle: true,
      render: (u) => <DayAndTime text={formatTime(u.creationTime)} />,
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (u) => (
        <EditDeleteActions onEdit={() => edit.open(u)} onDelete={() => remove(u)}>
          <RowAction onClick={() => setResetting(u)} testId="reset-password">
            {t("usersPage.resetPassword")}
          </RowAction>
          <RowAction onClick={() => resetTwoFactor(u)} testId="reset-two-factor">
            {t("twoFactor.reset")}
          </RowAction>
        </EditDeleteActions>
      ),
    },
  ];

  return (
    <ListPage
      testId="users-page"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <KeywordField
            list={list}
            id="users-keyword"
            placeholder={t("usersPage.keywordPlaceholder")}
          />
          <QuerySelect
            list={list}
            name="kind"
            id="users-kind"
            label={t("usersPage.kind")}
            width="w-36"
            options={[
              ["staff", t("usersPage.kinds.staff")],
              ["supplier", t("usersPage.kinds.supplier")],
            ]}
          />
          <QuerySelect
            list={list}
            name="isActive"
            id="users-active"
            label={t("usersPage.isActive")}
            width="w-32"
            options={[["true", t("ui.active")], ["false", t("ui.inactive")]]}
          />
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => edit.open("new")} />
        </Toolbar>
      }
    >
      <PagedTable list={list} columns={columns} rowKey={(u) => u.id} />
      {edit.editing && (
        <UserDialog user={edit.row} roles={roles} onClose={edit.close} onSaved={edit.saved} />
      )}
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
      {confirmElement}
      {twoFactorConfirm}
    </ListPage>
  );
}

function UserDialog(
  { user, roles, onClose, onSaved }: {
    user: UserRow | null;
    roles: Role[];
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t } = useTranslation();
  const form = useFormState({
    userName: user?.userName ?? "",
    name: user?.name ?? "",
    emailAddress: user?.emailAddress ?? "",
    password: "",
    kind: user?.kind ?? "staff",
    supplierId: user?.supplierId ?? null as number | null,
    roleNames: user?.roleNames ?? [] as string[],
    isActive: user?.isActive ?? true,
  });
  const { values, errors, set } = form;
  const [suppliers, setSuppliers] = useState<Supplier[]>([]);

  useEffect(() => {
    if (values.kind !== "supplier" || suppliers.length) return;
    usersApi.suppliers().then((r) => setSuppliers(r.items), () => {});
  }, [values.kind, suppliers.length]);

  async function save() {
    const errs = requiredErrors(t, {
      userName: [values.userName, t("usersPage.userName")],
      name: [values.name, t("usersPage.name")],
      ...(user ? {} : { password: [values.password, t("usersPage.password")] }),
      ...(values.kind === "supplier"
        ? { supplierId: [values.supplierId, t("usersPage.supplier")] as [unknown, string] }
        : {}),
    });
    if (!user && values.password && values.password.length < PASSWORD_MIN) {
      errs.password = t("usersPage.passwordTooShort");
    }
    if (!form.check(errs)) return;
    const { password, ...rest } = values;
    const body = {
      ...rest,
      supplierId: values.kind === "supplier" ? values.supplierId : null,
      ...(user ? {} : { password }),
    };
    const ok = await form.saveRow(
      user?.id,
      { create: `${USERS}/Create`, update: `${USERS}/Update` },
      body,
      FIELDS,
    );
    if (ok) onSaved();
  }

  return (
    <FormDialog
      open
      title={user ? t("usersPage.editTitle") : t("usersPage.addTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="user-dialog"
    >
      <div className="space-y-3">
        <TextField
          form={form}
          name="userName"
          id="user-userName"
          label={t("usersPage.userName")}
          required
          maxLength={64}
          autoComplete="off"
        />
        <TextField
          form={form}
          name="name"
          id="user-name"
          label={t("usersPage.name")}
          required
          maxLength={64}
        />
        <TextField
          form={form}
          name="emailAddress"
          id="user-email"
          label={t("usersPage.email")}
          type="email"
        />
        {!user && (
          <TextField
            form={form}
            name="password"
            id="user-password"
            label={t("usersPage.password")}
            hint={t("usersPage.passwordHint")}
            required
            type="password"
            autoComplete="new-password"
          />
        )}
        <SelectField form={form} name="kind" id="user-kind" label={t("usersPage.kind")}>
          <option value="staff">{t("usersPage.kinds.staff")}</option>
          <option value="supplier">{t("usersPage.kinds.supplier")}</option>
        </SelectField>
        {values.kind === "supplier" && (
          <Field
            label={t("usersPage.supplier")}
            name="supplierId"
            htmlFor="user-supplier"
            error={errors.supplierId}
            required
          >
            <select
              id="user-supplier"
              className={inputClass(errors.supplierId)}
              value={values.supplierId ?? ""}
              onChange={(e) => set("supplierId", e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t("ui.selectPlaceholder")}</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.code} · {s.abbrName || s.fullName}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label={t("usersPage.roles")} name="roleNames" error={errors.roleNames}>
          <div
            className="flex flex-wrap gap-x-4 gap-y-1.5 pt-1.5"
            role="group"
            aria-label={t("usersPage.roles")}
          >
            {roles.map((r) => (
              <label key={r.id} className="inline-flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={values.roleNames.includes(r.name)}
                  onChange={(e) =>
                    set(
                      "roleNames",
                      e.target.checked
                        ? [...values.roleNames, r.name]
                        : values.roleNames.filter((n) =>
                          n !== r.name
                        ),
                    )}
                />
                {roleDisplayName(t, r)}
              </label>
            ))}
          </div>
        </Field>
        <CheckField
          form={form}
          name="isActive"
          id="user-active"
          label={t("usersPage.isActive")}
          text={t("ui.active")}
        />
      </div>
    </FormDialog>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useFormState({ newPassword: "" });
  async function save() {
    const tooShort = form.values.newPassword.length < PASSWORD_MIN;
    if (!form.check(tooShort ? { newPassword: t("usersPage.passwordTooShort") } : {})) return;
    const ok = await form.save(
      () => usersApi.resetPassword(user.id, form.values.newPassword),
      ["newPassword"],
    );
    if (ok) onClose();
  }
  return (
    <FormDialog
      open
      size="sm"
      title={t("usersPage.resetPasswordOf", { name: user.name })}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="reset-password-dialog"
    >
      <TextField
        form={form}
        name="newPassword"
        id="reset-password"
        label={t("usersPage.newPassword")}
        hint={t("usersPage.resetHint")}
        required
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
