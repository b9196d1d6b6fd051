// Quotation project categories (OfferProjectType): query by name, create, edit, delete, export.
import { useTranslation } from "react-i18next";
import {
  AddButton,
  EditDeleteActions,
  ExportButton,
  Field,
  FormDialog,
  ListPage,
  PagedTable,
  QueryForm,
  QueryText,
  requiredErrors,
  TextAreaField,
  TextField,
  Toolbar,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { CertificateTypePicker, TypeNames } from "../../components/CertificateTypes.tsx";
import { categoriesApi, type Category } from "./api.ts";
import { formatTime } from "../../../shared/time.ts";

const FIELDS = ["name", "description", "sort", "requiredCertificates"] as const;

export default function CategoryList() {
  const { t } = useTranslation();
  const list = usePagedList(categoriesApi.list, {
    initialQuery: { Name: "" },
  });
  const [confirmElement, remove] = useDeleteRow(
    (row: Category) => categoriesApi.remove(row.id),
    list.reload,
  );
  const edit = useEditDialog<Category>(list.reload);
  const c = (k: string) => t(`categoryPage.${k}`);

  return (
    <ListPage
      testId="category-list"
      query={
        <QueryForm onSearch={() => list.search()} onReset={list.reset}>
          <QueryText list={list} name="Name" id="cat-q-name" label={c("name")} />
        </QueryForm>
      }
      toolbar={
        <Toolbar>
          <AddButton onClick={() => edit.open("new")} />
          <ExportButton
            path={`/QMO/OfferProjectType/GetExportList`}
            params={list.query}
            fileName={`${t("categories.exportFileName")}.xlsx`}
          />
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
            render: (r) => formatTime(r.creationTime),
          },
          {
            key: "actions",
            title: t("ui.actions"),
            width: "8rem",
            render: (r) => (
              <EditDeleteActions
                onEdit={() => edit.open(r)}
                onDelete={() => remove(r)}
              />
            ),
          },
        ]}
      />
      {edit.editing && (
        <CategoryDialog category={edit.row} onClose={edit.close} onSaved={edit.saved} />
      )}
      {confirmElement}
    </ListPage>
  );
}

function CategoryDialog(
  { category, onClose, onSaved }: {
    category: Category | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t } = useTranslation();
  const c = (k: string) => t(`categoryPage.${k}`);
  const form = useFormState({
    name: category?.name ?? "",
    description: category?.description ?? "",
    sort: category ? String(category.sort) : "0",
    requiredCertificates: category?.requiredCertificates ?? [],
  });
  const { values } = form;

  async function save() {
    const missing = requiredErrors(t, { name: [values.name, c("name")] });
    if (!/^\d*$/.test(values.sort.trim())) missing.sort = c("sortHint");
    if (!form.check(missing)) return;
    const body = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      sort: Number(values.sort || 0),
      requiredCertificates: values.requiredCertificates,
    };
    const ok = await form.save(
      () => categoriesApi.save(category?.id, body),
      FIELDS,
    );
    if (ok) onSaved();
  }

  return (
    <FormDialog
      open
      title={category ? c("edit") : c("create")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="category-dialog"
    >
      <div className="space-y-3">
        <TextField
          form={form}
          name="name"
          id="cat-name"
          label={c("name")}
          required
          maxLength={100}
          autoFocus
        />
        <TextAreaField
          form={form}
          name="description"
          id="cat-desc"
          label={c("description")}
          controlClass="h-auto py-1.5"
          rows={3}
          maxLength={500}
        />
        <TextField
          form={form}
          name="sort"
          id="cat-sort"
          label={c("sort")}
          controlClass="w-32"
          inputMode="numeric"
        />
        <Field
          label={t("qualificationsPage.required")}
          name="requiredCertificates"
          error={form.errors.requiredCertificates}
          hint={t("qualificationsPage.requiredHint")}
        >
          <CertificateTypePicker
            idPrefix="cat-cert"
            value={values.requiredCertificates}
            onChange={(v) => form.set("requiredCertificates", v)}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
