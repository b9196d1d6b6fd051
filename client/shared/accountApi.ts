// The signed-in user's own calls, the same in the back-office and the portal: signing in and out,
// who is signed in, and changing one's language and password. Typed by the server's answers and
// input schemas.
import type { z } from "zod";
import { api, API_ROOT } from "./api.ts";
import type { Wire } from "./wire.ts";
import type { AuthenticateResult, TwoFactorChallenge } from "../../server/domain/auth/service.ts";
import type { UserInfo as ServerUserInfo } from "../../server/domain/users/service.ts";
import type {
  changeLanguageInput,
  changePasswordInput,
} from "../../server/domain/users/schemas.ts";
import type { resetWithLinkInput } from "../../server/domain/auth/schemas.ts";
import type { checkResetLink } from "../../server/domain/auth/passwordReset.ts";

/** The signed-in user: names, kind, supplier, roles and granted permissions. */
export type UserInfo = Wire<ServerUserInfo>;

const LOGOUT = "/app/User/Logout";

export const accountApi = {
  authenticate: (userName: string, password: string) =>
    api.post<AuthenticateResult | TwoFactorChallenge>("/app/TokenAuth/Authenticate", {
      userNameOrEmailAddress: userName.trim(),
      password,
      rememberClient: false,
    }, { silent: true }),
  userInfo: () =>
    api.get<UserInfo | null>("/QMO/SystemUserExt/GetUserInfo", undefined, { silent: true }),
  logout: () => api.post(LOGOUT, undefined, { silent: true }),
  /** Revokes a token the page has already forgotten; the request outlives a reload of the page. */
  revoke: (token: string | undefined) =>
    fetch(API_ROOT + LOGOUT, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    }),
  changeLanguage: (languageName: z.input<typeof changeLanguageInput>["languageName"]) =>
    api.post("/app/User/ChangeLanguage", { languageName }, { silent: true }),
  changePassword: (input: z.input<typeof changePasswordInput>) =>
    api.post("/app/User/ChangePassword", input),
  /** A forgotten password: a link by email to the account of this name, if there is one. */
  sendResetLink: (userNameOrEmailAddress: string) =>
    api.post("/app/TokenAuth/SendPasswordResetLink", {
      userNameOrEmailAddress: userNameOrEmailAddress.trim(),
    }, { silent: true }),
  checkResetLink: (token: string) =>
    api.get<Awaited<ReturnType<typeof checkResetLink>>>(
      "/app/TokenAuth/CheckPasswordResetLink",
      { token },
      { silent: true },
    ),
  resetWithLink: (input: z.input<typeof resetWithLinkInput>) =>
    api.post<AuthenticateResult | TwoFactorChallenge>(
      "/app/TokenAuth/ResetPasswordWithLink",
      input,
      { silent: true },
    ),
};
