// An award proposal's total cost with the buyer's cost terms, shown under its price amount.
import { useTranslation } from "react-i18next";
import { money } from "../../components/money.ts";

export function ApprovalTotalCost({ amount }: { amount: string | null }) {
  const { t } = useTranslation();
  if (amount === null) return null;
  return (
    <span className="block text-sm tabular-nums text-slate-600" data-testid="approval-total-cost">
      {t("costs.approvalTotal", { amount: money(amount) })}
    </span>
  );
}
