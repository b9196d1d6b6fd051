// The buyer's comparison of a project's quotes (the matrix, read from the database) and the award:
// the chosen supplier for the whole project or per line, with a reason, mailed to the suppliers
// awarded through the outbox. The latest award of a project is in force; earlier ones are kept.
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
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
import { conflict, fieldError, forbidden, notFound } from "../errors.ts";
import { projectForActor, roundsOf } from "../projects/access.ts";
import {
  effectiveStatus,
  openRound,
  publishPermissionOf,
  searchPermissionOf,
} from "../projects/rules.ts";
import { currentQuotes } from "../quotes/submit.ts";
import { assertQuotesReadable, recordQuoteOpens } from "../quotes/sealed.ts";
import { linesOfQuotes, quotableItems } from "../quotes/lines.ts";
import { ratesOf } from "../dictionary/commercial.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { enqueue } from "../email/outbox.ts";
import { buildMatrix, type Matrix, type MatrixQuote } from "./matrix.ts";
import { awardInput } from "./schemas.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

async function invitedSuppliers(db: DbOrTx, projectId: number) {
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

/** The current quote of each supplier and round, with its priced lines and its date in UTC+8. */
async function matrixQuotes(db: DbOrTx, projectId: number): Promise<MatrixQuote[]> {
  const current = await currentQuotes(db, projectId);
  const lines = await linesOfQuotes(db, current.map((q) => q.quoteId));
  return current.map((q) => ({
    supplierId: q.supplierId,
    round: q.round,
    quoteId: q.quoteId,
    submittedAt: q.submittedAt,
    date: dateInUtc8(q.submittedAt),
    lines: lines.get(q.quoteId) ?? [],
  }));
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
  lines: { itemId: number; itemName: string; supplierId: number; supplierAbbr: string }[];
  /** The suppliers awarded, by abbreviation, in code order. */
  supplierNames: string[];
};

/** The award in force for a project, or null. */
async function currentAward(db: DbOrTx, projectId: number): Promise<AwardDto | null> {
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
    ? items.map((i) => ({ itemId: i.id, supplierId: a.a.supplierId! }))
    : await db.select({ itemId: awardLines.itemId, supplierId: awardLines.supplierId })
      .from(awardLines).where(eq(awardLines.awardId, a.a.id));
  const lines = items.filter((i) => rows.some((r) => r.itemId === i.id)).map((i) => {
    const supplierId = rows.find((r) => r.itemId === i.id)!.supplierId;
    return { itemId: i.id, itemName: i.itemName, supplierId, supplierAbbr: abbr(supplierId) };
  });
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
  const matrix = await matrixOf(deps.db, p);
  const shown = await currentQuotes(deps.db, p.id);
  await recordQuoteOpens(deps, actor, shown.map((q) => ({ quoteId: q.quoteId, how })));
  return matrix;
}

/** The matrix of a project, without a permission check (performance ranks, integrity signals). */
export async function matrixOf(db: DbOrTx, p: ProjectRow): Promise<ProjectMatrix> {
  const items = await quotableItems(db, p.id);
  const quotes = await matrixQuotes(db, p.id);
  const currencies = [...new Set(quotes.flatMap((q) => q.lines.map((l) => l.currency)))];
  const lastDate = quotes.reduce((m, q) => (q.date > m ? q.date : m), "0000-00-00");
  const award = await currentAward(db, p.id);
  const matrix = buildMatrix({
    items: items.map((i) => ({
      id: i.id,
      materialCode: i.materialCode,
      itemName: i.itemName,
      unit: i.unit,
      estimateYearAmount: i.estimateYearAmount,
    })),
    suppliers: await invitedSuppliers(db, p.id),
    quotes,
    rates: await ratesOf(db, currencies, lastDate),
    awarded: new Map(award?.lines.map((l) => [l.itemId, l.supplierId]) ?? []),
  });
  return {
    project: { id: p.id, code: p.code, name: p.name, kind: p.kind, linesRequired: p.linesRequired },
    award,
    ...matrix,
  };
}

// ---------------------------------------------------------------------------------------------
// Award
// ---------------------------------------------------------------------------------------------

/**
 * AwardOfferProject: once quoting has ended (and no optimisation round is open), the buyer with the
 * project's publish permission records the supplier chosen for the whole project or for chosen
 * lines, with a reason. Only suppliers that quoted can be chosen, and not for a line their latest
 * priced quote leaves out. A new award replaces the one in force (which is kept), and the suppliers
 * awarded are mailed in the same transaction.
 */
export async function awardProject(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof awardInput>,
): Promise<AwardDto> {
  const input = awardInput.parse(raw);
  const awardId = await deps.db.transaction(async (tx) => {
    const p = await tx.query.offerProjects.findFirst({
      where: eq(offerProjects.id, input.offProId),
    });
    if (!p) throw notFound("project", input.offProId);
    if (actor.kind !== "staff" || !actor.permissions.has(searchPermissionOf(p.kind))) {
      throw forbidden();
    }
    if (!actor.permissions.has(publishPermissionOf(p.kind))) {
      throw forbidden("projects.noPublishPermission");
    }
    const now = deps.clock.now();
    if (p.status === "closed") throw conflict("award.closed");
    const rounds = await roundsOf(tx, [p.id]);
    if (effectiveStatus(p, now) !== "ended" || openRound(rounds, now)) {
      throw conflict("award.notEnded");
    }
    const items = await quotableItems(tx, p.id);
    const quotes = await matrixQuotes(tx, p.id);
    const invited = await invitedSuppliers(tx, p.id);
    const latest = (supplierId: number) =>
      quotes.filter((q) => q.supplierId === supplierId).sort((a, b) => b.round - a.round)[0];
    const checkSupplier = (supplierId: number, member: string) => {
      const s = invited.find((x) => x.id === supplierId);
      if (!s) throw fieldError(member, "award.notInvited", { id: supplierId });
      if (!latest(supplierId)) throw fieldError(member, "award.notQuoted", { code: s.code });
      return s;
    };
    let chosen: { itemId: number; supplierId: number }[] = [];
    if (input.scope === "project") {
      if (!input.supplierId) throw fieldError("supplierId", "award.chooseSupplier");
      checkSupplier(input.supplierId, "supplierId");
    } else {
      if (!input.lines.length) throw fieldError("lines", "award.chooseLines");
      const seen = new Set<number>();
      input.lines.forEach((l, i) => {
        const item = items.find((x) => x.id === l.itemId);
        if (!item) throw fieldError(`lines.${i}.itemId`, "award.unknownItem", { id: l.itemId });
        if (seen.has(l.itemId)) {
          throw fieldError(`lines.${i}.itemId`, "award.duplicateItem", { item: item.itemName });
        }
        seen.add(l.itemId);
        const s = checkSupplier(l.supplierId, `lines.${i}.supplierId`);
        const q = latest(l.supplierId);
        if (q.lines.length && !q.lines.some((x) => x.itemId === l.itemId)) {
          throw fieldError(`lines.${i}.supplierId`, "award.lineNotQuoted", {
            code: s.code,
            item: item.itemName,
          });
        }
      });
      chosen = input.lines;
    }
    const before = await awardedSuppliers(tx, p.id);
    await tx.update(awards).set({ supersededAt: now })
      .where(and(eq(awards.projectId, p.id), isNull(awards.supersededAt)));
    const [row] = await tx.insert(awards).values({
      projectId: p.id,
      scope: input.scope,
      supplierId: input.scope === "project" ? input.supplierId : null,
      reason: input.reason,
      awardedAt: now,
      awardedBy: actor.id,
    }).returning({ id: awards.id });
    if (chosen.length) {
      await tx.insert(awardLines).values(chosen.map((c) => ({ awardId: row.id, ...c })));
    }
    const given = input.scope === "project"
      ? items.map((i) => ({ supplierId: input.supplierId!, itemName: i.itemName }))
      : items.filter((i) => chosen.some((c) => c.itemId === i.id)).map((i) => ({
        supplierId: chosen.find((c) => c.itemId === i.id)!.supplierId,
        itemName: i.itemName,
      }));
    await enqueue(tx, deps, {
      kind: "awarded",
      projectId: p.id,
      awardId: row.id,
      reason: input.reason,
      supplierIds: input.scope === "project"
        ? [input.supplierId!]
        : [...new Set(chosen.map((c) => c.supplierId))],
      projectWide: input.scope === "project",
      items: given,
    });
    const awardedNow = new Set(given.map((g) => g.supplierId));
    const withdrawn = [...before].filter((id) => !awardedNow.has(id));
    if (withdrawn.length) {
      await enqueue(tx, deps, {
        kind: "awardWithdrawn",
        projectId: p.id,
        awardId: row.id,
        supplierIds: withdrawn,
      });
    }
    return row.id;
  });
  const award = await currentAward(deps.db, input.offProId);
  if (!award || award.id !== awardId) throw conflict("award.changed");
  return award;
}

/** The suppliers the award in force of a project names (none without an award). */
async function awardedSuppliers(db: DbOrTx, projectId: number): Promise<Set<number>> {
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
