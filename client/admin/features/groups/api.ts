// The group management calls (QMO Group), typed by the server's GroupDto.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listGroupsInput } from "../../../../server/domain/groups/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { GroupDto } from "../../../../server/domain/groups/service.ts";

export const GROUPS = "/QMO/Group";

export type GroupRow = Wire<GroupDto>;
export type Member = GroupRow["members"][number];

export const groupsApi = {
  list: (params: ListParams<typeof listGroupsInput>) =>
    api.get<Paged<GroupRow>>(`${GROUPS}/GetAll`, params),
  remove: (id: number) => api.delete(`${GROUPS}/Delete`, { id }, { silent: true }),
  /** Every staff user, by user name: the members a group may have. */
  staff: () =>
    api.get<{ items: Member[] }>(`/app/User/GetAll`, {
      MaxResultCount: 1000,
      kind: "staff",
      Sorting: "userName asc",
    }),
};
