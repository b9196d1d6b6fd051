// The role pages: the system manager's list, the authorization menu's copy of it, and the
// permission tree with the roles holding each permission.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

const Roles = lazy(() => import("./Roles.tsx"));

export const roleManagerRoute: AdminRoute = {
  path: "/systemManager/roleManager",
  title: "menu.roleManager",
  icon: "shield",
  permissions: [P.RoleSearch],
  page: Roles,
};

export const roleAuthorizationRoute: AdminRoute = {
  path: "/roleManager/index",
  title: "menu.roleAuthorization",
  icon: "shield",
  permissions: [P.PagesRoles],
  page: Roles,
};

export const permissionsRoute: AdminRoute = {
  path: "/systemManager/permissionManager",
  title: "menu.permissionManager",
  icon: "key",
  permissions: [P.PermissionSearch],
  page: lazy(() => import("./Permissions.tsx")),
};
