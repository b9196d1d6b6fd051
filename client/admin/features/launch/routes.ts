// The launch page, one route per kind of project (opened from a list with ?id=).
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import { type AdminRoute, forKind } from "../../layout/route.ts";

const Launch = lazy(() => import("./Launch.tsx"));

export const materialLaunchRoute: AdminRoute = {
  path: "/offerProjectManager/launch",
  title: "menu.launch",
  hidden: true,
  permissions: [P.OfferProjectManagerSearch],
  page: forKind(Launch, "material"),
};

export const assetLaunchRoute: AdminRoute = {
  path: "/offerProjectManager/AMSlaunch",
  title: "menu.amsLaunch",
  hidden: true,
  permissions: [P.AmsOfferProjectManagerSearch],
  page: forKind(Launch, "asset"),
};
