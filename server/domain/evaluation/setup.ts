// Choosing a weighted evaluation for a project before it is published: the criteria (weights adding
// up to 100, at most one of them the price) and the evaluation team of active staff users. A bad
// set-up is refused as a whole, naming the field; nothing of it is saved.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import { evaluationCriteria, evaluationTeam, offerProjects, users } from "../../../db/schema.ts";
import { transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import { contains } from "../paging.ts";
import { assertMayPublish, loadProject } from "../projects/access.ts";
import { auditEvaluation, criteriaOf, type Meta, teamOf } from "./access.ts";
import { criteriaProblem } from "./rules.ts";
import { setUpEvaluationInput } from "./schemas.ts";

export type EvaluationSetUp = {
  offProId: number;
  evaluation: "price" | "weighted";
  criteria: { id: number; name: string; weight: number; isPrice: boolean }[];
  team: { userId: number; name: string; userName: string }[];
};

/** The set-up as stored (criteria in order, the team by user name). */
async function evaluationSetUp(deps: Deps, projectId: number): Promise<EvaluationSetUp> {
  const p = await loadProject(deps.db, projectId);
  return {
    offProId: p.id,
    evaluation: p.evaluation,
    criteria: (await criteriaOf(deps.db, p.id)).map((c) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      isPrice: c.isPrice,
    })),
    team: (await teamOf(deps.db, p.id)).map((m) => ({
      userId: m.userId,
      name: m.name,
      userName: m.userName,
    })),
  };
}

/** GetStaffOptions: active staff users to choose the team from (by name or user name, at most 50). */
export async function staffOptions(deps: Deps, keyword?: string) {
  const k = keyword?.trim();
  return await deps.db.select({ id: users.id, name: users.name, userName: users.userName })
    .from(users)
    .where(and(
      eq(users.kind, "staff"),
      eq(users.isActive, true),
      k ? or(contains(users.name, k), contains(users.userName, k)) : undefined,
    ))
    .orderBy(asc(users.userName)).limit(50);
}

/** GetEvaluationSetUp: what the publish page shows; whoever may publish the project's kind. */
export async function readSetUp(deps: Deps, actor: Actor, projectId: number) {
  const p = await loadProject(deps.db, projectId);
  assertMayPublish(actor, p.kind);
  return await evaluationSetUp(deps, p.id);
}

/**
 * SetUpEvaluation: a weighted evaluation (or the price again) for an unpublished project, by whoever
 * may publish it. Weights must add up to 100 (400 naming `criteria`), the team must be active staff.
 */
export async function setUpEvaluation(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof setUpEvaluationInput>,
  meta: Meta = {},
): Promise<EvaluationSetUp> {
  const input = setUpEvaluationInput.parse(raw);
  const p = await loadProject(deps.db, input.offProId);
  assertMayPublish(actor, p.kind);
  if (p.status !== "unpublished") throw conflict("evaluation.alreadyPublished");
  const criteria = input.evaluation === "weighted" ? input.criteria ?? [] : [];
  const team = input.evaluation === "weighted" ? [...new Set(input.team ?? [])] : [];
  if (input.evaluation === "weighted") {
    const problem = criteriaProblem(criteria);
    if (problem) {
      throw fieldError("criteria", problem, { sum: criteria.reduce((s, c) => s + c.weight, 0) });
    }
    const names = criteria.map((c) => c.name.toLowerCase());
    if (new Set(names).size !== names.length) {
      throw fieldError("criteria", "evaluation.sameName");
    }
    if (!team.length) throw fieldError("team", "evaluation.noTeam");
    const found = await deps.db.select().from(users).where(inArray(users.id, team));
    const bad = team.find((id) => {
      const u = found.find((x) => x.id === id);
      return !u || u.kind !== "staff" || !u.isActive;
    });
    if (bad !== undefined) throw fieldError("team", "evaluation.teamNotStaff", { id: bad });
  }
  await transaction(deps.db, async (tx) => {
    const fresh = await loadProject(tx, p.id);
    if (fresh.status !== "unpublished") throw conflict("evaluation.alreadyPublished");
    await tx.delete(evaluationCriteria).where(eq(evaluationCriteria.projectId, p.id));
    await tx.delete(evaluationTeam).where(eq(evaluationTeam.projectId, p.id));
    if (criteria.length) {
      await tx.insert(evaluationCriteria).values(criteria.map((c, i) => ({
        projectId: p.id,
        sort: i,
        name: c.name,
        weight: c.weight,
        isPrice: c.isPrice ?? false,
      })));
    }
    if (team.length) {
      await tx.insert(evaluationTeam).values(team.map((userId) => ({ projectId: p.id, userId })));
    }
    await tx.update(offerProjects).set({ evaluation: input.evaluation })
      .where(eq(offerProjects.id, p.id));
  });
  await auditEvaluation(deps, actor, "SetUp", p.id, {
    evaluation: input.evaluation,
    criteria,
    team,
  }, meta);
  return await evaluationSetUp(deps, p.id);
}
