// Recording the award: the whole project to one supplier, or each line to a supplier, with a reason.
// An award that needs approval goes to the buyer's person in charge instead (said when saved).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../../../shared/messages.ts";
import { useAction } from "../../../../shared/useAction.ts";
import {
  dialogErrorsOf,
  Field as FormField,
  FormDialog,
  inputClass,
} from "../../../components/index.ts";
import { comparisonApi, type Matrix } from "./api.ts";
import { money } from "../../../components/money.ts";
import { cmp, dec } from "../../../../../server/domain/shared/decimal.ts";
import { AwardTotals } from "./CostTerms.tsx";

export function AwardDialog(
  { m, onClose, onDone }: { m: Matrix; onClose: () => void; onDone: () => void },
) {
  const { t } = useTranslation();
  const a = (k: string) => t(`awardPage.${k}`);
  // As the matrix ranks them: lowest total first, those without a rank after (in code order).
  const quoted = m.suppliers.filter((s) => s.quoted)
    .sort((x, y) => (x.rank ?? 1e9) - (y.rank ?? 1e9));
  const best = quoted[0];
  /** A line's suppliers, its lowest price first, those without a price in CNY last. */
  const byPrice = (r: Matrix["rows"][number]) => {
    const cny = (id: number) => r.cells.find((c) => c.supplierId === id)?.cny ?? null;
    return [...quoted].sort((x, y) => {
      const a = cny(x.id), b = cny(y.id);
      return a === null || b === null
        ? (a === null ? 1 : 0) - (b === null ? 1 : 0)
        : cmp(dec(a), dec(b));
    });
  };
  const [scope, setScope] = useState<"project" | "lines">(m.award?.scope ?? "lines");
  const [supplierId, setSupplierId] = useState<string>(
    String(m.award?.supplierId ?? best?.id ?? ""),
  );
  const [lines, setLines] = useState<Record<number, string>>(() =>
    Object.fromEntries(m.rows.map((r) => {
      const current = m.award?.lines.find((l) => l.itemId === r.item.id)?.supplierId;
      return [r.item.id, String(current ?? r.lowestSupplierIds[0] ?? "")];
    }))
  );
  const [reason, setReason] = useState(m.award?.reason ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();

  async function submit() {
    const found: Record<string, string> = {};
    if (!reason.trim()) found.reason = t("award.reasonRequired");
    if (scope === "project" && !supplierId) found.supplierId = t("award.chooseSupplier");
    const chosen = m.rows.filter((r) => lines[r.item.id]).map((r) => ({
      itemId: r.item.id,
      supplierId: Number(lines[r.item.id].split(":")[0]),
      ...(lines[r.item.id].endsWith(":alt") ? { alternative: true } : {}),
    }));
    if (scope === "lines" && !chosen.length) found.lines = t("award.chooseLines");
    setErrors(found);
    if (Object.keys(found).length) return;
    await run(async () => {
      const done = await comparisonApi.award({
        offProId: m.project.id,
        scope,
        supplierId: scope === "project" ? Number(supplierId) : null,
        lines: scope === "lines" ? chosen : [],
        reason: reason.trim(),
      });
      message.success(
        done.status === "pendingApproval"
          ? t("approvalPage.sent", { name: done.proposal.approverName ?? "" })
          : a("done"),
      );
      onDone();
    }, (err) => {
      setErrors(dialogErrorsOf(err, ["reason", "supplierId", "lines"]));
    });
  }

  return (
    <FormDialog
      open
      title={a("title")}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      size="lg"
      testId="award-dialog"
    >
      <div className="space-y-4">
        <fieldset className="flex flex-wrap gap-4 text-sm" data-testid="award-scope">
          <legend className="sr-only">{a("scope")}</legend>
          {(["lines", "project"] as const).map((s) => (
            <label key={s} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="award-scope"
                value={s}
                checked={scope === s}
                onChange={() =>
                  setScope(s)}
                className="accent-primary"
              />
              {s === "project" ? a("scopeProject") : a("scopeLines")}
            </label>
          ))}
        </fieldset>
        {scope === "project"
          ? (
            <FormField
              label={a("supplier")}
              htmlFor="award-supplier"
              name="supplierId"
              error={errors.supplierId}
              required
            >
              <select
                id="award-supplier"
                className={inputClass(errors.supplierId)}
                value={supplierId}
                onChange={(e) => setSupplierId(e.target.value)}
              >
                <option value="">{t("projectsPage.choose")}</option>
                {quoted.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.code} {s.abbrName}
                    {s.total !== null ? ` · ¥${money(s.total)}` : ""}
                    {s.rank !== null ? ` · #${s.rank}` : ""}
                  </option>
                ))}
              </select>
            </FormField>
          )
          : (
            <div>
              <table className="w-full text-sm" data-testid="award-lines">
                <tbody className="divide-y divide-slate-100">
                  {m.rows.map((r) => (
                    <tr key={r.item.id}>
                      <td className="py-1.5 pr-2">{r.item.itemName}</td>
                      <td className="w-72 py-1.5">
                        <select
                          className="input h-8"
                          aria-label={`${a("supplier")} ${r.item.itemName}`}
                          value={lines[r.item.id] ?? ""}
                          onChange={(e) => setLines({ ...lines, [r.item.id]: e.target.value })}
                        >
                          <option value="">{a("noSupplier")}</option>
                          {byPrice(r).map((s) => {
                            const cell = r.cells.find((x) => x.supplierId === s.id);
                            return (
                              <option key={s.id} value={s.id}>
                                {s.abbrName}
                                {cell?.cny ? ` · ¥${money(cell.cny, 4)}` : ""}
                                {cell?.lowest ? ` (${a("lowestMark")})` : ""}
                              </option>
                            );
                          })}
                          {r.alternatives.filter((x) => x.accepted).map((x) => (
                            <option key={`alt${x.supplierId}`} value={`${x.supplierId}:alt`}>
                              {m.suppliers.find((s) =>
                                s.id === x.supplierId
                              )?.abbrName} · {t("alternatives.title")}
                              {x.cny ? ` · ¥${money(x.cny, 4)}` : ""}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {errors.lines && <p className="mt-1 text-xs text-red-600">{errors.lines}</p>}
            </div>
          )}
        <AwardTotals
          m={m}
          lines={m.rows.map((r) => ({
            itemId: r.item.id,
            supplierId: Number(scope === "project" ? supplierId : lines[r.item.id] ?? ""),
          }))}
        />
        <FormField
          label={a("reason")}
          htmlFor="award-reason"
          name="reason"
          error={errors.reason}
          hint={`${a("reasonHint")} ${t("approvalPage.reasonHint")}`}
          required
        >
          <textarea
            id="award-reason"
            rows={3}
            maxLength={1000}
            className={inputClass(errors.reason, "h-auto py-1.5")}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormField>
        {errors[""] && (
          <p className="text-sm text-red-600" role="alert" data-testid="award-error">
            {errors[""]}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
