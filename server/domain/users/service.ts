// User accounts: staff and supplier users, their roles and groups, profile and passwords.
import { and, count, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import { groups, roles, userGroups, userRoles, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, notFound, unauthorized } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import { hashPassword } from "../shared/password.ts";
import {
  checkCurrentPassword,
  type ClientMeta,
  normalizeUserName,
  revokeUserSessions,
} from "../auth/service.ts";
import { StaticRoles } from "../auth/permissions.ts";
import {
  type changeLanguageInput,
  type changePasswordInput,
  createUserInput,
  type ListUsersInput,
  resetPasswordInput,
  updateProfileInput,
  updateUserInput,
  type userDto,
  type userInfo,
} from "./schemas.ts";
import type { z } from "zod";
import { transaction } from "../../../db/client.ts";

export type UserDto = z.infer<typeof userDto>;

type UserRow = typeof users.$inferSelect;

async function toDtos(db: DbOrTx, rows: UserRow[]): Promise<UserDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const roleRows = await db.select({ userId: userRoles.userId, name: roles.name }).from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId)).where(inArray(userRoles.userId, ids));
  const groupRows = await db.select().from(userGroups).where(inArray(userGroups.userId, ids));
  return rows.map((u) => ({
    id: u.id,
    userName: u.userName,
    name: u.name,
    emailAddress: u.emailAddress,
    isActive: u.isActive,
    kind: u.kind,
    supplierId: u.supplierId,
    avatar: u.avatar,
    introduction: u.introduction,
    language: u.language,
    lastLoginTime: u.lastLoginAt,
    creationTime: u.createdAt,
    roleNames: roleRows.filter((r) => r.userId === u.id).map((r) => r.name).sort(),
    groupIds: groupRows.filter((g) => g.userId === u.id).map((g) => g.groupId),
  }));
}

export async function listUsers(deps: Deps, input: ListUsersInput): Promise<Paged<UserDto>> {
  const where: SQL[] = [];
  if (input.keyword) {
    where.push(
      or(
        contains(users.userName, input.keyword),
        contains(users.name, input.keyword),
        contains(users.emailAddress, input.keyword),
      )!,
    );
  }
  if (input.isActive !== undefined) where.push(eq(users.isActive, input.isActive));
  if (input.kind) where.push(eq(users.kind, input.kind));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(users).where(cond);
  const rows = await deps.db.select().from(users).where(cond)
    .orderBy(...orderBy(input.sorting, {
      userName: users.userName,
      name: users.name,
      creationTime: users.createdAt,
      lastLoginTime: users.lastLoginAt,
      isActive: users.isActive,
    }, [users.id]))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: await toDtos(deps.db, rows), totalCount: total };
}

export async function getUser(deps: Deps, id: number): Promise<UserDto> {
  const row = await deps.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw notFound("user", id);
  return (await toDtos(deps.db, [row]))[0];
}

async function roleIdsByName(db: DbOrTx, names: string[]): Promise<number[]> {
  const unique = [...new Set(names)];
  if (!unique.length) return [];
  const rows = await db.select().from(roles).where(inArray(roles.name, unique));
  const missing = unique.find((n) => !rows.some((r) => r.name === n));
  if (missing) throw fieldError("roleNames", "users.unknownRole", { name: missing });
  return rows.map((r) => r.id);
}

async function checkGroups(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const rows = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, unique));
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw fieldError("groupIds", "errors.notFound", { entity: "group", id: missing });
  return unique;
}

async function assertUserNameFree(db: DbOrTx, userName: string, exceptId?: number) {
  const cond = eq(users.normalizedUserName, normalizeUserName(userName));
  const clash = await db.query.users.findFirst({
    where: exceptId ? and(cond, ne(users.id, exceptId)) : cond,
  });
  if (clash) throw fieldError("userName", "users.userNameTaken", { userName });
}

export async function createUser(
  deps: Deps,
  raw: z.input<typeof createUserInput>,
): Promise<UserDto> {
  const input = createUserInput.parse(raw);
  const id = await transaction(deps.db, async (tx) => {
    await assertUserNameFree(tx, input.userName);
    const roleIds = await roleIdsByName(tx, input.roleNames);
    const groupIds = await checkGroups(tx, input.groupIds ?? []);
    const [row] = await tx.insert(users).values({
      userName: input.userName,
      normalizedUserName: normalizeUserName(input.userName),
      name: input.name,
      emailAddress: input.emailAddress ?? null,
      passwordHash: await hashPassword(input.password),
      isActive: input.isActive,
      kind: input.kind,
      supplierId: input.supplierId ?? null,
      avatar: input.avatar,
      introduction: input.introduction,
      createdAt: deps.clock.now(),
    }).returning({ id: users.id });
    if (roleIds.length) {
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
    }
    if (groupIds.length) {
      await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId: row.id, groupId })));
    }
    return row.id;
  });
  return getUser(deps, id);
}

/** Counts active users holding the Admin role, optionally leaving one user out. */
async function activeAdmins(db: DbOrTx, exceptUserId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(eq(roles.name, StaticRoles.Admin), eq(users.isActive, true), ne(users.id, exceptUserId)),
    );
  return n;
}

export async function updateUser(
  deps: Deps,
  raw: z.input<typeof updateUserInput>,
  actor?: Actor,
): Promise<UserDto> {
  const input = updateUserInput.parse(raw);
  await transaction(deps.db, async (tx) => {
    const existing = await tx.query.users.findFirst({ where: eq(users.id, input.id) });
    if (!existing) throw notFound("user", input.id);
    await assertUserNameFree(tx, input.userName, input.id);
    const roleIds = await roleIdsByName(tx, input.roleNames);
    const staysAdmin = input.isActive && input.roleNames.includes(StaticRoles.Admin);
    if (!staysAdmin && (await activeAdmins(tx, input.id)) === 0) throw conflict("users.lastAdmin");
    if (actor?.id === input.id && !input.isActive) throw conflict("users.cannotDeactivateSelf");
    await tx.update(users).set({
      userName: input.userName,
      normalizedUserName: normalizeUserName(input.userName),
      name: input.name,
      emailAddress: input.emailAddress ?? null,
      isActive: input.isActive,
      kind: input.kind,
      supplierId: input.supplierId ?? null,
      avatar: input.avatar,
      introduction: input.introduction,
      updatedAt: deps.clock.now(),
    }).where(eq(users.id, input.id));
    await tx.delete(userRoles).where(eq(userRoles.userId, input.id));
    if (roleIds.length) {
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: input.id, roleId })));
    }
    if (input.groupIds) {
      const groupIds = await checkGroups(tx, input.groupIds);
      await tx.delete(userGroups).where(eq(userGroups.userId, input.id));
      if (groupIds.length) {
        await tx.insert(userGroups).values(
          groupIds.map((groupId) => ({ userId: input.id, groupId })),
        );
      }
    }
    if (!input.isActive) await revokeUserSessions(tx, input.id, deps.clock.now());
  });
  return getUser(deps, input.id);
}

export async function deleteUser(deps: Deps, id: number, actor?: Actor): Promise<void> {
  if (actor?.id === id) throw conflict("users.cannotDeleteSelf");
  await transaction(deps.db, async (tx) => {
    const existing = await tx.query.users.findFirst({ where: eq(users.id, id) });
    if (!existing) throw notFound("user", id);
    if ((await activeAdmins(tx, id)) === 0) throw conflict("users.lastAdmin");
    await tx.delete(users).where(eq(users.id, id));
  });
}

export async function findUserByName(db: DbOrTx, userName: string) {
  return await db.query.users.findFirst({
    where: eq(users.normalizedUserName, normalizeUserName(userName)),
  });
}

/** Sets a new password and ends the user's open sessions. */
export async function resetPassword(
  deps: Deps,
  raw: z.input<typeof resetPasswordInput>,
): Promise<void> {
  const input = resetPasswordInput.parse(raw);
  const existing = await deps.db.query.users.findFirst({ where: eq(users.id, input.userId) });
  if (!existing) throw notFound("user", input.userId);
  await transaction(deps.db, async (tx) => {
    await tx.update(users).set({
      passwordHash: await hashPassword(input.newPassword),
      updatedAt: deps.clock.now(),
    })
      .where(eq(users.id, input.userId));
    await revokeUserSessions(tx, input.userId, deps.clock.now());
  });
}

/** Changes the caller's own password after checking the current one; their other sessions end. */
export async function changeOwnPassword(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof changePasswordInput>,
  meta: ClientMeta = {},
) {
  const row = await deps.db.query.users.findFirst({ where: eq(users.id, actor.id) });
  if (!row) throw unauthorized();
  // Wrong current passwords count toward the sign-in lockout (429 past it).
  if (!(await checkCurrentPassword(deps, row, input.currentPassword, meta))) {
    throw fieldError("currentPassword", "users.wrongCurrentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await transaction(deps.db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() })
      .where(eq(users.id, actor.id));
    // Every other session ends (a lost phone, a shared computer); the one changing it stays.
    await revokeUserSessions(tx, actor.id, deps.clock.now(), actor.sessionId);
  });
}

export async function updateProfile(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateProfileInput>,
) {
  const input = updateProfileInput.parse(raw);
  await deps.db.update(users).set({
    name: input.name,
    avatar: input.avatar,
    introduction: input.introduction,
    emailAddress: input.emailAddress ?? null,
    updatedAt: deps.clock.now(),
  }).where(eq(users.id, actor.id));
  return getUserInfo(deps, actor);
}

export async function changeLanguage(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof changeLanguageInput>,
) {
  // Chosen: signing in in another language no longer changes it.
  await deps.db.update(users).set({ language: input.languageName, languageChosen: true })
    .where(eq(users.id, actor.id));
}

export type UserInfo = z.infer<typeof userInfo>;

export async function getUserInfo(deps: Deps, actor: Actor): Promise<UserInfo> {
  const u = await deps.db.query.users.findFirst({ where: eq(users.id, actor.id) });
  if (!u) throw unauthorized();
  return {
    id: u.id,
    name: u.name,
    userName: u.userName,
    avatar: u.avatar,
    introduction: u.introduction,
    emailAddress: u.emailAddress,
    language: u.language,
    kind: u.kind,
    supplierId: u.supplierId,
    roleNames: [...actor.roleNames],
    grantedPermissionNames: [...actor.permissions].sort(),
  };
}
