// The audit log page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const logsRoute: AdminRoute = {
  path: "/systemManager/logManager",
  title: "menu.logManager",
  icon: "log",
  permissions: [P.LogSearch],
  page: lazy(() => import("./Logs.tsx")),
};
