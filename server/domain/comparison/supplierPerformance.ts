// Supplier performance, read with the comparison matrix (hence here): for each supplier, how often
// it was invited, how often it answered, how often it answered well ahead of the deadline, and its
// average rank among the suppliers who quoted (by price where the comparison matrix ranks priced
// totals, else by the time of the first quote).
import { and, asc, count, eq, gte, inArray, lte, min, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  offerProjects,
  offerProjectSuppliers,
  quoteLines,
  quotes,
  suppliers,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { fieldError, notFound } from "../errors.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { roundsByProject } from "../projects/access.ts";
import { awaitsEvaluation } from "../projects/rules.ts";
import {
  effectiveStatus,
  openRound,
  type ProjectTiming,
  type RoundTiming,
  visibleKinds,
} from "../projects/rules.ts";
import { matrixOf } from "./service.ts";
import type { performanceInput, performanceListInput } from "../suppliers/schemas.ts";
import type {
  PerformanceSummary,
  ProjectOutcome,
  RankBy,
} from "../suppliers/qualificationTypes.ts";

/**
 * A first quote counts as on time when it arrived at least this long before the deadline: before
 * the first deadline reminder (24 hours) would be due. Quotes after the deadline are refused by the
 * server, so "before the deadline" alone would tell nothing beyond the response rate.
 */
const ON_TIME_LEAD_MS = 24 * 3600_000;

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 10_000) / 10_000 : null);

/** The summary of a supplier's project outcomes. Pure: the tests compute the same by hand. */
function summarize(outcomes: ProjectOutcome[]): PerformanceSummary {
  const settled = outcomes.filter((o) => o.quotedAt || o.declined || o.over);
  const quoted = outcomes.filter((o) => o.quotedAt);
  const declined = settled.filter((o) => !o.quotedAt && o.declined);
  const timed = quoted.filter((o) => o.onTime !== null);
  const onTime = timed.filter((o) => o.onTime);
  const ranked = outcomes.filter((o) => o.rank !== null);
  const sum = ranked.reduce((s, o) => s + o.rank!, 0);
  return {
    invitations: outcomes.length,
    settled: settled.length,
    quoted: quoted.length,
    declined: declined.length,
    silent: settled.length - quoted.length - declined.length,
    responseRate: ratio(quoted.length, settled.length),
    timed: timed.length,
    onTime: onTime.length,
    onTimeRate: ratio(onTime.length, timed.length),
    rankedProjects: ranked.length,
    averageRank: ranked.length ? Math.round((sum / ranked.length) * 100) / 100 : null,
  };
}

/** Competition ranking ("1, 1, 3") of `ids` by `key`, smallest first. */
function competitionRanks<T>(
  ids: number[],
  key: (id: number) => T,
  compare: (a: T, b: T) => number,
): Map<number, number> {
  const sorted = [...ids].sort((a, b) => compare(key(a), key(b)));
  const out = new Map<number, number>();
  sorted.forEach((id, i) => {
    const prev = sorted[i - 1];
    out.set(id, prev !== undefined && compare(key(prev), key(id)) === 0 ? out.get(prev)! : i + 1);
  });
  return out;
}

/**
 * Each quoting supplier's rank in a project whose quotation is over. By price when the comparison
 * matrix ranks some supplier's total (priced lines for every line with a yearly usage, each in CNY):
 * the ranked ones keep the matrix's rank, quoting suppliers without a complete priced total share
 * the place after them. Otherwise by the time of the first quote, earliest first.
 */
async function projectRanks(
  db: DbOrTx,
  projectId: number,
  firstQuotes: Map<number, Date>,
  priced: boolean,
): Promise<{ by: RankBy; ranks: Map<number, number> } | null> {
  const quoted = [...firstQuotes.keys()];
  if (!quoted.length) return null;
  const p = priced
    ? await db.query.offerProjects.findFirst({ where: eq(offerProjects.id, projectId) })
    : undefined;
  // A weighted evaluation not signed off yet ranks by time: its prices are still sealed.
  if (p && !awaitsEvaluation(p)) {
    const matrix = await matrixOf(db, p);
    const ranked = matrix.suppliers.filter((c) => c.rank !== null);
    if (ranked.length) {
      const ranks = new Map(ranked.map((c) => [c.id, c.rank!]));
      for (const id of quoted) if (!ranks.has(id)) ranks.set(id, ranked.length + 1);
      return { by: "price", ranks };
    }
  }
  return {
    by: "time",
    ranks: competitionRanks(quoted, (id) => firstQuotes.get(id)!.getTime(), (a, b) => a - b),
  };
}

type Scope = { supplierIds?: number[]; from?: Date; to?: Date };

/** Every invitation in scope with its outcome, per supplier. */
async function outcomes(deps: Deps, scope: Scope): Promise<Map<number, ProjectOutcome[]>> {
  const now = deps.clock.now();
  const where: SQL[] = [];
  if (scope.supplierIds) where.push(inArray(offerProjectSuppliers.supplierId, scope.supplierIds));
  if (scope.from) where.push(gte(offerProjectSuppliers.invitedAt, scope.from));
  if (scope.to) where.push(lte(offerProjectSuppliers.invitedAt, scope.to));
  // Only the columns needed: a year of invitations can be tens of thousands of rows.
  const invited = await deps.db.select({
    ps: {
      supplierId: offerProjectSuppliers.supplierId,
      invitedAt: offerProjectSuppliers.invitedAt,
      declinedAt: offerProjectSuppliers.declinedAt,
    },
    p: {
      id: offerProjects.id,
      code: offerProjects.code,
      name: offerProjects.name,
      kind: offerProjects.kind,
      status: offerProjects.status,
      offerEndTime: offerProjects.offerEndTime,
      allQuotedAt: offerProjects.allQuotedAt,
    },
  }).from(offerProjectSuppliers)
    .innerJoin(offerProjects, eq(offerProjects.id, offerProjectSuppliers.projectId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(offerProjectSuppliers.invitedAt, offerProjects.id);
  const projects = new Map(invited.map(({ p }) => [p.id, p]));
  const projectIds = [...projects.keys()];
  const out = new Map<number, ProjectOutcome[]>();
  if (!projectIds.length) return out;

  // First quotes of every supplier of these projects (ranks need the others too).
  const first = new Map<number, Map<number, Date>>();
  const rounds = new Map<number, RoundTiming[]>();
  const priced = new Set<number>();
  for (let i = 0; i < projectIds.length; i += 500) {
    const ids = projectIds.slice(i, i + 500);
    const rows = await deps.db.select({
      projectId: quotes.projectId,
      supplierId: quotes.supplierId,
      at: min(quotes.submittedAt),
    }).from(quotes).where(and(inArray(quotes.projectId, ids), eq(quotes.round, 0)))
      .groupBy(quotes.projectId, quotes.supplierId);
    for (const r of rows) {
      if (!first.has(r.projectId)) first.set(r.projectId, new Map());
      first.get(r.projectId)!.set(r.supplierId, r.at!);
    }
    for (const [id, list] of await roundsByProject(deps.db, ids)) rounds.set(id, list);
    const withLines = await deps.db.selectDistinct({ projectId: quotes.projectId }).from(quoteLines)
      .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
      .where(inArray(quotes.projectId, ids));
    for (const r of withLines) priced.add(r.projectId);
  }

  const ranksOf = new Map<number, Awaited<ReturnType<typeof projectRanks>>>();
  const isOver = (p: ProjectTiming & { id: number }) => {
    const s = effectiveStatus(p, now);
    return (s === "ended" || s === "closed") && !openRound(rounds.get(p.id) ?? [], now);
  };
  for (const p of projects.values()) {
    // Ranks only once the quotation is over: final, and nothing sealed is compared.
    if (!isOver(p)) continue;
    ranksOf.set(
      p.id,
      await projectRanks(deps.db, p.id, first.get(p.id) ?? new Map(), priced.has(p.id)),
    );
  }

  for (const { ps, p } of invited) {
    const quotedAt = first.get(p.id)?.get(ps.supplierId) ?? null;
    const r = ranksOf.get(p.id);
    const rank = quotedAt && r ? r.ranks.get(ps.supplierId) ?? null : null;
    const o: ProjectOutcome = {
      projectId: p.id,
      code: p.code,
      name: p.name,
      kind: p.kind,
      invitedAt: ps.invitedAt,
      deadline: p.offerEndTime,
      over: isOver(p),
      quotedAt,
      declined: ps.declinedAt != null,
      onTime: quotedAt && p.offerEndTime
        ? quotedAt.getTime() <= p.offerEndTime.getTime() - ON_TIME_LEAD_MS
        : null,
      rank,
      rankOf: rank !== null ? first.get(p.id)!.size : null,
      rankBy: rank !== null ? r!.by : null,
    };
    if (!out.has(ps.supplierId)) out.set(ps.supplierId, []);
    out.get(ps.supplierId)!.push(o);
  }
  return out;
}

/** Invitations and quotes per month (UTC+8) of the invitation, oldest first, for the chart. */
function monthly(list: ProjectOutcome[]) {
  const months = new Map<string, { month: string; invitations: number; quoted: number }>();
  for (const o of list) {
    const month = dateInUtc8(o.invitedAt).slice(0, 7);
    const m = months.get(month) ?? { month, invitations: 0, quoted: 0 };
    m.invitations++;
    if (o.quotedAt) m.quoted++;
    months.set(month, m);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

function checkRange(from?: Date, to?: Date) {
  if (from && to && from.getTime() > to.getTime()) throw fieldError("to", "performance.badRange");
}

/**
 * Get: one supplier's summary, each invitation's outcome, and the months. The numbers count every
 * project; the list names only projects of the kinds the actor may see.
 */
export async function supplierPerformance(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof performanceInput>,
) {
  checkRange(input.from, input.to);
  const s = await deps.db.query.suppliers.findFirst({ where: eq(suppliers.id, input.supplierId) });
  if (!s) throw notFound("supplier", input.supplierId);
  const list = (await outcomes(deps, { supplierIds: [s.id], from: input.from, to: input.to }))
    .get(s.id) ?? [];
  return {
    supplier: { id: s.id, code: s.code, abbrName: s.abbrName, fullName: s.fullName },
    summary: summarize(list),
    projects: [...list].reverse().filter((o) => visibleKinds(actor.permissions).includes(o.kind)),
    months: monthly(list),
  };
}

/** A month as the dashboard's period counts it: 365 / 12 days. */
const MONTH_MS = (365 / 12) * 86_400_000;

const sortKeys = ["invitations", "responseRate", "onTimeRate", "averageRank", "code"] as const;

/** GetAll: every supplier invited in the period with its summary, sorted and paged. */
export async function listPerformance(deps: Deps, input: z.infer<typeof performanceListInput>) {
  const from = input.months
    ? new Date(deps.clock.now().getTime() - input.months * MONTH_MS)
    : input.from;
  checkRange(from, input.to);
  const [field = "invitations", dir = "desc"] = (input.sorting ?? "").trim().split(/\s+/)
    .filter(Boolean);
  const key = sortKeys.find((k) => k.toLowerCase() === field.toLowerCase());
  if (!key || !/^(asc|desc)$/i.test(dir)) {
    throw fieldError("sorting", "errors.badSorting", { value: input.sorting ?? "" });
  }
  const desc = dir.toLowerCase() === "desc";
  const inPeriod = and(
    from ? gte(offerProjectSuppliers.invitedAt, from) : undefined,
    input.to ? lte(offerProjectSuppliers.invitedAt, input.to) : undefined,
  );
  const invitations = count(offerProjectSuppliers.id);
  const supplierColumns = {
    id: suppliers.id,
    code: suppliers.code,
    abbrName: suppliers.abbrName,
    fullName: suppliers.fullName,
  };
  const summaries = async (
    rows: { id: number; code: string; abbrName: string; fullName: string }[],
  ) => {
    const all = await outcomes(deps, { supplierIds: rows.map((r) => r.id), from, to: input.to });
    return rows.map((s) => ({ ...s, ...summarize(all.get(s.id) ?? []) }));
  };

  if (key === "invitations" || key === "code") {
    // Sorted and paged by the database; only the page's suppliers are worked out (the dashboard).
    const [{ total }] = await deps.db.select({
      total: sql<number>`count(distinct ${offerProjectSuppliers.supplierId})`,
    }).from(offerProjectSuppliers).where(inPeriod);
    const page = await deps.db.select(supplierColumns).from(offerProjectSuppliers)
      .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
      .where(inPeriod)
      .groupBy(suppliers.id)
      .orderBy(
        ...(key === "invitations"
          ? [desc ? sql`${invitations} desc` : sql`${invitations} asc`, asc(suppliers.code)]
          : [desc ? sql`${suppliers.code} desc` : asc(suppliers.code)]),
      )
      .limit(input.maxResultCount).offset(input.skipCount);
    return { items: await summaries(page), totalCount: Number(total) };
  }

  // By a rate or the rank: every supplier invited in the period is worked out, then sorted.
  const everyone = await deps.db.selectDistinct(supplierColumns).from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(inPeriod);
  const items = await summaries(everyone);
  const sign = desc ? -1 : 1;
  items.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    // Suppliers without a value go last whichever way the list is sorted.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return ((x as number) - (y as number)) * sign || a.code.localeCompare(b.code);
  });
  return {
    items: items.slice(input.skipCount, input.skipCount + input.maxResultCount),
    totalCount: items.length,
  };
}
