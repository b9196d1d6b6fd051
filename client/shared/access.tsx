// Element-level checks for pages: roles (spec §6's role check) and granted permissions.
import type { ReactNode } from "react";
import { checkRole } from "./permission.ts";
import { session } from "./session.ts";
import { useStore } from "./store.ts";

/** `hasRole(["Admin"])` passes when the user holds one of the roles; `can(p)` when p is granted. */
export function useAccess() {
  const user = useStore(session);
  const roles = user?.roleNames ?? [];
  const granted = user?.grantedPermissionNames ?? [];
  return {
    hasRole: (required: unknown) => checkRole(required, roles),
    can: (permission: string) => granted.includes(permission),
  };
}

/** Renders its children only for users holding one of `roles`. */
export function IfRole({ roles, children }: { roles: string[]; children: ReactNode }) {
  return useAccess().hasRole(roles) ? <>{children}</> : null;
}
