// The group management calls (QMO Group), typed by the server's GroupDto.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { GroupDto } from "../../../../server/domain/groups/service.ts";

export const GROUPS = "/QMO/Group";

export type GroupRow = Wire<GroupDto>;
export type Member = GroupRow["members"][number];

export const groupsApi = {
  remove: (id: number) => api.delete(`${GROUPS}/Delete`, { id }, { silent: true }),
  /** Every staff user, by user name: the members a group may have. */
  staff: () =>
    api.get<{ items: Member[] }>(`/app/User/GetAll`, {
      MaxResultCount: 1000,
      kind: "staff",
      Sorting: "userName asc",
    }),
};
