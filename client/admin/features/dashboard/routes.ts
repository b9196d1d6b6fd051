// The dashboard's route: the home page, pinned to the tabs.
import { lazy } from "react";
import type { AdminRoute } from "../../layout/route.ts";

export const dashboardRoute: AdminRoute = {
  path: "/dashboard",
  title: "menu.dashboard",
  icon: "home",
  affix: true,
  page: lazy(() => import("./Dashboard.tsx")),
};
