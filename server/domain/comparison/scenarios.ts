// Award scenarios of a project: named sets of rules the buyer saves on the result page's matrix,
// each solved on the matrix in force (scenarioModel.ts) and shown with its total, its difference
// from the unconstrained lowest, each line's suppliers and shares, and which rules bind or cannot
// be met. Awarding from one proposes its lines (split lines by quantity) through the award and its
// approval rules (award.ts). Only once quoting has ended, for staff with the project's award
// (publish) permission.
import { and, asc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { awardScenarios, offerProjects } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, DomainError, fieldError, forbidden, notFound } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { publishPermissionOf, searchPermissionOf } from "../projects/rules.ts";
import { assertQuotesReadable } from "../quotes/sealed.ts";
import { dec, div, isZero, mul, sub, toFixed } from "../shared/decimal.ts";
import { assertAwardable, type AwardOutcome, proposeAward } from "./award.ts";
import type { Matrix } from "./matrix.ts";
import { matrixOf } from "./service.ts";
import {
  type CostTable,
  evaluate,
  type Evaluation,
  type RuleRef,
  type ScenarioRules,
  unconstrainedTotal,
} from "./scenarioModel.ts";
import {
  awardScenarioInput,
  createScenarioInput,
  scenarioDto,
  scenarioRules,
  updateScenarioInput,
} from "./scenarioSchemas.ts";

type ProjectRow = typeof offerProjects.$inferSelect;
type ScenarioRow = typeof awardScenarios.$inferSelect;
export type ScenarioDto = z.output<typeof scenarioDto>;
type View = "price" | "total";

/**
 * The price view's cost table: each line with a planned quantity, each supplier's unit price in
 * CNY where it priced the line (the matrix's cells). A total-cost table has the same shape.
 */
export function priceTable(m: Matrix): CostTable {
  return {
    supplierIds: m.suppliers.map((s) => s.id),
    lines: m.rows.filter((r) => r.inTotals && r.cells.some((c) => c.cny !== null)).map((r) => ({
      itemId: r.item.id,
      quantity: r.item.estimateYearAmount!,
      unitCost: r.cells.map((c) => c.cny),
    })),
  };
}

function costTable(m: Matrix, view: View): CostTable {
  if (view === "total") throw fieldError("view", "scenarios.totalViewUnavailable");
  return priceTable(m);
}

/** Above this many shares a scenario's rules across lines make a model that takes seconds. */
const LARGE = 2000;

/**
 * A scenario evaluated: a small one here at once; a large one in a worker of its own, so that its
 * solving holds up no other request (the worker loads the solver, answers, and is ended).
 */
export function evaluated(table: CostTable, rules: ScenarioRules): Promise<Evaluation> {
  if (table.lines.length * table.supplierIds.length <= LARGE) return evaluate(table, rules);
  const worker = new Worker(new URL("./scenarioWorker.ts", import.meta.url), { type: "module" });
  return new Promise<Evaluation>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ result?: Evaluation; error?: string }>) => {
      worker.terminate();
      if (e.data.result) resolve(e.data.result);
      else reject(new Error(e.data.error ?? "scenario worker failed"));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage({ table, rules });
  });
}

/** Staff with the project's search and award (publish) permissions. */
async function projectFor(deps: Deps, actor: Actor, projectId: number): Promise<ProjectRow> {
  const p = await deps.db.query.offerProjects.findFirst({ where: eq(offerProjects.id, projectId) });
  if (!p) throw notFound("project", projectId);
  if (actor.kind !== "staff" || !actor.permissions.has(searchPermissionOf(p.kind))) {
    throw forbidden();
  }
  if (!actor.permissions.has(publishPermissionOf(p.kind))) {
    throw forbidden("projects.noPublishPermission");
  }
  return p;
}

/** Quoting must have ended (a 4xx naming the project otherwise), and prices be readable. */
async function assertEnded(deps: Deps, p: ProjectRow) {
  try {
    await assertAwardable(deps.db, p, deps.clock.now());
  } catch (e) {
    if (!(e instanceof DomainError) || e.messageKey === "award.closed") throw e;
    throw fieldError("offProId", "scenarios.notEnded", { code: p.code });
  }
  await assertQuotesReadable(deps, p);
}

/** The rules checked against the project: its invited suppliers and line items. */
function checkRules(m: Matrix, rules: ScenarioRules) {
  const supplierIds = new Set(m.suppliers.map((s) => s.id));
  const itemIds = new Set(m.rows.map((r) => r.item.id));
  for (const list of ["excluded", "required"] as const) {
    rules[list].forEach((id, i) => {
      if (!supplierIds.has(id)) throw fieldError(`rules.${list}.${i}`, "award.notInvited", { id });
    });
  }
  rules.required.forEach((id, i) => {
    if (rules.excluded.includes(id)) {
      throw fieldError(`rules.required.${i}`, "scenarios.requiredAndExcluded", {
        code: m.suppliers.find((s) => s.id === id)!.code,
      });
    }
  });
  const seen = new Set<number | null>();
  rules.secondSources.forEach((s, i) => {
    if (s.itemId !== null && !itemIds.has(s.itemId)) {
      throw fieldError(`rules.secondSources.${i}.itemId`, "award.unknownItem", { id: s.itemId });
    }
    if (seen.has(s.itemId)) {
      throw fieldError(`rules.secondSources.${i}.itemId`, "scenarios.duplicateSecondSource");
    }
    seen.add(s.itemId);
  });
}

function rulesOfRow(row: ScenarioRow): ScenarioRules {
  return scenarioRules.parse(row.rules);
}

/** A saved scenario solved on the matrix. */
async function solved(m: Matrix, row: ScenarioRow): Promise<ScenarioDto> {
  const rules = rulesOfRow(row);
  const table = costTable(m, row.view);
  const lowest = unconstrainedTotal(table);
  const result = await evaluated(table, rules);
  const abbr = (id: number) => m.suppliers.find((s) => s.id === id)?.abbrName ?? "";
  const itemName = (id: number) => m.rows.find((r) => r.item.id === id)?.item.itemName ?? "";
  const named = (r: RuleRef) => ({
    ...r,
    ...("supplierId" in r ? { supplierAbbr: abbr(r.supplierId) } : {}),
    ...("itemId" in r && r.itemId !== null ? { itemName: itemName(r.itemId) } : {}),
  });
  const inTable = new Set(table.lines.map((l) => l.itemId));
  const base = {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    view: row.view,
    rules,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? null,
    lowestTotal: lowest,
    unpriced: m.rows.filter((r) => !inTable.has(r.item.id)).map((r) => r.item.itemName),
  };
  if (!result.feasible) {
    return {
      ...base,
      feasible: false,
      timedOut: result.timedOut,
      total: null,
      gapPercent: null,
      difference: null,
      differencePercent: null,
      lines: [],
      binding: [],
      blocking: result.blocking.map(named),
    };
  }
  const diff = sub(dec(result.total), dec(lowest));
  return {
    ...base,
    feasible: true,
    timedOut: false,
    total: result.total,
    gapPercent: result.gapPercent,
    difference: toFixed(diff, 2),
    differencePercent: isZero(dec(lowest))
      ? null
      : toFixed(div(mul(diff, dec(100)), dec(lowest), 2), 2),
    lines: result.lines.map((l) => ({
      itemId: l.itemId,
      itemName: itemName(l.itemId),
      parts: l.parts.map((p) => ({ ...p, supplierAbbr: abbr(p.supplierId) })),
    })),
    binding: result.binding.map(named),
    blocking: [],
  };
}

async function rowsOf(db: DbOrTx, projectId: number) {
  return await db.select().from(awardScenarios).where(eq(awardScenarios.projectId, projectId))
    .orderBy(asc(awardScenarios.name));
}

async function assertNameFree(db: DbOrTx, projectId: number, name: string, id?: number) {
  const [taken] = await db.select({ id: awardScenarios.id }).from(awardScenarios).where(and(
    eq(awardScenarios.projectId, projectId),
    eq(awardScenarios.name, name),
    ...(id ? [ne(awardScenarios.id, id)] : []),
  ));
  if (taken) throw fieldError("name", "scenarios.nameTaken", { name });
}

/** ListAwardScenarios: every scenario of an ended project, each solved on the matrix in force. */
export async function listScenarios(deps: Deps, actor: Actor, projectId: number) {
  const p = await projectFor(deps, actor, projectId);
  await assertEnded(deps, p);
  const m = await matrixOf(deps.db, p, deps.clock.now());
  const out: ScenarioDto[] = [];
  for (const row of await rowsOf(deps.db, p.id)) out.push(await solved(m, row));
  return out;
}

/** The scenario of a project by its name (the CLI names scenarios so). */
export async function scenarioByName(deps: Deps, actor: Actor, projectId: number, name: string) {
  const all = await listScenarios(deps, actor, projectId);
  const found = all.find((s) => s.name === name);
  if (!found) throw notFound("awardScenario", name);
  return found;
}

async function loadScenario(deps: Deps, actor: Actor, id: number) {
  const row = await deps.db.query.awardScenarios.findFirst({ where: eq(awardScenarios.id, id) });
  if (!row) throw notFound("awardScenario", id);
  const p = await projectFor(deps, actor, row.projectId);
  return { row, p };
}

/** CreateAwardScenario: saves a named scenario of an ended project and answers it solved. */
export async function createScenario(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createScenarioInput>,
): Promise<ScenarioDto> {
  const input = createScenarioInput.parse(raw);
  const p = await projectFor(deps, actor, input.offProId);
  await assertEnded(deps, p);
  const m = await matrixOf(deps.db, p, deps.clock.now());
  checkRules(m, input.rules);
  costTable(m, input.view);
  await assertNameFree(deps.db, p.id, input.name);
  const [row] = await deps.db.insert(awardScenarios).values({
    projectId: p.id,
    name: input.name,
    view: input.view,
    rules: input.rules,
    createdBy: actor.id,
    createdAt: deps.clock.now(),
  }).returning();
  return await solved(m, row);
}

/** UpdateAwardScenario: changes a scenario's name, view or rules. */
export async function updateScenario(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateScenarioInput>,
): Promise<ScenarioDto> {
  const input = updateScenarioInput.parse(raw);
  const { p } = await loadScenario(deps, actor, input.id);
  await assertEnded(deps, p);
  const m = await matrixOf(deps.db, p, deps.clock.now());
  checkRules(m, input.rules);
  costTable(m, input.view);
  await assertNameFree(deps.db, p.id, input.name, input.id);
  const [row] = await deps.db.update(awardScenarios).set({
    name: input.name,
    view: input.view,
    rules: input.rules,
    updatedAt: deps.clock.now(),
  }).where(eq(awardScenarios.id, input.id)).returning();
  return await solved(m, row);
}

/** DeleteAwardScenario. */
export async function deleteScenario(deps: Deps, actor: Actor, id: number): Promise<void> {
  await loadScenario(deps, actor, id);
  await deps.db.delete(awardScenarios).where(eq(awardScenarios.id, id));
}

/** SolveAwardScenario: one scenario solved on the matrix in force now. */
export async function solveScenario(deps: Deps, actor: Actor, id: number) {
  const { row, p } = await loadScenario(deps, actor, id);
  await assertEnded(deps, p);
  return await solved(await matrixOf(deps.db, p, deps.clock.now()), row);
}

/**
 * AwardFromScenario: proposes the scenario's lines as the award (a split line to each supplier by
 * quantity), through the award's approval rules; refused when the scenario cannot be met.
 */
export async function awardFromScenario(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof awardScenarioInput>,
  meta: ClientMeta & { via?: "http" | "cli" } = {},
): Promise<AwardOutcome> {
  const input = awardScenarioInput.parse(raw);
  const s = await solveScenario(deps, actor, input.id);
  if (!s.feasible || !s.lines.length) throw conflict("scenarios.cannotAward", { name: s.name });
  const lines = s.lines.flatMap((l) =>
    l.parts.map((part) => ({
      itemId: l.itemId,
      supplierId: part.supplierId,
      quantity: l.parts.length > 1 ? part.quantity : null,
    }))
  );
  return await proposeAward(deps, actor, {
    offProId: s.projectId,
    scope: "lines",
    lines,
    reason: input.reason,
  }, meta);
}
