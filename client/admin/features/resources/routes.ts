// The system resource page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const resourcesRoute: AdminRoute = {
  path: "/systemSetting/systemResource",
  title: "menu.systemResource",
  icon: "database",
  permissions: [P.SystemResourceSearch],
  page: lazy(() => import("./ResourcesPage.tsx")),
};
