// User administration (spec §7 /app/User/*) and the signed-in user's own profile.
import { z } from "zod";
import { id } from "../../domain/shared/input.ts";
import { Permissions } from "../../domain/auth/permissions.ts";
import * as users from "../../domain/users/service.ts";
import { allRoles } from "../../domain/roles/service.ts";
import {
  changeLanguageInput,
  changePasswordInput,
  createUserInput,
  listUsersInput,
  resetPasswordInput,
  updateProfileInput,
  updateUserInput,
  userDto,
  userInfo,
  userPage,
} from "../../domain/users/schemas.ts";
import { roleDto } from "../../domain/roles/schemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";
import { recheckAuctionStreams } from "../auctionStream.ts";

const manage = [Permissions.UserSearch, Permissions.PagesUsers] as const;
const idQuery = z.object({ id: id.describe("The user's id.") });

export const userRoutes = [
  defineRoute({
    method: "get",
    path: "/app/User/GetAll",
    access: manage,
    summary: "Users, paged; filter by keyword, active flag and kind.",
    query: listUsersInput,
    result: userPage,
    handler: ({ deps, query }) => users.listUsers(deps, query),
  }),
  defineRoute({
    method: "get",
    path: "/app/User/Get",
    access: manage,
    summary: "One user with roles and groups.",
    query: idQuery,
    result: userDto,
    handler: ({ deps, query }) => users.getUser(deps, query.id),
  }),
  defineRoute({
    method: "get",
    path: "/app/User/GetRoles",
    access: manage,
    summary: "Every role, for the user dialog.",
    result: z.object({ items: z.array(roleDto).describe("Every role, by name.") }),
    handler: async ({ deps }) => ({ items: await allRoles(deps) }),
  }),
  defineRoute({
    method: "post",
    path: "/app/User/Create",
    access: manage,
    summary: "Create a user with roles and an initial password.",
    body: createUserInput,
    result: userDto,
    handler: ({ deps, body }) => users.createUser(deps, body),
  }),
  defineRoute({
    method: "put",
    path: "/app/User/Update",
    access: manage,
    summary: "Change a user's details, roles, groups and active flag.",
    body: updateUserInput,
    result: userDto,
    errors: [409],
    handler: async ({ deps, body, actor }) => {
      const user = await users.updateUser(deps, body, actor);
      recheckAuctionStreams(deps); // a deactivation or lost role ends its open streams
      return user;
    },
  }),
  defineRoute({
    method: "delete",
    path: "/app/User/Delete",
    access: manage,
    summary: "Delete a user (never yourself or the last admin).",
    query: idQuery,
    result: noResult,
    errors: [409],
    handler: async ({ deps, query, actor }) => {
      await users.deleteUser(deps, query.id, actor);
      recheckAuctionStreams(deps);
    },
  }),
  defineRoute({
    method: "post",
    path: "/app/User/ResetPassword",
    access: manage,
    summary: "Set a user's password; their open sessions end.",
    body: resetPasswordInput,
    result: noResult,
    handler: async ({ deps, body }) => {
      await users.resetPassword(deps, body);
      recheckAuctionStreams(deps);
    },
  }),
  defineRoute({
    method: "post",
    path: "/app/User/ChangePassword",
    access: "signedIn",
    audience: "any",
    summary: "Change your own password; your other sessions end, this one stays.",
    body: changePasswordInput,
    result: noResult,
    errors: [429],
    handler: async ({ deps, body, actor, meta }) => {
      await users.changeOwnPassword(deps, actor, body, meta);
      recheckAuctionStreams(deps);
    },
  }),
  defineRoute({
    method: "put",
    path: "/app/User/UpdateProfile",
    access: "signedIn",
    audience: "any",
    summary: "Change your own name, avatar, introduction and email.",
    body: updateProfileInput,
    result: userInfo,
    handler: ({ deps, body, actor }) => users.updateProfile(deps, actor, body),
  }),
  defineRoute({
    method: "post",
    path: "/app/User/ChangeLanguage",
    access: "signedIn",
    audience: "any",
    summary: "Save your language (zh or en).",
    body: changeLanguageInput,
    result: noResult,
    handler: ({ deps, body, actor }) => users.changeLanguage(deps, actor, body),
  }),
];
