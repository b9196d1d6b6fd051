// The user group page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const groupsRoute: AdminRoute = {
  path: "/systemManager/groupManager",
  title: "menu.groupManager",
  icon: "group",
  permissions: [P.GroupSearch],
  page: lazy(() => import("./Groups.tsx")),
};
