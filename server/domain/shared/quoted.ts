// Who has quoted. Which submission counts: of each supplier in each round, the latest (by
// submission time, then by id for two in the same millisecond); earlier ones are kept as history.
// The staff list of submissions applies the same rule in SQL (isCurrentSql in quotes/buyer.ts) so it
// can filter and page. Projects, quotes and the emails (reminders, "suppliers not quoted") all count
// with these.
import { and, eq } from "drizzle-orm";
import { quotes } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";

type Submission = { supplierId: number; round: number; submittedAt: Date; id: number };

/** The key of a supplier's round: "supplierId:round". */
export const roundKey = (q: { supplierId: number; round: number }) => `${q.supplierId}:${q.round}`;

const later = (a: Submission, b: Submission) =>
  a.submittedAt.getTime() > b.submittedAt.getTime() ||
  (a.submittedAt.getTime() === b.submittedAt.getTime() && a.id > b.id);

/** The submission that counts for each supplier and round, by roundKey. */
export function currentByRound<T extends Submission>(rows: Iterable<T>): Map<string, T> {
  const out = new Map<string, T>();
  for (const q of rows) {
    const k = roundKey(q);
    const held = out.get(k);
    if (!held || later(q, held)) out.set(k, q);
  }
  return out;
}

/** A supplier's decline to quote (first quotation), as its own pages and the buyer's pages show it. */
export type Decline = { at: Date; reason: string; text: string | null };

/** The decline an invitation holds, or null. */
export const declineOf = (inv: {
  declinedAt: Date | null;
  declineReason: string | null;
  declineText: string | null;
}): Decline | null =>
  inv.declinedAt
    ? { at: inv.declinedAt, reason: inv.declineReason ?? "", text: inv.declineText }
    : null;

/**
 * Whether a quote answered an older request pack than the one in force: the buyer revised the pack
 * after it, so the quote is "based on version N" and the supplier may (and is reminded to) quote
 * again.
 */
export const answersOlderPack = (
  quoteVersion: number | null | undefined,
  projectVersion: number | null | undefined,
) => quoteVersion != null && projectVersion != null && quoteVersion < projectVersion;

/**
 * The suppliers that have quoted in a round of a project. In the first round a supplier whose latest
 * quote answered an older request pack has not (it is reminded and counted as yet to quote).
 */
export async function suppliersQuoted(
  db: DbOrTx,
  project: { id: number; packVersion: number | null },
  round: number,
): Promise<Set<number>> {
  const submitted = await db.select({
    id: quotes.id,
    supplierId: quotes.supplierId,
    round: quotes.round,
    submittedAt: quotes.submittedAt,
    packVersion: quotes.packVersion,
  }).from(quotes).where(and(eq(quotes.projectId, project.id), eq(quotes.round, round)));
  // The submission that counts decides.
  return new Set(
    [...currentByRound(submitted).values()]
      .filter((q) => round !== 0 || !answersOlderPack(q.packVersion, project.packVersion))
      .map((q) => q.supplierId),
  );
}
