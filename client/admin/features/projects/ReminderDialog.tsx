// "Send reminder" (project list and result page, published projects, the project's Publish
// permission): pick a template (default: the deadline reminder), see where each invited supplier
// stands and choose them (default: those who have not quoted), preview one supplier's email as the
// server renders it, then confirm and send — one supplier after the other, with the progress and
// each one's outcome.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { DataTable, Field, FormDialog, inputClass, useConfirm } from "../../components/index.ts";
import { type EmailManualData, type EmailPreview, projectsApi, type SendOutcome } from "./api.ts";
import { PreviewPane, skipReason, supplierColumns } from "./ReminderParts.tsx";

type Target = { id: number; code: string; name: string };

export function ReminderDialog(
  { project, onClose, onSent }: {
    project: Target | null;
    onClose: () => void;
    /** After sending, whatever came of it (the page may show new reminder times). */
    onSent?: () => void;
  },
) {
  const { t } = useTranslation();
  const r = (k: string, p: Record<string, unknown> = {}) => t(`reminder.${k}`, p);
  const [data, setData] = useState<EmailManualData | null>(null);
  const [template, setTemplate] = useState("");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [previewFor, setPreviewFor] = useState<number | null>(null);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState("");
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<Map<number, SendOutcome> | null>(null);
  const [confirmElement, confirm] = useConfirm();
  const id = project?.id ?? null;
  const tpl = data?.templates.find((x) => x.code === template);

  useEffect(() => {
    setData(null);
    setTemplate("");
    setPreview(null);
    setOutcomes(null);
    if (id === null) return;
    let live = true;
    projectsApi.emailData(id).then((d) => {
      if (!live) return;
      setData(d);
      const first = d.templates.find((x) => x.code === d.defaultTemplate);
      setTemplate(first?.code ?? "");
      // Chosen at first: those the reminder is for, who have not quoted.
      const pending = d.suppliers.filter((s) => !s.quoted && !skipReason(s, first));
      setChosen(new Set(pending.map((s) => s.id)));
      setPreviewFor((pending[0] ?? d.suppliers[0])?.id ?? null);
    }).catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [id]);

  // The preview follows the template and the supplier; the server renders it.
  useEffect(() => {
    if (id === null || !template || previewFor === null) return;
    let live = true;
    setPreviewing(true);
    setPreviewError("");
    projectsApi.previewEmail(id, template, previewFor)
      .then((p) => live && setPreview(p))
      .catch((err) => {
        if (!live) return;
        setPreview(null);
        setPreviewError(err instanceof Error ? err.message : t("errors.error"));
      })
      .finally(() => live && setPreviewing(false));
    return () => {
      live = false;
    };
  }, [id, template, previewFor]);

  function chooseTemplate(code: string) {
    setTemplate(code);
    // A supplier this template would skip cannot stay chosen.
    const next = data?.templates.find((x) => x.code === code);
    setChosen((c) =>
      new Set([...c].filter((sid) => {
        const s = data?.suppliers.find((x) => x.id === sid);
        return s && !skipReason(s, next);
      }))
    );
  }

  const toggle = (sid: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(sid)) next.add(sid);
      return next;
    });

  const targets = data?.suppliers.filter((s) => chosen.has(s.id)) ?? [];

  async function send() {
    if (!project || !targets.length) return;
    const ok = await confirm({
      title: r("confirmTitle"),
      text: r("confirm", { template, count: targets.length, code: project.code }),
      okLabel: r("sendNow"),
      danger: false,
    });
    if (!ok) return;
    setSending(true);
    const got = new Map<number, SendOutcome>();
    setOutcomes(new Map(got));
    for (const s of targets) {
      let outcome: SendOutcome;
      try {
        const answer = await projectsApi.sendEmail(project.id, template, [s.id]);
        outcome = answer.suppliers.find((x) => x.supplierId === s.id) ??
          { ...failed(s), error: r("noAnswer") };
      } catch (err) {
        outcome = { ...failed(s), error: err instanceof Error ? err.message : t("errors.error") };
      }
      got.set(s.id, outcome);
      setOutcomes(new Map(got));
    }
    setSending(false);
    const sent = [...got.values()].filter((o) => o.outcome === "sent").length;
    if (sent === got.size) message.success(r("allSent", { count: sent }));
    else message.warning(r("someNotSent", { sent, total: got.size }));
    // The table shows the new "last reminded" times.
    projectsApi.emailData(project.id).then(setData).catch(() => {});
    onSent?.();
  }

  const done = outcomes?.size ?? 0;
  const tally = (kind: SendOutcome["outcome"]) =>
    [...(outcomes?.values() ?? [])].filter((o) => o.outcome === kind).length;

  return (
    <FormDialog
      open={!!project}
      title={`${r("title")} · ${project?.code ?? ""}`}
      onClose={onClose}
      onSubmit={outcomes ? undefined : send}
      busy={sending}
      size="xl"
      testId="reminder-dialog"
      submitLabel={r("send", { count: targets.length })}
    >
      {!data
        ? (
          <div className="flex justify-center py-10 text-primary">
            <Spinner />
          </div>
        )
        : (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">{project?.name}</p>
            <Field label={r("template")} htmlFor="reminder-template" name="templateCode">
              <select
                id="reminder-template"
                className={inputClass(undefined, "w-full max-w-md")}
                value={template}
                disabled={sending || !!outcomes}
                onChange={(e) => chooseTemplate(e.target.value)}
              >
                {data.templates.map((x) => (
                  <option key={x.code} value={x.code}>
                    {x.code} · {t(`email.mechanisms.${x.mechanism}`)}
                  </option>
                ))}
              </select>
            </Field>
            {outcomes && (
              <div className="space-y-1" data-testid="send-progress" aria-live="polite">
                <div className="h-1.5 overflow-hidden rounded bg-slate-100">
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${(100 * done) / Math.max(1, targets.length)}%` }}
                  />
                </div>
                <p className="text-xs text-slate-600">
                  {sending ? r("progress", { done, total: targets.length }) : r("summary", {
                    sent: tally("sent"),
                    failed: tally("failed") + tally("retrying") + tally("notConfigured"),
                    skipped: tally("skipped"),
                  })}
                </p>
              </div>
            )}
            {data.suppliers.length
              ? (
                <DataTable
                  rows={data.suppliers}
                  rowKey={(s) => s.id}
                  maxHeight={260}
                  testId="reminder-suppliers"
                  columns={supplierColumns({
                    t,
                    template: tpl,
                    chosen,
                    toggle,
                    sending,
                    outcomes,
                    previewFor,
                    preview: setPreviewFor,
                  })}
                />
              )
              : <p className="text-sm text-slate-500">{r("noSuppliers")}</p>}
            {!outcomes && (
              <PreviewPane
                t={t}
                supplier={data.suppliers.find((s) => s.id === previewFor)}
                preview={preview}
                loading={previewing}
                error={previewError}
              />
            )}
          </div>
        )}
      {confirmElement}
    </FormDialog>
  );
}

const failed = (s: { id: number; code: string; fullName: string }): SendOutcome => ({
  supplierId: s.id,
  code: s.code,
  name: s.fullName,
  outcome: "failed",
  reason: null,
  error: null,
});
