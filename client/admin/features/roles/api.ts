// The role management calls (spec §7 Role), typed by the server's RoleDto.
import { api } from "../../../shared/api.ts";
import type { Role } from "../users/api.ts";

export const ROLES = "/app/Role";

export type RoleRow = Role;

export const rolesApi = {
  remove: (id: number) => api.delete(`${ROLES}/Delete`, { id }, { silent: true }),
};
