// The project state machine and the deadline rules, as pure functions of the stored project and the
// server's clock. Both the buyer side (projects) and the supplier side (quotes) decide with these.
import { type Permission, Permissions } from "../auth/permissions.ts";
import { MONTHLY_PURCHASE_THRESHOLD } from "./schemas.ts";
import { closedByClock, endedByHandAt, type EndTiming, quoteClosesAt } from "../shared/closing.ts";

export type StoredStatus = "unpublished" | "published" | "ended" | "closed";
/** What people see: "published" until the first quote arrives, then "inQuotation". */
export type DisplayStatus = "unpublished" | "published" | "inQuotation" | "ended" | "closed";
export type ProjectAction = "edit" | "delete" | "publish" | "end" | "close" | "openRound" | "quote";

export type ProjectTiming = {
  status: StoredStatus;
  offerEndTime: Date | null;
  allQuotedAt: Date | null;
};

export type RoundTiming = { round: number; openedAt: Date; endTime: Date };

/**
 * When the first quotation closes or closed: the earlier of the end by hand and quoteClosesAt (the
 * buyer can end only while quoting is open, so an end by hand is the earlier one).
 */
export function firstQuotationClosesAt(p: ProjectTiming & EndTiming): Date | null {
  const byHand = endedByHandAt(p);
  const byClock = quoteClosesAt(p);
  if (byHand && byClock) return byHand <= byClock ? byHand : byClock;
  return byHand ?? byClock;
}

/**
 * The status as of `now`: a published project past its deadline (or its early-end window) *is*
 * ended, whether or not a job has recorded it yet.
 */
export function effectiveStatus(p: ProjectTiming, now: Date): StoredStatus {
  if (p.status !== "published") return p.status;
  return closedByClock(p, now) ? "ended" : "published";
}

/** Why it ended, when the clock (not a person) ended it. */
export function automaticEndReason(p: ProjectTiming, now: Date): "deadline" | "allQuoted" | null {
  if (effectiveStatus(p, now) !== "ended" || p.status !== "published") return null;
  return p.offerEndTime && now.getTime() >= p.offerEndTime.getTime() ? "deadline" : "allQuoted";
}

export function displayStatus(p: ProjectTiming, now: Date, hasQuotes: boolean): DisplayStatus {
  const s = effectiveStatus(p, now);
  return s === "published" && hasQuotes ? "inQuotation" : s;
}

/**
 * The transition table: which action is allowed in which (effective) state.
 *
 * | state       | edit | delete | publish | end | close | openRound | quote |
 * |-------------|------|--------|---------|-----|-------|-----------|-------|
 * | unpublished | yes  | yes    | yes     | no  | yes   | no        | no    |
 * | published   | no   | no     | yes*    | yes | yes   | no        | yes   |
 * | ended       | no   | no     | no      | no  | yes   | yes**     | no*** |
 * | closed      | no   | no     | no      | no  | no    | no        | no    |
 *
 * \* publishing again adds suppliers or moves the deadline while quoting is open.
 * \*\* asset projects only: open optimisation round 1, then 2.
 * \*\*\* except inside an open optimisation round, for the suppliers invited to it.
 */
export const transitions: Record<StoredStatus, readonly ProjectAction[]> = {
  unpublished: ["edit", "delete", "publish", "close"],
  published: ["publish", "end", "close", "quote"],
  ended: ["close", "openRound"],
  closed: [],
};

export function canDo(p: ProjectTiming, action: ProjectAction, now: Date): boolean {
  return transitions[effectiveStatus(p, now)].includes(action);
}

/** The open optimisation round as of `now`, if any. */
export function openRound(rounds: RoundTiming[], now: Date): RoundTiming | undefined {
  return rounds.find((r) =>
    r.openedAt.getTime() <= now.getTime() && now.getTime() < r.endTime.getTime()
  );
}

/** As displayStatus, and "inQuotation" again while an optimisation round is open. */
export function projectDisplayStatus(
  p: ProjectTiming,
  rounds: RoundTiming[],
  now: Date,
  hasQuotes: boolean,
): DisplayStatus {
  if (effectiveStatus(p, now) === "ended" && openRound(rounds, now)) return "inQuotation";
  return displayStatus(p, now, hasQuotes);
}

export type QuoteRefusal =
  | "quotes.notPublished"
  | "quotes.deadlinePassed"
  | "quotes.ended"
  | "quotes.closed"
  | "quotes.roundNotOpen"
  | "quotes.notInvitedToRound";

/**
 * Whether a supplier's submission for `round` (0 = first quote, 1/2 = optimisation) is accepted now.
 * Answers the refusal's message key, or null when accepted. The deadline instant itself is too late.
 */
export function quoteRefusal(
  p: ProjectTiming,
  rounds: RoundTiming[],
  round: number,
  invitedToRound: boolean,
  now: Date,
): QuoteRefusal | null {
  if (p.status === "closed") return "quotes.closed";
  if (p.status === "unpublished") return "quotes.notPublished";
  if (round === 0) {
    if (effectiveStatus(p, now) === "published") return null;
    // Ended before its deadline: by the buyer, or once every supplier had quoted.
    return p.offerEndTime && now.getTime() < p.offerEndTime.getTime()
      ? "quotes.ended"
      : "quotes.deadlinePassed";
  }
  const r = rounds.find((x) => x.round === round);
  if (!r || now.getTime() < r.openedAt.getTime()) return "quotes.roundNotOpen";
  if (now.getTime() >= r.endTime.getTime()) return "quotes.deadlinePassed";
  return invitedToRound ? null : "quotes.notInvitedToRound";
}

// ---------------------------------------------------------------------------------------------
// Sealed quotes
// ---------------------------------------------------------------------------------------------

export type SealTiming = ProjectTiming & {
  sealedQuotes: boolean;
  evaluation: "price" | "weighted";
  evaluationSignedOffAt: Date | null;
};

/**
 * The second envelope: a project chosen by a weighted evaluation keeps every price sealed, whatever
 * its state, until its person in charge signs the technical evaluation off.
 */
export const awaitsEvaluation = (p: Pick<SealTiming, "evaluation" | "evaluationSignedOffAt">) =>
  p.evaluation === "weighted" && !p.evaluationSignedOffAt;

/**
 * Whether the quotes of `round` are sealed now: on a sealed project the first quotes stay sealed
 * until the first quotation ends (deadline, early end, by hand) or the project is closed, and an
 * optimisation round's quotes until that round's end. Sealed means buyers see who quoted and when,
 * but no file, price or line. A weighted evaluation not signed off yet seals every round.
 */
export function quotesSealed(
  p: SealTiming,
  rounds: RoundTiming[],
  round: number,
  now: Date,
): boolean {
  if (awaitsEvaluation(p)) return true;
  if (!p.sealedQuotes || p.status === "closed") return false;
  if (round === 0) return effectiveStatus(p, now) !== "ended";
  const r = rounds.find((x) => x.round === round);
  return !!r && now.getTime() < r.endTime.getTime();
}

/** When the quotes of `round` unseal by the clock; null when only a person can end it (no deadline). */
export function sealOpensAt(p: SealTiming, rounds: RoundTiming[], round: number): Date | null {
  if (awaitsEvaluation(p)) return null;
  if (round === 0) return quoteClosesAt(p);
  return rounds.find((x) => x.round === round)?.endTime ?? null;
}

/** The default of the sealed-quotes setting for a new project: on for tendering. */
export const sealedByDefault = (offerItemType: string | null | undefined) =>
  offerItemType === "tendering";

/**
 * After a published request pack changes, the suppliers must have at least this long before the
 * deadline to quote again: a revision whose deadline is sooner has to move it.
 */
export const REVISION_NOTICE_MS = 24 * 3600 * 1000;

// ---------------------------------------------------------------------------------------------
// Kinds and the permissions that go with them
// ---------------------------------------------------------------------------------------------

export type ProjectKind = "material" | "asset";
export const projectKinds: readonly ProjectKind[] = ["material", "asset"];

/** Seeing a project (lists, results, attachments, export) needs its kind's search permission. */
export const searchPermissionOf = (kind: ProjectKind): Permission =>
  kind === "asset"
    ? Permissions.AmsOfferProjectManagerSearch
    : Permissions.OfferProjectManagerSearch;

/** Publishing to suppliers needs its kind's publish permission. */
export const publishPermissionOf = (kind: ProjectKind): Permission =>
  kind === "asset"
    ? Permissions.AmsOfferProjectManagerPublish
    : Permissions.OfferProjectManagerPublish;

/** The kinds whose projects a user may see. */
export const visibleKinds = (permissions: ReadonlySet<string>): ProjectKind[] =>
  projectKinds.filter((k) => permissions.has(searchPermissionOf(k)));

/** Whether an exact decimal amount reaches the monthly purchase threshold. */
export function reachesMonthlyThreshold(amount: string | null): boolean {
  if (!amount) return false;
  return BigInt(amount.split(".")[0]) >= BigInt(MONTHLY_PURCHASE_THRESHOLD);
}
