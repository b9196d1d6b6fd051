// Set the person in charge (spec §2 userLeaderSet), in the spec's path style.
import { Permissions } from "../../domain/auth/permissions.ts";
import * as leaders from "../../domain/leaders/service.ts";
import {
  deleteLeaderInput,
  listLeadersInput,
  setLeaderInput,
  userLeaderDto,
  userLeaderPage,
} from "../../domain/leaders/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

const manage = Permissions.LeaderManagerSearch;

export const leaderRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/UserLeader/GetAll",
    access: manage,
    summary: "Staff users with their person in charge, paged.",
    query: listLeadersInput,
    result: userLeaderPage,
    handler: ({ deps, query }) => leaders.listLeaders(deps, query),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/UserLeader/Set",
    access: manage,
    summary: "Set (or replace) a user's person in charge.",
    body: setLeaderInput,
    result: userLeaderDto,
    noNotFound: true, // an unknown user is a 400 naming userId or leaderId
    handler: ({ deps, body }) => leaders.setLeader(deps, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/UserLeader/Delete",
    access: manage,
    summary: "Remove a user's person in charge.",
    query: deleteLeaderInput,
    result: noResult,
    handler: ({ deps, query }) => leaders.deleteLeader(deps, query.userId),
  }),
];
