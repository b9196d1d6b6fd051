// Create or edit an unpublished project: header fields, line items edited in place, attachments.
// For a published project (revise) only the request pack — line items, attachments, instructions —
// can change, with the deadline when it is less than 24 hours away: the change becomes a new version.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import {
  CheckField,
  Field,
  type FormBinding,
  FormDialog,
  inputClass,
  requiredErrors,
  runSave,
  SelectField,
  TextAreaField,
  TextField,
  useFieldErrors,
} from "../../components/index.ts";
import {
  type Attachment,
  type Category,
  type Item,
  type Kind,
  localToInstant,
  type ProjectInput,
  projectsApi,
  QUOTATION_TYPES,
  type QuotationType,
} from "./api.ts";
import { codeName, useCodeOptions } from "./parts.tsx";
import { CertificateTypePicker } from "../suppliers/CertificateTypes.tsx";

const FIELDS = [
  "name",
  "category",
  "remark",
  "demandCode",
  "equipmentName",
  "offerItemType",
  "estimatedAmount",
  "opiList",
  "attList",
  "sealedQuotes",
  "requiredCertificates",
  "instructionText",
  "offerEndTime",
] as const;

type Draft = {
  name: string;
  category: string;
  remark: string;
  demandCode: string;
  equipmentName: string;
  offerItemType: QuotationType | "";
  estimatedAmount: string;
  isBidding: boolean;
  linesRequired: boolean;
  sealedQuotes: boolean;
  /** Once the buyer ticks or unticks it, the quotation type no longer sets it. */
  sealedTouched: boolean;
  /** Certificate types invited suppliers must hold (the category may require more). */
  requiredCertificates: string[];
  instructionText: string;
  /** The deadline as a datetime-local value in UTC+8, and as loaded (revise only). */
  deadline: string;
  loadedDeadline: string;
  packVersion: number | null;
  items: (Item & { key: number })[];
  files: Attachment[];
};

let nextKey = 1;
const emptyItem = (): Item & { key: number } => ({
  key: nextKey++,
  materialCode: "",
  itemName: "",
  description: "",
  unit: "",
  estimateYearAmount: "",
  useFactory: "",
  needExplain: "",
});

const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

export function ProjectDialog(
  { kind, editId, open, categories, onClose, onSaved, revise = false }: {
    kind: Kind;
    /** null: a new project. */
    editId: number | null;
    /** A published project: change its request pack only. */
    revise?: boolean;
    open: boolean;
    categories: Category[];
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  // Units and factories from the data dictionary, offered while typing in the line items.
  const units = useCodeOptions("Unit", open);
  const factories = useCodeOptions("Factory", open);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [run, busy] = useAction();
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const { errors, setErrors, clear, clearField } = useFieldErrors();
  /** A line item's own errors, by `${item key}.${field}`, shown under the cell. */
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!open) return;
    clear();
    setCellErrors({});
    if (editId === null) {
      setDraft({
        name: "",
        category: "",
        remark: "",
        demandCode: "",
        equipmentName: "",
        offerItemType: "",
        estimatedAmount: "",
        isBidding: false,
        linesRequired: false,
        sealedQuotes: false,
        sealedTouched: false,
        requiredCertificates: [],
        instructionText: "",
        deadline: "",
        loadedDeadline: "",
        packVersion: null,
        items: [emptyItem()],
        files: [],
      });
      return;
    }
    setDraft(null);
    projectsApi.data(editId).then((p) =>
      setDraft({
        name: p.name,
        category: p.category ? String(p.category) : "",
        remark: p.remark ?? "",
        demandCode: p.demandCode ?? "",
        equipmentName: p.equipmentName ?? "",
        offerItemType: p.offerItemType ?? "",
        estimatedAmount: p.estimatedAmount ?? "",
        isBidding: p.isBidding,
        linesRequired: p.linesRequired,
        sealedQuotes: p.sealedQuotes,
        sealedTouched: true,
        requiredCertificates: p.requiredCertificates ?? [],
        instructionText: p.instructionText ?? "",
        deadline: p.offerEndTime ? formatTime(p.offerEndTime, "{y}-{m}-{d}T{h}:{i}") : "",
        loadedDeadline: p.offerEndTime ? formatTime(p.offerEndTime, "{y}-{m}-{d}T{h}:{i}") : "",
        packVersion: p.packVersion,
        items: p.opiList.map((i) => ({ ...i, key: nextKey++ })),
        files: p.attList,
      })
    ).catch(onClose);
  }, [open, editId]);

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  /** The header fields' binding: setting one clears its error. */
  const form: FormBinding<Draft> | null = draft && {
    values: draft,
    errors,
    set: (name, value) => {
      set({ [name]: value });
      clearField(name);
    },
  };
  const setItem = (key: number, patch: Partial<Item>) => {
    clearField("opiList");
    setCellErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[`${key}.${k}`];
      return next;
    });
    setDraft((d) =>
      d ? { ...d, items: d.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) } : d
    );
  };

  async function upload(list: FileList | null) {
    if (!list?.length) return;
    for (const file of Array.from(list)) {
      setUploading((n) => n + 1);
      try {
        // A published project takes no upload of its own: the file joins it with the revision.
        const saved = await projectsApi.upload(file, revise ? undefined : editId ?? undefined);
        setDraft((d) => (d ? { ...d, files: [...d.files, saved] } : d));
      } catch {
        /* the API client showed why */
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileInput.current) fileInput.current.value = "";
  }

  async function save() {
    if (!draft) return;
    const found = requiredErrors(t, {
      name: [draft.name, f("name")],
      ...(kind === "asset" ? { offerItemType: [draft.offerItemType, f("offerItemType")] } : {}),
    });
    if (draft.estimatedAmount.trim() && !DECIMAL.test(draft.estimatedAmount.trim())) {
      found.estimatedAmount = t("projects.badDecimal", { field: f("estimatedAmount") });
    }
    const items = draft.items.filter((i) =>
      Object.entries(i).some(([k, v]) => k !== "key" && k !== "id" && String(v ?? "").trim())
    );
    // Each bad cell is marked where it is; the line with nothing in it yet is the one to fill.
    const nameLabel = kind === "asset" ? f("equipmentName") : f("itemName");
    const cells: Record<string, string> = {};
    if (!items.length) {
      found.opiList = t("projectsPage.itemsRequired");
      if (draft.items[0]) {
        cells[`${draft.items[0].key}.itemName`] = t("ui.required", { field: nameLabel });
      }
    }
    for (const i of items) {
      if (!i.itemName.trim()) cells[`${i.key}.itemName`] = t("ui.required", { field: nameLabel });
      const amount = String(i.estimateYearAmount ?? "").trim();
      if (amount && !DECIMAL.test(amount)) {
        cells[`${i.key}.estimateYearAmount`] = t("projects.badDecimal", {
          field: f("estimateYearAmount"),
        });
      }
    }
    setCellErrors(cells);
    if (Object.keys(found).length || Object.keys(cells).length) return setErrors(found);
    const blank = (v: string | null | undefined) => (v ?? "").trim() || null;
    const opiList = items.map(({ key: _, ...i }) => ({
      ...i,
      itemName: i.itemName.trim(),
      materialCode: blank(i.materialCode),
      description: blank(i.description),
      unit: blank(i.unit),
      estimateYearAmount: blank(i.estimateYearAmount),
      useFactory: blank(i.useFactory),
      needExplain: blank(i.needExplain),
    }));
    if (revise && editId) {
      await run(async () => {
        let version = 0;
        const saved = await runSave(
          t,
          async () => {
            const done = await projectsApi.revise({
              offProId: editId,
              opiList,
              attList: draft.files.map((x) => x.id),
              instructionText: blank(draft.instructionText),
              offerEndTime: draft.deadline !== draft.loadedDeadline
                ? localToInstant(draft.deadline)
                : null,
            });
            version = done.revisedTo;
            return done;
          },
          { fields: FIELDS, onFieldErrors: setErrors },
        );
        if (saved) {
          message.success(t("projectsPage.revised", { version }));
          onSaved();
        }
      });
      return;
    }
    const input: ProjectInput = {
      ...(editId ? { id: editId } : {}),
      name: draft.name.trim(),
      kind,
      category: draft.category ? Number(draft.category) : null,
      remark: blank(draft.remark),
      linesRequired: draft.linesRequired,
      sealedQuotes: draft.sealedQuotes,
      requiredCertificates: draft.requiredCertificates,
      instructionText: blank(draft.instructionText),
      ...(kind === "asset"
        ? {
          demandCode: blank(draft.demandCode),
          equipmentName: blank(draft.equipmentName),
          offerItemType: draft.offerItemType || null,
          estimatedAmount: blank(draft.estimatedAmount),
          isBidding: draft.isBidding,
        }
        : {}),
      opiList,
      attList: draft.files.map((x) => x.id),
    };
    await run(async () => {
      const saved = await runSave(
        t,
        () => (editId ? projectsApi.update(input) : projectsApi.create(input)),
        { fields: FIELDS, onFieldErrors: setErrors },
      );
      if (saved) onSaved();
    });
  }

  const cell = "h-7 px-1.5 text-sm";
  return (
    <FormDialog
      open={open}
      title={revise
        ? t("projectsPage.revise")
        : editId
        ? t("projectsPage.edit")
        : t("projectsPage.create")}
      onClose={onClose}
      onSubmit={draft ? save : undefined}
      busy={busy || uploading > 0}
      size="xl"
      testId="project-dialog"
    >
      {!draft || !form
        ? (
          <div className="flex justify-center py-10 text-primary">
            <Spinner />
          </div>
        )
        : (
          <div className="space-y-4">
            {revise && (
              <p
                className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
                data-testid="revise-notice"
              >
                {t("projectsPage.reviseNotice", {
                  current: draft.packVersion ?? 1,
                  next: (draft.packVersion ?? 1) + 1,
                })}
              </p>
            )}
            <fieldset disabled={revise} className="grid min-w-0 gap-3 lg:grid-cols-2">
              <TextField
                form={form}
                name="name"
                id="pj-name"
                label={f("name")}
                required
                maxLength={200}
                autoFocus
              />
              <SelectField form={form} name="category" id="pj-category" label={f("category")}>
                <option value="">{t("projectsPage.none")}</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </SelectField>
              {kind === "asset" && (
                <>
                  <SelectField
                    form={form}
                    name="offerItemType"
                    id="pj-type"
                    label={f("offerItemType")}
                    required
                    onChange={(type) => {
                      // Tendering is sealed unless the buyer chose otherwise.
                      set({
                        offerItemType: type,
                        ...(draft.sealedTouched ? {} : { sealedQuotes: type === "tendering" }),
                      });
                      clearField("offerItemType");
                    }}
                  >
                    <option value="">{t("projectsPage.choose")}</option>
                    {QUOTATION_TYPES.map((q) => (
                      <option key={q} value={q}>{t(`projects.quotationTypes.${q}`)}</option>
                    ))}
                  </SelectField>
                  <TextField
                    form={form}
                    name="demandCode"
                    id="pj-demand"
                    label={f("demandCode")}
                    maxLength={64}
                  />
                  <TextField
                    form={form}
                    name="equipmentName"
                    id="pj-equipment"
                    label={f("equipmentName")}
                    maxLength={200}
                  />
                  <TextField
                    form={form}
                    name="estimatedAmount"
                    id="pj-amount"
                    label={f("estimatedAmount")}
                    hint={t("projectsPage.monthlyHint")}
                    controlClass="tabular-nums"
                    inputMode="decimal"
                  />
                  <Field label={f("isBidding")} htmlFor="pj-bidding">
                    <input
                      id="pj-bidding"
                      type="checkbox"
                      className="mt-2 size-4 accent-primary"
                      checked={draft.isBidding}
                      onChange={(e) => set({ isBidding: e.target.checked })}
                    />
                  </Field>
                </>
              )}
              <CheckField
                form={form}
                name="linesRequired"
                id="pj-lines"
                label={f("linesRequired")}
                hint={t("projectsPage.linesRequiredHint")}
                text={t("comparison.linesRequired")}
                data-testid="lines-required"
              />
              <CheckField
                form={form}
                name="sealedQuotes"
                id="pj-sealed"
                label={f("sealedQuotes")}
                hint={t("projectsPage.sealedHint")}
                text={t("projectsPage.sealedLabel")}
                onChange={(sealedQuotes) => set({ sealedQuotes, sealedTouched: true })}
                data-testid="sealed-quotes"
              />
              <Field
                label={t("qualificationsPage.required")}
                name="requiredCertificates"
                error={errors.requiredCertificates}
                hint={t("qualificationsPage.requiredHint")}
                className="lg:col-span-2"
              >
                <CertificateTypePicker
                  idPrefix="pj-cert"
                  value={draft.requiredCertificates}
                  onChange={(requiredCertificates) => set({ requiredCertificates })}
                />
              </Field>
              <TextAreaField
                form={form}
                name="remark"
                id="pj-remark"
                label={f("remark")}
                className="lg:col-span-2"
                controlClass="h-auto py-1.5"
                rows={2}
                maxLength={2000}
              />
            </fieldset>
            <div className="grid gap-3 lg:grid-cols-2">
              <TextAreaField
                form={form}
                name="instructionText"
                id="pj-instructions"
                label={f("instructionText")}
                hint={t("projectsPage.instructionHint")}
                className="lg:col-span-2"
                controlClass="h-auto py-1.5"
                rows={2}
                maxLength={4000}
                data-testid="instruction-text"
              />
              {revise && (
                <Field
                  label={`${f("offerEndTime")} (UTC+8)`}
                  htmlFor="pj-deadline"
                  name="offerEndTime"
                  error={errors.offerEndTime}
                  hint={t("projectsPage.reviseDeadlineHint")}
                >
                  <input
                    id="pj-deadline"
                    type="datetime-local"
                    className={inputClass(errors.offerEndTime, "w-64")}
                    value={draft.deadline}
                    onChange={(e) => {
                      set({ deadline: e.target.value });
                      clearField("offerEndTime");
                    }}
                    data-testid="revise-deadline"
                  />
                </Field>
              )}
            </div>

            <fieldset data-testid="item-editor">
              <div className="mb-1.5 flex items-center justify-between">
                <legend className="text-sm font-semibold text-slate-800">
                  {t("projectsPage.items")}
                </legend>
                <button
                  type="button"
                  className="btn btn-default h-7 text-xs"
                  onClick={() => set({ items: [...draft.items, emptyItem()] })}
                  data-testid="add-item"
                >
                  + {t("projectsPage.addItem")}
                </button>
              </div>
              <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
                <table className="w-full min-w-[56rem] text-sm">
                  <thead className="bg-slate-50 text-xs text-slate-600">
                    <tr>
                      <th className="w-8 px-2 py-1.5 text-center font-semibold">#</th>
                      <th className="w-28 px-1 py-1.5 text-left font-semibold">
                        {f("materialCode")}
                      </th>
                      <th className="px-1 py-1.5 text-left font-semibold">
                        <span className="text-red-500">*</span>
                        {kind === "asset" ? f("equipmentName") : f("itemName")}
                      </th>
                      <th className="w-20 px-1 py-1.5 text-left font-semibold">{f("unit")}</th>
                      <th className="w-28 px-1 py-1.5 text-left font-semibold">
                        {f("estimateYearAmount")}
                      </th>
                      <th className="w-28 px-1 py-1.5 text-left font-semibold">
                        {f("useFactory")}
                      </th>
                      <th className="px-1 py-1.5 text-left font-semibold">{f("needExplain")}</th>
                      <th className="w-14 px-1 py-1.5" />
                    </tr>
                  </thead>
                  <tbody>
                    {draft.items.map((i, n) => (
                      <tr key={i.key} className="border-t border-slate-100" data-testid="item-row">
                        <td className="px-2 pt-2.5 text-center align-top text-xs text-slate-400">
                          {n + 1}
                        </td>
                        {(
                          [
                            "materialCode",
                            "itemName",
                            "unit",
                            "estimateYearAmount",
                            "useFactory",
                            "needExplain",
                          ] as const
                        ).map((k) => {
                          const error = cellErrors[`${i.key}.${k}`];
                          return (
                            <td key={k} className="px-1 py-1 align-top">
                              <input
                                className={inputClass(error, cell)}
                                aria-label={`${f(k)} ${n + 1}`}
                                aria-invalid={error ? true : undefined}
                                data-item-field={k}
                                list={k === "unit"
                                  ? "pj-units"
                                  : k === "useFactory"
                                  ? "pj-factories"
                                  : undefined}
                                inputMode={k === "estimateYearAmount" ? "decimal" : undefined}
                                value={i[k] ?? ""}
                                onChange={(e) => setItem(i.key, { [k]: e.target.value })}
                              />
                              {error && (
                                <p
                                  className="mt-0.5 text-xs leading-4 text-red-600"
                                  role="alert"
                                  data-testid="field-error"
                                  data-item-error={k}
                                >
                                  {error}
                                </p>
                              )}
                            </td>
                          );
                        })}
                        <td className="px-1 pt-2 text-center align-top">
                          <button
                            type="button"
                            className="rounded px-1 text-xs text-red-600 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-primary"
                            onClick={() =>
                              set({
                                items: draft.items.filter((x) =>
                                  x.key !== i.key
                                ),
                              })}
                            aria-label={`${t("ui.delete")} ${n + 1}`}
                          >
                            {t("ui.delete")}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <datalist id="pj-units">
                {units.map((o) => <option key={o.code} value={codeName(o, i18n.language)} />)}
              </datalist>
              <datalist id="pj-factories">
                {factories.map((o) => <option key={o.code} value={codeName(o, i18n.language)} />)}
              </datalist>
              {errors.opiList && (
                <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
                  {errors.opiList}
                </p>
              )}
            </fieldset>

            <div data-testid="attachment-editor">
              <div className="mb-1.5 flex items-center justify-between">
                <span className="text-sm font-semibold text-slate-800">
                  {f("attachments")}
                </span>
                <label className="btn btn-default h-7 cursor-pointer text-xs focus-within:ring-2 focus-within:ring-primary">
                  {uploading > 0 && <Spinner className="size-3.5" />}
                  {t("projectsPage.upload")}
                  <input
                    ref={fileInput}
                    type="file"
                    multiple
                    className="sr-only"
                    data-testid="upload"
                    onChange={(e) => upload(e.target.files)}
                  />
                </label>
              </div>
              {draft.files.length === 0
                ? <p className="text-xs text-slate-400">{t("projectsPage.noFiles")}</p>
                : (
                  <ul className="flex flex-wrap gap-2">
                    {draft.files.map((x) => (
                      <li
                        key={x.id}
                        className="flex items-center gap-1 rounded bg-slate-100 py-0.5 pr-1 pl-2 text-xs text-slate-700"
                      >
                        <span className="max-w-64 truncate">{x.fileName}</span>
                        <button
                          type="button"
                          className="rounded px-1 text-slate-400 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-primary"
                          aria-label={`${t("ui.delete")} ${x.fileName}`}
                          onClick={() => set({ files: draft.files.filter((y) => y.id !== x.id) })}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              {errors.attList && <p className="mt-1 text-xs text-red-600">{errors.attList}</p>}
            </div>
          </div>
        )}
    </FormDialog>
  );
}
