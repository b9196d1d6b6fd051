// The home page's "my approvals": the awards waiting for my decision as a buyer's person in
// charge, and for admins who manage persons in charge every pending approval with its approver.
// Shown only when something waits.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Permissions } from "../../../../server/domain/auth/permissions.ts";
import { usePermission } from "../../../shared/session.ts";
import { formatTime } from "../../../shared/time.ts";
import { type Column, DataTable } from "../../components/index.ts";
import { type Approval, approvalPath, approvalsApi } from "./api.ts";
import { amountLabel } from "./parts.tsx";

export function MyApprovals() {
  const { t } = useTranslation();
  const p = (k: string, o: Record<string, unknown> = {}) => t(`approvalPage.${k}`, o);
  const admin = usePermission(Permissions.LeaderManagerSearch);
  const [mine, setMine] = useState<Approval[]>([]);
  const [all, setAll] = useState<Approval[]>([]);
  useEffect(() => {
    approvalsApi.mine().then((r) => setMine(r.items)).catch(() => {});
    if (admin) approvalsApi.pending().then((r) => setAll(r.items)).catch(() => {});
  }, [admin]);
  if (!mine.length && !all.length) return null;

  const columns = (withApprover: boolean): Column<Approval>[] => [
    {
      key: "project",
      title: t("projects.fields.name"),
      render: (a) => (
        <Link
          to={approvalPath(a.id)}
          className="text-primary hover:underline"
          data-testid="approval-link"
        >
          <span className="font-mono text-xs text-slate-500">{a.projectCode}</span> {a.projectName}
        </Link>
      ),
    },
    { key: "proposedByName", title: p("proposedBy"), nowrap: true },
    ...(withApprover
      ? [{ key: "approverName", title: p("approver"), nowrap: true } as Column<Approval>]
      : []),
    {
      key: "supplierNames",
      title: p("awarded"),
      render: (a) => a.supplierNames.join(", "),
    },
    {
      key: "amountCny",
      title: p("amount"),
      nowrap: true,
      className: "tabular-nums",
      render: (a) => amountLabel(t, a),
    },
    {
      key: "proposedAt",
      title: p("since"),
      nowrap: true,
      className: "tabular-nums",
      render: (a) => formatTime(a.proposedAt),
    },
  ];

  return (
    <section className="card space-y-4 p-4" data-testid="my-approvals">
      {mine.length > 0 && (
        <div>
          <h2 className="mb-2 font-semibold text-slate-900">
            {p("mine")} <span className="text-sm font-normal text-amber-700">({mine.length})</span>
          </h2>
          <DataTable
            testId="my-approvals-table"
            rows={mine}
            rowKey={(a) => a.id}
            columns={columns(false)}
          />
        </div>
      )}
      {all.length > 0 && (
        <div>
          <h2 className="mb-2 font-semibold text-slate-900">
            {p("allPending")}{" "}
            <span className="text-sm font-normal text-slate-500">({all.length})</span>
          </h2>
          <DataTable
            testId="pending-approvals-table"
            rows={all}
            rowKey={(a) => a.id}
            columns={columns(true)}
          />
        </div>
      )}
    </section>
  );
}
