// Inputs of the forgotten-password calls; shared by the HTTP routes and the client.
import { z } from "zod";
import { passwordSchema } from "../users/schemas.ts";

/** A reset link's secret: 32 random bytes in base64url (anything else is a link that fails). */
const token = z.string().trim().min(1).max(200).describe("The secret of the emailed reset link.");

export const sendResetLinkInput = z.object({
  userNameOrEmailAddress: z.string().trim().min(1).max(256).describe(
    "The account's user name or email address.",
  ),
});
export const resetLinkInput = z.object({ token });
export const resetWithLinkInput = z.object({
  token,
  newPassword: passwordSchema.describe("The new password: 8 to 128 characters."),
});
