// Who may see or publish which kind of project, and loading a project, its rounds and whether its
// reverse auction is over.
import { eq, sql } from "drizzle-orm";
import { auctions, offerProjects, offerRounds } from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";
import { auctionOver } from "../shared/auctionEnd.ts";
import { type ProjectKind, publishPermissionOf, searchPermissionOf } from "./rules.ts";

export type ProjectRow = typeof offerProjects.$inferSelect;

/** Whether the actor may see projects of this kind: staff holding its search permission. */
export const maySee = (actor: Actor, kind: ProjectKind) =>
  actor.kind === "staff" && actor.permissions.has(searchPermissionOf(kind));

export function assertMaySee(actor: Actor, kind: ProjectKind) {
  if (!maySee(actor, kind)) throw forbidden();
}

export function assertMayPublish(actor: Actor, kind: ProjectKind) {
  assertMaySee(actor, kind);
  if (!actor.permissions.has(publishPermissionOf(kind))) {
    throw forbidden("projects.noPublishPermission");
  }
}

const projectById = preparedQuery((db) =>
  db.select().from(offerProjects).where(eq(offerProjects.id, sql.placeholder("id"))).prepare()
);

export async function loadProject(db: DbOrTx, id: number): Promise<ProjectRow> {
  const row = await projectById(db).get({ id });
  if (!row) throw notFound("project", id);
  return row;
}

/** The project, if the actor may see its kind. */
export async function projectForActor(deps: Deps, actor: Actor, id: number) {
  const row = await loadProject(deps.db, id);
  assertMaySee(actor, row.kind);
  return row;
}

export type RoundRow = typeof offerRounds.$inferSelect;
const roundsOfIds = preparedQuery((db) =>
  db.select().from(offerRounds).where(idIn(offerRounds.projectId, "ids"))
    .orderBy(offerRounds.round).prepare()
);
/** The optimisation rounds of these projects, by project and round. */
export const roundsOf = async (db: DbOrTx, ids: number[]): Promise<RoundRow[]> =>
  ids.length ? await roundsOfIds(db).all({ ids: JSON.stringify(ids) }) : [];

/** The same, grouped by project: a project without rounds has no entry. */
export async function roundsByProject(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, RoundRow[]>> {
  const out = new Map<number, RoundRow[]>();
  for (const r of await roundsOf(db, ids)) out.set(r.projectId, [...out.get(r.projectId) ?? [], r]);
  return out;
}

const auctionTimingOf = preparedQuery((db) =>
  db.select({ status: auctions.status, startAt: auctions.startAt, closesAt: auctions.closesAt })
    .from(auctions).where(eq(auctions.projectId, sql.placeholder("projectId"))).limit(1).prepare()
);

/**
 * Whether the project has a reverse auction set up and not over as of `now` (scheduled, live or
 * paused): no optimisation round is opened or offered until it is.
 */
export async function auctionNotOver(db: DbOrTx, projectId: number, now: Date): Promise<boolean> {
  const [a] = await auctionTimingOf(db).all({ projectId });
  return !!a && !auctionOver(a, now);
}

/** Finds a project by its number (for the CLI). */
export async function projectIdByCode(db: DbOrTx, code: string): Promise<number> {
  const row = await db.query.offerProjects.findFirst({
    where: eq(offerProjects.code, code.trim()),
  });
  if (!row) throw notFound("project", code);
  return row.id;
}
