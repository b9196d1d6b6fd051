// Two-factor sign-in (TOTP): the code step and the enrolment a sign-in may lead to, one's own
// authenticator on the account page, and an admin's reset of a user's.
import { z } from "zod";
import { id } from "../../domain/shared/input.ts";
import { Permissions } from "../../domain/auth/permissions.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  resetSecondFactor,
  twoFactorStatus,
} from "../../domain/auth/twoFactor.ts";
import {
  beginEnrolmentAtSignIn,
  confirmEnrolmentAtSignIn,
  signInWithCode,
  turnOffSecondFactor,
} from "../../domain/auth/twoFactorSignIn.ts";
import {
  challengeInput,
  codeInput,
  codeSignInInput,
  enrolmentResult,
  recoveryCodesResult,
  signedInWithRecoveryCodes,
  twoFactorStatusResult,
} from "../../domain/auth/twoFactorSchemas.ts";
import { signedIn } from "../../domain/auth/results.ts";
import { noResult } from "../../domain/shared/results.ts";
import { defineRoute } from "../route.ts";

/** Codes and sign-in tickets never reach the audit log. */
const auditOmit = ["code", "challenge"] as const;

export const twoFactorRoutes = [
  defineRoute({
    method: "post",
    path: "/app/TokenAuth/AuthenticateWithCode",
    access: "public",
    summary:
      "Finish a sign-in that answered { twoFactor: code }: the ticket and six digits from the authenticator app (30 seconds either side of now, each taken once) or a recovery code (once); answers a bearer token as Authenticate does. 400 naming the code when it is wrong (counted toward the sign-in failure limit) or the ticket when it has expired; 429 while the account or address is locked.",
    body: codeSignInInput,
    auditOmit,
    result: signedIn,
    errors: [429],
    handler: async ({ c, deps, body, meta }) => {
      const { userName, ...session } = await signInWithCode(deps, body, meta);
      c.set("auditUser", { id: session.userId, userName });
      return session;
    },
  }),
  defineRoute({
    method: "post",
    path: "/app/TokenAuth/BeginTwoFactorEnrolment",
    access: "public",
    summary:
      "For a sign-in that answered { twoFactor: enrol }: a new authenticator secret for the ticket's user, as text, otpauth:// link and QR code. 400 naming the ticket when it has expired.",
    body: challengeInput,
    auditOmit,
    result: enrolmentResult,
    handler: ({ deps, body }) => beginEnrolmentAtSignIn(deps, body),
  }),
  defineRoute({
    method: "post",
    path: "/app/TokenAuth/ConfirmTwoFactorEnrolment",
    access: "public",
    summary:
      "For a sign-in that answered { twoFactor: enrol }: confirm the authenticator with a first code and sign in; answers a bearer token and ten one-time recovery codes. 400 naming the code when it is wrong, or the ticket when it has expired.",
    body: codeSignInInput,
    auditOmit,
    result: signedInWithRecoveryCodes,
    handler: async ({ c, deps, body, meta }) => {
      const { userName, ...session } = await confirmEnrolmentAtSignIn(deps, body, meta);
      c.set("auditUser", { id: session.userId, userName });
      return session;
    },
  }),
  defineRoute({
    method: "get",
    path: "/app/TwoFactor/GetStatus",
    access: "signedIn",
    audience: "any",
    summary:
      "The signed-in user's second factor: whether it is on, whether it is required of them, and recovery codes left.",
    result: twoFactorStatusResult,
    handler: ({ deps, actor }) => twoFactorStatus(deps, actor),
  }),
  defineRoute({
    method: "post",
    path: "/app/TwoFactor/BeginEnrolment",
    access: "signedIn",
    audience: "any",
    summary:
      "Start enrolling an authenticator app for the signed-in user: the secret as text, otpauth:// link and QR code (nothing changes at sign-in until a first code confirms it). 409 when one is on already.",
    result: enrolmentResult,
    errors: [409],
    handler: ({ deps, actor }) => beginEnrolment(deps, actor),
  }),
  defineRoute({
    method: "post",
    path: "/app/TwoFactor/ConfirmEnrolment",
    access: "signedIn",
    audience: "any",
    summary:
      "Confirm the authenticator being enrolled with a first code; from then on sign-in asks for a code. Answers ten one-time recovery codes, shown this once. 400 naming the code when it is wrong or no enrolment was started.",
    body: codeInput,
    auditOmit,
    result: recoveryCodesResult,
    handler: ({ deps, actor, body }) => confirmEnrolment(deps, actor.id, body.code),
  }),
  defineRoute({
    method: "post",
    path: "/app/TwoFactor/TurnOff",
    access: "signedIn",
    audience: "any",
    summary:
      "Turn the signed-in user's own second factor off with a code or a recovery code (counted as at sign-in). 400 naming the code when it is wrong; 409 when none is on or the admin setting requires one; 429 while locked.",
    body: codeInput,
    auditOmit,
    result: noResult,
    errors: [409, 429],
    handler: ({ deps, actor, body, meta }) => turnOffSecondFactor(deps, actor, body, meta),
  }),
  defineRoute({
    method: "post",
    path: "/app/User/ResetTwoFactor",
    access: [Permissions.UserSearch, Permissions.PagesUsers],
    summary:
      "Reset a user's second factor (a lost phone): their authenticator and recovery codes are removed and they are mailed; the next sign-in needs the password only, or leads to enrolling again where one is required. 409 when the user has none.",
    body: z.object({ id: id.describe("The user's id.") }),
    result: noResult,
    errors: [409],
    handler: async ({ deps, actor, body }) => {
      await resetSecondFactor(deps, body.id, actor);
    },
  }),
];
