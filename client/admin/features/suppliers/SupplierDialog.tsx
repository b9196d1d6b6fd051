// Adding or modifying a supplier: names, status, contacts, emails, and (when added) its portal
// sign-in. Emails are checked by the server's own rule before sending.
import { useTranslation } from "react-i18next";
import { createSupplierInput } from "../../../../server/domain/suppliers/schemas.ts";
import {
  Field,
  FormDialog,
  requiredErrors,
  TextField,
  useFormState,
} from "../../components/index.ts";
import { type Account, type Supplier, suppliersApi } from "./api.ts";

type Draft = {
  code: string;
  abbrName: string;
  fullName: string;
  status: "effective" | "invalid";
  contactPerson: string;
  contactNumber: string;
  email1: string;
  email2: string;
  email3: string;
  cooperationStatus: "potential" | "qualified";
  createPortalAccount: boolean;
};
const FIELDS = [
  "code",
  "abbrName",
  "fullName",
  "status",
  "contactPerson",
  "contactNumber",
  "email1",
  "email2",
  "email3",
  "cooperationStatus",
] as const;
export function SupplierDialog(
  { supplier, onClose, onSaved }: {
    supplier: Supplier | null;
    onClose: () => void;
    /** With the portal account the save created, if it did. */
    onSaved: (account?: Account) => void;
  },
) {
  const { t } = useTranslation();
  const sf = (k: string) => t(`suppliers.fields.${k}`);
  const s = (k: string) => t(`suppliersPage.${k}`);
  const form = useFormState<Draft>(
    supplier
      ? {
        code: supplier.code,
        abbrName: supplier.abbrName,
        fullName: supplier.fullName,
        status: supplier.status,
        contactPerson: supplier.contactPerson ?? "",
        contactNumber: supplier.contactNumber ?? "",
        email1: supplier.email1 ?? "",
        email2: supplier.email2 ?? "",
        email3: supplier.email3 ?? "",
        cooperationStatus: supplier.cooperationStatus,
        createPortalAccount: false,
      }
      : {
        code: "",
        abbrName: "",
        fullName: "",
        status: "effective",
        contactPerson: "",
        contactNumber: "",
        email1: "",
        email2: "",
        email3: "",
        cooperationStatus: "potential",
        createPortalAccount: true,
      },
  );
  const { values } = form;

  async function save() {
    const found = requiredErrors(t, {
      ...(supplier ? {} : { code: [values.code, sf("code")] }),
      abbrName: [values.abbrName, sf("abbrName")],
      fullName: [values.fullName, sf("fullName")],
    });
    for (const k of ["email1", "email2", "email3"] as const) {
      if (!createSupplierInput.shape[k].safeParse(values[k]).success) {
        found[k] = t("errors.field.invalidEmail", { field: sf(k) });
      }
    }
    if (!form.check(found)) return;
    let account: Account | undefined;
    const ok = await form.save(async () => {
      const { createPortalAccount, ...rest } = values;
      if (supplier) await suppliersApi.update({ id: supplier.id, ...rest });
      else account = (await suppliersApi.create({ ...rest, createPortalAccount })).account;
    }, FIELDS);
    if (ok) onSaved(account);
  }

  const text = (k: (typeof FIELDS)[number], required: boolean, maxLength: number) => (
    <TextField
      form={form}
      name={k}
      id={`sup-${k}`}
      label={sf(k)}
      required={required}
      maxLength={maxLength}
    />
  );

  return (
    <FormDialog
      open
      title={supplier ? s("edit") : s("create")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      size="lg"
      testId="supplier-dialog"
    >
      <div className="grid gap-3 md:grid-cols-2">
        {supplier
          ? (
            <Field label={sf("code")} htmlFor="sup-code-ro">
              <input id="sup-code-ro" className="input bg-slate-50" value={values.code} readOnly />
            </Field>
          )
          : text("code", true, 32)}
        {text("abbrName", true, 64)}
        <div className="md:col-span-2">{text("fullName", true, 200)}</div>
        <Field label={sf("status")} htmlFor="sup-status">
          <select
            id="sup-status"
            className="input"
            value={values.status}
            onChange={(e) => form.set("status", e.target.value as Draft["status"])}
          >
            <option value="effective">{t("suppliers.status.effective")}</option>
            <option value="invalid">{t("suppliers.status.invalid")}</option>
          </select>
        </Field>
        <Field label={sf("cooperationStatus")} htmlFor="sup-coop">
          <select
            id="sup-coop"
            className="input"
            value={values.cooperationStatus}
            onChange={(e) =>
              form.set("cooperationStatus", e.target.value as Draft["cooperationStatus"])}
          >
            <option value="potential">{t("suppliers.cooperation.potential")}</option>
            <option value="qualified">{t("suppliers.cooperation.qualified")}</option>
          </select>
        </Field>
        {text("contactPerson", false, 64)}
        {text("contactNumber", false, 64)}
        {text("email1", false, 256)}
        {text("email2", false, 256)}
        {text("email3", false, 256)}
        {!supplier && (
          <Field label={s("portal")} htmlFor="sup-portal">
            <label className="flex items-center gap-2 pt-1.5 text-sm text-slate-700">
              <input
                id="sup-portal"
                type="checkbox"
                className="size-4 accent-primary"
                checked={values.createPortalAccount}
                onChange={(e) => form.set("createPortalAccount", e.target.checked)}
              />
              {s("createPortalHint")}
            </label>
          </Field>
        )}
      </div>
    </FormDialog>
  );
}
