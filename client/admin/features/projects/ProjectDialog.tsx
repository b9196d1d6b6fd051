// Create or edit an unpublished project: header fields, line items edited in place, attachments.
// For a published project (revise) only the request pack — line items, attachments, instructions —
// can change, with the deadline when it is less than 24 hours away: the change becomes a new version.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { usePermission } from "../../../shared/session.ts";
import { formatTime } from "../../../shared/time.ts";
import { Spinner } from "../../../shared/ui.tsx";
import type { z } from "zod";
import { createProjectInput } from "../../../../server/domain/projects/schemas.ts";
import {
  Field,
  type FormBinding,
  FormDialog,
  inputClass,
  requiredErrors,
  runSave,
  TextAreaField,
  useFieldErrors,
} from "../../components/index.ts";
import { localToInstant } from "../../components/dateInput.ts";
import { type Kind, kindPages } from "../../components/projectPages.ts";
import { type Category, type Item, type ProjectInput, projectsApi } from "./api.ts";
import { AttachmentEditor } from "./AttachmentEditor.tsx";
import { emptyItem, ItemEditor, keyed } from "./ItemEditor.tsx";
import { type Draft, ProjectFields } from "./ProjectFields.tsx";
import { filesApi } from "../../components/files.ts";

const FIELDS = [
  "name",
  "category",
  "remark",
  "demandCode",
  "equipmentName",
  "offerItemType",
  "estimatedAmount",
  "budget",
  "lastPurchasePrice",
  "opiList",
  "attList",
  "sealedQuotes",
  "requiredCertificates",
  "instructionText",
  "offerEndTime",
] as const;

/** The server's own rules for the project's and a line item's amounts (exact decimals). */
const projectFields = createProjectInput.shape;
const itemFields = projectFields.opiList.unwrap().element.shape;
const isDecimal = (schema: z.ZodType, value: string) => schema.safeParse(value).success;

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
    /** `launch`: the saved project's publish page is to open next (Save and choose suppliers). */
    onSaved: (launch?: { id: number }) => void;
  },
) {
  const { t } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [run, busy] = useAction();
  const mayPublish = usePermission(kindPages[kind].publish);
  const [uploading, setUploading] = useState(0);
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
        budget: "",
        lastPurchasePrice: "",
        isBidding: false,
        fromAms: false,
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
        budget: p.budget ?? "",
        lastPurchasePrice: p.lastPurchasePrice ?? "",
        isBidding: p.isBidding,
        fromAms: p.fromAms,
        linesRequired: p.linesRequired,
        sealedQuotes: p.sealedQuotes,
        sealedTouched: true,
        requiredCertificates: p.requiredCertificates ?? [],
        instructionText: p.instructionText ?? "",
        deadline: p.offerEndTime ? formatTime(p.offerEndTime, "{y}-{m}-{d}T{h}:{i}") : "",
        loadedDeadline: p.offerEndTime ? formatTime(p.offerEndTime, "{y}-{m}-{d}T{h}:{i}") : "",
        packVersion: p.packVersion,
        items: p.opiList.map(keyed),
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
        const saved = await filesApi.upload(file, revise ? undefined : editId ?? undefined);
        setDraft((d) => (d ? { ...d, files: [...d.files, saved] } : d));
      } catch {
        /* the API client showed why */
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  /** Saves; with `launch`, the project's publish page opens next. */
  async function save(launch = false) {
    if (!draft) return;
    const found = requiredErrors(t, {
      name: [draft.name, f("name")],
      ...(kind === "asset" ? { offerItemType: [draft.offerItemType, f("offerItemType")] } : {}),
    });
    if (
      draft.estimatedAmount.trim() &&
      !isDecimal(projectFields.estimatedAmount, draft.estimatedAmount)
    ) {
      found.estimatedAmount = t("projects.badDecimal", { field: f("estimatedAmount") });
    }
    for (const k of ["budget", "lastPurchasePrice"] as const) {
      if (draft[k].trim() && !isDecimal(projectFields[k], draft[k])) {
        found[k] = t("projects.badCnyAmount", { field: f(k) });
      }
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
      if (amount && !isDecimal(itemFields.estimateYearAmount, amount)) {
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
      budget: blank(draft.budget),
      lastPurchasePrice: blank(draft.lastPurchasePrice),
      ...(kind === "asset"
        ? {
          demandCode: blank(draft.demandCode),
          equipmentName: blank(draft.equipmentName),
          offerItemType: draft.offerItemType || null,
          estimatedAmount: blank(draft.estimatedAmount),
          isBidding: draft.isBidding,
          fromAms: draft.fromAms,
        }
        : {}),
      opiList,
      attList: draft.files.map((x) => x.id),
    };
    await run(async () => {
      let id = editId ?? 0;
      const saved = await runSave(
        t,
        async () => (id = (await (editId ? projectsApi.update : projectsApi.create)(input)).id),
        { fields: FIELDS, onFieldErrors: setErrors },
      );
      if (saved) onSaved(launch ? { id } : undefined);
    });
  }

  return (
    <FormDialog
      open={open}
      title={revise
        ? t("projectsPage.revise")
        : editId
        ? t("projectsPage.edit")
        : t("projectsPage.create")}
      onClose={onClose}
      onSubmit={draft ? () => save() : undefined}
      busy={busy || uploading > 0}
      footer={!revise && draft && (
        <button
          type="button"
          className="btn btn-default"
          disabled={busy || uploading > 0 || !mayPublish}
          title={mayPublish
            ? t("projectsPage.saveAndLaunchHint")
            : t("projects.noPublishPermission")}
          onClick={() => save(true)}
          data-testid="save-and-launch"
        >
          {t("projectsPage.saveAndLaunch")}
        </button>
      )}
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
            <ProjectFields
              kind={kind}
              revise={revise}
              form={form}
              categories={categories}
              onChange={set}
            />
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

            <ItemEditor
              kind={kind}
              items={draft.items}
              cellErrors={cellErrors}
              error={errors.opiList}
              open={open}
              onChange={(items) => set({ items })}
              onItemChange={setItem}
            />
            <AttachmentEditor
              files={draft.files}
              error={errors.attList}
              uploading={uploading > 0}
              onUpload={upload}
              onChange={(files) => set({ files })}
            />
          </div>
        )}
    </FormDialog>
  );
}
