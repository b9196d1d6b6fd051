// Beside the matrix's prices: the quantity break used, the MOQ, the lead time and the validity (a
// validity ending before the award's day marked, a price rising with quantity flagged); and under
// each line item, the suppliers' alternatives apart, marked "alternative — not accepted" until the
// buyer accepts one for comparison with a reason (then ranked), or takes the acceptance back.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../../shared/api.ts";
import { useAction } from "../../../../shared/useAction.ts";
import {
  dialogErrorsOf,
  Field as FormField,
  FormDialog,
  inputClass,
} from "../../../components/index.ts";
import { money } from "../../../components/money.ts";
import type { Matrix } from "./api.ts";

type Row = Matrix["rows"][number];
type Cell = Row["cells"][number];
type Alt = Row["alternatives"][number];

/** The figures beside a price: break, quantity, MOQ, lead time, validity and their marks. */
export function LineFacts({ cell }: { cell: Cell | Alt }) {
  const { t } = useTranslation();
  const a = (k: string, p: Record<string, unknown> = {}) => t(`alternatives.${k}`, p);
  const l = cell.line;
  if (!l) return null;
  const parts = [
    cell.breakFromQty && a("breakUsed", { qty: cell.breakFromQty }),
    cell.quantity && cell.roundedUp && a("quantity", { qty: cell.quantity }),
    l.moq && a("moq", { qty: l.moq }),
    a("lead", { days: l.leadTimeDays }),
    l.validUntil && a("validUntil", { date: l.validUntil }),
  ].filter(Boolean);
  return (
    <span className="block text-[11px] leading-4 text-slate-500" data-testid="line-facts">
      {parts.join(" · ")}
      {cell.expired && (
        <span className="block font-medium text-red-600" data-testid="expired">
          ⚠ {a("expired")}
        </span>
      )}
      {cell.pricesRise && (
        <span className="block font-medium text-amber-700" data-testid="prices-rise">
          ⚠ {a("pricesRise")}
        </span>
      )}
    </span>
  );
}

/** The alternatives of a line item, one cell per supplier, under the item's row. */
export function AlternativeRow(
  { row, m, mayAccept, onChanged }: {
    row: Row;
    m: Matrix;
    mayAccept: boolean;
    onChanged: () => void;
  },
) {
  const { t } = useTranslation();
  const a = (k: string, p: Record<string, unknown> = {}) => t(`alternatives.${k}`, p);
  const [deciding, setDeciding] = useState<Alt | null>(null);
  if (!row.alternatives.length) return null;
  return (
    <tr className="bg-amber-50/40 align-top" data-testid="alternative-row">
      <td />
      <td className="px-2 py-2 text-xs font-medium text-amber-800" colSpan={2}>
        {a("title")}
      </td>
      {m.suppliers.map((s) => {
        const alt = row.alternatives.find((x) => x.supplierId === s.id);
        if (!alt) return <td key={s.id} />;
        return (
          <td
            key={s.id}
            className={`px-2 py-2 text-right ${
              alt.lowest ? "bg-emerald-50 ring-1 ring-emerald-300 ring-inset" : ""
            }`}
            data-testid="alternative-cell"
            data-accepted={alt.accepted || undefined}
          >
            <span
              className={`mb-0.5 inline-block rounded px-1 text-[11px] font-medium ${
                alt.accepted ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800"
              }`}
            >
              {alt.accepted ? a("accepted") : a("notAccepted")}
            </span>
            <span className="block text-xs text-slate-700">
              {[alt.line.altBrand, alt.line.altGrade].filter(Boolean).join(" · ")}
            </span>
            {alt.line.altSpec && (
              <span className="block max-w-48 text-[11px] text-slate-500 ml-auto">
                {alt.line.altSpec}
              </span>
            )}
            {alt.cny !== null && (
              <span className="block font-medium tabular-nums text-slate-900">
                ¥{money(alt.cny, 4)}
              </span>
            )}
            {alt.line.currency !== "CNY" && (
              <span className="block text-[11px] text-slate-500 tabular-nums">
                {alt.line.unitPrice} {alt.line.currency}
              </span>
            )}
            {alt.amount && (
              <span className="block text-[11px] text-slate-400 tabular-nums">
                = ¥{money(alt.amount)}
              </span>
            )}
            <LineFacts cell={alt} />
            {alt.line.altDatasheetFileId && (
              <button
                type="button"
                className="block ml-auto rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() =>
                  api.download("/QMO/FileService/GetFileStream", {
                    id: alt.line.altDatasheetFileId,
                  })}
                data-testid="alternative-datasheet"
              >
                {a("datasheet")}
              </button>
            )}
            {mayAccept && (
              <button
                type="button"
                className="mt-1 rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => setDeciding(alt)}
                data-testid={alt.accepted ? "withdraw-alternative" : "accept-alternative"}
              >
                {alt.accepted ? a("withdraw") : a("accept")}
              </button>
            )}
          </td>
        );
      })}
      {deciding && (
        <AcceptDialog
          alt={deciding}
          row={row}
          m={m}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            onChanged();
          }}
        />
      )}
    </tr>
  );
}

function AcceptDialog({ alt, row, m, onClose, onDone }: {
  alt: Alt;
  row: Row;
  m: Matrix;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const a = (k: string, p: Record<string, unknown> = {}) => t(`alternatives.${k}`, p);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, busy] = useAction();
  const supplier = m.suppliers.find((s) => s.id === alt.supplierId)?.abbrName ?? "";
  const accept = !alt.accepted;
  const submit = async () => {
    if (!reason.trim()) return setErrors({ reason: a("reasonRequired") });
    await run(async () => {
      await api.post(`/QMO/OfferProjectManager/AcceptAlternative`, {
        offProId: m.project.id,
        supplierId: alt.supplierId,
        itemId: row.item.id,
        accept,
        reason: reason.trim(),
      }, { silent: true });
      onDone();
    }, (err) => setErrors(dialogErrorsOf(err, ["reason"])));
  };
  return (
    <FormDialog
      open
      title={a(accept ? "acceptTitle" : "withdrawTitle", { supplier, item: row.item.itemName })}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={accept ? a("accept") : a("withdraw")}
      testId="alternative-dialog"
    >
      <FormField
        label={a("reason")}
        htmlFor="alternative-reason"
        name="reason"
        error={errors.reason}
        required
      >
        <textarea
          id="alternative-reason"
          rows={3}
          maxLength={1000}
          className={inputClass(errors.reason, "h-auto py-1.5")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      {errors[""] && <p className="text-sm text-red-600" role="alert">{errors[""]}</p>}
    </FormDialog>
  );
}
