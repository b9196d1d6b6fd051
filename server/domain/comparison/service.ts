// The buyer's comparison of a project's quotes (the matrix, read from the database) and the award
// in force: the chosen supplier for the whole project or per line, with a reason (award.ts records
// it). The latest award of a project is in force; earlier ones are kept.
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  awardLines,
  awards,
  offerProjects,
  offerProjectSuppliers,
  suppliers,
  users,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { projectForActor } from "../projects/access.ts";
import { currentQuotes } from "../quotes/submit.ts";
import { assertQuotesReadable, recordQuoteOpens } from "../quotes/sealed.ts";
import { linesOfQuotes, quotableItems } from "../quotes/lines.ts";
import { commercialNames, PAYMENT_METHOD, ratesOf, TRADE_TERMS } from "../dictionary/commercial.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { buildMatrix, type Matrix, type MatrixQuote } from "./matrix.ts";
import { auctionRound } from "./auctionRound.ts";
import { acceptedOf } from "./acceptedRead.ts";

/** The award's day (today without one) and the lines awarded to an alternative. */
async function awardFacts(db: DbOrTx, award: AwardDto | null, now?: Date) {
  const alt = award
    ? await db.select({ itemId: awardLines.itemId }).from(awardLines)
      .where(and(eq(awardLines.awardId, award.id), eq(awardLines.alternative, true)))
    : [];
  return {
    awardDay: award || now ? dateInUtc8(award?.awardedAt ?? now!) : undefined,
    awardedAlternatives: new Set(alt.map((r) => r.itemId)),
  };
}

type ProjectRow = typeof offerProjects.$inferSelect;

export async function invitedSuppliers(db: DbOrTx, projectId: number) {
  return await db.select({
    id: suppliers.id,
    code: suppliers.code,
    abbrName: suppliers.abbrName,
    fullName: suppliers.fullName,
  }).from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(eq(offerProjectSuppliers.projectId, projectId))
    .orderBy(asc(suppliers.code));
}

/**
 * The current quote of each supplier and round, with its priced lines and its date in UTC+8; once
 * the project's reverse auction has ended (by `now` too, if given), its final bids as the last
 * round (auctionRound.ts).
 */
export async function matrixQuotes(
  db: DbOrTx,
  projectId: number,
  now?: Date,
): Promise<MatrixQuote[]> {
  const current = await currentQuotes(db, projectId);
  const lines = await linesOfQuotes(db, current.map((q) => q.quoteId));
  const quotes = current.map((q) => ({
    supplierId: q.supplierId,
    round: q.round,
    quoteId: q.quoteId,
    submittedAt: q.submittedAt,
    date: dateInUtc8(q.submittedAt),
    lines: lines.get(q.quoteId) ?? [],
  }));
  const items = await quotableItems(db, projectId);
  return [...quotes, ...await auctionRound(db, projectId, quotes, items, now)];
}

export type AwardDto = {
  id: number;
  scope: "project" | "lines";
  supplierId: number | null;
  reason: string;
  awardedAt: Date;
  awardedBy: number | null;
  awardedByName: string | null;
  /** Every awarded line (for a whole-project award: each item to that supplier). */
  lines: {
    itemId: number;
    itemName: string;
    supplierId: number;
    supplierAbbr: string;
    /** A line split between suppliers: this one's quantity; null for the whole line. */
    quantity: string | null;
  }[];
  /** The suppliers awarded, by abbreviation, in code order. */
  supplierNames: string[];
};

/** The award in force for a project, or null. */
export async function currentAward(db: DbOrTx, projectId: number): Promise<AwardDto | null> {
  const [a] = await db.select({ a: awards, by: users.name }).from(awards)
    .leftJoin(users, eq(users.id, awards.awardedBy))
    .where(and(eq(awards.projectId, projectId), isNull(awards.supersededAt)))
    .orderBy(desc(awards.id)).limit(1);
  if (!a) return null;
  const items = await quotableItems(db, projectId);
  const named = await db.select({
    id: suppliers.id,
    code: suppliers.code,
    abbr: suppliers.abbrName,
  })
    .from(suppliers).where(
      inArray(
        suppliers.id,
        a.a.scope === "project"
          ? [a.a.supplierId!]
          : (await db.select({ s: awardLines.supplierId }).from(awardLines)
            .where(eq(awardLines.awardId, a.a.id))).map((r) => r.s),
      ),
    );
  const abbr = (id: number) => named.find((s) => s.id === id)?.abbr ?? "";
  const rows = a.a.scope === "project"
    ? items.map((i) => ({ itemId: i.id, supplierId: a.a.supplierId!, quantity: null }))
    : await db.select({
      itemId: awardLines.itemId,
      supplierId: awardLines.supplierId,
      quantity: awardLines.quantity,
    }).from(awardLines).where(eq(awardLines.awardId, a.a.id));
  const lines = items.flatMap((i) =>
    rows.filter((r) => r.itemId === i.id).map((r) => ({
      itemId: i.id,
      itemName: i.itemName,
      supplierId: r.supplierId,
      supplierAbbr: abbr(r.supplierId),
      quantity: r.quantity,
    }))
  );
  return {
    id: a.a.id,
    scope: a.a.scope,
    supplierId: a.a.supplierId,
    reason: a.a.reason,
    awardedAt: a.a.awardedAt,
    awardedBy: a.a.awardedBy,
    awardedByName: a.by,
    lines,
    supplierNames: [...named].sort((x, y) => x.code.localeCompare(y.code)).map((s) => s.abbr),
  };
}

export type ProjectMatrix = Matrix & {
  project: { id: number; code: string; name: string; kind: string; linesRequired: boolean };
  award: AwardDto | null;
};

/**
 * GetComparisonMatrix: the matrix of a project the actor may see — refused (403) while its quotes
 * are sealed; once open, each quote shown is written to the audit log.
 */
export async function projectMatrix(
  deps: Deps,
  actor: Actor,
  projectId: number,
  how: "view" | "export" = "view",
): Promise<ProjectMatrix> {
  const p = await projectForActor(deps, actor, projectId);
  await assertQuotesReadable(deps, p);
  // An auction the clock has ended is the last round at once, before the job writes its end.
  const matrix = await matrixOf(deps.db, p, deps.clock.now());
  const shown = await currentQuotes(deps.db, p.id);
  await recordQuoteOpens(deps, actor, shown.map((q) => ({ quoteId: q.quoteId, how })));
  return matrix;
}

/**
 * The matrix of these quotes of a project: its line items in the current request pack, its invited
 * suppliers, the rates in force on the quotes' days; `awarded` marks the award's cells.
 */
export async function matrixOfQuotes(
  db: DbOrTx,
  projectId: number,
  quotes: MatrixQuote[],
  awarded = new Map<number, number>(),
  more: { awardDay?: string; awardedAlternatives?: Set<number> } = {},
) {
  const items = await quotableItems(db, projectId);
  const currencies = [...new Set(quotes.flatMap((q) => q.lines.map((l) => l.currency)))];
  const lastDate = quotes.reduce((m, q) => (q.date > m ? q.date : m), "0000-00-00");
  return buildMatrix({
    items: items.map((i) => ({
      id: i.id,
      materialCode: i.materialCode,
      itemName: i.itemName,
      unit: i.unit,
      estimateYearAmount: i.estimateYearAmount,
    })),
    suppliers: await invitedSuppliers(db, projectId),
    quotes,
    rates: await ratesOf(db, currencies, lastDate),
    awarded,
    accepted: await acceptedOf(db, projectId),
    ...more,
    codeNames: {
      tradeTerms: await commercialNames(db, TRADE_TERMS),
      paymentMethods: await commercialNames(db, PAYMENT_METHOD),
    },
  });
}

/**
 * The matrix of a project, without a permission check (performance ranks, integrity signals); given
 * `now`, with the final bids of an auction the clock has ended before its end is written.
 */
export async function matrixOf(db: DbOrTx, p: ProjectRow, now?: Date): Promise<ProjectMatrix> {
  const award = await currentAward(db, p.id);
  const matrix = await matrixOfQuotes(
    db,
    p.id,
    await matrixQuotes(db, p.id, now),
    new Map(award?.lines.map((l) => [l.itemId, l.supplierId]) ?? []),
    await awardFacts(db, award, now),
  );
  return {
    project: { id: p.id, code: p.code, name: p.name, kind: p.kind, linesRequired: p.linesRequired },
    award,
    ...matrix,
  };
}

/** The suppliers the award in force of a project names (none without an award). */
export async function awardedSuppliers(db: DbOrTx, projectId: number): Promise<Set<number>> {
  const award = await currentAward(db, projectId);
  if (!award) return new Set();
  return new Set(
    award.scope === "project" ? [award.supplierId!] : award.lines.map((l) => l.supplierId),
  );
}

/** GetAward: the award in force (null when none), for a project the actor may see. */
export async function getAward(deps: Deps, actor: Actor, projectId: number) {
  const p = await projectForActor(deps, actor, projectId);
  return await currentAward(deps.db, p.id);
}
