// The supplier's priced lines: for each line item, unit price before tax, tax rate, currency, trade
// terms, payment method and term, lead time and validity (spec §5), sent with the attachment.
// Starts from the supplier's latest lines; the codes come from the buyer's data dictionary. On
// Submit every line is checked by the server's rules and each problem shows under its field.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../../shared/api.ts";
import { dateInUtc8 } from "../../../server/domain/shared/time.ts";
import { Card } from "../parts.tsx";
import { portalApi, type QuoteForm } from "../data.ts";
import {
  SHEET_FIELDS,
  type SheetField,
  startValue,
} from "../../../server/domain/quotes/schemas.ts";
import { QuoteLineExtras } from "./QuoteLineExtras.tsx";
import { Icon } from "../../shared/icons.tsx";
import {
  judgeLines,
  type LineDraft,
  type LineErrors,
  placeOf,
  priced,
  type Problem,
  refusalProblems,
  started,
} from "./lineChecks.ts";

type Option = QuoteForm["currencies"][number];

const empty = (): LineDraft => ({
  ...Object.fromEntries(SHEET_FIELDS.map((k) => [k, ""])) as LineDraft,
  currency: "CNY",
  altDatasheetFileId: "",
});

/** Brings a marked field (or its line's first field) into view and puts the cursor in it. */
function focusPlace(place: string) {
  const [itemId, field] = place.split(".");
  const line = document.querySelector(`[data-testid="quote-line"][data-item-id="${itemId}"]`);
  const el = line?.querySelector<HTMLElement>(
    `[data-line-field="${field === "line" ? SHEET_FIELDS[0] : field}"]`,
  );
  el?.focus({ preventScroll: true });
  el?.scrollIntoView({ block: "center" });
}

/** The summary of the problems by Submit, which each line's note brings into view. */
const SUMMARY_ID = "line-problems";

/**
 * The problems of the priced lines, in the page's order, shown by Submit (after the lines): each a
 * button that brings its field into view with the cursor in it. Nothing while there is none.
 */
export function LineProblems({ form, errors }: { form: QuoteForm; errors: LineErrors }) {
  const { t } = useTranslation();
  const order = (place: string) => {
    const [itemId, field] = place.split(".");
    const n = form.items.findIndex((i) => String(i.id) === itemId);
    return n * 100 + (field === "line" ? -1 : SHEET_FIELDS.indexOf(field as SheetField));
  };
  const places = Object.keys(errors).sort((a, b) => order(a) - order(b));
  if (!places.length) return null;
  return (
    <div
      id={SUMMARY_ID}
      role="alert"
      tabIndex={-1}
      className="rounded-md bg-red-50 p-2.5 text-sm text-red-700 ring-1 ring-red-200 ring-inset outline-none focus-visible:ring-2 focus-visible:ring-red-400"
      data-testid="line-problems"
    >
      <p className="flex items-start gap-1.5">
        <Icon name="error" className="mt-0.5 size-4 shrink-0" />
        {t("portal.lines.problems", { count: places.length })}
      </p>
      <ol className="mt-1.5 space-y-1 pl-5.5">
        {places.map((place) => {
          const [itemId, field] = place.split(".");
          const n = form.items.findIndex((i) => String(i.id) === itemId);
          const item = form.items[n];
          const p = errors[place];
          return (
            <li key={place}>
              <button
                type="button"
                className="text-left text-xs underline decoration-red-300 underline-offset-2 hover:decoration-red-700 focus-visible:outline-2 focus-visible:outline-red-500"
                onClick={() => focusPlace(place)}
                data-testid="problem-link"
                data-place={place}
              >
                <span className="font-medium">
                  {n + 1}. {field === "line" ? item?.itemName : t(`quoteLines.fields.${field}`)}
                </span>
                {" — "}
                {"text" in p ? p.text : t(p.key, p.params ?? {})}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** What Submit sends of the lines, the summary of their problems, and what to do on a refusal. */
export type LinesToSend = {
  lines: Record<string, unknown>[];
  problem: string | null;
  /** Places the server's refusal on the fields; answers the summary, or null to show its words. */
  refused?: (err: ApiError) => string | null;
};

/** The form's data, the drafts of each item's line, and their problems under each field. */
export function useQuoteLines(offProId: number) {
  const { t } = useTranslation();
  const [form, setForm] = useState<QuoteForm | null>(null);
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>({});
  const [errors, setErrors] = useState<LineErrors>({});
  // The server's clock less this one's: a validity date is judged by the server's day (UTC+8).
  const [skew, setSkew] = useState(0);
  /** Reads the form; `keep` keeps what was typed and marked (after a refused Submit). */
  const load = useCallback(async (keep = false) => {
    const f = await portalApi.quoteForm(offProId);
    setSkew(new Date(f.now).getTime() - Date.now());
    setForm(f);
    if (!keep) setErrors({});
    setDrafts((typed) =>
      Object.fromEntries(f.items.map((i) => {
        if (keep && typed[i.id]) return [i.id, typed[i.id]];
        const l = f.lines.find((x) => x.itemId === i.id && !x.alternative);
        const a = f.lines.find((x) => x.itemId === i.id && x.alternative);
        return [
          i.id,
          l || a
            ? {
              ...Object.fromEntries(
                SHEET_FIELDS.map((k) => [k, String(startValue(l, a, k) ?? "")]),
              ) as LineDraft,
              altDatasheetFileId: String(a?.altDatasheetFileId ?? ""),
            }
            : empty(),
        ];
      }))
    );
  }, [offProId]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  const today = () => dateInUtc8(new Date(Date.now() + skew));
  const set = (itemId: number, patch: Partial<LineDraft>) => {
    setDrafts((d) => ({ ...d, [itemId]: { ...d[itemId], ...patch } }));
    // A changed field (and a line no longer empty) loses its mark until the next Submit.
    setErrors((e) => {
      const gone = [...Object.keys(patch), "line"].map((k) => placeOf(itemId, k as "line"));
      if (!gone.some((k) => k in e)) return e;
      return Object.fromEntries(Object.entries(e).filter(([k]) => !gone.includes(k)));
    });
  };
  const show = (problems: [string, Problem][]) => {
    setErrors(Object.fromEntries([...problems].reverse()));
    if (problems.length) focusPlace(problems[0][0]);
    return t("portal.lines.problems", { count: problems.length });
  };
  /** Checks every line at once, marks each problem's field and answers what Submit sends. */
  const check = (): LinesToSend => {
    if (!form) return { lines: [], problem: null };
    const { lines, problems } = judgeLines(form, drafts, today());
    const problem = problems.length ? show(problems) : (setErrors({}), null);
    return {
      lines,
      problem,
      refused: (err) => {
        const { placed, unplaced } = refusalProblems(err, lines);
        if (!placed.length) return null;
        const summary = show(placed);
        return unplaced ? null : summary;
      },
    };
  };
  return {
    form,
    drafts,
    set,
    errors,
    today,
    check,
    /** The lines as stored (after a submission). */
    reload: () => load(),
    /** The items and codes as they are now, keeping what was typed. */
    refresh: () => load(true),
  };
}

export function QuoteLinesCard(
  { form, drafts, set, errors, today, disabled }: {
    form: QuoteForm;
    drafts: Record<number, LineDraft>;
    set: (itemId: number, patch: Partial<LineDraft>) => void;
    /** The problems found on Submit, under each field's place. */
    errors: LineErrors;
    /** Today in UTC+8 by the server's clock. */
    today: () => string;
    disabled: boolean;
  },
) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`quoteLines.fields.${k}`);
  const say = (p: Problem) => ("text" in p ? p.text : t(p.key, p.params ?? {}));
  const label = (o: Option) => `${(i18n.language === "en" && o.nameEn) || o.name}`;
  const day = today();
  // Only lines complete and valid count as priced.
  const done = form.items.filter((i) => priced(form, i, drafts[i.id], day)).length;
  const first = form.items[0] ? drafts[form.items[0].id] : undefined;
  /** The control's classes and accessible state, with the red ring when its field is marked. */
  const marked = (itemId: number, k: keyof LineDraft, extra = "") => {
    const bad = !!errors[placeOf(itemId, k)];
    return {
      className: `input h-8 px-2 text-sm ${extra} ${
        bad ? "ring-2 ring-red-400 focus:ring-red-500" : ""
      }`,
      "aria-invalid": bad || undefined,
      "aria-describedby": bad ? `line-error-${itemId}-${k}` : undefined,
    };
  };
  const select = (
    itemId: number,
    k: "currency" | "tradeTerms" | "paymentMethod",
    options: Option[],
  ) => (
    <select
      {...marked(itemId, k)}
      aria-label={f(k)}
      data-line-field={k}
      disabled={disabled}
      value={drafts[itemId]?.[k] ?? ""}
      onChange={(e) => set(itemId, { [k]: e.target.value })}
    >
      <option value="">—</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {k === "currency" ? `${o.code} ${label(o)}` : label(o)}
        </option>
      ))}
    </select>
  );
  const input = (itemId: number, k: keyof LineDraft, extra: Record<string, unknown> = {}) => (
    <input
      {...marked(itemId, k, k === "remark" || k === "validUntil" ? "" : "tabular-nums")}
      aria-label={f(k)}
      data-line-field={k}
      disabled={disabled}
      value={drafts[itemId]?.[k] ?? ""}
      onChange={(e) => set(itemId, { [k]: e.target.value })}
      {...extra}
    />
  );
  /** A field's problem under it. */
  const problem = (itemId: number, k: keyof LineDraft) => {
    const p = errors[placeOf(itemId, k)];
    return p && (
      <span
        id={`line-error-${itemId}-${k}`}
        className="mt-1 block text-xs text-red-600"
        data-testid="field-error"
        data-for={k}
      >
        {say(p)}
      </span>
    );
  };
  return (
    <Card
      title={`${t("portal.lines.title")} (${done}/${form.items.length})`}
      action={
        <span
          className={`rounded-full px-2 py-0.5 text-xs ${
            form.linesRequired ? "bg-primary-50 text-primary-700" : "bg-slate-100 text-slate-600"
          }`}
        >
          {form.linesRequired ? t("comparison.linesRequired") : t("comparison.linesOptional")}
        </span>
      }
      testId="quote-lines"
    >
      <div className="space-y-3 p-4">
        <p className="text-xs text-slate-500">{t("portal.lines.hint")}</p>
        {form.items.map((item, n) => (
          <fieldset
            key={item.id}
            className={`rounded-md p-3 ring-inset ${
              errors[placeOf(item.id, "line")] ? "ring-2 ring-red-400" : "ring-1 ring-slate-200"
            }`}
            data-testid="quote-line"
            data-item={item.itemName}
            data-item-id={item.id}
          >
            <legend className="px-1 text-sm font-medium text-slate-900">
              <span className="mr-1 text-slate-400">{n + 1}.</span>
              {item.itemName}
              {item.unit && <span className="ml-1 text-xs text-slate-500">/ {item.unit}</span>}
            </legend>
            {errors[placeOf(item.id, "line")] && (
              <p className="mb-2 text-xs text-red-600" data-testid="line-error">
                {say(errors[placeOf(item.id, "line")])}
              </p>
            )}
            <ProblemsNote
              count={Object.keys(errors).filter((k) => k.startsWith(`${item.id}.`)).length}
            />
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {([
                ["unitPrice", input(item.id, "unitPrice", { inputMode: "decimal" })],
                ["currency", select(item.id, "currency", form.currencies)],
                ["taxRate", input(item.id, "taxRate", { inputMode: "decimal" })],
                ["tradeTerms", select(item.id, "tradeTerms", form.tradeTerms)],
                ["paymentMethod", select(item.id, "paymentMethod", form.paymentMethods)],
                ["paymentTermDays", input(item.id, "paymentTermDays", { inputMode: "numeric" })],
                ["leadTimeDays", input(item.id, "leadTimeDays", { inputMode: "numeric" })],
                ["validUntil", input(item.id, "validUntil", { type: "date" })],
                ["moq", input(item.id, "moq", { inputMode: "decimal" })],
                ["packMultiple", input(item.id, "packMultiple", { inputMode: "decimal" })],
              ] as const).map(([k, control]) => (
                <label key={k} className={`block min-w-0 text-xs text-slate-600 ${WIDE[k] ?? ""}`}>
                  <span className="mb-0.5 block">{f(k)}</span>
                  {control}
                  {problem(item.id, k)}
                </label>
              ))}
              <label className="col-span-2 block text-xs text-slate-600 sm:col-span-4">
                <span className="mb-0.5 block">{f("remark")}</span>
                {input(item.id, "remark", { maxLength: 500 })}
                {problem(item.id, "remark")}
              </label>
            </div>
            <QuoteLineExtras
              offProId={form.offProId}
              draft={drafts[item.id]}
              disabled={disabled}
              set={(patch) => set(item.id, patch)}
              cell={(k, label) => (
                <label key={k} className="block min-w-0 text-xs text-slate-600">
                  <span className="mb-0.5 block">{label}</span>
                  {input(
                    item.id,
                    k,
                    k === "altBrand" || k === "altGrade" || k === "altSpec"
                      ? { maxLength: k === "altSpec" ? 2000 : 100 }
                      : { inputMode: "decimal" },
                  )}
                  {problem(item.id, k)}
                </label>
              )}
            />
            {n === 0 && form.items.length > 1 && started(first) && !disabled && (
              <button
                type="button"
                className="mt-2 rounded text-xs text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => {
                  for (const other of form.items.slice(1)) {
                    set(other.id, {
                      currency: first!.currency,
                      taxRate: first!.taxRate,
                      tradeTerms: first!.tradeTerms,
                      paymentMethod: first!.paymentMethod,
                      paymentTermDays: first!.paymentTermDays,
                      leadTimeDays: first!.leadTimeDays,
                      validUntil: first!.validUntil,
                    });
                  }
                }}
                data-testid="copy-terms"
              >
                {t("portal.lines.copyTerms")}
              </button>
            )}
          </fieldset>
        ))}
      </div>
    </Card>
  );
}

/**
 * The fields given two of the four columns beside a phone, so that a chosen currency, trade term
 * ("Delivered at place (DAP)") or payment method ("Telegraphic transfer") reads whole.
 */
const WIDE: Partial<Record<keyof LineDraft, string>> = {
  currency: "sm:col-span-2",
  tradeTerms: "sm:col-span-2",
  paymentMethod: "sm:col-span-2",
  validUntil: "sm:col-span-2",
};

/** A line's count of problems, linking to their list by Submit (below the lines on a phone). */
function ProblemsNote({ count }: { count: number }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <button
      type="button"
      className="mb-2 inline-flex items-center gap-1 rounded text-xs font-medium text-red-700 underline decoration-red-300 underline-offset-2 hover:decoration-red-700 focus-visible:outline-2 focus-visible:outline-red-500"
      onClick={() => {
        const summary = document.getElementById(SUMMARY_ID);
        summary?.focus({ preventScroll: true });
        summary?.scrollIntoView({ block: "center" });
      }}
      data-testid="line-problems-link"
    >
      <Icon name="error" className="size-3.5" />
      {t("portal.lines.lineProblems", { count })}
    </button>
  );
}
