// The second step of signing in, after a right password (twoFactor.ts gives its ticket): a code of
// the authenticator or a recovery code, counted as a wrong password is; or, where a second factor is
// required and none is on, enrolling one there and then. Also turning one's own off with a code.
import type { z } from "zod";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError } from "../errors.ts";
import { type ClientMeta, countedCheck, normalizeUserName, startSession } from "./service.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  removeSecondFactor,
  takeCode,
  twoFactorRequired,
  twoFactorStatus,
  userOfChallenge,
} from "./twoFactor.ts";
import type { challengeInput, codeInput, codeSignInInput } from "./twoFactorSchemas.ts";

/** Takes a code counted against the account and the client's address; 400 naming it when wrong. */
async function takeCodeCounted(
  deps: Deps,
  user: { id: number; normalizedUserName: string },
  code: string,
  meta: ClientMeta,
) {
  const who = { userName: user.normalizedUserName, clientIp: meta.clientIp ?? null };
  const check = () => takeCode(deps, user.id, code);
  if (!await countedCheck(deps.db, who, check, deps.clock.now())) {
    throw fieldError("code", "twoFactor.wrongCode");
  }
}

/**
 * Finishes a sign-in with the ticket and a code (or a recovery code): answers a session as a
 * sign-in does. A wrong code counts toward the sign-in failure limit (429 past it).
 */
export async function signInWithCode(
  deps: Deps,
  input: z.infer<typeof codeSignInInput>,
  meta: ClientMeta = {},
) {
  const user = await userOfChallenge(deps, input.challenge, "code");
  await takeCodeCounted(deps, user, input.code, meta);
  return { ...await startSession(deps, user, meta), userName: user.userName };
}

/** A sign-in that must enrol first: starts enrolling the ticket's user. */
export async function beginEnrolmentAtSignIn(
  deps: Deps,
  input: z.infer<typeof challengeInput>,
) {
  const user = await userOfChallenge(deps, input.challenge, "enrol");
  return await beginEnrolment(deps, user);
}

/**
 * A sign-in that must enrol first: confirms the authenticator with a first code, then signs in;
 * answers the session and the ten recovery codes.
 */
export async function confirmEnrolmentAtSignIn(
  deps: Deps,
  input: z.infer<typeof codeSignInInput>,
  meta: ClientMeta = {},
) {
  const user = await userOfChallenge(deps, input.challenge, "enrol");
  const { recoveryCodes } = await confirmEnrolment(deps, user.id, input.code);
  return { ...await startSession(deps, user, meta), recoveryCodes, userName: user.userName };
}

/**
 * Turns the signed-in user's own second factor off, with a code (counted as at sign-in); 409 while
 * the admin setting requires one of them.
 */
export async function turnOffSecondFactor(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof codeInput>,
  meta: ClientMeta = {},
) {
  if (await twoFactorRequired(deps, actor)) throw conflict("twoFactor.requiredCannotTurnOff");
  if (!(await twoFactorStatus(deps, actor)).enrolled) throw conflict("twoFactor.notEnrolled");
  const user = { id: actor.id, normalizedUserName: normalizeUserName(actor.userName) };
  await takeCodeCounted(deps, user, input.code, meta);
  await removeSecondFactor(deps.db, actor.id);
}
