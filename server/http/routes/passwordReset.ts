// Forgotten passwords, from either sign-in page: a one-time link by email, and a new password.
import { checkResetLink, resetWithLink, sendResetLink } from "../../domain/auth/passwordReset.ts";
import {
  resetLinkInput,
  resetWithLinkInput,
  sendResetLinkInput,
} from "../../domain/auth/schemas.ts";
import { resetLinkResult, signedIn } from "../../domain/auth/results.ts";
import { twoFactorChallenge } from "../../domain/auth/twoFactorSchemas.ts";
import { z } from "zod";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";
import { recheckAuctionStreams } from "../auctionStream.ts";

export const passwordResetRoutes = [
  defineRoute({
    method: "post",
    path: "/app/TokenAuth/SendPasswordResetLink",
    access: "public",
    summary:
      "Email a link to set a new password (works once, for 30 minutes) to the account with this user name or email; the same empty answer whether or not it exists; 400 without a name, 429 while the client's address is locked (counted as failed sign-ins are).",
    body: sendResetLinkInput,
    result: noResult,
    errors: [429],
    handler: async ({ c, deps, body, meta }) => {
      const user = await sendResetLink(deps, body, meta);
      if (user) c.set("auditUser", user);
    },
  }),
  defineRoute({
    method: "get",
    path: "/app/TokenAuth/CheckPasswordResetLink",
    access: "public",
    summary:
      "Whether a reset link still works, and the user name and kind of its account; 400 when it has expired, been used or never existed.",
    query: resetLinkInput,
    result: resetLinkResult,
    handler: ({ deps, query }) => checkResetLink(deps, query),
  }),
  defineRoute({
    method: "post",
    path: "/app/TokenAuth/ResetPasswordWithLink",
    access: "public",
    summary:
      "Set a new password with a reset link (once): every other session of the user ends and this call signs them in, answering a bearer token as Authenticate does; 400 when the link has expired, been used or never existed, or the password breaks the rules. A user with a second factor gets the sign-in's ticket for the code instead of a token.",
    body: resetWithLinkInput,
    result: z.union([signedIn, twoFactorChallenge]),
    handler: async ({ c, deps, body, meta }) => {
      const { userName, ...session } = await resetWithLink(deps, body, meta);
      c.set("auditUser", { id: session.userId, userName });
      recheckAuctionStreams(deps); // the other sessions' open streams end
      return session;
    },
  }),
];
