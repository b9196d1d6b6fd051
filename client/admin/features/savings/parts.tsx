// Pieces the savings screens share: an amount in CNY, a saving with its percentage (green when
// saved, red when over), the round a best quote came from, a row's note, and the definitions.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../shared/time.ts";
import { money } from "../../components/money.ts";
import type { ProjectSavings } from "./api.ts";

type SavingLike = { amount: string; percent: string | null } | null | undefined;

/** "¥1,234.50", "-¥800.00". */
const yuan = (v: string) => `${v.startsWith("-") ? "-" : ""}¥${money(v.replace("-", ""))}`;

/** "¥1,234.50", or a dash. */
export function Cny({ v, testId }: { v: string | null | undefined; testId?: string }) {
  if (v === null || v === undefined) {
    return <span className="text-slate-300" data-testid={testId}>—</span>;
  }
  return <span className="tabular-nums" data-testid={testId}>{yuan(v)}</span>;
}

/** A saving: "¥12,000.00 · 5.36%", green when something was saved, red when it cost more. */
export function SavingValue({ s, testId }: { s: SavingLike; testId?: string }) {
  if (!s) return <span className="text-slate-300" data-testid={testId}>—</span>;
  const tone = s.amount.startsWith("-")
    ? "text-red-700"
    : /^[0.]+$/.test(s.amount)
    ? "text-slate-700"
    : "text-emerald-700";
  return (
    <span className={`tabular-nums font-medium ${tone}`} data-testid={testId}>
      {yuan(s.amount)}
      {s.percent !== null && (
        <>
          {" "}
          <span className="text-xs whitespace-nowrap">({s.percent}%)</span>
        </>
      )}
    </span>
  );
}

/** Where a best quote came from: the first quote, an optimisation round, another source. */
export function roundLabel(t: TFunction, round: number | null, source: string | null): string {
  if (round === null) return "";
  return source && source !== "quotes"
    ? t(`savings.sources.${source}`, { round })
    : t(`quotes.round.${round}`);
}

/** What a project's figures stand on, or why there are none. */
export const noteLabel = (t: TFunction, r: ProjectSavings) =>
  t(`savings.notes.${r.note}`, { time: r.sealOpensAt ? formatTime(r.sealOpensAt) : "" });

const DEFINED = ["first", "best", "awarded", "saving", "rollUp", "baselines", "sealed"] as const;

/** The definitions, as the page and docs/decisions.md state them. */
export function Definitions() {
  const { t } = useTranslation();
  return (
    <details className="text-xs text-slate-500" data-testid="savings-definitions">
      <summary className="cursor-pointer select-none">{t("savings.definitionsTitle")}</summary>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
        {DEFINED.map((k) => <li key={k}>{t(`savings.define.${k}`)}</li>)}
      </ul>
    </details>
  );
}
