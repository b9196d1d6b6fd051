// Two-factor sign-in calls, the same in the back-office and the portal: the code step and the
// enrolment a sign-in may lead to, and one's own authenticator. Typed by the server's schemas.
import type { z } from "zod";
import { api } from "./api.ts";
import type {
  enrolmentResult,
  recoveryCodesResult,
  signedInWithRecoveryCodes,
  twoFactorChallenge,
  twoFactorStatusResult,
} from "../../server/domain/auth/twoFactorSchemas.ts";
import type { AuthenticateResult } from "../../server/domain/auth/service.ts";

/** A right password with a second step to go (a code, or enrolling first). */
export type Challenge = z.output<typeof twoFactorChallenge>;
export type Enrolment = z.output<typeof enrolmentResult>;
export type TwoFactorStatus = z.output<typeof twoFactorStatusResult>;

const quiet = { silent: true } as const;

export const twoFactorApi = {
  signInWithCode: (challenge: string, code: string) =>
    api.post<AuthenticateResult>("/app/TokenAuth/AuthenticateWithCode", { challenge, code }, quiet),
  beginAtSignIn: (challenge: string) =>
    api.post<Enrolment>("/app/TokenAuth/BeginTwoFactorEnrolment", { challenge }, quiet),
  confirmAtSignIn: (challenge: string, code: string) =>
    api.post<z.output<typeof signedInWithRecoveryCodes>>(
      "/app/TokenAuth/ConfirmTwoFactorEnrolment",
      { challenge, code },
      quiet,
    ),
  status: () => api.get<TwoFactorStatus>("/app/TwoFactor/GetStatus"),
  begin: () => api.post<Enrolment>("/app/TwoFactor/BeginEnrolment", undefined, quiet),
  confirm: (code: string) =>
    api.post<z.output<typeof recoveryCodesResult>>(
      "/app/TwoFactor/ConfirmEnrolment",
      { code },
      quiet,
    ),
  turnOff: (code: string) => api.post("/app/TwoFactor/TurnOff", { code }, quiet),
};
