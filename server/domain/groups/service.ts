// Groups of users (departments, buying teams) and their members.
import { and, count, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { groups, userGroups, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { fieldError, notFound } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import {
  createGroupInput,
  type groupDto,
  type listGroupsInput,
  type setMembersInput,
  updateGroupInput,
} from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

export type GroupDto = z.infer<typeof groupDto>;

async function toDtos(db: DbOrTx, rows: (typeof groups.$inferSelect)[]): Promise<GroupDto[]> {
  if (!rows.length) return [];
  const members = await db.select({
    groupId: userGroups.groupId,
    id: users.id,
    userName: users.userName,
    name: users.name,
  })
    .from(userGroups).innerJoin(users, eq(users.id, userGroups.userId))
    .where(inArray(userGroups.groupId, rows.map((r) => r.id))).orderBy(users.userName);
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    creationTime: g.createdAt,
    members: members.filter((m) => m.groupId === g.id).map(({ id, userName, name }) => ({
      id,
      userName,
      name,
    })),
  }));
}

export async function listGroups(
  deps: Deps,
  input: z.infer<typeof listGroupsInput>,
): Promise<Paged<GroupDto>> {
  const where: SQL[] = [];
  if (input.keyword) where.push(contains(groups.name, input.keyword));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(groups).where(cond);
  const rows = await deps.db.select().from(groups).where(cond)
    .orderBy(
      ...orderBy(input.sorting, { name: groups.name, creationTime: groups.createdAt }, [groups.id]),
    )
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: await toDtos(deps.db, rows), totalCount: total };
}

export async function getGroup(deps: Deps, id: number): Promise<GroupDto> {
  const row = await deps.db.query.groups.findFirst({ where: eq(groups.id, id) });
  if (!row) throw notFound("group", id);
  return (await toDtos(deps.db, [row]))[0];
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const cond = eq(groups.name, name);
  if (
    await db.query.groups.findFirst({ where: exceptId ? and(cond, ne(groups.id, exceptId)) : cond })
  ) {
    throw fieldError("name", "groups.nameTaken", { name });
  }
}

async function replaceMembers(db: DbOrTx, groupId: number, userIds: number[]) {
  const unique = [...new Set(userIds)];
  if (unique.length) {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, unique));
    const missing = unique.find((id) => !found.some((f) => f.id === id));
    if (missing) throw fieldError("userIds", "errors.notFound", { entity: "user", id: missing });
  }
  await db.delete(userGroups).where(eq(userGroups.groupId, groupId));
  if (unique.length) {
    await db.insert(userGroups).values(unique.map((userId) => ({ userId, groupId })));
  }
}

export async function createGroup(
  deps: Deps,
  raw: z.input<typeof createGroupInput>,
): Promise<GroupDto> {
  const input = createGroupInput.parse(raw);
  const id = await transaction(deps.db, async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(groups).values({
      name: input.name,
      description: input.description,
      createdAt: deps.clock.now(),
    })
      .returning({ id: groups.id });
    if (input.userIds) await replaceMembers(tx, row.id, input.userIds);
    return row.id;
  });
  return getGroup(deps, id);
}

export async function updateGroup(
  deps: Deps,
  raw: z.input<typeof updateGroupInput>,
): Promise<GroupDto> {
  const input = updateGroupInput.parse(raw);
  await transaction(deps.db, async (tx) => {
    if (!(await tx.query.groups.findFirst({ where: eq(groups.id, input.id) }))) {
      throw notFound("group", input.id);
    }
    await assertNameFree(tx, input.name, input.id);
    await tx.update(groups).set({ name: input.name, description: input.description }).where(
      eq(groups.id, input.id),
    );
    if (input.userIds) await replaceMembers(tx, input.id, input.userIds);
  });
  return getGroup(deps, input.id);
}

export async function setGroupMembers(
  deps: Deps,
  input: z.infer<typeof setMembersInput>,
): Promise<GroupDto> {
  await transaction(deps.db, async (tx) => {
    if (!(await tx.query.groups.findFirst({ where: eq(groups.id, input.groupId) }))) {
      throw notFound("group", input.groupId);
    }
    await replaceMembers(tx, input.groupId, input.userIds);
  });
  return getGroup(deps, input.groupId);
}

export async function deleteGroup(deps: Deps, id: number): Promise<void> {
  const res = await deps.db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
  if (!res.length) throw notFound("group", id);
}
