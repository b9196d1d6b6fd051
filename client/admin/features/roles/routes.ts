// The role pages: the system manager's list and the authorization menu's copy of it.
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
