// The award approvals inside the result page's comparison: the proposal waiting for the person in
// charge (under the award in force) and every proposal's trail (under the matrix).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTime } from "../../../shared/time.ts";
import type { SlotProps } from "../../layout/panels.tsx";
import { approvalPath } from "./api.ts";
import { amountLabel, ApprovalTrail } from "./parts.tsx";

type Props = SlotProps["comparison"];

/** The award the buyer proposed that waits for the person in charge: nothing is mailed before. */
export function PendingApproval({ approvals }: Props) {
  const { t } = useTranslation();
  const a = approvals.find((x) => x.status === "pending");
  if (!a) return null;
  return (
    <div
      className="rounded-md bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset"
      data-testid="award-pending"
    >
      <p className="font-medium">
        {t("approvalPage.pendingOn", {
          name: a.approverName ?? "—",
          time: formatTime(a.proposedAt),
        })}
      </p>
      <p className="mt-0.5">
        {a.supplierNames.join(", ")} · {amountLabel(t, a)} ·{" "}
        {t("approvalPage.matrixVersion", { version: a.matrixVersion })}
      </p>
      <p className="mt-0.5 text-xs text-sky-800/80">
        {t("approvalPage.pendingHint")}{" "}
        <Link to={approvalPath(a.id)} className="underline" data-testid="pending-open">
          {t("approvalPage.open")}
        </Link>
      </p>
    </div>
  );
}

/** Every proposal of the project with its trail. */
export function AwardTrail({ approvals }: Props) {
  const { t } = useTranslation();
  if (!approvals.length) return null;
  return (
    <div className="border-t border-slate-100 pt-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("approvalPage.trail")}</h3>
      <ApprovalTrail items={approvals} />
    </div>
  );
}
