// Inputs and results of two-factor sign-in; shared by the HTTP routes and the client.
import { z } from "zod";
import { signedIn } from "./results.ts";

const challenge = z.string().trim().min(1).max(2000).describe(
  "The ticket the sign-in answered after the password (valid 10 minutes).",
);
const code = z.string().trim().min(1).max(32).describe(
  "Six digits from the authenticator app, or one of the recovery codes (where a sign-in takes one).",
);

export const challengeInput = z.object({ challenge });
export const codeInput = z.object({ code });
export const codeSignInInput = z.object({ challenge, code });

/** A right password with a second step to go: a code, or enrolling an authenticator first. */
export const twoFactorChallenge = z.object({
  twoFactor: z.enum(["code", "enrol"]).describe(
    "What the sign-in still needs: a code (code), or enrolling an authenticator app first because the admin setting requires one (enrol).",
  ),
  challenge: z.string().describe("The ticket for the next call; valid 10 minutes."),
  expireInSeconds: z.int().describe("How many seconds the ticket stays valid."),
  userId: z.int().describe("The user's id."),
});

/** An authenticator being enrolled: its secret three ways. */
export const enrolmentResult = z.object({
  secret: z.string().describe("The secret as text (base32 in groups of four), to type in."),
  uri: z.string().describe("The otpauth:// link the QR code holds."),
  qrCode: z.string().describe("The QR code as an SVG data URL."),
});

export const recoveryCodesResult = z.object({
  recoveryCodes: z.array(z.string()).describe(
    "Ten one-time recovery codes, shown this once; each signs in once in place of a code.",
  ),
});

export const signedInWithRecoveryCodes = signedIn.extend(recoveryCodesResult.shape);

export const twoFactorStatusResult = z.object({
  enrolled: z.boolean().describe("Whether sign-in asks this user for a code."),
  required: z.boolean().describe(
    "Whether the admin setting requires a second factor of this user.",
  ),
  recoveryCodesLeft: z.int().describe("Unused recovery codes."),
});
