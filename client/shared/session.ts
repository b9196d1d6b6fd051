// The signed-in user: sign-in, user info, sign-out, and the 30-minute inactivity sign-out (spec §4).
import { accountApi, type UserInfo } from "./accountApi.ts";
import { getToken, removeToken, setToken } from "./auth.ts";
import { t } from "./i18n.ts";
import { createStore, useStore } from "./store.ts";

const INACTIVITY_TIMEOUT = 1_800_000;

export const session = createStore<UserInfo | null>(null);

/**
 * Signs in with a password; answers the ticket of the second step when one remains (a code, or
 * enrolling an authenticator), else keeps the token.
 */
export async function signIn(userName: string, password: string) {
  const r = await accountApi.authenticate(userName, password);
  if ("challenge" in r) return r;
  keepToken(r.accessToken);
}

/** Keeps a new session's token (after a password, a code, or a reset link). */
export function keepToken(accessToken: string) {
  setToken(accessToken);
  session.set(null);
}

/**
 * Sets a new password with a reset link; the server signs the user in as signIn does (and answers
 * the ticket of the second step when one remains).
 */
export async function resetPasswordAndSignIn(token: string, newPassword: string) {
  const r = await accountApi.resetWithLink({ token, newPassword });
  if ("challenge" in r) return r;
  keepToken(r.accessToken);
}

export async function loadUserInfo(): Promise<UserInfo> {
  const info = await accountApi.userInfo();
  if (!info) throw new Error(t("shell.userInfoFailed"));
  session.set(info);
  return info;
}

/** Forgets the token, roles and permissions (spec §4). */
export function resetSession() {
  removeToken();
  session.set(null);
}

export async function signOut() {
  try {
    if (getToken()) await accountApi.logout();
  } catch { /* the token is dropped either way */ }
  resetSession();
}

/** The supplier portal's own sign-in page (the portal's document, not the back-office's). */
export const PORTAL_LOGIN = "/portal/login";

/** The wanted path, for /login?redirect=… */
export const loginUrl = (wanted: string) =>
  wanted && wanted !== "/" ? `/login?redirect=${encodeURIComponent(wanted)}` : "/login";

/**
 * Signs out after INACTIVITY_TIMEOUT without a click (or key press) while a token exists:
 * the token is revoked, an alert says why, and the page reloads onto the sign-in page.
 */
export function watchInactivity(now: () => number = Date.now) {
  let last = now();
  const touch = () => (last = now());
  addEventListener("click", touch, true);
  addEventListener("keydown", touch, true);
  const timer = setInterval(() => {
    if (!getToken()) return touch();
    if (now() - last < INACTIVITY_TIMEOUT) return;
    clearInterval(timer);
    const token = getToken();
    resetSession();
    accountApi.revoke(token).catch(() => {});
    alert(t("shell.sessionTimedOut"));
    location.reload();
  }, 5000);
  return () => {
    clearInterval(timer);
    removeEventListener("click", touch, true);
    removeEventListener("keydown", touch, true);
  };
}

/** Whether the signed-in user holds a permission (for buttons such as Publish). */
export const usePermission = (permission: string) =>
  useStore(session)?.grantedPermissionNames.includes(permission) ?? false;
