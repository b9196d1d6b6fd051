// Quotation project categories (OfferProjectType): query by name, create, edit, delete.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";
import {
  AddButton,
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
import { fmt } from "../projects/parts.tsx";
import { PT } from "../projects/api.ts";
import { CertificateTypePicker, TypeNames } from "../suppliers/CertificateTypes.tsx";

type Category = {
  id: number;
  name: string;
  description: string | null;
  sort: number;
  requiredCertificates: string[];
  creationTime: string;
};
type Draft = {
  id?: number;
  name: string;
  description: string;
  sort: string;
  requiredCertificates: string[];
};

const FIELDS = ["name", "description", "sort", "requiredCertificates"] as const;

export default function CategoryList() {
  const { t } = useTranslation();
  const list = usePagedList<Category, { Name: string }>(`${PT}/GetAll`, {
    initialQuery: { Name: "" },
  });
  const [confirmElement, confirm] = useConfirm();
  const [edit, setEdit] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, clear, clearField } = useFieldErrors();
  const c = (k: string) => t(`categoryPage.${k}`);

  const open = (row?: Category) => {
    clear();
    setEdit(
      row
        ? {
          id: row.id,
          name: row.name,
          description: row.description ?? "",
          sort: String(row.sort),
          requiredCertificates: row.requiredCertificates ?? [],
        }
        : { name: "", description: "", sort: "0", requiredCertificates: [] },
    );
  };

  async function save() {
    if (!edit) return;
    const missing = requiredErrors(t, { name: [edit.name, c("name")] });
    if (!/^\d*$/.test(edit.sort.trim())) missing.sort = c("sortHint");
    if (Object.keys(missing).length) return setErrors(missing);
    setBusy(true);
    const body = {
      id: edit.id,
      name: edit.name.trim(),
      description: edit.description.trim() || null,
      sort: Number(edit.sort || 0),
      requiredCertificates: edit.requiredCertificates,
    };
    const ok = await runSave(
      t,
      () =>
        edit.id
          ? api.put(`${PT}/UpdateOfferProjectType`, body)
          : api.post(`${PT}/CreateOfferProjectType`, body),
      { fields: FIELDS, onFieldErrors: setErrors },
    );
    setBusy(false);
    if (ok) {
      setEdit(null);
      list.reload();
    }
  }

  async function remove(row: Category) {
    if (!(await confirm())) return;
    if (await runDelete(t, () => api.delete(`${PT}/Delete`, { Id: row.id }))) list.reload();
  }

  return (
    <ListPage
      testId="category-list"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <QueryField label={c("name")} htmlFor="cat-q-name">
            <input
              id="cat-q-name"
              className="input"
              value={list.draft.Name}
              onChange={(e) => list.setDraft({ Name: e.target.value })}
            />
          </QueryField>
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => open()} />
        </Toolbar>
      }
    >
      <PagedTable
        list={list}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "name",
            title: c("name"),
            sortField: "name",
            className: "font-medium text-slate-900",
          },
          { key: "description", title: c("description") },
          {
            key: "requiredCertificates",
            title: t("qualificationsPage.required"),
            render: (r) => <TypeNames codes={r.requiredCertificates ?? []} />,
          },
          { key: "sort", title: c("sort"), align: "right", width: "6rem", sortField: "sort" },
          {
            key: "creationTime",
            title: c("creationTime"),
            nowrap: true,
            width: "11rem",
            render: (r) => fmt(r.creationTime),
          },
          {
            key: "actions",
            title: t("ui.actions"),
            width: "8rem",
            render: (r) => (
              <RowActions>
                <RowAction onClick={() => open(r)} testId="edit">{t("ui.edit")}</RowAction>
                <RowAction danger onClick={() => remove(r)} testId="delete">
                  {t("ui.delete")}
                </RowAction>
              </RowActions>
            ),
          },
        ]}
      />
      <FormDialog
        open={!!edit}
        title={edit?.id ? c("edit") : c("create")}
        onClose={() => setEdit(null)}
        onSubmit={save}
        busy={busy}
        testId="category-dialog"
      >
        {edit && (
          <div className="space-y-3">
            <Field label={c("name")} htmlFor="cat-name" name="name" error={errors.name} required>
              <input
                id="cat-name"
                className={inputClass(errors.name)}
                value={edit.name}
                maxLength={100}
                autoFocus
                onChange={(e) => {
                  setEdit({ ...edit, name: e.target.value });
                  clearField("name");
                }}
              />
            </Field>
            <Field
              label={c("description")}
              htmlFor="cat-desc"
              name="description"
              error={errors.description}
            >
              <textarea
                id="cat-desc"
                className={inputClass(errors.description, "h-auto py-1.5")}
                rows={3}
                maxLength={500}
                value={edit.description}
                onChange={(e) => setEdit({ ...edit, description: e.target.value })}
              />
            </Field>
            <Field label={c("sort")} htmlFor="cat-sort" name="sort" error={errors.sort}>
              <input
                id="cat-sort"
                className={inputClass(errors.sort, "w-32")}
                inputMode="numeric"
                value={edit.sort}
                onChange={(e) => {
                  setEdit({ ...edit, sort: e.target.value });
                  clearField("sort");
                }}
              />
            </Field>
            <Field
              label={t("qualificationsPage.required")}
              name="requiredCertificates"
              error={errors.requiredCertificates}
              hint={t("qualificationsPage.requiredHint")}
            >
              <CertificateTypePicker
                idPrefix="cat-cert"
                value={edit.requiredCertificates}
                onChange={(requiredCertificates) => setEdit({ ...edit, requiredCertificates })}
              />
            </Field>
          </div>
        )}
      </FormDialog>
      {confirmElement}
    </ListPage>
  );
}
