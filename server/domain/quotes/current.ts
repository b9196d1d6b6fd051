// Which submission counts: of each supplier in each round, the latest (by submission time, then by
// id for two in the same millisecond). Earlier ones are kept as history. The staff list of
// submissions applies the same rule in SQL (isCurrentSql in buyer.ts) so it can filter and page.

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
