// The buyer's cost terms on a project's suppliers (freight, duty, payment-term financing, a one-off
// qualification or switching cost, another named term): added, changed and removed by staff who may
// award the project, each change written to the audit log; refused once the project is closed.
// Suppliers never see them: nothing of the supplier portal reads this table. The matrix's total-cost
// view (totalCost.ts) counts them.
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { costTerms, type offerProjects } from "../../../db/schema.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import { serializeParameters, writeAuditLog } from "../audit/service.ts";
import { assertMayPublish, loadProject, projectForActor } from "../projects/access.ts";
import { activeCodes } from "../dictionary/service.ts";
import { BASE_CURRENCY, commercialOptions, CURRENCY, ratesOf } from "../dictionary/commercial.ts";
import { cmp, dec, normalize } from "../shared/decimal.ts";
import { quotableItems } from "../quotes/lines.ts";
import { invitedSuppliers, type ProjectMatrix, projectMatrix } from "./service.ts";
import { type CostTerm, type MatrixView, withTotalCost } from "./totalCost.ts";
import { awardedTotalCost, figuresOf, snapshotTotalCostOf } from "../shared/awardTotals.ts";
import type { MatrixSnapshot } from "./approvalRules.ts";
import {
  type costTermIdInput,
  createCostTermInput,
  updateCostTermInput,
} from "./costTermSchemas.ts";

type ProjectRow = typeof offerProjects.$inferSelect;
type TermRow = typeof costTerms.$inferSelect;
type Meta = { via?: "http" | "cli"; clientIp?: string | null; browserInfo?: string | null };

const termOf = (r: TermRow): CostTerm => ({
  id: r.id,
  supplierId: r.supplierId,
  itemId: r.itemId,
  kind: r.kind,
  name: r.name,
  basis: r.basis,
  value: r.value,
  currency: r.currency,
});
const dtoOf = (r: TermRow) => ({
  ...termOf(r),
  createdAt: r.createdAt,
  createdBy: r.createdBy,
  updatedAt: r.updatedAt,
});

/** The cost terms of a project, by supplier and then as added. */
async function termsOfProject(db: DbOrTx, projectId: number): Promise<CostTerm[]> {
  const rows = await db.select().from(costTerms).where(eq(costTerms.projectId, projectId))
    .orderBy(asc(costTerms.supplierId), asc(costTerms.id));
  return rows.map(termOf);
}

/** GetCostTerms: a project's terms, for staff who may see the project. */
export async function listCostTerms(deps: Deps, actor: Actor, projectId: number) {
  const p = await projectForActor(deps, actor, projectId);
  const rows = await deps.db.select().from(costTerms).where(eq(costTerms.projectId, p.id))
    .orderBy(asc(costTerms.supplierId), asc(costTerms.id));
  const currencies = await commercialOptions(deps.db, CURRENCY);
  return { items: rows.map(dtoOf), totalCount: rows.length, currencies };
}

type TermFields = Omit<z.output<typeof updateCostTermInput>, "id">;

/** The rules of a term's fields that need the project: each failure names its field. */
async function checkTerm(tx: DbOrTx, p: ProjectRow, supplierId: number, t: TermFields) {
  if (p.status === "closed") throw conflict("costs.closed");
  const invited = await invitedSuppliers(tx, p.id);
  if (!invited.some((s) => s.id === supplierId)) {
    throw fieldError("supplierId", "costs.notInvited", { id: supplierId });
  }
  if (t.itemId !== null && !(await quotableItems(tx, p.id)).some((i) => i.id === t.itemId)) {
    throw fieldError("itemId", "costs.unknownItem", { id: t.itemId });
  }
  if (t.kind === "other" && !t.name) throw fieldError("name", "costs.nameRequired");
  if (t.kind === "financing" && t.basis !== "percent") {
    throw fieldError("basis", "costs.financingPercent");
  }
  const value = dec(t.value);
  if (t.basis === "percent" && cmp(value, dec(t.kind === "financing" ? 100 : 1000)) > 0) {
    throw fieldError("value", "costs.percentTooHigh");
  }
  if (t.basis === "amount") {
    if (!t.currency) throw fieldError("currency", "costs.currencyRequired");
    if (t.currency !== BASE_CURRENCY && !(await activeCodes(tx, CURRENCY, t.currency)).length) {
      throw fieldError("currency", "costs.unknownCurrency", { code: t.currency });
    }
  }
  return {
    itemId: t.itemId,
    kind: t.kind,
    name: t.name,
    basis: t.basis,
    value: normalize(value),
    currency: t.basis === "amount" ? t.currency : null,
  };
}

async function audit(
  deps: Deps,
  actor: Actor,
  action: "Create" | "Update" | "Delete",
  p: ProjectRow,
  term: { before?: CostTerm; after?: CostTerm },
  meta: Meta,
) {
  await writeAuditLog(deps.db, {
    userId: actor.id || null,
    userName: actor.userName,
    serviceName: "CostTerms",
    methodName: action,
    httpMethod: meta.via === "cli" ? "CLI" : action === "Delete" ? "DELETE" : "POST",
    path: `projects/${p.id}/cost-terms/${(term.after ?? term.before)!.id}`,
    parameters: serializeParameters({ projectId: p.id, projectCode: p.code, ...term }),
    executionTime: deps.clock.now(),
    executionDuration: 0,
    clientIp: meta.clientIp ?? null,
    browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
    httpStatus: 200,
    exception: null,
  });
}

/** The project of a change, for an actor who may award it. */
async function projectToChange(actor: Actor, db: DbOrTx, projectId: number) {
  const p = await loadProject(db, projectId);
  assertMayPublish(actor, p.kind);
  return p;
}

async function termById(db: DbOrTx, id: number): Promise<TermRow> {
  const row = await db.query.costTerms.findFirst({ where: eq(costTerms.id, id) });
  if (!row) throw notFound("costTerm", id);
  return row;
}

export async function createCostTerm(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createCostTermInput>,
  meta: Meta = {},
) {
  const input = createCostTermInput.parse(raw);
  const { p, row } = await transaction(deps.db, async (tx) => {
    const p = await projectToChange(actor, tx, input.offProId);
    const fields = await checkTerm(tx, p, input.supplierId, input);
    const [row] = await tx.insert(costTerms).values({
      projectId: p.id,
      supplierId: input.supplierId,
      ...fields,
      createdBy: actor.id || null,
      createdAt: deps.clock.now(),
    }).returning();
    return { p, row };
  });
  await audit(deps, actor, "Create", p, { after: termOf(row) }, meta);
  return dtoOf(row);
}

export async function updateCostTerm(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateCostTermInput>,
  meta: Meta = {},
) {
  const input = updateCostTermInput.parse(raw);
  const { p, before, row } = await transaction(deps.db, async (tx) => {
    const before = await termById(tx, input.id);
    const p = await projectToChange(actor, tx, before.projectId);
    const fields = await checkTerm(tx, p, before.supplierId, input);
    const [row] = await tx.update(costTerms).set({ ...fields, updatedAt: deps.clock.now() })
      .where(eq(costTerms.id, before.id)).returning();
    return { p, before, row };
  });
  await audit(deps, actor, "Update", p, { before: termOf(before), after: termOf(row) }, meta);
  return dtoOf(row);
}

export async function deleteCostTerm(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof costTermIdInput>,
  meta: Meta = {},
) {
  const { p, before } = await transaction(deps.db, async (tx) => {
    const before = await termById(tx, input.id);
    const p = await projectToChange(actor, tx, before.projectId);
    if (p.status === "closed") throw conflict("costs.closed");
    await tx.delete(costTerms).where(
      and(eq(costTerms.id, before.id), eq(costTerms.projectId, p.id)),
    );
    return { p, before };
  });
  await audit(deps, actor, "Delete", p, { before: termOf(before) }, meta);
}

/** The rates the terms of a project need (their currencies up to the latest quote's day). */
async function termRates(db: DbOrTx, terms: CostTerm[]) {
  const currencies = [...new Set(terms.flatMap((t) => (t.currency ? [t.currency] : [])))];
  return await ratesOf(db, currencies, "9999-12-31");
}

/**
 * GetComparisonMatrix: the matrix (sealed as service.ts says) with its total-cost figures; with
 * view "total" its lowest marks and ranks follow the total cost.
 */
export async function matrixInView(
  deps: Deps,
  actor: Actor,
  projectId: number,
  view: MatrixView,
  how: "view" | "export" = "view",
) {
  const m = await projectMatrix(deps, actor, projectId, how);
  const terms = await termsOfProject(deps.db, projectId);
  return { ...m, ...withTotalCost(m, terms, await termRates(deps.db, terms), view) };
}

/** The total-cost figures a proposal's snapshot keeps (approvalRules.ts). */
export async function snapshotTotalCost(db: DbOrTx, m: ProjectMatrix) {
  const terms = await termsOfProject(db, m.project.id);
  const { totalCost } = withTotalCost(m, terms, await termRates(db, terms), "price");
  return {
    lineTotals: totalCost.rows.map((r) => r.cells.map((c) => c.totalAmount)),
    lumpSums: totalCost.suppliers.map((s) => s.lumpSum),
  };
}

/**
 * The savings' total-cost figures (their price basis stays): the lowest total cost among the
 * suppliers, and the award's total cost (as its proposal kept it, else with today's terms) when the
 * award covers every line with a yearly usage.
 */
export async function savingsTotalCost(
  db: DbOrTx,
  m: ProjectMatrix,
  snapshot: MatrixSnapshot | null,
): Promise<{ bestTotalCost: string | null; awardedTotalCost: string | null }> {
  const terms = await termsOfProject(db, m.project.id);
  const { totalCost } = withTotalCost(m, terms, await termRates(db, terms), "price");
  const best = totalCost.suppliers.map((s) => s.total).filter((v) => v !== null)
    .reduce<string | null>((lo, v) => (lo === null || cmp(dec(v!), dec(lo)) < 0 ? v : lo), null);
  const counted = m.rows.filter((r) => r.inTotals).map((r) => r.item.id);
  const lines = (m.award?.lines ?? []).filter((l) => counted.includes(l.itemId))
    .map((l) => ({ itemId: l.itemId, supplierId: l.supplierId }));
  const awarded = !m.award || !counted.length || lines.length < counted.length
    ? null
    : snapshot?.totalCost
    ? snapshotTotalCostOf(snapshot, lines)
    : awardedTotalCost(figuresOf(totalCost), lines);
  return { bestTotalCost: best, awardedTotalCost: awarded };
}

/** The matrix as GetComparisonMatrix answers it. */
export type MatrixInView = Awaited<ReturnType<typeof matrixInView>>;
export type CostTermDto = ReturnType<typeof dtoOf>;
