// The hidden award approval page (?id=…, linked from "my approvals", the result page and the
// approval email): what the buyer proposes, for how much (and how far above the lowest), why, the
// comparison matrix it was proposed on with each supplier's terms, and its trail; the approver
// approves or rejects it here, an admin reassigns it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../../shared/api.ts";
import { Icon } from "../../../shared/icons.tsx";
import { Spinner } from "../../../shared/ui.tsx";
import { formatTime } from "../../../shared/time.ts";
import { Field, Section } from "../../components/Section.tsx";
import { useRequiredId } from "../../components/hiddenPage.ts";
import { kindPages } from "../../components/projectPages.ts";
import { type ApprovalDetail, approvalsApi } from "./api.ts";
import {
  amountLabel,
  ApprovalStatus,
  ApprovalTrail,
  Awarded,
  ruleLabel,
  versusLowestLabel,
} from "./parts.tsx";
import { SnapshotTable } from "./SnapshotTable.tsx";
import { DecisionDialog, ReassignDialog } from "./Dialogs.tsx";
import { ApprovalTotalCost } from "./TotalCost.tsx";

type Open = "approve" | "reject" | "reassign" | null;

export default function ApprovalPage() {
  const { t } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`approvalPage.${k}`, o);
  const id = useRequiredId();
  const [a, setA] = useState<ApprovalDetail | null>(null);
  const [error, setError] = useState("");
  const [open, setOpen] = useState<Open>(null);
  const load = () =>
    id && approvalsApi.get(id).then((x) => {
      setA(x);
      setError("");
    }).catch((e) => setError(e instanceof ApiError ? e.message : String(e)));
  useEffect(() => {
    load();
  }, [id]);

  if (!id) return null;
  if (error) {
    return <p className="card p-5 text-sm text-slate-600" data-testid="approval-error">{error}</p>;
  }
  if (!a) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner />
      </div>
    );
  }
  const pending = a.status === "pending";
  const button = (action: Exclude<Open, null>, className: string) =>
    a.actions.includes(action) && (
      <button
        type="button"
        className={`btn ${className}`}
        onClick={() => setOpen(action)}
        data-testid={`approval-${action}`}
      >
        {p(action)}
      </button>
    );

  return (
    <div className="space-y-3" data-testid="approval-page">
      <Section
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs text-slate-500">{a.projectCode}</span>
            <span>{a.projectName}</span>
            <ApprovalStatus status={a.status} />
          </span>
        }
        extra={
          <div className="flex flex-wrap gap-2">
            {a.mayOpenProject && (
              <Link
                to={`${kindPages[a.projectKind].result}?id=${a.projectId}`}
                className="btn btn-default"
                data-testid="open-result"
              >
                {p("openResult")}
              </Link>
            )}
            {button("reassign", "btn-default")}
            {button("reject", "btn-default text-red-700 hover:bg-red-50 hover:text-red-800")}
            {button("approve", "btn-primary")}
          </div>
        }
      >
        {pending && (
          <p
            className="mb-3 flex items-start gap-1.5 rounded-md bg-amber-50 p-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
            data-testid="approval-notice"
          >
            <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
            {a.actions.includes("approve")
              ? p("yourDecision")
              : a.ownProposal
              ? p("ownProposal", { name: a.approverName ?? "—" })
              : p("waitingFor", { name: a.approverName ?? "—" })}
          </p>
        )}
        {pending && a.matrixChanged && (
          <p
            className="mb-3 rounded-md bg-red-50 p-2.5 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
            data-testid="matrix-changed"
          >
            {p("matrixChanged", { version: a.matrixVersion })}
          </p>
        )}
        {a.versusLowest && (
          <div
            className="mb-3 rounded-md bg-amber-50 p-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
            data-testid="not-lowest"
          >
            <p className="flex items-start gap-1.5 font-medium">
              <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
              {versusLowestLabel(t, a)}
            </p>
            <p className="mt-1 whitespace-pre-line pl-5.5">
              {p("reasonForIt", { reason: a.reason })}
            </p>
          </div>
        )}
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={p("proposedBy")}>
            {a.proposedByName} · {formatTime(a.proposedAt)}
          </Field>
          <Field label={p("approver")}>{a.approverName}</Field>
          <Field label={p("amount")}>
            <span className="tabular-nums" data-testid="approval-amount">{amountLabel(t, a)}</span>
            <ApprovalTotalCost amount={a.totalCostCny} />
          </Field>
          <Field label={p("rule")}>{ruleLabel(t, a.rule)}</Field>
          <Field label={p("awarded")} wide>
            <Awarded a={a} />
          </Field>
          <Field label={p("matrix")}>
            <span title={a.matrixHash} data-testid="approval-matrix-version">
              {p("matrixVersion", { version: a.matrixVersion })}
            </span>
            <code className="ml-1 text-xs text-slate-400">{a.matrixHash.slice(0, 12)}</code>
          </Field>
          <Field label={t("awardPage.reason")} wide>
            <span className="whitespace-pre-line" data-testid="approval-reason">{a.reason}</span>
          </Field>
          {a.decidedAt && (
            <Field label={p("decision")} wide>
              {p(`decided.${a.status}`, {
                name: a.decidedByName ?? "",
                time: formatTime(a.decidedAt),
              })}
              {a.decisionComment && (
                <span className="ml-1 text-slate-600">“{a.decisionComment}”</span>
              )}
            </Field>
          )}
        </dl>
      </Section>

      <Section title={p("snapshotTitle", { version: a.matrixVersion })} testId="approval-matrix">
        <p className="mb-2 text-xs text-slate-500">{p("snapshotLegend")}</p>
        <SnapshotTable a={a} />
      </Section>

      <Section title={p("trail")} testId="approval-trail">
        <ApprovalTrail items={[a]} linkTo={false} />
      </Section>

      {(open === "approve" || open === "reject") && (
        <DecisionDialog
          a={a}
          decision={open}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            load();
          }}
        />
      )}
      {open === "reassign" && (
        <ReassignDialog
          a={a}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            load();
          }}
        />
      )}
    </div>
  );
}
