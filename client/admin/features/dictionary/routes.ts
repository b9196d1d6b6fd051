// The code dictionary page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const dictionaryRoute: AdminRoute = {
  path: "/systemSetting/systemCodeType",
  title: "menu.systemCodeType",
  icon: "book",
  permissions: [P.SystemCodeTypeSearch],
  page: lazy(() => import("./Dictionary.tsx")),
};
