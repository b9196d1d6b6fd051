// The role management calls (spec §7 Role), typed by the server's RoleDto.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listRolesInput } from "../../../../server/domain/roles/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { RoleDto } from "../../../../server/domain/roles/service.ts";

export const ROLES = "/app/Role";

export type RoleRow = Wire<RoleDto>;
type Role = RoleRow;

/** A permission and the ones under it, as the permission tree shows them. */
export type PermissionNode = { name: string; children?: PermissionNode[] };

export const rolesApi = {
  list: (params: ListParams<typeof listRolesInput>) =>
    api.get<Paged<RoleRow>>(`${ROLES}/GetAll`, params),
  remove: (id: number) => api.delete(`${ROLES}/Delete`, { id }, { silent: true }),
  /** Every role (up to 1000), for the permission list; quiet when the user may not read them. */
  all: () =>
    api.get<{ items: Role[] }>(`${ROLES}/GetAll`, { MaxResultCount: 1000 }, { silent: true }),
  permissions: () => api.get<{ items: PermissionNode[] }>(`${ROLES}/GetAllPermissions`),
};
