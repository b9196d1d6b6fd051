// Inputs of the role and permission operations.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

export const listRolesInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  ...pagedInput,
});

const roleFields = {
  name: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{1,63}$/, {
    error: "errors.field.roleName",
  }),
  displayName: z.string().trim().min(1).max(64),
  description: multiLine(z.string().trim().max(500).nullish().transform((v) => v || null)),
  grantedPermissions: z.array(z.string().min(1).max(128)).max(500).default([]),
};

export const createRoleInput = z.object(roleFields);
export const updateRoleInput = z.object({ id, ...roleFields });
