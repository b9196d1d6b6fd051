// The permission page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const permissionsRoute: AdminRoute = {
  path: "/systemManager/permissionManager",
  title: "menu.permissionManager",
  icon: "key",
  permissions: [P.PermissionSearch],
  page: lazy(() => import("./Permissions.tsx")),
};
