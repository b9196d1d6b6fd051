// Roles and the permissions they grant; the seeded roles keep their names, and Admin keeps every permission.
import { and, count, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { rolePermissions, roles, userRoles } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import { contains, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import {
  allPermissions,
  isPermission,
  permissionTree,
  staticRolePermissions,
  StaticRoles,
} from "../auth/permissions.ts";
import { createRoleInput, type listRolesInput, type roleDto, updateRoleInput } from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

export type RoleDto = z.infer<typeof roleDto>;

async function toDtos(db: DbOrTx, rows: (typeof roles.$inferSelect)[]): Promise<RoleDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const perms = await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids));
  const counts = await db.select({ roleId: userRoles.roleId, n: count() }).from(userRoles)
    .where(inArray(userRoles.roleId, ids)).groupBy(userRoles.roleId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    displayName: r.displayName,
    description: r.description,
    isStatic: r.isStatic,
    grantedPermissions: perms.filter((p) => p.roleId === r.id).map((p) => p.permission).sort(),
    userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
    creationTime: r.createdAt,
  }));
}

export async function listRoles(
  deps: Deps,
  input: z.infer<typeof listRolesInput>,
): Promise<Paged<RoleDto>> {
  const where: SQL[] = [];
  if (input.keyword) {
    where.push(
      or(contains(roles.name, input.keyword), contains(roles.displayName, input.keyword))!,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(roles).where(cond);
  const rows = await deps.db.select().from(roles).where(cond)
    .orderBy(
      ...orderBy(input.sorting, {
        name: roles.name,
        displayName: roles.displayName,
        creationTime: roles.createdAt,
      }, [roles.id]),
    )
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: await toDtos(deps.db, rows), totalCount: total };
}

/** Every role, for pickers (user dialog). */
export async function allRoles(deps: Deps): Promise<RoleDto[]> {
  return toDtos(deps.db, await deps.db.select().from(roles).orderBy(roles.id));
}

export async function getRole(deps: Deps, id: number): Promise<RoleDto> {
  const row = await deps.db.query.roles.findFirst({ where: eq(roles.id, id) });
  if (!row) throw notFound("role", id);
  return (await toDtos(deps.db, [row]))[0];
}

function checkPermissions(names: string[]): string[] {
  const unknown = names.find((n) => !isPermission(n));
  if (unknown) throw fieldError("grantedPermissions", "roles.unknownPermission", { name: unknown });
  return [...new Set(names)];
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const cond = eq(roles.name, name);
  if (
    await db.query.roles.findFirst({ where: exceptId ? and(cond, ne(roles.id, exceptId)) : cond })
  ) {
    throw fieldError("name", "roles.nameTaken", { name });
  }
}

export async function createRole(
  deps: Deps,
  raw: z.input<typeof createRoleInput>,
): Promise<RoleDto> {
  const input = createRoleInput.parse(raw);
  const perms = checkPermissions(input.grantedPermissions);
  const id = await transaction(deps.db, async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(roles).values({
      name: input.name,
      displayName: input.displayName,
      description: input.description,
      createdAt: deps.clock.now(),
    }).returning({ id: roles.id });
    if (perms.length) {
      await tx.insert(rolePermissions).values(
        perms.map((permission) => ({ roleId: row.id, permission })),
      );
    }
    return row.id;
  });
  return getRole(deps, id);
}

export async function updateRole(
  deps: Deps,
  raw: z.input<typeof updateRoleInput>,
): Promise<RoleDto> {
  const input = updateRoleInput.parse(raw);
  const perms = checkPermissions(input.grantedPermissions);
  await transaction(deps.db, async (tx) => {
    const existing = await tx.query.roles.findFirst({ where: eq(roles.id, input.id) });
    if (!existing) throw notFound("role", input.id);
    if (existing.isStatic && existing.name !== input.name) {
      throw conflict("roles.staticRename", { name: existing.name });
    }
    if (existing.name === StaticRoles.Admin && perms.length !== allPermissions.length) {
      throw conflict("roles.adminKeepsAll");
    }
    await assertNameFree(tx, input.name, input.id);
    await tx.update(roles).set({
      name: input.name,
      displayName: input.displayName,
      description: input.description,
    })
      .where(eq(roles.id, input.id));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, input.id));
    if (perms.length) {
      await tx.insert(rolePermissions).values(
        perms.map((permission) => ({ roleId: input.id, permission })),
      );
    }
  });
  return getRole(deps, input.id);
}

export async function deleteRole(deps: Deps, id: number): Promise<void> {
  const existing = await deps.db.query.roles.findFirst({ where: eq(roles.id, id) });
  if (!existing) throw notFound("role", id);
  if (existing.isStatic) throw conflict("roles.staticDelete", { name: existing.name });
  await deps.db.delete(roles).where(eq(roles.id, id));
}

export function getPermissionTree() {
  return permissionTree;
}

/** Creates the seeded roles when missing and gives Admin any permission added since. */
export async function ensureStaticRoles(db: DbOrTx): Promise<void> {
  for (const [name, perms] of Object.entries(staticRolePermissions)) {
    let role = await db.query.roles.findFirst({ where: eq(roles.name, name) });
    if (!role) {
      [role] = await db.insert(roles).values({ name, displayName: name, isStatic: true })
        .returning();
      await db.insert(rolePermissions).values(
        perms.map((permission) => ({ roleId: role!.id, permission })),
      );
    } else if (name === StaticRoles.Admin) {
      await db.insert(rolePermissions).values(
        perms.map((permission) => ({ roleId: role!.id, permission })),
      )
        .onConflictDoNothing();
    }
  }
}
