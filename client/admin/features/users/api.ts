// The user management calls (spec §7 User), typed by the server's UserDto and RoleDto.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listUsersInput } from "../../../../server/domain/users/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import { passwordSchema } from "../../../../server/domain/users/schemas.ts";
import type { UserDto } from "../../../../server/domain/users/service.ts";
import type { RoleDto } from "../../../../server/domain/roles/service.ts";
import type { SupplierDto } from "../../../../server/domain/suppliers/service.ts";

export const USERS = "/app/User";

export type UserRow = Wire<UserDto>;
export type Role = Wire<RoleDto>;
export type Supplier = Wire<SupplierDto>;

/** The server's shortest password, checked before sending. */
export const PASSWORD_MIN = passwordSchema.minLength ?? 0;

export const usersApi = {
  list: (params: ListParams<typeof listUsersInput>) =>
    api.get<Paged<UserRow>>(`${USERS}/GetAll`, params),
  remove: (id: number) => api.delete(`${USERS}/Delete`, { id }, { silent: true }),
  roles: () => api.get<{ items: Role[] }>(`${USERS}/GetRoles`),
  /** The suppliers a supplier user may be linked to, by code. */
  suppliers: () =>
    api.get<{ items: Supplier[] }>(`/QMO/Supplier/GetAll`, {
      MaxResultCount: 1000,
      Sorting: "code asc",
    }),
  resetPassword: (userId: number, newPassword: string) =>
    api.post(`${USERS}/ResetPassword`, { userId, newPassword }, { silent: true }),
};
