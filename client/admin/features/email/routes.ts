// The email settings page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const emailRoute: AdminRoute = {
  path: "/systemSetting/emailManager",
  title: "menu.emailManager",
  icon: "mail",
  permissions: [P.EmailManagerSearch],
  page: lazy(() => import("./Email.tsx")),
};
