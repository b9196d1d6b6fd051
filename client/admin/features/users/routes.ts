// The user pages: the system manager's list and the authorization menu's copy of it.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

const Users = lazy(() => import("./Users.tsx"));

export const userManagerRoute: AdminRoute = {
  path: "/systemManager/userManager",
  title: "menu.userManager",
  icon: "users",
  permissions: [P.UserSearch],
  page: Users,
};

export const userAuthorizationRoute: AdminRoute = {
  path: "/userManager/index",
  title: "menu.userAuthorization",
  icon: "user",
  permissions: [P.PagesUsers],
  page: Users,
};
