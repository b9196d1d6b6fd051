// Results of signing in, shared by the sign-in call and the password reset that signs in.
import { z } from "zod";

/** A new session: the bearer token and how long it lasts. */
export const signedIn = z.object({
  accessToken: z.string().describe("The bearer token: send it as `Authorization: Bearer <token>`."),
  expireInSeconds: z.int().describe("How many seconds the token stays valid."),
  userId: z.int().describe("The signed-in user's id."),
});

/** Whether a password reset link still works, and whose account it opens. */
export const resetLinkResult = z.object({
  userName: z.string().describe("The sign-in name of the link's account."),
  kind: z.enum(["staff", "supplier"]).describe(
    "The account's kind: staff (the back-office) or supplier (the supplier portal).",
  ),
});
