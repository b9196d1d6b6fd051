// When quoting closes, as every page shows it (lists, headers, the dashboard, the portal): the time
// in UTC+8, and when that is not the deadline the buyer set, why (the early end once every invited
// supplier has quoted, an optimisation round) with the original deadline beside it.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Closing } from "../../server/domain/shared/closing.ts";
import { formatTime } from "./time.ts";

export function ClosingTime(
  { closing, pattern, suffix, empty = "" }: {
    closing: Closing<string>;
    /** formatTime's pattern; its default (with seconds) unless given. */
    pattern?: string;
    /** Shown after the time (the portal's "UTC+8"). */
    suffix?: ReactNode;
    /** Shown when there is no time at all (a project without a deadline). */
    empty?: ReactNode;
  },
) {
  const { t } = useTranslation();
  const { at, deadline, reason, round } = closing;
  if (!at) return <>{empty}</>;
  const note = reason &&
    [
      t(`closing.${reason}`, { round }),
      deadline && t("closing.deadline", { time: formatTime(deadline, pattern) }),
    ].filter(Boolean).join(" · ");
  return (
    <span
      className="inline-flex flex-col"
      data-testid="closing"
      data-reason={reason ?? undefined}
    >
      <time dateTime={at} className="tabular-nums">
        <DayAndTime text={formatTime(at, pattern)} />
        {suffix}
      </time>
      {note && (
        <span
          className="max-w-64 whitespace-normal text-xs font-normal text-amber-700"
          data-testid="closing-note"
        >
          {note}
        </span>
      )}
    </span>
  );
}

/**
 * A formatted time ("2026-12-07 17:00:00") that may wrap between its day and its time of day in a
 * narrow column, never inside either (not at the day's hyphens).
 */
export function DayAndTime({ text }: { text: string }) {
  const space = text.indexOf(" ");
  if (space < 0) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, space)}</span>{" "}
      <span className="whitespace-nowrap">{text.slice(space + 1)}</span>
    </>
  );
}
