// Whether a user may sign in with a QMO password: staff may not once an administrator has turned
// passwords off for them while company sign-in is configured. The user `admin` always may (the
// way back in), and suppliers keep their own sign-in.
import type { Deps } from "../context.ts";
import { getSetting } from "../settings/service.ts";

/** The user who always keeps a local password (and signs in with it only). */
export const ADMIN_USER_NAME = "admin";

export async function passwordSignInAllowed(
  deps: Deps,
  user: { kind: "staff" | "supplier"; normalizedUserName: string },
): Promise<boolean> {
  if (user.kind !== "staff" || user.normalizedUserName === ADMIN_USER_NAME) return true;
  if (!deps.config.oidc) return true;
  return await getSetting(deps, "staffPasswordSignIn");
}
