// The leader settings calls (QMO UserLeader), typed by the server's UserLeaderDto.
import { api } from "../../../shared/api.ts";
import type { ListParams } from "../../components/usePagedList.ts";
import type { Paged } from "../../../../server/domain/shared/paging.ts";
import type { listLeadersInput } from "../../../../server/domain/leaders/schemas.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { UserLeaderDto } from "../../../../server/domain/leaders/service.ts";

const LEADERS = "/QMO/UserLeader";

export type LeaderRow = Wire<UserLeaderDto>;

export const leadersApi = {
  list: (params: ListParams<typeof listLeadersInput>) =>
    api.get<Paged<LeaderRow>>(`${LEADERS}/GetAll`, params),
  remove: (userId: number) => api.delete(`${LEADERS}/Delete`, { userId }, { silent: true }),
  /** Every staff user with their leader (up to 1000). */
  all: () => api.get<{ items: LeaderRow[] }>(`${LEADERS}/GetAll`, { MaxResultCount: 1000 }),
  set: (userId: number, leaderId: number | null) =>
    api.post(`${LEADERS}/Set`, { userId, leaderId }, { silent: true }),
};
