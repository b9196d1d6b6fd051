// The error log's route; who may see it is set by its menu place in routes.ts.
import { lazy } from "react";
import type { AdminRoute } from "../../layout/route.ts";

export const errorLogRoute: AdminRoute = {
  path: "/error-log/index",
  title: "menu.errorLog",
  icon: "bug",
  page: lazy(() => import("./ErrorLogPage.tsx")),
};
