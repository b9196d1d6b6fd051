// Small pieces the portal's pages share: status badge, deadline with countdown, empty states.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../shared/icons.tsx";
import { Spinner } from "../shared/ui.tsx";
import { ClosingTime } from "../shared/ClosingTime.tsx";
import type { Closing } from "../../server/domain/shared/closing.ts";
import { formatCountdown } from "../shared/time.ts";
import { type QuoteStatus, secondsUntil, useNow } from "./data.ts";

const statusStyles: Record<QuoteStatus, string> = {
  canOffer: "bg-primary-50 text-primary-700 ring-primary-200",
  quoted: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  notQuoted: "bg-slate-100 text-slate-600 ring-slate-200",
  declined: "bg-amber-50 text-amber-800 ring-amber-200",
};
const statusIcons: Record<QuoteStatus, string> = {
  canOffer: "clock",
  quoted: "success",
  notQuoted: "close",
  declined: "close",
};

export function StatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="quote-status"
      data-status={status}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        statusStyles[status]
      }`}
    >
      <Icon name={statusIcons[status]} className="size-3.5" />
      {t(`quotes.status.${status}`)}
    </span>
  );
}

/** When quoting closes, in UTC+8 (YYYY-MM-DD HH:mm:ss, as every page shows times), with the reason when it is not the deadline. */
export function Deadline({ closing }: { closing: Closing<string> }) {
  const { t } = useTranslation();
  return (
    <ClosingTime
      closing={closing}
      pattern="{y}-{m}-{d} {h}:{i}:{s}"
      suffix={<span className="ml-1 text-xs text-slate-400">UTC+8</span>}
      empty={<span className="text-slate-400">{t("portal.noDeadline")}</span>}
    />
  );
}

/**
 * Time left until `endsAt` (a local instant taken from the server's "seconds left"), ticking each
 * second; amber under a day, red under two hours. `onZero` fires once when it runs out.
 */
export function Countdown(
  { endsAt, open, className = "" }: { endsAt: number; open: boolean; className?: string },
) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const left = open ? secondsUntil(endsAt, now) : 0;
  if (left <= 0) {
    return (
      <span className={`inline-flex items-center gap-1 text-slate-500 ${className}`}>
        <Icon name="lock" className="size-3.5" />
        {t("portal.closed")}
      </span>
    );
  }
  const tone = left < 2 * 3600
    ? "text-red-600"
    : left < 86400
    ? "text-amber-700"
    : "text-slate-700";
  return (
    <span
      className={`inline-flex items-center gap-1 font-medium tabular-nums ${tone} ${className}`}
      data-testid="countdown"
      role="timer"
      aria-live="off"
    >
      <Icon name="clock" className="size-3.5" />
      {t("portal.closesIn", { time: formatCountdown(left, i18n.language) })}
    </span>
  );
}

export function Card(
  { title, action, children, className = "", testId }: {
    title?: ReactNode;
    action?: ReactNode;
    children: ReactNode;
    className?: string;
    testId?: string;
  },
) {
  return (
    <section className={`card ${className}`} data-testid={testId}>
      {title && (
        <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-2.5">
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          {action && <div className="ml-auto">{action}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

export function Empty({ icon = "folder", children }: { icon?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-slate-500">
      <Icon name={icon} className="size-8 text-slate-300" />
      {children}
    </div>
  );
}

/** A page still loading (a spinner), or one that could not load (its link back and the reason). */
export function PageLoading({ back, error }: { back: ReactNode; error: string }) {
  if (error) {
    return (
      <div className="space-y-3">
        {back}
        <div className="card">
          <Empty icon="info">{error}</Empty>
        </div>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-16 text-primary">
      <Spinner className="size-6" />
    </div>
  );
}
