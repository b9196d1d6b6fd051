// The approver's decision (approve with an optional comment, reject with a required one) and an
// admin's reassignment of a pending approval to another staff user.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../shared/messages.ts";
import { useAction } from "../../../shared/useAction.ts";
import { dialogErrorsOf, Field, FormDialog, inputClass } from "../../components/index.ts";
import { type Approval, approvalsApi } from "./api.ts";

type Errors = Record<string, string>;

function useSubmit(onDone: () => void) {
  const [errors, setErrors] = useState<Errors>({});
  const [run, busy] = useAction();
  const submit = (action: () => Promise<unknown>, done: string) =>
    run(async () => {
      await action();
      message.success(done);
      onDone();
    }, (err) => {
      setErrors(dialogErrorsOf(err, ["comment", "approverId"]));
    });
  return { errors, setErrors, submit, busy };
}

function FormError({ text }: { text?: string }) {
  if (!text) return null;
  return <p className="text-sm text-red-600" role="alert" data-testid="decision-error">{text}</p>;
}

export function DecisionDialog(
  { a, decision, onClose, onDone }: {
    a: Approval;
    decision: "approve" | "reject";
    onClose: () => void;
    onDone: () => void;
  },
) {
  const { t } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`approvalPage.${k}`, o);
  const [comment, setComment] = useState("");
  const { errors, setErrors, submit, busy } = useSubmit(onDone);
  const reject = decision === "reject";
  return (
    <FormDialog
      open
      size="md"
      title={reject ? p("rejectTitle") : p("approveTitle")}
      submitLabel={reject ? p("reject") : p("approve")}
      onClose={onClose}
      busy={busy}
      testId="decision-dialog"
      onSubmit={() => {
        if (reject && !comment.trim()) {
          return setErrors({ comment: t("approval.commentRequired") });
        }
        submit(
          () => reject ? approvalsApi.reject(a.id, comment) : approvalsApi.approve(a.id, comment),
          reject ? p("rejected") : p("approved"),
        );
      }}
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          {reject ? p("rejectHint") : p("approveHint", { suppliers: a.supplierNames.join(", ") })}
        </p>
        <Field
          label={p("comment")}
          name="comment"
          htmlFor="decision-comment"
          error={errors.comment}
          required={reject}
        >
          <textarea
            id="decision-comment"
            rows={3}
            maxLength={1000}
            className={inputClass(errors.comment, "h-auto py-1.5")}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Field>
        <FormError text={errors[""]} />
      </div>
    </FormDialog>
  );
}

type Staff = { id: number; userName: string; name: string };

export function ReassignDialog(
  { a, onClose, onDone }: { a: Approval; onClose: () => void; onDone: () => void },
) {
  const { t } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`approvalPage.${k}`, o);
  const [staff, setStaff] = useState<Staff[]>([]);
  const [approverId, setApproverId] = useState("");
  const [comment, setComment] = useState("");
  const { errors, setErrors, submit, busy } = useSubmit(onDone);
  useEffect(() => {
    approvalsApi.staff().then(
      (r) => setStaff(r.items.map((u) => ({ id: u.userId, userName: u.userName, name: u.name }))),
      () => {},
    );
  }, []);
  return (
    <FormDialog
      open
      size="md"
      title={p("reassignTitle")}
      onClose={onClose}
      busy={busy}
      testId="reassign-dialog"
      onSubmit={() => {
        if (!approverId) return setErrors({ approverId: t("approval.approverRequired") });
        submit(
          () => approvalsApi.reassign(a.id, Number(approverId), comment),
          p("reassigned"),
        );
      }}
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          {p("reassignHint", { name: a.approverName ?? "—" })}
        </p>
        <Field
          label={p("newApprover")}
          name="approverId"
          htmlFor="reassign-to"
          error={errors.approverId}
          required
        >
          <select
            id="reassign-to"
            className={inputClass(errors.approverId)}
            value={approverId}
            onChange={(e) => setApproverId(e.target.value)}
          >
            <option value="">{t("ui.selectPlaceholder")}</option>
            {staff.filter((s) => s.id !== a.proposedBy && s.id !== a.approverId).map((s) => (
              <option key={s.id} value={s.id}>{s.name} ({s.userName})</option>
            ))}
          </select>
        </Field>
        <Field label={p("comment")} name="comment" htmlFor="reassign-comment">
          <textarea
            id="reassign-comment"
            rows={2}
            maxLength={1000}
            className={inputClass(undefined, "h-auto py-1.5")}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Field>
        <FormError text={errors[""]} />
      </div>
    </FormDialog>
  );
}
