// Pieces the approval screens share: a proposal's status badge, its amount (and how far above the
// lowest it is), what it awards, and its
// trail (who proposed, who approved, rejected or reassigned it, when, with which comment).
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "../../components/index.ts";
import { formatTime } from "../../../shared/time.ts";
import { money } from "../../components/money.ts";
import { type Approval, approvalPath } from "./api.ts";

const tones = {
  pending: "amber",
  approved: "green",
  rejected: "red",
  notRequired: "slate",
  cancelled: "slate",
} as const;

export function ApprovalStatus({ status }: { status: Approval["status"] }) {
  const { t } = useTranslation();
  return (
    <span data-testid="approval-status" data-status={status}>
      <Badge tone={tones[status]}>{t(`approvalPage.statuses.${status}`)}</Badge>
    </span>
  );
}

/** "¥217,000.00 (from the quotes)", or why the amount is unknown. */
export function amountLabel(t: TFunction, a: Approval) {
  if (a.amountCny === null) return t("approvalPage.amountUnknown");
  return `¥${money(a.amountCny)} · ${t(`approvalPage.basis.${a.amountBasis ?? "quotes"}`)}`;
}

/** "Not the lowest: ¥10,800.00 (5.24%) more than …", or null when the award is the lowest. */
export function versusLowestLabel(t: TFunction, a: Approval): string | null {
  const v = a.versusLowest;
  if (!v) return null;
  const names = v.lowestNames.join(", ");
  if (v.differenceCny === null) return t("approval.versusLowest.unknown", { names });
  return t(`approval.versusLowest.${a.scope}`, {
    difference: money(v.differenceCny),
    percent: v.differencePercent ?? "—",
    lowest: money(v.lowestCny),
    names,
    items: v.items.join(", "),
  });
}

/** The rule in force when proposed: all, none, or at or above a threshold. */
export function ruleLabel(t: TFunction, rule: string) {
  const [mode, amount] = rule.split(":");
  return mode === "threshold"
    ? t("approvalPage.rules.threshold", { amount: money(amount) })
    : t(`approvalPage.rules.${mode}`);
}

/** What a proposal awards: the whole project to one supplier, or each line to its supplier. */
export function Awarded({ a }: { a: Approval }) {
  const { t } = useTranslation();
  if (a.scope === "project") {
    return <span>{t("awardPage.wholeProject", { supplier: a.supplierNames.join(", ") })}</span>;
  }
  return (
    <ul className="space-y-0.5" data-testid="approval-lines">
      {a.lines.map((l) => (
        <li key={l.itemId}>
          {l.itemName} → <span className="font-medium">{l.supplierAbbr}</span>
        </li>
      ))}
    </ul>
  );
}

/** The steps of one proposal, oldest first. */
function Steps({ a }: { a: Approval }) {
  const { t } = useTranslation();
  return (
    <ol className="mt-2 space-y-1.5 border-l-2 border-slate-200 pl-3" data-testid="trail-steps">
      {a.events.map((e, i) => (
        <li key={i} className="text-sm" data-testid="trail-step" data-action={e.action}>
          <span className="text-slate-500 tabular-nums">{formatTime(e.at)}</span>{" "}
          <span className="text-slate-800">
            {t(`approvalPage.events.${e.action}`, {
              actor: e.actorName ?? "—",
              from: e.fromName ?? "—",
              to: e.toName ?? "—",
            })}
          </span>
          {e.comment && (
            <p className="mt-0.5 whitespace-pre-line text-slate-600" data-testid="trail-comment">
              “{e.comment}”
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Every proposal of a project, newest first, each with its trail and a link to its page. */
export function ApprovalTrail({ items, linkTo = true }: { items: Approval[]; linkTo?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-100" data-testid="award-trail">
      {items.map((a) => (
        <li key={a.id} className="py-3 first:pt-0 last:pb-0" data-testid="trail-proposal">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <ApprovalStatus status={a.status} />
            <span className="font-medium text-slate-900">{a.supplierNames.join(", ")}</span>
            <span className="text-slate-600 tabular-nums">{amountLabel(t, a)}</span>
            <span className="text-xs text-slate-500" title={a.matrixHash}>
              {t("approvalPage.matrixVersion", { version: a.matrixVersion })}
            </span>
            {linkTo && (
              <Link
                to={approvalPath(a.id)}
                className="text-xs text-primary hover:underline"
                data-testid="trail-open"
              >
                {t("approvalPage.open")}
              </Link>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {t("approvalPage.reasonLabel", { reason: a.reason })}
          </p>
          <Steps a={a} />
        </li>
      ))}
    </ul>
  );
}
