// Adding or modifying an email template: codes, subjects and contents in both languages, the send
// mechanism and its hours, the notify object and the active flag.
import { useTranslation } from "react-i18next";
import {
  MECHANISMS,
  NOTIFY_OBJECTS,
  PLACEHOLDERS,
} from "../../../../server/domain/email/schemas.ts";
import {
  Badge,
  CheckField,
  Field,
  FormDialog,
  SelectField,
  TextAreaField,
  TextField,
  useFormState,
} from "../../components/index.ts";
import { type Template, TEMPLATES } from "./api.ts";

const TEMPLATE_FIELDS = [
  "code",
  "subject",
  "content",
  "subjectEn",
  "contentEn",
  "mechanism",
  "mechanismDescription",
  "notifyObject",
  "isActive",
  "hoursBefore",
];

export function TemplateDialog(
  { template, onClose, onSaved }: {
    template: Template | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const { t } = useTranslation();
  const form = useFormState({
    code: template?.code ?? "",
    subject: template?.subject ?? "",
    content: template?.content ?? "",
    subjectEn: template?.subjectEn ?? "",
    contentEn: template?.contentEn ?? "",
    mechanism: template?.mechanism ?? "",
    mechanismDescription: template?.mechanismDescription ?? "",
    notifyObject: template?.notifyObject ?? "",
    isActive: template?.isActive ?? true,
    hoursBefore: template?.hoursBefore?.join(", ") ?? "",
  });
  const { values } = form;
  async function save() {
    // The spec's prompts: please enter the reminder code / subject / sending mechanism.
    const errs: Record<string, string> = {};
    if (!values.code.trim()) errs.code = t("email.codeRequired");
    if (!values.subject.trim()) errs.subject = t("email.subjectRequired");
    if (!values.mechanism) errs.mechanism = t("email.mechanismRequired");
    const hours = values.hoursBefore.split(/[,，\s]+/).filter(Boolean).map(Number);
    if (hours.some((h) => !Number.isInteger(h) || h < 1)) {
      errs.hoursBefore = t("emailPage.hoursFormat");
    }
    if (!form.check(errs)) return;
    const body = {
      ...values,
      notifyObject: values.notifyObject || null,
      hoursBefore: values.mechanism === "beforeDeadline" && hours.length ? hours : null,
    };
    const ok = await form.saveRow(
      template?.id,
      { create: `${TEMPLATES}/Create`, update: `${TEMPLATES}/Update` },
      body,
      TEMPLATE_FIELDS,
    );
    if (ok) onSaved();
  }
  const placeholders = template?.placeholders ?? PLACEHOLDERS;
  return (
    <FormDialog
      open
      size="xl"
      title={template ? t("emailPage.editTitle") : t("emailPage.addTitle")}
      onClose={onClose}
      onSubmit={save}
      busy={form.busy}
      testId="template-dialog"
    >
      <div className="grid gap-3 lg:grid-cols-2">
        <TextField
          form={form}
          name="code"
          id="tpl-code"
          label={t("emailPage.code")}
          required
          maxLength={64}
          placeholder={t("email.codeRequired")}
        />
        <SelectField
          form={form}
          name="mechanism"
          id="tpl-mech"
          label={t("emailPage.mechanism")}
          required
          // Whole rows: a chosen mechanism reads whole ("When a new award leaves out …").
          className="lg:col-span-2"
        >
          <option value="">{t("email.mechanismRequired")}</option>
          {MECHANISMS.map((m) => <option key={m} value={m}>{t(`email.mechanisms.${m}`)}</option>)}
        </SelectField>
        <TextField
          form={form}
          name="mechanismDescription"
          id="tpl-mechdesc"
          label={t("emailPage.mechanismDescription")}
          maxLength={500}
          className="lg:col-span-2"
        />
        <SelectField
          form={form}
          name="notifyObject"
          id="tpl-notify"
          label={t("emailPage.notifyObject")}
          hint={t("emailPage.notifyHint")}
          className="lg:col-span-2"
        >
          <option value="">{t("emailPage.notifyDefault")}</option>
          {NOTIFY_OBJECTS.map((o) => (
            <option key={o} value={o}>{t(`email.notifyObjects.${o}`)}</option>
          ))}
        </SelectField>
        {values.mechanism === "beforeDeadline" && (
          <TextField
            form={form}
            name="hoursBefore"
            id="tpl-hours"
            label={t("emailPage.hoursBefore")}
            hint={t("emailPage.hoursHint")}
          />
        )}
        <CheckField
          form={form}
          name="isActive"
          id="tpl-isActive"
          label={t("emailPage.isActive")}
          text={t("ui.active")}
        />
        <TextField
          form={form}
          name="subject"
          id="tpl-subject"
          className="lg:col-span-2"
          label={t("emailPage.subject")}
          required
          maxLength={300}
          placeholder={t("email.subjectRequired")}
        />
        <TextAreaField
          form={form}
          name="content"
          id="tpl-content"
          className="lg:col-span-2"
          label={t("emailPage.content")}
          rows={5}
        />
        <TextField
          form={form}
          name="subjectEn"
          id="tpl-subjectEn"
          className="lg:col-span-2"
          label={t("emailPage.subjectEn")}
          maxLength={300}
        />
        <TextAreaField
          form={form}
          name="contentEn"
          id="tpl-contentEn"
          className="lg:col-span-2"
          label={t("emailPage.contentEn")}
          hint={t("emailPage.enHint")}
          rows={5}
        />
        <Field className="lg:col-span-2" label={t("emailPage.placeholders")}>
          <div className="flex flex-wrap gap-1.5 pt-1">
            {placeholders.map((p) => (
              <span key={p} title={t(`email.placeholders.${p}`)}>
                <Badge tone="blue">{`{{${p}}}`}</Badge>
                <span className="ml-1 text-xs text-slate-500">{t(`email.placeholders.${p}`)}</span>
              </span>
            ))}
          </div>
        </Field>
      </div>
    </FormDialog>
  );
}
