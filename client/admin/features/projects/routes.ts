// The project lists, one route per kind of project (the hidden index paths are older links to
// the same lists).
import { lazy } from "react";
import { Permissions as P } from "../../../../server/domain/auth/permissions.ts";
import { type AdminRoute, forKind } from "../../layout/route.ts";

const ProjectList = lazy(() => import("./ProjectList.tsx"));

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
