// The award approval calls (QMO AwardApproval), typed by the server's DTOs.
import { api } from "../../../shared/api.ts";
import type { Wire } from "../../../shared/wire.ts";
import type { AwardApprovalDto } from "../../../../server/domain/comparison/approvalRead.ts";
import type { AwardApprovalDetail } from "../../../../server/domain/comparison/approval.ts";
import type { UserLeaderDto } from "../../../../server/domain/leaders/service.ts";

const AA = "/QMO/AwardApproval";

export type Approval = Wire<AwardApprovalDto>;
export type ApprovalDetail = Wire<AwardApprovalDetail>;
type List = { items: Approval[]; totalCount: number };

/** The back-office page of one proposal (the approval emails link here too). */
const APPROVAL_PAGE = "/awardApproval/index";
export const approvalPath = (id: number) => `${APPROVAL_PAGE}?id=${id}`;

export const approvalsApi = {
  mine: () => api.get<List>(`${AA}/GetMine`, {}, { silent: true }),
  /** Every pending approval (admins who manage persons in charge). */
  pending: () => api.get<List>(`${AA}/GetPending`, { MaxResultCount: 100 }, { silent: true }),
  get: (id: number) => api.get<ApprovalDetail>(`${AA}/Get`, { id }, { silent: true }),
  approve: (id: number, comment: string) =>
    api.post<Approval>(`${AA}/Approve`, { id, comment }, { silent: true }),
  reject: (id: number, comment: string) =>
    api.post<Approval>(`${AA}/Reject`, { id, comment }, { silent: true }),
  reassign: (id: number, approverId: number, comment: string) =>
    api.post<Approval>(`${AA}/Reassign`, { id, approverId, comment }, { silent: true }),
  /** Every staff user (up to 1000), to pick an approver from. */
  staff: () =>
    api.get<{ items: Wire<UserLeaderDto>[] }>("/QMO/UserLeader/GetAll", { MaxResultCount: 1000 }),
};
