// Persons in charge: each staff user may have one leader, who is copied on the ended and closed
// emails of that user's projects and approves that user's awards that need approval.
import { aliasedTable, and, count, eq, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { userLeaders, users } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { fieldError, notFound } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import type { z } from "zod";
import {
  type ListLeadersInput,
  type SetLeaderInput,
  setLeaderInput,
  type userLeaderDto,
} from "./schemas.ts";

export type UserLeaderDto = z.infer<typeof userLeaderDto>;

const leader = aliasedTable(users, "leader");

/** Every staff user with their person in charge (if any), paged. */
export async function listLeaders(
  deps: Deps,
  input: ListLeadersInput,
): Promise<Paged<UserLeaderDto>> {
  const where: SQL[] = [eq(users.kind, "staff")];
  if (input.keyword) {
    where.push(
      or(
        contains(users.userName, input.keyword),
        contains(users.name, input.keyword),
        contains(leader.userName, input.keyword),
        contains(leader.name, input.keyword),
      )!,
    );
  }
  if (input.hasLeader !== undefined) {
    where.push(input.hasLeader ? isNotNull(userLeaders.leaderId) : isNull(userLeaders.leaderId));
  }
  const cond = and(...where);
  const base = () =>
    deps.db.select({
      userId: users.id,
      userName: users.userName,
      name: users.name,
      emailAddress: users.emailAddress,
      leaderId: leader.id,
      leaderUserName: leader.userName,
      leaderName: leader.name,
      leaderEmailAddress: leader.emailAddress,
    }).from(users)
      .leftJoin(userLeaders, eq(userLeaders.userId, users.id))
      .leftJoin(leader, eq(leader.id, userLeaders.leaderId));
  const [{ total }] = await deps.db.select({ total: count() }).from(users)
    .leftJoin(userLeaders, eq(userLeaders.userId, users.id))
    .leftJoin(leader, eq(leader.id, userLeaders.leaderId)).where(cond);
  const items = await base().where(cond)
    .orderBy(...orderBy(input.sorting, {
      userName: users.userName,
      name: users.name,
      leaderName: leader.name,
    }, [users.id]))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items, totalCount: total };
}

async function staffUser(deps: Deps, id: number, member: string) {
  const u = await deps.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!u) throw fieldError(member, "errors.notFound", { entity: "user", id });
  if (u.kind !== "staff" || !u.isActive) {
    throw fieldError(member, "leaders.notActiveStaff", { name: u.name });
  }
  return u;
}

/** Sets (or replaces) the person in charge of a user. */
export async function setLeader(deps: Deps, raw: SetLeaderInput): Promise<UserLeaderDto> {
  const input = setLeaderInput.parse(raw);
  if (input.userId === input.leaderId) throw fieldError("leaderId", "leaders.notSelf");
  const user = await staffUser(deps, input.userId, "userId");
  const lead = await staffUser(deps, input.leaderId, "leaderId");
  const now = deps.clock.now();
  await deps.db.insert(userLeaders)
    .values({ userId: user.id, leaderId: lead.id, createdAt: now })
    .onConflictDoUpdate({
      target: userLeaders.userId,
      set: { leaderId: lead.id, updatedAt: now },
    });
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name,
    emailAddress: user.emailAddress,
    leaderId: lead.id,
    leaderUserName: lead.userName,
    leaderName: lead.name,
    leaderEmailAddress: lead.emailAddress,
  };
}

export async function deleteLeader(deps: Deps, userId: number): Promise<void> {
  const rows = await deps.db.delete(userLeaders).where(eq(userLeaders.userId, userId))
    .returning({ userId: userLeaders.userId });
  if (!rows.length) throw notFound("userLeader", userId);
}
