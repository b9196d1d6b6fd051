// The savings report's route (both kinds of project on one page).
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import type { AdminRoute } from "../../layout/route.ts";

export const savingsRoute: AdminRoute = {
  path: "/offerProjectManager/savingsReport",
  title: "menu.savingsReport",
  icon: "chart",
  permissions: [P.OfferProjectManagerSearch, P.AmsOfferProjectManagerSearch],
  page: lazy(() => import("./SavingsReport.tsx")),
};
