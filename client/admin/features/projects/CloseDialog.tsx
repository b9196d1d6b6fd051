// Closing a project with a reason (from the project list or the result page), and reading the close
// info back.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import {
  Field,
  fieldErrorsOf,
  FormDialog,
  inputClass,
  requiredErrors,
  useFieldErrors,
} from "../../components/index.ts";
import { type CloseInfo, type Project, projectsApi } from "./api.ts";
import { codeName, useCodeOptions } from "./parts.tsx";
import { Field as ReadField } from "../../components/Section.tsx";
import { formatTime } from "../../../shared/time.ts";

export function CloseDialog(
  { project, onClose, onDone }: {
    project: Pick<Project, "id" | "code" | "name"> | null;
    onClose: () => void;
    onDone: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState("");
  // Common reasons from the data dictionary; one click puts its text in the box.
  const reasons = useCodeOptions("CloseReason", !!project);
  const [run, busy] = useAction();
  const { errors, setErrors, clear } = useFieldErrors();
  useEffect(() => {
    setReason("");
    clear();
  }, [project?.id]);

  async function submit() {
    if (!project) return;
    const missing = requiredErrors(t, { closeReason: [reason, t("projects.fields.closeReason")] });
    if (missing.closeReason) return setErrors(missing);
    await run(async () => {
      await projectsApi.close(project.id, reason.trim());
      message.success(t("projectsPage.closed"));
      onDone();
    }, (err) => setErrors(fieldErrorsOf(err, ["closeReason"])));
  }

  return (
    <FormDialog
      open={!!project}
      title={`${t("projectsPage.close")} · ${project?.code ?? ""}`}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      testId="close-dialog"
      submitLabel={t("projectsPage.close")}
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{project?.name}</p>
        <Field
          label={t("projects.fields.closeReason")}
          htmlFor="close-reason"
          name="closeReason"
          error={errors.closeReason}
          required
        >
          <textarea
            id="close-reason"
            className={inputClass(errors.closeReason, "h-auto py-1.5")}
            rows={4}
            maxLength={1000}
            autoFocus
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasons.length > 0 && (
            <div className="mt-1.5 flex flex-wrap gap-1.5" data-testid="close-reasons">
              {reasons.map((o) => (
                <button
                  key={o.code}
                  type="button"
                  className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 hover:bg-primary-50 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary"
                  onClick={() => {
                    setReason(codeName(o, i18n.language));
                    clear();
                  }}
                >
                  {codeName(o, i18n.language)}
                </button>
              ))}
            </div>
          )}
        </Field>
      </div>
    </FormDialog>
  );
}

/** Why, when and by whom a closed project was closed. */
export function CloseInfoDialog(
  { project, onClose }: { project: Project | null; onClose: () => void },
) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<CloseInfo | null>(null);
  useEffect(() => {
    setInfo(null);
    if (project) projectsApi.closeInfo(project.id).then(setInfo).catch(() => {});
  }, [project?.id]);
  return (
    <FormDialog
      open={!!project}
      title={`${t("projects.fields.closeInfo")} · ${project?.code ?? ""}`}
      onClose={onClose}
      testId="close-info-dialog"
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        <ReadField label={t("projectsPage.closeTime")}>{formatTime(info?.closeTime)}</ReadField>
        <ReadField label={t("projectsPage.closedBy")}>{info?.closedByName}</ReadField>
        <ReadField label={t("projects.fields.closeReason")} wide>
          <span className="whitespace-pre-wrap" data-testid="close-reason">
            {info?.closeReason}
          </span>
        </ReadField>
      </dl>
    </FormDialog>
  );
}
