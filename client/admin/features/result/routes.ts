// The result page, one route per kind of project (opened from a list with ?id=).
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import { type AdminRoute, forKind } from "../../layout/route.ts";

const Result = lazy(() => import("./Result.tsx"));

export const materialResultRoute: AdminRoute = {
  path: "/offerProjectManager/offerProjectManagerResult",
  title: "menu.offerProjectManagerResult",
  hidden: true,
  permissions: [P.OfferProjectManagerSearch],
  page: forKind(Result, "material"),
};

export const assetResultRoute: AdminRoute = {
  path: "/offerProjectManager/AMSOfferProjectManagerResult",
  title: "menu.amsOfferProjectManagerResult",
  hidden: true,
  permissions: [P.AmsOfferProjectManagerSearch],
  page: forKind(Result, "asset"),
};
