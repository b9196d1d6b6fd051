// The result page's price comparison: line items as rows, invited suppliers as columns, each price
// in CNY (the quoted price, currency and rate on hover), the lowest of each row highlighted, totals
// by yearly usage with each supplier's rank and the change from the first quote; the award in
// force, the award dialog and the .xlsx export.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, ApiError } from "../../../shared/api.ts";
import { message } from "../../../shared/messages.ts";
import { Spinner } from "../../../shared/ui.tsx";
import { useAction } from "../../../shared/useAction.ts";
import {
  Badge,
  ExportButton,
  Field as FormField,
  fieldErrorsOf,
  FormDialog,
  inputClass,
} from "../../components/index.ts";
import { PM } from "../projects/api.ts";
import type {
  MatrixCell,
  MatrixColumn,
  MatrixRow,
} from "../../../../server/domain/comparison/matrix.ts";
import { fmt, Section } from "../projects/parts.tsx";

// The matrix as the server builds it (JSON: instants arrive as strings).
type Cell = MatrixCell;
type Row = MatrixRow;
type Column = Omit<MatrixColumn, "submittedAt"> & { submittedAt: string | null };
type Award = {
  id: number;
  scope: "project" | "lines";
  supplierId: number | null;
  reason: string;
  awardedAt: string;
  awardedByName: string | null;
  lines: { itemId: number; supplierId: number }[];
  supplierNames: string[];
};
export type Matrix = {
  project: { id: number; code: string; linesRequired: boolean };
  rows: Row[];
  suppliers: Column[];
  hasRounds: boolean;
  award: Award | null;
};

/** "12345.6" -> "12,345.60" with the given decimals, without going through a float. */
function money(v: string | null, places = 2): string {
  if (v === null) return "";
  const neg = v.startsWith("-");
  const [int, frac = ""] = v.replace("-", "").split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const f = places ? `.${(frac + "0".repeat(places)).slice(0, places)}` : "";
  return `${neg ? "-" : ""}${grouped}${f}`;
}

function Change({ value, percent }: { value: string | null; percent: string | null }) {
  if (value === null) return null;
  const down = value.startsWith("-");
  const zero = /^-?0(\.0+)?$/.test(value);
  return (
    <span
      className={`text-[11px] tabular-nums ${
        zero ? "text-slate-400" : down ? "text-emerald-700" : "text-red-600"
      }`}
      data-testid="change"
    >
      {zero ? "±" : down ? "▼" : "▲"}
      {money(value.replace("-", ""), value.split(".")[1]?.length ?? 2)}
      {percent !== null && ` (${percent.startsWith("-") ? "" : "+"}${percent}%)`}
    </span>
  );
}

export function Comparison(
  { projectId, canAward, mayPublish, onAwarded }: {
    projectId: number;
    /** Quoting has ended (and no round is open): the award can be recorded. */
    canAward: boolean;
    mayPublish: boolean;
    onAwarded?: () => void;
  },
) {
  const { t } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`comparison.${k}`, p);
  const [m, setM] = useState<Matrix | null>(null);
  const [error, setError] = useState("");
  const [awarding, setAwarding] = useState(false);

  const load = () =>
    api.get<Matrix>(`${PM}/GetComparisonMatrix`, { OffProId: projectId }, { silent: true })
      .then((x) => {
        setM(x);
        setError("");
      })
      .catch((e) => setError(e instanceof ApiError ? e.message : String(e)));
  useEffect(() => {
    load();
  }, [projectId]);

  const name = (id: number | null) => m?.suppliers.find((s) => s.id === id)?.abbrName ?? "";

  return (
    <Section
      title={
        <span className="flex flex-wrap items-center gap-2">
          {c("title")}
          {m && (
            <Badge tone={m.project.linesRequired ? "blue" : "slate"}>
              {m.project.linesRequired ? c("linesRequired") : c("linesOptional")}
            </Badge>
          )}
        </span>
      }
      testId="comparison"
      extra={m && (
        <div className="flex flex-wrap gap-2">
          <ExportButton
            path={`${PM}/ExportComparisonMatrix`}
            params={{ OffProId: projectId }}
            fileName={`${c("file")}-${m.project.code}.xlsx`}
            label={c("export")}
          />
          {mayPublish && canAward && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setAwarding(true)}
              data-testid="award-open"
            >
              {m.award ? t("awardPage.reaward") : t("awardPage.award")}
            </button>
          )}
        </div>
      )}
    >
      {error
        ? <p className="text-sm text-slate-500" data-testid="comparison-error">{error}</p>
        : !m
        ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner />
          </div>
        )
        : (
          <div className="space-y-3">
            <AwardSummary m={m} name={name} canAward={canAward} />
            {m.rows.length === 0
              ? <p className="text-sm text-slate-400">{c("noItems")}</p>
              : !m.suppliers.some((s) => s.quoted)
              ? <p className="text-sm text-slate-400">{c("empty")}</p>
              : <MatrixTable m={m} />}
          </div>
        )}
      {m && awarding && (
        <AwardDialog
          m={m}
          onClose={() => setAwarding(false)}
          onDone={() => {
            setAwarding(false);
            load();
            onAwarded?.();
          }}
        />
      )}
    </Section>
  );
}

function AwardSummary(
  { m, name, canAward }: { m: Matrix; name: (id: number | null) => string; canAward: boolean },
) {
  const { t } = useTranslation();
  const a = m.award;
  if (!a) {
    return (
      <p className="text-sm text-slate-500" data-testid="award-summary">
        {t("awardPage.notYet")}
        {!canAward && <span className="ml-1 text-xs">{t("awardPage.cannotYet")}</span>}
      </p>
    );
  }
  return (
    <div
      className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200 ring-inset"
      data-testid="award-summary"
    >
      <p className="font-medium text-amber-900">
        {t("awardPage.current")}: {a.scope === "project"
          ? t("awardPage.wholeProject", { supplier: name(a.supplierId) })
          : a.supplierNames.join(", ")}
      </p>
      <p className="mt-0.5 text-amber-900/80">{a.reason}</p>
      <p className="mt-0.5 text-xs text-amber-800/70">
        {t("awardPage.awardedBy", { name: a.awardedByName ?? "", time: fmt(a.awardedAt) })}
      </p>
    </div>
  );
}

function MatrixTable({ m }: { m: Matrix }) {
  const { t } = useTranslation();
  const c = (k: string, p: Record<string, unknown> = {}) => t(`comparison.${k}`, p);
  const f = (k: string) => t(`projects.fields.${k}`);
  const round = (r: number | null) => t(`quotes.round.${r ?? 0}`);
  const th = "px-2 py-1.5 text-left text-xs font-semibold text-slate-600 whitespace-nowrap";
  const foot = "px-2 py-1.5 text-right tabular-nums";
  return (
    <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
      <table className="w-full min-w-max text-sm" data-testid="matrix">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>#</th>
            <th className={th}>{f("itemName")}</th>
            <th className={`${th} text-right`}>{f("estimateYearAmount")}</th>
            {m.suppliers.map((s) => (
              <th
                key={s.id}
                className={`${th} min-w-36 text-right`}
                data-testid="matrix-supplier"
                title={s.fullName}
              >
                <span className="block text-slate-900">{s.abbrName}</span>
                <span className="block font-mono text-[11px] font-normal text-slate-400">
                  {s.code}
                  {s.quoted && m.hasRounds && ` · ${c("quotedIn", { round: round(s.round) })}`}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {m.rows.map((r, n) => (
            <tr key={r.item.id} className="align-top" data-testid="matrix-row">
              <td className="px-2 py-2 text-xs text-slate-400">{n + 1}</td>
              <td className="px-2 py-2">
                <p className="font-medium text-slate-900">{r.item.itemName}</p>
                <p className="text-xs text-slate-400">
                  {[r.item.materialCode, r.item.unit].filter(Boolean).join(" · ")}
                </p>
              </td>
              <td className="px-2 py-2 text-right tabular-nums">
                {r.item.estimateYearAmount ?? (
                  <span className="text-xs text-amber-700" title={c("notInTotals")}>—</span>
                )}
              </td>
              {r.cells.map((cell) => (
                <td
                  key={cell.supplierId}
                  data-testid="matrix-cell"
                  data-status={cell.status}
                  data-lowest={cell.lowest || undefined}
                  data-awarded={cell.awarded || undefined}
                  className={`px-2 py-2 text-right ${
                    cell.lowest ? "bg-emerald-50 ring-1 ring-emerald-300 ring-inset" : ""
                  }`}
                  title={cell.line && cell.rate
                    ? c("rateTitle", {
                      price: cell.line.unitPrice,
                      currency: cell.line.currency,
                      rate: cell.rate,
                      date: cell.rateDate ?? "—",
                    })
                    : undefined}
                >
                  {cell.cny !== null
                    ? (
                      <>
                        <span
                          className={`block font-medium tabular-nums ${
                            cell.lowest ? "text-emerald-800" : "text-slate-900"
                          }`}
                          data-testid="cny"
                        >
                          ¥{money(cell.cny, 4)}
                        </span>
                        {cell.line && cell.line.currency !== "CNY" && (
                          <span className="block text-[11px] text-slate-500 tabular-nums">
                            {cell.line.unitPrice} {cell.line.currency}
                          </span>
                        )}
                        {cell.amount && (
                          <span className="block text-[11px] text-slate-400 tabular-nums">
                            = ¥{money(cell.amount)}
                          </span>
                        )}
                        <Change value={cell.change} percent={cell.changePercent} />
                      </>
                    )
                    : (
                      <span className="text-xs text-slate-400">
                        {cell.status === "noRate" && cell.line
                          ? `${cell.line.unitPrice} ${cell.line.currency} · `
                          : ""}
                        {c(`status.${cell.status}`)}
                      </span>
                    )}
                  {cell.tie && (
                    <span className="block text-[11px] text-emerald-700">{c("legendTie")}</span>
                  )}
                  {cell.awarded && (
                    <span className="mt-0.5 inline-block rounded bg-amber-100 px-1 text-[11px] font-medium text-amber-800">
                      ★ {c("legendAwarded")}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 bg-slate-50/60 text-sm">
          <tr data-testid="matrix-total">
            <td />
            <td className="px-2 py-1.5 font-semibold" colSpan={2}>{c("total")}</td>
            {m.suppliers.map((s) => (
              <td key={s.id} className={`${foot} font-semibold`}>
                {s.total !== null
                  ? `¥${money(s.total)}`
                  : (
                    <span className="text-xs font-normal text-slate-400">
                      {s.rankNote === "incomplete"
                        ? c("missingLines", { count: s.missingItemIds.length })
                        : s.rankNote
                        ? c(`rankNote.${s.rankNote}`)
                        : ""}
                    </span>
                  )}
              </td>
            ))}
          </tr>
          <tr data-testid="matrix-rank">
            <td />
            <td className="px-2 py-1.5 font-semibold" colSpan={2}>{c("rank")}</td>
            {m.suppliers.map((s) => (
              <td key={s.id} className={foot} data-rank={s.rank ?? undefined}>
                {s.rank !== null
                  ? (
                    <span
                      className={`inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs font-semibold ${
                        s.rank === 1 ? "bg-emerald-600 text-white" : "bg-slate-200 text-slate-700"
                      }`}
                    >
                      {s.rank}
                      {s.rankTie && "="}
                    </span>
                  )
                  : <span className="text-xs text-slate-400">—</span>}
              </td>
            ))}
          </tr>
          {m.hasRounds && (
            <tr data-testid="matrix-change">
              <td />
              <td className="px-2 py-1.5 font-semibold" colSpan={2}>
                {c("firstTotal")} / {c("vsFirst")}
              </td>
              {m.suppliers.map((s) => (
                <td key={s.id} className={foot}>
                  {s.firstTotal !== null && (
                    <span className="block text-xs text-slate-500">¥{money(s.firstTotal)}</span>
                  )}
                  <Change value={s.change} percent={s.changePercent} />
                </td>
              ))}
            </tr>
          )}
        </tfoot>
      </table>
      <p className="flex flex-wrap gap-3 border-t border-slate-100 px-2 py-1.5 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-emerald-50 ring-1 ring-emerald-300" />
          {c("legendLowest")}
        </span>
        <span>{c("legend")}</span>
      </p>
    </div>
  );
}

function AwardDialog(
  { m, onClose, onDone }: { m: Matrix; onClose: () => void; onDone: () => void },
) {
  const { t } = useTranslation();
  const a = (k: string) => t(`awardPage.${k}`);
  const quoted = m.suppliers.filter((s) => s.quoted);
  const best = [...quoted].sort((x, y) => (x.rank ?? 1e9) - (y.rank ?? 1e9))[0];
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
      supplierId: Number(lines[r.item.id]),
    }));
    if (scope === "lines" && !chosen.length) found.lines = t("award.chooseLines");
    setErrors(found);
    if (Object.keys(found).length) return;
    await run(async () => {
      await api.post(`${PM}/AwardOfferProject`, {
        offProId: m.project.id,
        scope,
        supplierId: scope === "project" ? Number(supplierId) : null,
        lines: scope === "lines" ? chosen : [],
        reason: reason.trim(),
      }, { silent: true });
      message.success(a("done"));
      onDone();
    }, (err) => {
      const byField = fieldErrorsOf(err, ["reason", "supplierId", "lines"]);
      setErrors(
        Object.keys(byField).length ? byField : {
          "": err instanceof Error ? err.message : "",
        },
      );
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
                          {quoted.map((s) => {
                            const cell = r.cells.find((x) => x.supplierId === s.id);
                            return (
                              <option key={s.id} value={s.id}>
                                {s.abbrName}
                                {cell?.cny ? ` · ¥${money(cell.cny, 4)}` : ""}
                                {cell?.lowest ? ` (${a("lowestMark")})` : ""}
                              </option>
                            );
                          })}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {errors.lines && <p className="mt-1 text-xs text-red-600">{errors.lines}</p>}
            </div>
          )}
        <FormField
          label={a("reason")}
          htmlFor="award-reason"
          name="reason"
          error={errors.reason}
          hint={a("reasonHint")}
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
