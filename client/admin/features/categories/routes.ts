// The project category page's route.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const categoriesRoute: AdminRoute = {
  path: "/offerProjectManager/OfferProjectTypeList",
  title: "menu.offerProjectTypeList",
  icon: "tag",
  permissions: [P.OfferProjectTypeSearch],
  page: lazy(() => import("./CategoryList.tsx")),
};
