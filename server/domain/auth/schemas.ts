// Inputs of the forgotten-password calls; shared by the HTTP routes and the client.
import { z } from "zod";
import { passwordSchema } from "../users/schemas.ts";

/** A reset link's secret: 32 random bytes in base64url (anything else is a link that fails). */
const token = z.string().trim().min(1).max(200);

export const sendResetLinkInput = z.object({
  userNameOrEmailAddress: z.string().trim().min(1).max(256),
});
export const resetLinkInput = z.object({ token });
export const resetWithLinkInput = z.object({ token, newPassword: passwordSchema });
