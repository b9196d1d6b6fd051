// Sign-in, sign-out and the current user (spec §7 auth calls).
import { z } from "zod";
import { authenticate, logout } from "../../domain/auth/service.ts";
import { getUserInfo } from "../../domain/users/service.ts";
import { userInfo } from "../../domain/users/schemas.ts";
import { signedIn } from "../../domain/auth/results.ts";
import { twoFactorChallenge } from "../../domain/auth/twoFactorSchemas.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";
import { recheckAuctionStreams } from "../auctionStream.ts";

export const authRoutes = [
  defineRoute({
    method: "post",
    path: "/app/TokenAuth/Authenticate",
    access: "public",
    summary:
      "Sign in with a user name (or email) and password; answers a bearer token, or, for a user with a second factor (or required to enrol one), a ticket for AuthenticateWithCode (or the enrolment calls).",
    body: z.object({
      userNameOrEmailAddress: z.string().trim().min(1).max(256).describe(
        "The user name or email address.",
      ),
      password: z.string().min(1).max(128).describe("The password."),
      rememberClient: z.boolean().optional().describe(
        "Accepted for compatibility; the session lasts as long either way.",
      ),
    }),
    result: z.union([signedIn, twoFactorChallenge]),
    errors: [401, 429],
    handler: async ({ c, deps, body, meta }) => {
      const result = await authenticate(deps, body, meta);
      c.set("auditUser", { id: result.userId, userName: body.userNameOrEmailAddress });
      return result;
    },
  }),
  defineRoute({
    method: "post",
    path: "/app/User/Logout",
    access: "signedIn",
    audience: "any",
    summary: "End the current session; the token stops working everywhere.",
    result: noResult,
    handler: async ({ deps, actor }) => {
      await logout(deps, actor);
      recheckAuctionStreams(deps); // its open event streams end at once
    },
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SystemUserExt/GetUserInfo",
    access: "signedIn",
    audience: "any",
    summary:
      "The signed-in user: name, userName, avatar, introduction, roleNames, grantedPermissionNames.",
    result: userInfo,
    handler: ({ deps, actor }) => getUserInfo(deps, actor),
  }),
  defineRoute({
    method: "get",
    path: "/QMO/SystemUserExt/GetUserPermissions",
    access: "signedIn",
    audience: "any",
    summary: "The permission names granted to the signed-in user.",
    result: z.array(z.string()).describe("The permission names, sorted."),
    handler: ({ actor }) => [...actor.permissions].sort(),
  }),
];
