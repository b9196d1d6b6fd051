// Inputs of the role and permission operations.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { isoInstant, pageOf } from "../shared/results.ts";

export const listRolesInput = z.object({
  keyword: z.string().trim().max(100).optional().describe(
    "Part of the role's name or display name.",
  ),
  ...pagedInput,
});

const roleFields = {
  name: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{1,63}$/, {
    error: "errors.field.roleName",
  }).describe("The role's name: a letter, then 1 to 63 letters, digits or _ . -; unique."),
  displayName: z.string().trim().min(1).max(64).describe("The name people see."),
  description: multiLine(
    z.string().trim().max(500).nullish().transform((v) => v || null).describe(
      "What the role is for (up to 500 characters), or none.",
    ),
  ),
  grantedPermissions: z.array(z.string().min(1).max(128)).max(500).default([]).describe(
    "The permission names the role grants (GetAllPermissions lists them).",
  ),
};

export const createRoleInput = z.object(roleFields);
export const updateRoleInput = z.object({ id: id.describe("The role's id."), ...roleFields });

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A role with the permissions it grants. */
export const roleDto = z.object({
  id: z.int().describe("The role's id."),
  name: z.string().describe("The role's name."),
  displayName: z.string().describe("The name people see."),
  description: z.string().nullable().describe("What the role is for, or null."),
  isStatic: z.boolean().describe(
    "Whether it is one of the seeded roles, which keep their names and cannot be deleted.",
  ),
  grantedPermissions: z.array(z.string()).describe("The permission names the role grants."),
  userCount: z.int().describe("How many users have the role."),
  creationTime: isoInstant.describe("When the role was created."),
});
export const rolePage = pageOf(roleDto, "roles");

/** The permission tree: groups, each with its permissions as leaves. */
export const permissionTreeResult = z.object({
  items: z.array(
    z.object({
      name: z.string().describe("The group's name."),
      children: z.array(
        z.object({ name: z.string().describe("A permission name.") }),
      ).optional().describe("The group's permissions."),
    }),
  ).describe("The groups of permissions."),
});
