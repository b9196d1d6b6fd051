// Shared set-up of the projects tests: staff with chosen permissions, suppliers, projects in a state.
import { eq } from "drizzle-orm";
import { offerProjects, quotes, rolePermissions, roles, suppliers } from "../../db/schema.ts";
import type { Actor } from "../../server/domain/context.ts";
import { allPermissions, Permissions } from "../../server/domain/auth/permissions.ts";
import { storeUpload } from "../../server/domain/files/service.ts";
import { createProject } from "../../server/domain/projects/edit.ts";
import { recordQuoteProgress } from "../../server/domain/projects/lifecycle.ts";
import { type TestEnv, userWithRoles } from "../helpers.ts";

export const P = Permissions;
/** Monday 2026-11-30 17:00 in UTC+8: a working day a week after the tests' "now". */
export const DEADLINE = "2026-11-30T09:00:00.000Z";

/** A staff user holding exactly `permissions`, signed in. */
export async function staff(env: TestEnv, userName: string, permissions: string[]) {
  const [role] = await env.db.insert(roles).values({ name: `R_${userName}`, displayName: userName })
    .returning();
  if (permissions.length) {
    await env.db.insert(rolePermissions).values(
      permissions.map((permission) => ({ roleId: role.id, permission })),
    );
  }
  const u = await userWithRoles(env, userName, [role.name]);
  const actor: Actor = {
    id: u.user.id,
    userName,
    name: userName,
    kind: "staff",
    supplierId: null,
    roleNames: [role.name],
    permissions: new Set(permissions),
  };
  return { ...u, actor };
}

export const everything = (id = 1): Actor => ({
  id,
  userName: "admin",
  name: "admin",
  kind: "staff",
  supplierId: null,
  roleNames: ["Admin"],
  permissions: new Set(allPermissions),
});

export async function supplier(
  env: TestEnv,
  code: string,
  status: "effective" | "invalid" = "effective",
) {
  const [s] = await env.db.insert(suppliers).values({
    code,
    abbrName: `${code} abbr`,
    fullName: `${code} Co., Ltd.`,
    status,
    email1: `${code.toLowerCase()}@example.com`,
  }).returning();
  return s;
}

export function materialProject(env: TestEnv, actor: Actor, name = "Laminates") {
  return createProject(env, actor, {
    name,
    kind: "material",
    opiList: [{ itemName: "FR-4 1.6mm", unit: "sheet", estimateYearAmount: "1200.50" }],
  });
}

export function assetProject(env: TestEnv, actor: Actor, name = "Laser driller") {
  return createProject(env, actor, {
    name,
    kind: "asset",
    demandCode: "REQ-1",
    equipmentName: "CO2 laser",
    offerItemType: "optimize",
    estimatedAmount: "200000",
    opiList: [{ itemName: "CO2 laser", unit: "unit", estimateYearAmount: "1" }],
  });
}

/** A supplier's quote for a round, stored as the supplier side does, and the progress recorded. */
export async function quote(env: TestEnv, projectId: number, supplierId: number, round = 0) {
  const f = await storeUpload(env, {
    file: new File([`%PDF-1.4 quote ${supplierId} ${round} ${Math.random()}`], "报价.pdf"),
    purpose: "quote",
    projectId,
  });
  const [project] = await env.db.select().from(offerProjects)
    .where(eq(offerProjects.id, projectId));
  await env.db.insert(quotes).values({
    projectId,
    supplierId,
    round,
    fileId: f.id,
    submittedAt: env.clock.now(),
    // A quote answers the request pack version in force, as the supplier side records it.
    packVersion: project?.packVersion ?? null,
  });
  if (round === 0) await recordQuoteProgress(env.db, projectId, env.clock.now());
  return f.id;
}

export async function supplierByCode(env: TestEnv, code: string) {
  return (await env.db.select().from(suppliers).where(eq(suppliers.code, code)))[0];
}
