// Who takes part in a project's weighted evaluation, and the audit trail of what they do: the team
// (staff users chosen when the project is published), the person in charge who signs it off (the
// project creator's person in charge, or the creator when none is set), and the staff who may see
// the project's kind.
import { and, asc, eq } from "drizzle-orm";
import {
  evaluationCriteria,
  evaluationSubmissions,
  evaluationTeam,
  quotes,
  suppliers,
  userLeaders,
  users,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, forbidden } from "../errors.ts";
import type { ClientMeta } from "../auth/service.ts";
import { serializeParameters, writeAuditLog } from "../audit/service.ts";
import { loadProject, maySee, type ProjectRow } from "../projects/access.ts";
import { effectiveStatus } from "../projects/rules.ts";

export type Meta = ClientMeta & { via?: "http" | "cli" };

/** The person in charge of a project: its creator's, else the creator. */
async function leaderOf(db: DbOrTx, p: ProjectRow): Promise<number | null> {
  if (!p.creatorId) return null;
  const link = await db.query.userLeaders.findFirst({ where: eq(userLeaders.userId, p.creatorId) });
  return link?.leaderId ?? p.creatorId;
}

export const criteriaOf = (db: DbOrTx, projectId: number) =>
  db.select().from(evaluationCriteria).where(eq(evaluationCriteria.projectId, projectId))
    .orderBy(asc(evaluationCriteria.sort), asc(evaluationCriteria.id));

/** The team with each member's name and when they submitted (null: not yet). */
export const teamOf = (db: DbOrTx, projectId: number) =>
  db.select({
    userId: evaluationTeam.userId,
    name: users.name,
    userName: users.userName,
    submittedAt: evaluationSubmissions.submittedAt,
  }).from(evaluationTeam)
    .innerJoin(users, eq(users.id, evaluationTeam.userId))
    .leftJoin(
      evaluationSubmissions,
      and(
        eq(evaluationSubmissions.projectId, evaluationTeam.projectId),
        eq(evaluationSubmissions.evaluatorId, evaluationTeam.userId),
      ),
    )
    .where(eq(evaluationTeam.projectId, projectId)).orderBy(asc(users.userName));

/** The suppliers evaluated: those that sent a first quote, in code order. */
export async function candidatesOf(db: DbOrTx, projectId: number) {
  const rows = await db.selectDistinct({
    id: suppliers.id,
    code: suppliers.code,
    name: suppliers.abbrName,
  }).from(quotes).innerJoin(suppliers, eq(suppliers.id, quotes.supplierId))
    .where(and(eq(quotes.projectId, projectId), eq(quotes.round, 0)));
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

export type Role = {
  project: ProjectRow;
  evaluator: boolean;
  leader: boolean;
  /** Sees the project's kind (its search permission). */
  viewer: boolean;
};

/**
 * A weighted project and the actor's part in it; 404 as for any project when the actor has none,
 * 409 when the project is chosen by price.
 */
export async function roleIn(db: DbOrTx, actor: Actor, projectId: number): Promise<Role> {
  if (actor.kind !== "staff") throw forbidden();
  const project = await loadProject(db, projectId);
  const team = await db.select({ userId: evaluationTeam.userId }).from(evaluationTeam)
    .where(eq(evaluationTeam.projectId, project.id));
  const role = {
    project,
    evaluator: team.some((t) => t.userId === actor.id),
    leader: (await leaderOf(db, project)) === actor.id,
    viewer: maySee(actor, project.kind),
  };
  if (!role.evaluator && !role.leader && !role.viewer) throw forbidden();
  if (project.evaluation !== "weighted") throw conflict("evaluation.notWeighted");
  return role;
}

/** Whether the first quotation is over (the evaluation may start). */
export const quotingOver = (p: ProjectRow, now: Date) =>
  p.status === "closed" || (p.status !== "unpublished" && effectiveStatus(p, now) !== "published");

/** One audit log row (service EvaluationTrail) per change to an evaluation. */
export async function auditEvaluation(
  deps: Deps,
  actor: Actor,
  method: "SetUp" | "SaveScores" | "Submit" | "SignOff" | "Answer",
  projectId: number,
  details: Record<string, unknown>,
  meta: Meta = {},
) {
  await writeAuditLog(deps.db, {
    userId: actor.id,
    userName: actor.userName,
    serviceName: "EvaluationTrail",
    methodName: method,
    httpMethod: meta.via === "cli" ? "CLI" : "POST",
    path: `projects/${projectId}/evaluation`,
    parameters: serializeParameters({ projectId, ...details }),
    executionTime: deps.clock.now(),
    executionDuration: 0,
    clientIp: meta.clientIp ?? null,
    browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
    httpStatus: 200,
    exception: null,
  });
}
