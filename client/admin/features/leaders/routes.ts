// The leader settings page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const leadersRoute: AdminRoute = {
  path: "/systemSetting/userLeaderSet",
  title: "menu.userLeaderSet",
  icon: "leader",
  permissions: [P.LeaderManagerSearch],
  page: lazy(() => import("./Leaders.tsx")),
};
