// When quoting actually closes, beside the deadline the buyer set and the reason they differ: the
// buyer ended it by hand, the early end (every invited supplier has quoted: the close moves to 30
// minutes after the last quote) or an optimisation round with its own end. When quoting ends for
// more than one reason, the earliest end that happened is the one shown, with its own reason.
// Pages, lists, emails and the CLI all show this one answer.
// Pure: the server passes Dates, the client the ISO strings of its JSON.

/** After every invited supplier has quoted, quotes may still be modified for this long. */
export const EARLY_END_WINDOW_MS = 30 * 60 * 1000;

/**
 * When the first-quote phase ends: the deadline, or 30 minutes after the last invited supplier
 * quoted, whichever is first. Null when neither is set (a bargaining project without a deadline).
 */
export function quoteClosesAt(
  p: { offerEndTime: Date | null; allQuotedAt: Date | null },
): Date | null {
  const early = p.allQuotedAt ? new Date(p.allQuotedAt.getTime() + EARLY_END_WINDOW_MS) : null;
  if (p.offerEndTime && early) return p.offerEndTime < early ? p.offerEndTime : early;
  return p.offerEndTime ?? early;
}

/** Whether the first quotation of a published project has closed by the clock as of `now`. */
export function closedByClock(
  p: { offerEndTime: Date | null; allQuotedAt: Date | null },
  now: Date,
): boolean {
  const closes = quoteClosesAt(p);
  return closes !== null && now.getTime() >= closes.getTime();
}

/** How a project's first quotation ended, as stored (projects/lifecycle.ts). */
export type EndTiming = { endedAt: Date | null; endReason: string | null };

/** When the buyer ended the first quotation by hand (End); null when they did not. */
export const endedByHandAt = (p: EndTiming): Date | null =>
  p.endReason === "manual" ? p.endedAt : null;

type Instant = Date | string;

type ClosingReason = "endedByHand" | "earlyEnd" | "round";

export type Closing<T extends Instant> = {
  /** When quoting closes: the open round's end, the end by hand, the early end, or the deadline. */
  at: T | null;
  /** The deadline the buyer set (null for a project without one). */
  deadline: T | null;
  /** Why `at` is not the deadline; null when it is. */
  reason: ClosingReason | null;
  /** The optimisation round whose end `at` is (0 for the first quotation). */
  round: number;
};

const ms = (x: Instant) => new Date(x).getTime();

export function closingOf<T extends Instant>(p: {
  /** The deadline the buyer set. */
  deadline: T | null;
  /** When the first quotation closes by the clock: the deadline, or earlier once everyone quoted. */
  firstClosesAt: T | null;
  /** When the buyer ended the first quotation by hand (End), if they did. */
  endedByHandAt?: T | null;
  /** The open optimisation round (1 or 2), if any, and its end. */
  round?: number | null;
  roundEndsAt?: T | null;
}): Closing<T> {
  if (p.round && p.roundEndsAt) {
    return { at: p.roundEndsAt, deadline: p.deadline, reason: "round", round: p.round };
  }
  const byHand = p.endedByHandAt ?? null;
  // The buyer can end only while quoting is open, so an end by hand comes first; should the
  // clock's close be earlier still, that close is the one that happened.
  if (byHand !== null && (p.firstClosesAt === null || ms(byHand) <= ms(p.firstClosesAt))) {
    return { at: byHand, deadline: p.deadline, reason: "endedByHand", round: 0 };
  }
  const early = p.firstClosesAt !== null &&
    (p.deadline === null || ms(p.firstClosesAt) < ms(p.deadline));
  return {
    at: early ? p.firstClosesAt : p.deadline,
    deadline: p.deadline,
    reason: early ? "earlyEnd" : null,
    round: 0,
  };
}
