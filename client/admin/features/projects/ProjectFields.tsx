// The header fields of a project dialog: name, category, the asset fields, the savings baselines
// (budget, last purchase price), line rules, sealed quotes, required certificates and remark
// (read-only while a published pack is revised).
import { useTranslation } from "react-i18next";
import { MONTHLY_PURCHASE_THRESHOLD } from "../../../../server/domain/projects/schemas.ts";
import {
  Badge,
  CheckField,
  Field,
  type FormBinding,
  SelectField,
  TextAreaField,
  TextField,
} from "../../components/index.ts";
import { type Kind } from "../../components/projectPages.ts";
import { type Attachment, type Category, QUOTATION_TYPES, type QuotationType } from "./api.ts";
import type { DraftItem } from "./ItemEditor.tsx";
import { CertificateTypePicker } from "../../components/CertificateTypes.tsx";
import { DemandField } from "./AmsImport.tsx";

/** Whether an amount as typed is a monthly purchase (as the server will judge it on saving). */
const reachesMonthly = (amount: string) =>
  /^\d{1,15}(\.\d{1,6})?$/.test(amount.trim()) &&
  Number(amount.trim().split(".")[0]) >= MONTHLY_PURCHASE_THRESHOLD;

export type Draft = {
  name: string;
  category: string;
  remark: string;
  demandCode: string;
  equipmentName: string;
  offerItemType: QuotationType | "";
  estimatedAmount: string;
  /** Savings baselines: totals in CNY before tax for the items' quantities. */
  budget: string;
  lastPurchasePrice: string;
  isBidding: boolean;
  /** The demand was imported from the asset system (AMS). */
  fromAms: boolean;
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
  items: DraftItem[];
  files: Attachment[];
};

export function ProjectFields(
  { kind, revise, form, categories, onChange }: {
    kind: Kind;
    revise: boolean;
    form: FormBinding<Draft>;
    categories: Category[];
    /** Sets several fields at once. */
    onChange: (patch: Partial<Draft>) => void;
  },
) {
  const { t } = useTranslation();
  const f = (k: string) => t(`projects.fields.${k}`);
  return (
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
              form.set("offerItemType", type);
              if (!form.values.sealedTouched) onChange({ sealedQuotes: type === "tendering" });
            }}
          >
            <option value="">{t("projectsPage.choose")}</option>
            {QUOTATION_TYPES.map((q) => (
              <option key={q} value={q}>{t(`projects.quotationTypes.${q}`)}</option>
            ))}
          </SelectField>
          <DemandField
            demandCode={form.values.demandCode}
            fromAms={form.values.fromAms}
            error={form.errors.demandCode}
            set={form.set}
            setFromAms={(fromAms) => onChange({ fromAms })}
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
            hint={reachesMonthly(form.values.estimatedAmount)
              ? (
                <span className="inline-flex items-center gap-1.5" data-testid="monthly-flag">
                  <Badge tone="amber">{t("projectsPage.badgeMonthly")}</Badge>
                  {t("projectsPage.monthlyHint")}
                </span>
              )
              : t("projectsPage.monthlyHint")}
            controlClass="tabular-nums"
            inputMode="decimal"
          />
          <Field label={f("isBidding")} htmlFor="pj-bidding">
            <input
              id="pj-bidding"
              type="checkbox"
              className="mt-2 size-4 accent-primary"
              checked={form.values.isBidding}
              onChange={(e) => onChange({ isBidding: e.target.checked })}
            />
          </Field>
        </>
      )}
      <TextField
        form={form}
        name="budget"
        id="pj-budget"
        label={f("budget")}
        hint={t("projectsPage.baselineHint")}
        controlClass="tabular-nums"
        inputMode="decimal"
      />
      <TextField
        form={form}
        name="lastPurchasePrice"
        id="pj-last-price"
        label={f("lastPurchasePrice")}
        hint={t("projectsPage.baselineHint")}
        controlClass="tabular-nums"
        inputMode="decimal"
      />
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
        onChange={(sealedQuotes) => onChange({ sealedQuotes, sealedTouched: true })}
        data-testid="sealed-quotes"
      />
      <Field
        label={t("qualificationsPage.required")}
        name="requiredCertificates"
        error={form.errors.requiredCertificates}
        hint={t("qualificationsPage.requiredHint")}
        className="lg:col-span-2"
      >
        <CertificateTypePicker
          idPrefix="pj-cert"
          value={form.values.requiredCertificates}
          onChange={(requiredCertificates) => onChange({ requiredCertificates })}
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
  );
}
