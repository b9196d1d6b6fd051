// System settings › data dictionary: code types on the left (units, factories, currencies, trade
// terms, payment methods, close reasons, the company calendar …), the chosen type's codes on the right.
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
  requiredErrors,
  SelectField,
  TextAreaField,
  TextField,
  Toolbar,
  useDeleteRow,
  useEditDialog,
  useFormState,
  usePagedList,
} from "../../components/index.ts";
import { Rates } from "./Rates.tsx";
import { type Code, type CodeType, DICTIONARY, dictionaryApi } from "./api.ts";

const CALENDAR = "CompanyCalendar";
/** Exchange rates are kept with the currencies. */
const CURRENCY = "Currency";

export default function Dictionary() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === "en";
  const types = usePagedList(dictionaryApi.types, {
    initialQuery: { keyword: "" },
  });
  const [selected, setSelected] = useState<CodeType | null>(null);
  const current = selected ?? types.items[0] ?? null;
  const codes = usePagedList(
    current ? dictionaryApi.codes : null,
    { initialQuery: { typeId: undefined as number | undefined } },
  );
  if (current && codes.query.typeId !== current.id) codes.search({ typeId: current.id });

  const editType = useEditDialog<CodeType>(types.reload);
  const editCode = useEditDialog<Code>(codes.reload);
  const typeName = (c: CodeType) => (en && c.nameEn) || c.name;

  const [confirmTypeElement, removeType] = useDeleteRow(
    (row: CodeType) => dictionaryApi.removeType(row.id),
    (row) => {
      if (current?.id === row.id) setSelected(null);
      types.reload();
    },
  );
  const [confirmCodeElement, removeCode] = useDeleteRow(
    (row: Code) => dictionaryApi.removeCode(row.id),
    codes.reload,
  );

  const typeColumns: Column<CodeType>[] = [
    { key: "code", title: t("dictionaryPage.typeCode"), sortField: "code", nowrap: true },
    {
      key: "name",
      title: t("dictionaryPage.typeName"),
      sortField: "name",
      // Wraps in the narrow left pane rather than slide under the row actions.
      render: typeName,
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (r) => (
        <EditDeleteActions
          onEdit={() => editType.open(r)}
          onDelete={() => removeType(r)}
          deleteDisabled={r.code === CALENDAR}
          testIdSuffix="-type"
        />
      ),
    },
  ];
  const calendar = current?.code === CALENDAR;
  const codeColumns: Column<Code>[] = [
    { key: "code", title: t("dictionaryPage.code"), nowrap: true },
    { key: "name", title: t("dictionaryPage.name") },
    {
      key: "nameEn",
      title: t("dictionaryPage.nameEn"),
      render: (c) => orDash(c.nameEn),
    },
    {
      key: "value",
      title: t("dictionaryPage.value"),
      render: (c) =>
        calendar
          ? (c.value === "1"
            ? <Badge tone="blue">{t("dictionaryPage.workingDay")}</Badge>
            : <Badge tone="amber">{t("dictionaryPage.dayOff")}</Badge>)
          : orDash(c.value),
    },
    {
      key: "sort",
      title: t("dictionaryPage.sort"),
      align: "right",
      render: (c) => <span className="tabular-nums">{c.sort}</span>,
    },
    {
      key: "isActive",
      title: t("dictionaryPage.isActive"),
      nowrap: true,
      render: (c) =>
        c.isActive
          ? <Badge tone="green">{t("ui.active")}</Badge>
          : <Badge>{t("ui.inactive")}</Badge>,
    },
    {
      key: "actions",
      title: t("ui.actions"),
      render: (c) => (
        <EditDeleteActions
          onEdit={() => editCode.open(c)}
          onDelete={() => removeCode(c)}
        />
      ),
    },
  ];

  return (
    <div
      className="grid items-start gap-4 xl:grid-cols-[minmax(26rem,2fr)_4fr]"
      data-testid="dictionary-page"
    >
      <section className="card space-y-3 p-4" aria-labelledby="dict-types">
        <div className="flex items-center justify-between">
          <h2 id="dict-types" className="text-sm font-semibold text-slate-900">
            {t("dictionaryPage.types")}
          </h2>
          <AddButton onClick={() => editType.open("new")} label={t("dictionaryPage.addType")} />
        </div>
        <QueryForm onSearch={() => types.search()} onReset={types.reset} testId="type-query">
          <KeywordField list={types} id="dict-keyword" placeholder="" width="w-44" />
        </QueryForm>
        <PagedTable
          list={types}
          columns={typeColumns}
          rowKey={(r) => r.id}
          onRowClick={setSelected}
          isRowSelected={(r) => r.id === current?.id}
          testId="type-table"
        />
      </section>
      <section className="card space-y-3 p-4" aria-labelledby="dict-codes">
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 id="dict-codes" className="truncate text-sm font-semibold text-slate-900">
              {current
                ? t("dictionaryPage.codesOf", { name: typeName(current) })
                : t("dictionaryPage.codes")}
              {current && (
                <code className="ml-2 text-xs font-normal text-slate-400">{current.code}</code>
              )}
            </h2>
            {calendar && (
              <p className="mt-0.5 text-xs text-slate-500">{t("dictionaryPage.calendarHint")}</p>
            )}
          </div>
          <Toolbar>
            <AddButton
              onClick={() => editCode.open("new")}
              label={t("dictionaryPage.addCode")}
              disabled={!current}
            />
          </Toolbar>
        </div>
        <PagedTable
          list={codes}
          columns={codeColumns}
          rowKey={(c) => c.id}
          testId="code-table"
          sortable={false}
        />
        {current?.code === CURRENCY && <Rates currencies={codes.items.filter((c) => c.isActive)} />}
      </section>
      {editType.editing && (
        <TypeDialog type={editType.row} onClose={editType.close} onSaved={editType.saved} />
      )}
      {editCode.editing && current && (
        <CodeDialog
          type={current}
          code={editCode.row}
          onClose={editCode.close}
          onSaved={editCode.saved}
        />
      )}
      {confirmTypeElement}
      {confirmCodeElement}
    </div>
  );
}

function TypeDialog(
  { type, onClose, onSaved }: { type: CodeType | null; onClose: () => void; onSaved: () => void },
) {
  const { t } = useTranslation();
  const form = useFormState({
    code: type?.code ?? "",
    name: type?.name ?? "",
    nameEn: type?.nameEn ?? "",
    description: type?.description ?? "",
  });
  const { values } = form;
  async function save() {
    const errs = requiredErrors(t, {
      code: [values.code, t("dictionaryPage.typeCode")],
      name: [values.name, t("dictionaryPage.typeName")],
    });
    if (!form.check(errs)) return;
    const ok = await form.saveRow(
      type?.id,
      { create: `${DICTIONARY}/Create`, update: `${DICTIONARY}/Update` },
      values,
      Object.keys(values),
    );
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      title={type ? t("dictionaryPage.editType") : t("dictionaryPage.addType")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="type-dialog"
    >
      <div className="space-y-3">
        <TextField
          form={form}
          name="code"
          id="type-code"
          label={t("dictionaryPage.typeCode")}
          hint={t("dictionaryPage.typeCodeHint")}
          required
          maxLength={64}
        />
        <TextField
          form={form}
          name="name"
          id="type-name"
          label={t("dictionaryPage.typeName")}
          required
          maxLength={100}
        />
        <TextField
          form={form}
          name="nameEn"
          id="type-nameEn"
          label={t("dictionaryPage.nameEn")}
          maxLength={100}
        />
        <TextAreaField
          form={form}
          name="description"
          id="type-description"
          label={t("dictionaryPage.description")}
          rows={2}
          maxLength={500}
        />
      </div>
    </FormDialog>
  );
}

function CodeDialog(
  { type, code, onClose, onSaved }: {
    type: CodeType;
    code: Code | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t } = useTranslation();
  const calendar = type.code === CALENDAR;
  const form = useFormState({
    code: code?.code ?? "",
    name: code?.name ?? "",
    nameEn: code?.nameEn ?? "",
    value: code?.value ?? (calendar ? "1" : ""),
    sort: String(code?.sort ?? 0),
    isActive: code?.isActive ?? true,
  });
  const { values } = form;
  async function save() {
    const errs = requiredErrors(t, {
      code: [values.code, calendar ? t("dictionaryPage.date") : t("dictionaryPage.code")],
      name: [values.name, t("dictionaryPage.name")],
    });
    if (values.sort && !/^\d+$/.test(values.sort)) errs.sort = t("dictionaryPage.sortFormat");
    if (!form.check(errs)) return;
    const body = { ...values, sort: Number(values.sort || 0) };
    const ok = await form.saveRow(
      code?.id,
      { create: `${DICTIONARY}/CreateCode`, update: `${DICTIONARY}/UpdateCode` },
      code ? body : { ...body, typeId: type.id },
      ["code", "name", "nameEn", "value", "sort", "isActive"],
    );
    if (ok) onSaved();
  }
  return (
    <FormDialog
      open
      title={code ? t("dictionaryPage.editCode") : t("dictionaryPage.addCode")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="code-dialog"
    >
      <div className="space-y-3">
        <Field label={t("dictionaryPage.type")}>
          <p className="pt-1.5 text-sm text-slate-800">
            {type.name} <code className="text-xs text-slate-400">{type.code}</code>
          </p>
        </Field>
        <TextField
          form={form}
          name="code"
          id="code-code"
          label={calendar ? t("dictionaryPage.date") : t("dictionaryPage.code")}
          required
          type={calendar ? "date" : "text"}
          maxLength={64}
        />
        <TextField
          form={form}
          name="name"
          id="code-name"
          label={t("dictionaryPage.name")}
          required
          maxLength={100}
        />
        <TextField
          form={form}
          name="nameEn"
          id="code-nameEn"
          label={t("dictionaryPage.nameEn")}
          maxLength={100}
        />
        {calendar
          ? (
            <SelectField form={form} name="value" id="code-value" label={t("dictionaryPage.value")}>
              <option value="1">{t("dictionaryPage.workingDay")}</option>
              <option value="0">{t("dictionaryPage.dayOff")}</option>
            </SelectField>
          )
          : (
            <TextField
              form={form}
              name="value"
              id="code-value"
              label={t("dictionaryPage.value")}
              maxLength={500}
            />
          )}
        <TextField
          form={form}
          name="sort"
          id="code-sort"
          label={t("dictionaryPage.sort")}
          controlClass="max-w-28"
          inputMode="numeric"
        />
        <CheckField
          form={form}
          name="isActive"
          id="code-active"
          label={t("dictionaryPage.isActive")}
          text={t("ui.active")}
        />
      </div>
    </FormDialog>
  );
}
