// The profile's route (opened from the avatar menu, not the sidebar).
import { lazy } from "react";
import type { AdminRoute } from "../../layout/route.ts";

export const profileRoute: AdminRoute = {
  path: "/profile/index",
  title: "menu.profile",
  icon: "user",
  hidden: true,
  noCache: true,
  page: lazy(() => import("./Profile.tsx")),
};
