// Roles, the permission tree and groups (spec §2 /systemManager).
import { z } from "zod";
import { id } from "../../domain/shared/input.ts";
import { Permissions } from "../../domain/auth/permissions.ts";
import * as roles from "../../domain/roles/service.ts";
import * as groups from "../../domain/groups/service.ts";
import {
  createRoleInput,
  listRolesInput,
  permissionTreeResult,
  roleDto,
  rolePage,
  updateRoleInput,
} from "../../domain/roles/schemas.ts";
import {
  createGroupInput,
  groupDto,
  groupPage,
  listGroupsInput,
  setMembersInput,
  updateGroupInput,
} from "../../domain/groups/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";
import { recheckAuctionStreams } from "../auctionStream.ts";

const manageRoles = [Permissions.RoleSearch, Permissions.PagesRoles] as const;
const manageGroups = Permissions.GroupSearch;
const roleId = z.object({ id: id.describe("The role's id.") });
const groupId = z.object({ id: id.describe("The group's id.") });

export const roleRoutes = [
  defineRoute({
    method: "get",
    path: "/app/Role/GetAll",
    access: manageRoles,
    summary: "Roles, paged, with their granted permissions.",
    query: listRolesInput,
    result: rolePage,
    handler: ({ deps, query }) => roles.listRoles(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/app/Role/Get",
    access: manageRoles,
    summary: "One role with its permissions.",
    query: roleId,
    result: roleDto,
    handler: ({ deps, query }) => roles.getRole(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/app/Role/Create",
    access: manageRoles,
    summary: "Create a role with permissions.",
    body: createRoleInput,
    result: roleDto,
    handler: ({ deps, body }) => roles.createRole(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/app/Role/Update",
    access: manageRoles,
    summary: "Change a role and its permissions.",
    body: updateRoleInput,
    result: roleDto,
    errors: [409],
    handler: async ({ deps, body }) => {
      const role = await roles.updateRole(deps, body);
      recheckAuctionStreams(deps); // a permission taken away ends the streams that needed it
      return role;
    },
  }),
  defineRoute({
    method: "delete",
    path: "/app/Role/Delete",
    access: manageRoles,
    summary: "Delete a role that is not one of the seeded roles.",
    query: roleId,
    result: noResult,
    errors: [409],
    handler: async ({ deps, query }) => {
      await roles.deleteRole(deps, query.id);
      recheckAuctionStreams(deps);
    },
  }),
  defineRoute({
    method: "get",
    path: "/app/Role/GetAllPermissions",
    access: [Permissions.PermissionSearch, ...manageRoles],
    summary: "The permission tree (groups and permission names).",
    result: permissionTreeResult,
    handler: () => ({ items: roles.getPermissionTree() }),
  }),
];

export const groupRoutes = [
  defineRoute({
    method: "get",
    path: "/QMO/Group/GetAll",
    access: manageGroups,
    summary: "Groups, paged, with members.",
    query: listGroupsInput,
    result: groupPage,
    handler: ({ deps, query }) => groups.listGroups(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/Group/Get",
    access: manageGroups,
    summary: "One group with members.",
    query: groupId,
    result: groupDto,
    handler: ({ deps, query }) => groups.getGroup(deps, query.id),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Group/Create",
    access: manageGroups,
    summary: "Create a group, optionally with members.",
    body: createGroupInput,
    result: groupDto,
    handler: ({ deps, body }) => groups.createGroup(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/QMO/Group/Update",
    access: manageGroups,
    summary: "Rename a group or change its members.",
    body: updateGroupInput,
    result: groupDto,
    handler: ({ deps, body }) => groups.updateGroup(deps, body),
  }),
  defineRoute({
    method: "post",
    path: "/QMO/Group/SetMembers",
    access: manageGroups,
    summary: "Replace a group's members.",
    body: setMembersInput,
    result: groupDto,
    handler: ({ deps, body }) => groups.setGroupMembers(deps, body),
  }),
  defineRoute({
    method: "delete",
    path: "/QMO/Group/Delete",
    access: manageGroups,
    summary: "Delete a group (its users stay).",
    query: groupId,
    result: noResult,
    handler: ({ deps, query }) => groups.deleteGroup(deps, query.id),
  }),
];
