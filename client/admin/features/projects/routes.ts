// The project pages, one route per kind of project: the lists (the hidden index paths are older
// links to the same lists), and the launch and result pages opened from a list with ?id=.
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import { type AdminRoute, forKind } from "../../layout/route.ts";

const ProjectList = lazy(() => import("./ProjectList.tsx"));
const Launch = lazy(() => import("./Launch.tsx"));
const Result = lazy(() => import("./result/Result.tsx"));

export const materialListRoute: AdminRoute = {
  path: "/offerProjectManager/OfferProjectManagerList",
  title: "menu.offerProjectManagerList",
  icon: "file",
  permissions: [P.OfferProjectManagerSearch],
  page: forKind(ProjectList, "material"),
};

export const assetListRoute: AdminRoute = {
  path: "/offerProjectManager/offerProjectAMSList",
  title: "menu.offerProjectAMSList",
  icon: "box",
  permissions: [P.AmsOfferProjectManagerSearch],
  page: forKind(ProjectList, "asset"),
};

export const materialIndexRoute: AdminRoute = {
  path: "/OfferProjectManager/index",
  title: "menu.materialQuotationList",
  hidden: true,
  page: forKind(ProjectList, "material"),
};

export const assetIndexRoute: AdminRoute = {
  path: "/OfferProjectAMS/indexAMS",
  title: "menu.assetQuotationList",
  hidden: true,
  page: forKind(ProjectList, "asset"),
};

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
