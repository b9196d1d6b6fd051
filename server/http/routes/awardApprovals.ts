// Awards that need approval: the approvals waiting for me, every pending one (admins), one with its
// matrix snapshot and trail, a project's award trail, and the decisions (approve, reject, reassign).
import { Permissions, ProjectSearch } from "../../domain/auth/permissions.ts";
import * as read from "../../domain/comparison/approvalRead.ts";
import * as approval from "../../domain/comparison/approval.ts";
import {
  approvalInput,
  decideApprovalInput,
  matrixInput,
  pendingApprovalsInput,
  reassignApprovalInput,
} from "../../domain/comparison/schemas.ts";
import {
  awardApprovalDetail,
  awardApprovalDto,
  awardApprovalPage,
  awardApprovalTrail,
} from "../../domain/comparison/results.ts";
import { defineRoute } from "../route.ts";

const via = "http" as const;

export const awardApprovalRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/AwardApproval/GetMine",
    access: "signedIn",
    audience: "staff",
    summary: "The awards waiting for my approval (I am the person in charge they went to).",
    result: awardApprovalPage,
    handler: ({ deps, actor }) => read.myApprovals(deps, actor),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/AwardApproval/GetPending",
    access: Permissions.LeaderManagerSearch,
    summary: "Every award waiting for approval, with its approver, oldest first (paged).",
    query: pendingApprovalsInput,
    result: awardApprovalPage,
    handler: ({ deps, actor, query }) => read.pendingApprovals(deps, actor, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/AwardApproval/Get",
    access: "signedIn",
    audience: "staff",
    summary:
      "One award proposal: what is awarded, amount in CNY, reason, the matrix snapshot it was proposed on (version, hash), the trail, and what I may do.",
    query: approvalInput,
    result: awardApprovalDetail,
    handler: ({ deps, actor, query }) => approval.approvalDetail(deps, actor, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/AwardApproval/GetProjectTrail",
    access: ProjectSearch,
    summary:
      "Every award proposal of a project, newest first: who proposed, who approved or rejected, when, comments, matrix version.",
    query: matrixInput,
    result: awardApprovalTrail,
    handler: ({ deps, actor, query }) => read.projectApprovals(deps, actor, query.offProId),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/AwardApproval/Approve",
    access: "signedIn",
    audience: "staff",
    summary:
      "Approve a pending award (its approver only, never its proposer), with an optional comment: the award is recorded and the suppliers are mailed.",
    body: decideApprovalInput,
    result: awardApprovalDto,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      approval.decideApproval(deps, actor, body, "approved", { ...meta, via }),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/AwardApproval/Reject",
    access: "signedIn",
    audience: "staff",
    summary:
      "Reject a pending award with a comment (required): it returns to the buyer, who may propose again.",
    body: decideApprovalInput,
    result: awardApprovalDto,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      approval.decideApproval(deps, actor, body, "rejected", { ...meta, via }),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/AwardApproval/Reassign",
    access: Permissions.LeaderManagerSearch,
    summary:
      "Hand a pending approval to another active staff user (not the proposer), e.g. while the person in charge is away; they are mailed.",
    body: reassignApprovalInput,
    result: awardApprovalDto,
    errors: [409],
    handler: ({ deps, actor, body, meta }) =>
      approval.reassignApproval(deps, actor, body, { ...meta, via }),
  }),
];
